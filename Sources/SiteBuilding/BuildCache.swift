import Foundation
import SiteContent
import SiteOutput
import Synchronization

/// What the last successful build of a site into one output folder knew of its content: every
/// content file's record by its hash, so that a rebuild parses only files that changed. The files
/// of the output and the keys of their inputs are the output folder's manifest (`SiteOutput`).
/// `runway build` keeps it in `.runway-cache/` beside the output folder; `runway serve` keeps it
/// in memory. A cache that cannot be read, or that says anything it should not, only makes the
/// next build a full one.
public struct BuildCache: Sendable, Codable {
    /// Bumped when the cache's form changes; a cache of another format is ignored.
    static let format = 25

    var format = BuildCache.format
    /// Everything but the content: the runway binary, `runway.toml`, the theme's files, the
    /// templates, the build options.
    var version: ContentHash
    var destination: String
    /// By content file, relative to the site.
    var records: [String: PageRecord] = [:]
    /// When the build that made the records began reading content files (seconds since 1970): a
    /// file whose signature is its record's and which was last modified well before then is taken
    /// as its record says, without being read (see `SiteBuild.readContent`).
    var readAt: Double?
    /// The ``Templating/TemplateSet/componentHashes`` of the build: a record that shows a
    /// component whose template changed since is read again (its summary shows it).
    var components: [String: ContentHash] = [:]
    /// The ``Templating/TemplateSet/hookHashes`` of the build: a record with an element whose
    /// hook's template changed since (or came, or went) is read again.
    var hooks: [String: ContentHash] = [:]
    /// Not saved: the index of terms of the build that made the records, which a live build's
    /// quick rebuild finds a saved page's related pages in (its terms, as every page's, are as
    /// they were: ``RebuildPlan/showsOthersTheSame(_:as:)``) instead of indexing every page again.
    var related: RelatedPages?
    /// Not saved: the URLs the build's content files became, which links to them are written as;
    /// a quick rebuild's pages keep their URLs and languages, so they are the same.
    var contentURLs: ContentURLs?
    /// The slices of records as the file held them, each with its encoded bytes: a save encodes
    /// again only the slices whose records changed.
    private var readSlices: [ReadSlice] = []

    private struct ReadSlice {
        var records: [String: PageRecord]
        var data: Data
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, destination, records, readAt, components, hooks
    }

    init(version: ContentHash, destination: String) {
        self.version = version
        self.destination = destination
    }

    /// This cache's records with the slices `earlier` read, so that saving it encodes only what changed.
    func keepingSlices(of earlier: BuildCache) -> BuildCache {
        var cache = self
        cache.readSlices = earlier.readSlices
        return cache
    }

    /// The cache at `path` for the site at `site`, or `nil` when there is none, it cannot be read,
    /// or a record names a file outside the site's `content/` or a URL outside the output (a full
    /// build follows).
    public static func load(_ path: String, site: String) -> BuildCache? {
        guard let bytes = FileContents.read(path) else { return nil }
        return decode(Data(bytes), site: site)
    }

    /// The cache in `data` (a cache file's bytes), checked as `load` says.
    static func decode(_ data: Data, site: String) -> BuildCache? {
        guard let parts = CacheFile.parts(of: data, format: format), parts.count == CacheFile.partCount else { return nil }
        let decoded = Mutex([Part?](repeating: nil, count: parts.count))
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
            let decoder = JSONDecoder()
            decoder.userInfo[PageRecord.siteKey] = site
            let part: Part? = switch index {
            case 0: (try? decoder.decode(BuildCache.self, from: parts[index])).map(Part.head)
            default: (try? decoder.decode([PageRecord].self, from: parts[index])).flatMap(Self.byFile).map(Part.records)
            }
            decoded.withLock { $0[index] = part }
        }
        guard case .head(var cache)?? = decoded.withLock({ $0.first }), cache.format == format, cache.records.isEmpty else { return nil }
        for (index, part) in decoded.withLock({ $0.dropFirst() }).enumerated() {
            guard case .records(let records)? = part, records.keys.allSatisfy({ CacheFile.slice(of: $0) == index }) else { return nil }
            cache.records.merge(records) { first, _ in first }
            cache.readSlices.append(ReadSlice(records: records, data: parts[index + 1]))
        }
        for (file, record) in cache.records {
            guard record.file == file, SitePaths.isContentFile(file),
                  SiteURL.outputPath(ofURL: record.url) != nil
            else { return nil }
        }
        return cache
    }

    /// Writes the cache atomically; a cache that cannot be written only makes the next build full.
    public func save(_ path: String) {
        let head = { var head = self; head.records = [:]; return head }()
        let recordSlices = CacheFile.slice(records)
        let readSlices = readSlices.count == CacheFile.slices ? readSlices : []
        let encoded = Mutex([Data?](repeating: nil, count: CacheFile.partCount))
        DispatchQueue.concurrentPerform(iterations: CacheFile.partCount) { index in
            let encoder = JSONEncoder()
            let data: Data?
            if index == 0 {
                data = try? encoder.encode(head)
            } else if let read = readSlices.isEmpty ? nil : readSlices[index - 1], Self.same(read.records, recordSlices[index - 1]) {
                data = read.data
            } else {
                data = try? encoder.encode(recordSlices[index - 1].values.sorted { $0.file < $1.file })
            }
            encoded.withLock { $0[index] = data }
        }
        let parts = encoded.withLock { $0.compactMap { $0 } }
        guard parts.count == CacheFile.partCount else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? CacheFile.data(parts: parts, format: Self.format).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// A slice's records by their file, or `nil` when two name the same file.
    private static func byFile(_ records: [PageRecord]) -> [String: PageRecord]? {
        var byFile: [String: PageRecord] = [:]
        for record in records {
            guard byFile.updateValue(record, forKey: record.file) == nil else { return nil }
        }
        return byFile
    }

    /// Whether two slices hold the same records (the same objects: a record read from the cache and
    /// kept is the one read).
    private static func same(_ a: [String: PageRecord], _ b: [String: PageRecord]) -> Bool {
        a.count == b.count && a.allSatisfy { file, record in b[file] === record }
    }

    private enum Part {
        case head(BuildCache)
        case records([String: PageRecord])
    }

    /// `<parent>/.runway-cache/<name>.json` for the output folder `<parent>/<name>`, beside its manifest.
    static func defaultPath(destination: String) -> String {
        OutputLocation.state(of: destination) + ".json"
    }

    /// Size, modification time, inode and status change time of the file `path` leads to, which
    /// tell whether it changed: the last two catch a file replaced by another of the same size
    /// and time (`cp -p`, `rsync -t`, `tar x`, a link turned to another file).
    static func signature(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "" }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ino):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
    }
}

/// The form of the cache's file: a line `runway-cache FORMAT`, then parts, each a line with its
/// byte count and then its JSON: the cache without records, then the records in `slices` slices
/// (each a JSON array of records, by file name), each file's slice chosen by a hash of its name. The slices are encoded and decoded in parallel
/// (as one JSON document, a 10,000-page site's cache took half a second to read and as long to
/// write, most of a rebuild after one page changed), and a save encodes again only the slices
/// whose records changed.
enum CacheFile {
    static let slices = 64
    /// The head, then the records' slices.
    static let partCount = 1 + slices

    /// The slice a content file's record is kept in.
    static func slice(of file: String) -> Int {
        Int(ContentHash(file.utf8).value % UInt64(slices))
    }

    /// `values` in `slices` dictionaries, by `slice(of:)`.
    static func slice<Value>(_ values: [String: Value]) -> [[String: Value]] {
        var slices = [[String: Value]](repeating: [:], count: slices)
        for (file, value) in values { slices[slice(of: file)][file] = value }
        return slices
    }

    static func data(parts: [Data], format: Int) -> Data {
        var data = Data("runway-cache \(format)\n".utf8)
        // Once, at its size: a 10,000-page site's cache is 12 MB, grown step by step it was copied
        // several times over.
        data.reserveCapacity(data.count + parts.reduce(0) { $0 + $1.count + 21 })
        for part in parts {
            data.append(contentsOf: "\(part.count)\n".utf8)
            data.append(part)
        }
        return data
    }

    /// The parts of a cache file of this format, or `nil` when it is of another, cut short, or
    /// says a part is longer than what is left (however large the number written).
    static func parts(of data: Data, format: Int) -> [Data]? {
        let bytes = [UInt8](data)
        let heading = Array("runway-cache \(format)\n".utf8)
        guard bytes.starts(with: heading) else { return nil }
        var parts: [Data] = []
        var offset = heading.count
        while offset < bytes.count {
            guard let newline = bytes[offset...].prefix(21).firstIndex(of: UInt8(ascii: "\n")), newline > offset,
                  bytes[offset..<newline].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let count = Int(String(decoding: bytes[offset..<newline], as: UTF8.self)),
                  count <= bytes.count - (newline + 1)
            else { return nil }
            parts.append(Data(bytes[(newline + 1)..<(newline + 1 + count)]))
            offset = newline + 1 + count
        }
        return parts
    }
}
