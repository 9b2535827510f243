import Foundation

/// What the last successful build of a site into one output folder knew: every content file's
/// record by its hash, and the key of the inputs of every file it wrote. A build compares its
/// inputs with these and parses and writes only what changed. `runway build` keeps it in
/// `.runway-cache/` beside the output folder; `runway serve` keeps it in memory.
public struct BuildCache: Sendable, Codable {
    /// Bumped when the cache's form changes; a cache of another format is ignored.
    static let format = 1

    var format = BuildCache.format
    /// Everything but the content: the runway binary, `runway.toml`, the theme's files, the
    /// templates, the build options.
    var version: ContentHash
    var destination: String
    /// By content file, relative to the site.
    var records: [String: PageRecord] = [:]
    /// By output file, relative to the output folder: the key of what it was made from.
    var outputs: [String: ContentHash] = [:]
    /// By static file, relative to `static/`: its size and modification time.
    var statics: [String: String] = [:]

    init(version: ContentHash, destination: String) {
        self.version = version
        self.destination = destination
    }

    /// The cache at `path`, or `nil` when there is none or it cannot be read (a full build follows).
    public static func load(_ path: String) -> BuildCache? {
        guard let data = FileManager.default.contents(atPath: path),
              let cache = try? JSONDecoder().decode(BuildCache.self, from: data), cache.format == format
        else { return nil }
        return cache
    }

    /// Writes the cache atomically; a cache that cannot be written only makes the next build full.
    public func save(_ path: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// `<parent>/.runway-cache/<name>.json` for the output folder `<parent>/<name>`.
    static func defaultPath(destination: String) -> String {
        let absolute = URL(fileURLWithPath: destination).standardized
        return absolute.deletingLastPathComponent().appendingPathComponent(".runway-cache")
            .appendingPathComponent(absolute.lastPathComponent + ".json").path
    }

    /// Size and modification time, which tell whether a static file changed.
    static func signature(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "" }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
