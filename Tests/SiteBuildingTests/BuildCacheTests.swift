import Foundation
@testable import SiteBuilding
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
