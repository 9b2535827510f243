import Foundation
import RunwayTestSupport
import Testing

/// Issue 40, point 6: whole sites' outputs kept as snapshot files beside this test
/// (`__Snapshots__/SiteSnapshotTests/`), so that a change of what Runway writes for a site is one
/// reviewed diff: `site-template/` with each built-in theme, and the sites `runway import` makes
/// of the Hugo, Zola and Jekyll fixtures, built. An intended change is recorded again with
/// `SNAPSHOT_TESTING_RECORD=all swift test --skip-build --filter SiteSnapshotTests`.
@Suite struct SiteSnapshotTests {
    static let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../site-template").standardized.path

    @Test(arguments: ["default", "important", "menlo", "plain", "times"])
    func theSiteTemplatesOutputWithEachBuiltInTheme(theme: String) throws {
        let site = TemporaryFolder.path("snapshot-\(theme)")
        try FileManager.default.copyItem(atPath: Self.template, toPath: site)
        for made in ["_site", ".runway-cache"] { try? FileManager.default.removeItem(atPath: site + "/" + made) }
        let build = try RunwayProcess.run(["build", site, "--theme", theme])
        #expect(build.status == 0, "\(build.stderr)")
        assertTreeSnapshot(of: site + "/_site", named: theme)
    }

    @Test(arguments: ["hugo", "zola", "jekyll"])
    func anImportedSitesFilesAndOutput(generator: String) throws {
        let files = switch generator {
        case "hugo": ForeignSiteFixtures.hugo
        case "zola": ForeignSiteFixtures.zola
        default: ForeignSiteFixtures.jekyll
        }
        let (source, site, result) = try ImportCommandTests.imported(generator, files)
        #expect(result.status == 0, "\(result.stderr)")
        // What the import wrote (its report included, the folders by name), then what the site builds into.
        assertTreeSnapshot(of: site, named: generator + "-imported", naming: [source: "<source>", site: "<site>"])
        let build = try RunwayProcess.run(["build", site])
        #expect(build.status == 0, "\(build.stderr)")
        assertTreeSnapshot(of: site + "/_site", named: generator + "-built")
    }
}
