import Foundation

/// A small site in a temporary folder, written file by file, for tests that run `runway` on it.
struct TestSite {
    let root: String

    /// The folder that holds the site and nothing else.
    var parent: String { (root as NSString).deletingLastPathComponent }

    /// A site with `runway.toml` (title, base URL, `extra` appended) and `files` (relative to the site).
    init(_ files: [String: String] = [:], configuration extra: String = "") throws {
        // In a folder of its own, so that a test can tell nothing was written beside the site.
        root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-site-\(UUID().uuidString)/site").path
        try write("title = \"T\"\nbaseURL = \"https://t.example/\"\n" + extra, to: "runway.toml")
        try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
        for (path, text) in files { try write(text, to: path) }
    }

    /// Writes `text` at `relative` (folders made as needed).
    func write(_ text: String, to relative: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func read(_ relative: String) -> String? {
        try? String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool {
        var info = stat()
        return lstat(root + "/" + relative, &info) == 0
    }

    /// Every file under `folder` (absolute, or relative to the site) with its contents; links as
    /// `-> target`.
    func tree(_ folder: String) -> [String: String] {
        let base = folder.hasPrefix("/") ? folder : root + "/" + folder
        var files: [String: String] = [:]
        for file in (FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? [] {
            var info = stat()
            guard lstat(base + "/" + file, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
            files[file] = info.st_mode & S_IFMT == S_IFLNK
                ? "-> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: base + "/" + file)) ?? "")
                : (try? String(contentsOfFile: base + "/" + file, encoding: .utf8)) ?? "<binary>"
        }
        return files
    }

    /// `runway ARGUMENTS` (the site's path is not added).
    @discardableResult
    func runway(_ arguments: String...) throws -> RunwayProcess.Result {
        try RunwayProcess.run(arguments)
    }

    /// `runway ARGUMENTS` with `environment` added to the tests' own.
    @discardableResult
    func runway(environment: [String: String], _ arguments: String...) throws -> RunwayProcess.Result {
        try RunwayProcess.run(arguments, environment: environment)
    }
}
