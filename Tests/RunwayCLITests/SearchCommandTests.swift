import Foundation
import Testing
import RunwayTestSupport

/// `[search] enabled = true` (issue 43, point 1) through `runway build`: Pagefind's bundle at
/// `/pagefind/`, made from the pages as they are written, in the same transaction: a rebuild makes
/// what a clean build makes, byte for byte; a build where no page changed does not index again; a
/// failed index publishes none of the build; a Pagefind that cannot be found is a located error.
@Suite struct SearchCommandTests {
    static let files = [
        "content/a.md": "---\ntitle: Apples\n---\nThe apple orchard in spring.\n",
        "content/b.md": "---\ntitle: Bees\ntags: [garden]\n---\nBees visit the apple trees.\n",
        "content/hidden.md": "---\ntitle: Hidden\nsearch: false\n---\nNot for the index.\n",
        "content/moved.md": "---\ntitle: Moved\nredirect_to: https://elsewhere.example/\n---\nGone.\n",
        "content/c.fr.md": "---\ntitle: Pommes\n---\nLe verger de pommiers.\n",
    ]
    static let configuration = "[languages.en]\nname = \"English\"\n[languages.fr]\nname = \"Français\"\n[taxonomies]\ntag = \"tags\"\n[search]\nenabled = true\n"

    /// Every file under `folder` with its bytes (the bundle's fragments are gzip).
    static func files(_ folder: String) -> [String: Data] { FileTree.read(folder) }

    /// The pages each language's index holds, from the bundle's entry.
    static func pageCounts(_ site: TestSite) throws -> [String: Int] {
        let data = try #require(FileManager.default.contents(atPath: site.root + "/_site/pagefind/pagefind-entry.json"))
        let entry = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let languages = try #require(entry["languages"] as? [String: [String: Any]])
        return languages.compactMapValues { $0["page_count"] as? Int }
    }

    @Test func theBundleIsMadeFromThePagesAndARebuildEqualsACleanBuild() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        for file in ["pagefind.js", "pagefind-ui.js", "pagefind-ui.css", "pagefind-entry.json"] {
            #expect(site.exists("_site/pagefind/" + file), "\(file)")
        }
        // Pages only: not the hidden one, the one that redirects, lists, tags, homes or 404 pages.
        #expect(try Self.pageCounts(site) == ["en": 2, "fr": 1])
        let fragments = Self.files(site.root + "/_site/pagefind").keys.filter { $0.hasPrefix("fragment/") }
        #expect(fragments.count == 3, "\(fragments.sorted())")
        // The entry's languages in a fixed order, whatever order Pagefind wrote them in.
        let entry = try #require(site.read("_site/pagefind/pagefind-entry.json"))
        #expect(try #require(entry.range(of: "\"en\"")).lowerBound < (try #require(entry.range(of: "\"fr\""))).lowerBound, "\(entry)")
        // The default theme marks what is indexed, and loads the search UI.
        let page = try #require(site.read("_site/a/index.html"))
        #expect(page.contains("<main data-pagefind-body>") && page.contains("<div id=\"site-search\"></div>")
                && page.contains("<script src=\"/pagefind/pagefind-ui.js\"></script>"), "\(page)")

        // One page changed: a few of the bundle's files, and the same bundle a clean build makes.
        try site.write("---\ntitle: Apples\n---\nThe apple orchard in autumn.\n", to: "content/a.md")
        let again = try site.runway("build", site.root)
        #expect(again.status == 0, "\(again.stderr)")
        let written = try #require(again.stdout.firstMatch(of: /wrote (\d+) files/).flatMap { Int($0.output.1) })
        #expect(written < 10, "\(again.stdout)")
        let clean = try TestSite(Self.files.merging(["content/a.md": "---\ntitle: Apples\n---\nThe apple orchard in autumn.\n"]) { $1 },
                                 configuration: Self.configuration)
        #expect(try clean.runway("build", clean.root).status == 0)
        let (rebuilt, cleanFiles) = (Self.files(site.root + "/_site"), Self.files(clean.root + "/_site"))
        #expect(rebuilt.keys.sorted() == cleanFiles.keys.sorted())
        for (file, data) in rebuilt where cleanFiles[file] != data { Issue.record("\(file) differs from a clean build's") }
    }

    @Test func aBuildWhereNoPageChangedDoesNotIndexAndAFailedIndexPublishesNothing() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        #expect(try site.runway("build", site.root).status == 0)
        let before = Self.files(site.root + "/_site")
        // No Pagefind to be found (an empty PATH): a build with nothing to index never looks for
        // it, even when a static file changed.
        let bin = site.parent + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try site.write("robots\n", to: "static/notes.txt")
        let unchanged = try site.runway(environment: ["PATH": bin], "build", site.root)
        #expect(unchanged.status == 0 && unchanged.stdout.contains("wrote 1 file"), "\(unchanged.stdout)\(unchanged.stderr)")
        // A page changed: the index must be made again and cannot be, so nothing of the build is
        // published: not the page, not the removal of the static file.
        try site.write("---\ntitle: Apples\n---\nChanged.\n", to: "content/a.md")
        try FileManager.default.removeItem(atPath: site.root + "/static/notes.txt")
        let failed = try site.runway(environment: ["PATH": bin], "build", site.root)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("runway.toml:9:1: error: [search] is enabled, but Pagefind was not found"), "\(failed.stderr)")
        var after = Self.files(site.root + "/_site")
        #expect(after.removeValue(forKey: "notes.txt") != nil)
        #expect(after == before, "a failed index leaves the output as it was")
    }

    @Test func withoutPagefindTheBuildSaysWhatToInstallOrNamesTheOneItCannotRun() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        // No Pagefind on the PATH, and no Python with its module.
        let bin = site.parent + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let failed = try site.runway(environment: ["PATH": bin], "build", site.root)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("runway.toml:9:1: error: [search] is enabled, but Pagefind was not found")
                && failed.stderr.contains("pip install pagefind-bin-extended"), "\(failed.stderr)")
        #expect(!site.exists("_site/a/index.html"))
        let named = Self.configuration.replacingOccurrences(of: "enabled = true", with: "enabled = true\npagefind = \"/nonexistent/pagefind\"")
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/\"\n" + named, to: "runway.toml")
        let refused = try site.runway("build", site.root)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("runway.toml:9:1: error: [search] pagefind names '/nonexistent/pagefind', which is not a program that can be run"),
                "\(refused.stderr)")
        #expect(!site.exists("_site/a/index.html"))
    }

    @Test func turningSearchOffRemovesTheBundleAndItsFolderIsReserved() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.exists("_site/pagefind/pagefind.js"))
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/\"\n" + Self.configuration.replacingOccurrences(of: "enabled = true", with: "enabled = false"),
                       to: "runway.toml")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(!site.exists("_site/pagefind"))
        #expect(site.read("_site/a/index.html")?.contains("pagefind") == false, "no search box without search")

        let clash = try TestSite(Self.files.merging(["content/pagefind.md": "---\ntitle: About Pagefind\n---\nText.\n"]) { $1 },
                                 configuration: Self.configuration)
        let refused = try clash.runway("build", clash.root)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("pagefind.md:1:1: error: its URL /pagefind/ is inside /pagefind/, where the search index goes"), "\(refused.stderr)")
    }
}
