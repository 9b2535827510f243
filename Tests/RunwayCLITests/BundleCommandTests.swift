import Foundation
import Testing

/// Issue 15, point 5: a folder with an `index.md` publishes its other files beside the page, and a
/// local image gets its `width`, `height` and `loading="lazy"`, through `runway build`.
@Suite struct BundleCommandTests {
    /// The first bytes of a GIF of `width` × `height` pixels: all a header reader looks at.
    static func gifHeader(width: UInt8, height: UInt8) -> Data {
        Data("GIF89a".utf8 + [width, 0, height, 0, 0, 0, 0])
    }

    @Test func aBundlePublishesItsFilesAndSizesItsImages() throws {
        let site = try TestSite([
            "content/posts/trip/index.md": "---\ntitle: Trip\n---\n![Map](map.gif) ![Far](https://x.example/far.gif)\n\n[Notes](notes.txt)\n",
            "content/posts/trip/notes.txt": "Notes.\n",
        ])
        try Self.gifHeader(width: 120, height: 80).write(to: URL(fileURLWithPath: site.root + "/content/posts/trip/map.gif"))
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        #expect(site.read("_site/posts/trip/notes.txt") == "Notes.\n")
        #expect(site.exists("_site/posts/trip/map.gif") && !site.exists("_site/posts/trip/index.md"))
        let page = try #require(site.read("_site/posts/trip/index.html"))
        #expect(page.contains(#"<img src="map.gif" alt="Map" width="120" height="80" loading="lazy" />"#))
        #expect(page.contains(#"<img src="https://x.example/far.gif" alt="Far" />"#))
        // A bundle's page is a page of the section its folder is in, as Hugo's leaf bundles are;
        // its summary shows the map with its size.
        let list = try #require(site.read("_site/posts/index.html"))
        #expect(list.contains(#"<a href="/posts/trip/">Trip</a>"#) && list.contains(#"width="120" height="80""#), "\(list)")

        // A new size rebuilds the page and the list its summary is in; the result is a clean build's.
        try Self.gifHeader(width: 30, height: 20).write(to: URL(fileURLWithPath: site.root + "/content/posts/trip/map.gif"))
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/posts/trip/index.html")?.contains(#"width="30" height="20""#) == true)
        let incremental = site.tree("_site")
        #expect(try site.runway("build", site.root, "--output", site.parent + "/clean").status == 0)
        #expect(site.tree(site.parent + "/clean") == incremental)
    }

    @Test func aBundleFileThatWouldReplaceAStaticFileIsAnError() throws {
        let site = try TestSite([
            "content/trip/index.md": "Trip.\n", "content/trip/a.txt": "bundle\n", "static/trip/a.txt": "static\n",
        ])
        let build = try site.runway("build", site.root)
        #expect(build.status == 1 && !site.exists("_site"))
        #expect(build.stderr.contains("\(site.root)/content/trip/a.txt: error: would be published at /trip/a.txt, as \(site.root)/static/trip/a.txt is"),
                "\(build.stderr)")
    }

    /// A bundle's `slug` names it in place of its folder, and its section's permalink applies to
    /// it as to a page (named for its folder); its files go with it. Before, both were ignored
    /// without a word, and the page stayed at its folder's URL.
    @Test func aBundleTakesItsSlugAndItsSectionsPermalink() throws {
        let site = try TestSite(["content/posts/b-walk/index.md": "---\nslug: bee\ndate: 2024-03-01\n---\n# B\n\n[notes](notes.txt)\n",
                                 "content/posts/b-walk/notes.txt": "notes\n",
                                 "content/posts/c-trip/index.md": "---\ndate: 2024-04-01\n---\n# C\n",
                                 "content/walks/d-hike/index.md": "---\nslug: dee\n---\n# D\n",
                                 // A bundle inside a moved bundle: its folder is still no section.
                                 "content/walks/d-hike/inner/index.md": "# Inner\n"],
                                configuration: "[permalinks]\nposts = \"/:year/:slug/\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        #expect(site.exists("_site/2024/bee/index.html") && site.read("_site/2024/bee/notes.txt") == "notes\n")
        #expect(site.exists("_site/2024/c-trip/index.html") && site.exists("_site/walks/dee/index.html"))
        #expect(!site.exists("_site/posts/b-walk") && !site.exists("_site/walks/d-hike/index.html") && !site.exists("_site/walks/d-hike/atom.xml"),
                "\(site.tree("_site").keys.sorted())")
        #expect(site.exists("_site/walks/d-hike/inner/index.html"))
        #expect(site.read("_site/sitemap.xml")?.contains("/walks/d-hike/<") == false)
        #expect(site.read("_site/2024/bee/index.html")?.contains(#"<a href="notes.txt">notes</a>"#) == true)
    }
}
