import RunwayText
import Foundation
import ImageProcessing
import SiteOutput
@testable import SiteBuilding
@testable import SiteContent
import Testing

@Suite struct BuildCacheTests {
    @Test func aSavedCacheLoadsWhole() throws {
        let root = try SiteBuildTests.site(pages: (0..<9).reduce(into: [:]) { $0["p\($1).md"] = "---\ntitle: P\($1)\ntags: [a]\n---\n[x](/p0/)\n" })
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        let report = build.run(cache: &cache, output: try build.openOutput())
        #expect(report.succeeded)
        let built = try #require(cache)
        let path = root + "/.runway-cache/test.json"
        built.save(path)
        let loaded = try #require(BuildCache.load(path, site: root))
        #expect(loaded.records.count == 9 && loaded.records.count == built.records.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (file, record) in built.records {
            #expect(try loaded.records[file].map(encoder.encode) == encoder.encode(record))
        }
        #expect(loaded.version == built.version && loaded.destination == built.destination)
    }

    /// Saving a cache read from a file encodes again only the slices whose records changed: the
    /// others keep their bytes, and the file reads back with every record, the changed one new.
    @Test func aSaveAfterOnePageChangedRewritesOnlyItsSlice() throws {
        let pages = (0..<40).reduce(into: [String: String]()) { $0["p\($1).md"] = "# P\($1)\n" }
        let root = try SiteBuildTests.site(pages: pages)
        let build = SiteBuild(site: root)
        var cache: BuildCache?
        #expect(build.run(cache: &cache, output: try build.openOutput()).succeeded)
        let path = root + "/.runway-cache/test.json"
        try #require(cache).save(path)
        let before = try #require(CacheFile.parts(of: Data(contentsOf: URL(fileURLWithPath: path)), format: BuildCache.format))

        try "# P7 changed\n".write(toFile: root + "/content/p7.md", atomically: true, encoding: .utf8)
        var loaded = BuildCache.load(path, site: root)
        let output = try build.openOutput()
        let report = build.run(cache: &loaded, output: output)
        #expect(report.succeeded && report.parsed == 1)
        try #require(loaded).save(path)
        let after = try #require(CacheFile.parts(of: Data(contentsOf: URL(fileURLWithPath: path)), format: BuildCache.format))

        let changedSlice = 1 + CacheFile.slice(of: "content/p7.md")
        #expect(before.count == after.count)
        for index in before.indices.dropFirst() where index != changedSlice {
            #expect(before[index] == after[index], "slice \(index) was encoded again")
        }
        #expect(before[changedSlice] != after[changedSlice])
        let reread = try #require(BuildCache.load(path, site: root))
        #expect(reread.records.count == pages.count)
        #expect(reread.records["content/p7.md"]?.title == "P7 changed")
        #expect(reread.records["content/p8.md"]?.title == "P8")
    }

    /// A record with every field set comes back from the cache's form as it was.
    @Test func aRecordRoundTripsWithEveryField() throws {
        var metadata = PageMetadata()
        metadata.title = "T"; metadata.date = "2026-11-03"; metadata.draft = true; metadata.tags = ["a", "b"]; metadata.slug = "s"
        metadata.summary = "S"; metadata.layout = "l.html"; metadata.lang = "fr"; metadata.theme = "menlo"
        metadata.params = ["n": .integer(3), "o": .object(["x": .array([.bool(true), .null, .number(1.5), .string("y")])])]
        let record = PageRecord(
            file: "content/a.md", source: "/s/content/a.md", hash: ContentHash("x".utf8), url: "/a/", title: "A", metadata: metadata,
            language: "fr", translationKey: "a", section: "posts",
            values: [.init(attribute: "customColor", value: .string("danger"))],
            links: [.init(destination: "/b/", position: SourcePosition(line: 2, column: 5)), .init(destination: "c", position: nil)],
            anchors: ["intro", "intro-1"], summary: PageSummary(html: "<p>S &amp; s</p>\n", text: "S & s"),
            length: PageLength(words: 12, cjkCharacters: 3), images: ["/s/content/a/photo.png", "/s/static/b.webp"], firstImage: "photo.png",
            diagnostics: [Diagnostic(.warning, "w", path: "/s/content/a.md", position: SourcePosition(line: 1, column: 1))],
            keyPositions: ["aliases": SourcePosition(line: 4, column: 1), "layout": SourcePosition(line: 5, column: 1)],
            imageCopies: ["a/photo-fill-20x10-q80.0123456789abcdef.webp": "0123456789abcdef-fill-20x10-q80.webp"],
            templateImages: [
                TemplateImage(source: "photo.png", box: ImageVariants.Box(mode: .fill, width: 20, height: 10), width: 20, height: 10, sizes: "",
                              formats: [.init(type: "image/webp", candidates: [.init(url: "photo-fill-20x10-q80.0123456789abcdef.webp", width: 20)])]),
                TemplateImage(source: "/s/b.webp", box: nil, width: 900, height: 600, sizes: "100vw",
                              formats: [.init(type: "image/avif", candidates: [.init(url: "/s/b-480w-q80.fedcba9876543210.avif", width: 480)])]),
            ])
        let decoder = JSONDecoder()
        decoder.userInfo[PageRecord.siteKey] = "/s"
        let decoded = try decoder.decode(PageRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded.file == record.file && decoded.source == record.source && decoded.hash == record.hash && decoded.url == record.url)
        #expect(decoded.title == record.title && decoded.language == record.language && decoded.translationKey == record.translationKey)
        #expect(decoded.section == record.section && decoded.metadata == record.metadata && decoded.values == record.values)
        #expect(decoded.links == record.links && decoded.anchors == record.anchors && decoded.diagnostics == record.diagnostics)
        #expect(decoded.summary == record.summary && decoded.length == record.length && decoded.images == record.images)
        #expect(decoded.keyPositions == record.keyPositions && decoded.imagesKey == record.imagesKey && decoded.firstImage == "photo.png")
        #expect(decoded.imageCopies == record.imageCopies && decoded.templateImages == record.templateImages && decoded.templateImages.count == 2)
        // Every stored field, whatever it is: a field added to the record and not to its positional
        // encoding (firstImage was) comes back empty, and an incremental build differs from a clean one.
        // (Dictionaries, whose order of description varies, are compared by == above.)
        for (original, read) in zip(Mirror(reflecting: record).children, Mirror(reflecting: decoded).children)
        where !["metadata", "keyPositions", "imageCopies"].contains(original.label) {
            #expect(original.label == read.label && String(describing: original.value) == String(describing: read.value), "\(original.label ?? "?")")
        }
        let empty = try decoder.decode(PageRecord.self, from: JSONEncoder().encode(
            PageRecord(file: "content/b.md", source: "/s/content/b.md", hash: ContentHash(), url: "/b/", title: "B", metadata: PageMetadata(),
                       language: "en", translationKey: "b", section: "", values: [], links: [], anchors: [],
                       summary: PageSummary(html: "", text: ""), length: PageLength(words: 0, cjkCharacters: 0), images: [],
                       diagnostics: [])))
        #expect(empty.metadata == PageMetadata())
    }

    @Test func anotherFormatOrACutFileIsNoCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-cache-\(UUID().uuidString)").path
        let cache = BuildCache(version: ContentHash(), destination: "/x")
        cache.save(folder + "/c.json")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/c.json"))
        #expect(BuildCache.load(folder + "/c.json", site: "/s")?.destination == "/x")
        try bytes.dropLast(3).write(to: URL(fileURLWithPath: folder + "/cut.json"))
        #expect(BuildCache.load(folder + "/cut.json", site: "/s") == nil)
        try Data(#"{"format":1,"version":"0","destination":"/x","records":{},"outputs":{},"statics":{}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/old.json"))
        #expect(BuildCache.load(folder + "/old.json", site: "/s") == nil)
        #expect(BuildCache.load(folder + "/missing.json", site: "/s") == nil)
    }
}

/// A cache is read only when everything in it stays inside the site and the output: a record that
/// names a file outside `content/`, another site's file, or a URL with a `..` segment makes the
/// whole cache unreadable, and the build parses everything again.
@Suite struct BuildCacheContainmentTests {
    /// A site's cache with the record of `content/a.md` (an array of its fields, in
    /// PageRecord+Codable's order) changed by `change`.
    static func saved(_ change: (inout [Any]) -> Void) throws -> (site: String, path: String) {
        let root = try SiteBuildTests.site(pages: ["a.md": "# A\n"])
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        #expect(build.run(cache: &cache, output: try build.openOutput()).succeeded)
        let path = root + "/.runway-cache/test.json"
        try #require(cache).save(path)
        // Rewrite the record of content/a.md in the first slice that holds it.
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var parts = try #require(CacheFile.parts(of: data, format: BuildCache.format))
        let index = try #require(parts.indices.dropFirst().first { parts[$0].count > 2 })
        var records = try #require(try JSONSerialization.jsonObject(with: parts[index]) as? [[Any]])
        #expect(records.count == 1 && records[0].first as? String == "content/a.md", "the slice's form changed: \(records)")
        change(&records[0])
        parts[index] = try JSONSerialization.data(withJSONObject: records)
        try CacheFile.data(parts: parts, format: BuildCache.format).write(to: URL(fileURLWithPath: path))
        return (root, path)
    }

    @Test func twoRecordsOfOneFileMakeTheCacheUnreadable() throws {
        let (site, path) = try Self.saved { _ in }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var parts = try #require(CacheFile.parts(of: data, format: BuildCache.format))
        let index = try #require(parts.indices.dropFirst().first { parts[$0].count > 2 })
        let records = try #require(try JSONSerialization.jsonObject(with: parts[index]) as? [[Any]])
        parts[index] = try JSONSerialization.data(withJSONObject: records + records)
        try CacheFile.data(parts: parts, format: BuildCache.format).write(to: URL(fileURLWithPath: path))
        #expect(BuildCache.load(path, site: site) == nil)
    }

    @Test func anUnchangedCacheLoads() throws {
        let (site, path) = try Self.saved { _ in }
        #expect(BuildCache.load(path, site: site)?.records.keys.sorted() == ["content/a.md"])
    }

    @Test(arguments: [
        ("file", "../../etc/passwd.md"), ("file", "content/../../x.md"), ("file", "/etc/passwd"), ("url", "/../../"), ("url", "/a/./"),
    ])
    func aRecordLeavingTheSiteOrTheOutputMakesTheCacheUnreadable(_ field: String, _ value: String) throws {
        let (site, path) = try Self.saved { record in
            record[field == "file" ? 0 : 2] = value
        }
        #expect(BuildCache.load(path, site: site) == nil)
    }

    /// A part's length, however large, cannot overflow: the file is just not a cache.
    @Test(arguments: ["99999999999999999999999", "9223372036854775807", "9223372036854775806", "-1", "", "1x"])
    func aLengthOfAnySizeIsRead(_ length: String) {
        let data = Data("runway-cache \(BuildCache.format)\n\(length)\n{}".utf8)
        #expect(CacheFile.parts(of: data, format: BuildCache.format) == nil)
    }
}
