import RunwayText
import Foundation
import SiteBuilding
import SyntaxHighlighting
import Testing
import RunwayTestSupport

/// Rebuilds with the build cache: only what changed is parsed and written, and the result is
/// always the tree a full build makes.
@Suite struct IncrementalBuildTests {
    /// A site with a home page, three dated posts in a section with tags, and a static file.
    static func blog() throws -> String {
        let root = try SiteBuildTests.site(pages: ["index.md": "# Home\n", "about.md": "# About\n\nSee [a](/posts/a/).\n"])
        try "title = \"S\"\nbaseURL = \"https://s.example/\"\npaginate = 2\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/content/posts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/static", withIntermediateDirectories: true)
        try "body { }\n".write(toFile: root + "/static/extra.css", atomically: true, encoding: .utf8)
        for (name, date, tag) in [("a", "2026-01-01", "swift"), ("b", "2026-02-01", "swift"), ("c", "2026-03-01", "web")] {
            try post(root, name, title: name.uppercased(), date: date, tag: tag, body: "Text of \(name).")
        }
        return root
    }

    static func post(_ root: String, _ name: String, title: String, date: String, tag: String, body: String) throws {
        try "---\ntitle: \(title)\ndate: \(date)\ntags: [\(tag)]\n---\n\(body)\n"
            .write(toFile: root + "/content/posts/\(name).md", atomically: true, encoding: .utf8)
    }

    /// The tree a build without any cache makes of the same site.
    static func fullBuild(_ root: String) -> [String: Data] {
        let output = TemporaryFolder.path("full")
        var build = SiteBuild(site: root, output: output)
        build.cachePath = nil
        #expect(build.run().succeeded)
        return FileTree.read(output)
    }

    @Test func aRebuildWithoutChangesParsesAndWritesNothing() throws {
        let root = try Self.blog()
        let first = SiteBuild(site: root).run()
        #expect(first.parsed == 5)
        #expect(first.written.count == FileTree.read(root + "/_site").count)
        let again = SiteBuild(site: root).run()
        #expect(again.succeeded)
        #expect(again.parsed == 0)
        #expect(again.written == [])
        #expect(again.removed == [])
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    @Test func anEditedBodyRedoesOnlyThatPage() throws {
        let root = try Self.blog()
        _ = SiteBuild(site: root).run()
        try Self.post(root, "b", title: "B", date: "2026-02-01", tag: "swift", body: "Text of b.\n\nNew text of b.")
        let report = SiteBuild(site: root).run()
        #expect(report.parsed == 1)
        #expect(report.written == ["posts/b/index.html"])
        #expect(try String(contentsOfFile: root + "/_site/posts/b/index.html", encoding: .utf8).contains("<p>New text of b.</p>"))
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    /// The first paragraph is the page's summary, which lists and feeds show.
    @Test func anEditedSummaryRedoesThePageTheListsAndTheFeeds() throws {
        let root = try Self.blog()
        _ = SiteBuild(site: root).run()
        try Self.post(root, "b", title: "B", date: "2026-02-01", tag: "swift", body: "A new first paragraph of b.")
        let report = SiteBuild(site: root).run()
        #expect(report.parsed == 1)
        for file in ["posts/b/index.html", "posts/index.html", "tags/swift/index.html", "atom.xml", "index.xml"] {
            #expect(report.written.contains(file), "\(file)")
        }
        #expect(try String(contentsOfFile: root + "/_site/atom.xml", encoding: .utf8).contains("&lt;p&gt;A new first paragraph of b.&lt;/p&gt;"))
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    @Test func anEditedTitleRedoesThePageAndTheListsItIsIn() throws {
        let root = try Self.blog()
        _ = SiteBuild(site: root).run()
        try Self.post(root, "c", title: "C renamed", date: "2026-03-01", tag: "web", body: "Text of c.")
        let report = SiteBuild(site: root).run()
        #expect(report.parsed == 1)
        // c is on the first page of posts (newest first, two a page), on its tag's list, in the
        // feeds (the site's, its section's and its tag's), on the home page, whose template lists
        // every page, and on b, its neighbor in posts (b's previous); not on posts/page/2/,
        // tags/swift/ or a; and in llms.txt, which lists every page by title.
        #expect(report.written == ["atom.xml", "index.html", "index.xml", "llms.txt", "posts/atom.xml", "posts/b/index.html", "posts/c/index.html",
                                   "posts/index.html", "tags/web/atom.xml", "tags/web/index.html"])
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    @Test func addedRemovedAndStaticChangesMatchAFullBuild() throws {
        let root = try Self.blog()
        _ = SiteBuild(site: root).run()
        try FileManager.default.removeItem(atPath: root + "/content/posts/a.md")
        try Self.post(root, "d", title: "D", date: "2026-04-01", tag: "new", body: "Text of d.")
        try "body { color: red; }\n".write(toFile: root + "/static/extra.css", atomically: true, encoding: .utf8)
        try "x\n".write(toFile: root + "/static/robots-extra.txt", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(report.parsed == 1)
        #expect(report.removed.contains("posts/a/index.html"))
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/posts/a"), "the emptied folder goes too")
        #expect(report.diagnostics.map(\.message) == ["broken link: /posts/a/ leads to /posts/a/, which the site does not have"])
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
        #expect(try String(contentsOfFile: root + "/_site/extra.css", encoding: .utf8) == "body { color: red; }\n")
    }

    @Test func aTemplateOrConfigChangeRedoesEverything() throws {
        let root = try Self.blog()
        _ = SiteBuild(site: root).run()
        try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
        try "{% extends \"base.html\" %}{% block content %}<article>{{ page.content }}</article>{% endblock %}\n"
            .write(toFile: root + "/templates/page.html", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(report.parsed == 5)
        #expect(try String(contentsOfFile: root + "/_site/about/index.html", encoding: .utf8).contains("<article>"))
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    @Test func aFailedRebuildWritesNothingAndTheNextGoodOneCatchesUp() throws {
        let root = try Self.blog()
        _ = SiteBuild(site: root).run()
        let before = FileTree.read(root + "/_site")
        try Self.post(root, "a", title: "A2", date: "2026-01-01", tag: "swift", body: "Changed.")
        try "---\ntitle: [broken\n---\n".write(toFile: root + "/content/posts/b.md", atomically: true, encoding: .utf8)
        #expect(!SiteBuild(site: root).run().succeeded)
        #expect(FileTree.read(root + "/_site") == before)
        try Self.post(root, "b", title: "B", date: "2026-02-01", tag: "swift", body: "Fixed.")
        let fixed = SiteBuild(site: root).run()
        #expect(fixed.succeeded)
        #expect(fixed.written.contains("posts/a/index.html") && fixed.written.contains("posts/b/index.html"))
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    @Test func theQuickPathForAWatchersTextEditsMatchesAFullBuild() throws {
        let root = try Self.blog()
        try "---\ntitle: B en français\ndate: 2026-02-01\n---\nTexte.\n".write(toFile: root + "/content/posts/b.fr.md", atomically: true, encoding: .utf8)
        try "title = \"S\"\nbaseURL = \"https://s.example/\"\npaginate = 2\n[languages.fr]\nname = \"Français\"\n"
            .write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        // A section's intro: its list's, not a page of its own, in the quick path's count too.
        try "---\ntitle: Posts\n---\nThe posts.\n".write(toFile: root + "/content/posts/_index.md", atomically: true, encoding: .utf8)
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        let output = try build.openOutput()
        #expect(build.run(cache: &cache, output: output).succeeded)
        func compareWithAFullBuild(_ report: SiteBuild.Report) {
            let output = TemporaryFolder.path("full")
            var full = SiteBuild(site: root, output: output)
            full.cachePath = nil
            let fullReport = full.run()
            #expect(report.diagnostics == fullReport.diagnostics)
            #expect(report.pageCount == fullReport.pageCount)
            #expect(FileTree.read(root + "/_site") == FileTree.read(output))
        }

        // A link to a content file: a page that starts naming one is not rebuilt alone.
        try Self.post(root, "b", title: "B", date: "2026-02-01", tag: "swift", body: "Text of b.\n\nSee [c](c.md).")
        let linking = build.run(cache: &cache, output: output, changed: ["content/posts/b.md"], trustOutputs: true)
        #expect(!linking.quick)
        compareWithAFullBuild(linking)
        // Text only, with a broken link, the link to a content file kept: the quick path (the last
        // build's URLs of content files and index of terms), and the same warnings as a full build.
        try Self.post(root, "b", title: "B", date: "2026-02-01", tag: "swift", body: "Text of b.\n\nNew text, and [a link](/nowhere/), [c](c.md).")
        let text = build.run(cache: &cache, output: output, changed: ["content/posts/b.md"], trustOutputs: true)
        #expect(text.quick)
        #expect(try String(contentsOfFile: root + "/_site/posts/b/index.html", encoding: .utf8).contains(#"<a href="/posts/c/">c</a>"#))
        #expect(text.parsed == 1 && text.written == ["posts/b/index.html"])
        #expect(text.diagnostics.map(\.message) == ["broken link: /nowhere/ leads to /nowhere/, which the site does not have"])
        compareWithAFullBuild(text)
        #expect(try String(contentsOfFile: root + "/_site/posts/b/index.html", encoding: .utf8).contains("hreflang=\"fr\""),
                "the translation still links")

        // A heading that another page's link names: the page's ids change, so the full path, and
        // the other page's warning comes and goes as in a full build.
        try Self.post(root, "c", title: "C", date: "2026-03-01", tag: "web", body: "See [b's part](/posts/b/#part).")
        #expect(build.run(cache: &cache, output: output).diagnostics.map(\.message).contains(
            "broken link: /posts/b/#part names no heading of /posts/b/ (no heading has the id 'part')"))
        try Self.post(root, "b", title: "B", date: "2026-02-01", tag: "swift", body: "Text of b.\n\nNew text, and [a link](/nowhere/).\n\n## Part")
        let heading = build.run(cache: &cache, output: output, changed: ["content/posts/b.md"], trustOutputs: true)
        #expect(!heading.quick)
        #expect(!heading.diagnostics.map(\.message).contains { $0.contains("#part") })
        compareWithAFullBuild(heading)
        // The same heading's text edited: ids unchanged, the quick path.
        try Self.post(root, "b", title: "B", date: "2026-02-01", tag: "swift", body: "Text of b.\n\nOther text, and [a link](/nowhere/).\n\n## Part")
        let same = build.run(cache: &cache, output: output, changed: ["content/posts/b.md"], trustOutputs: true)
        #expect(same.quick)
        compareWithAFullBuild(same)

        // A title: lists change, so the full path.
        try Self.post(root, "b", title: "B renamed", date: "2026-02-01", tag: "swift", body: "New text.")
        let title = build.run(cache: &cache, output: output, changed: ["content/posts/b.md"], trustOutputs: true)
        #expect(!title.quick)
        #expect(title.written.contains("posts/index.html"))
        compareWithAFullBuild(title)

        // The home page's template lists every page: the full path too.
        try "# Home again\n".write(toFile: root + "/content/index.md", atomically: true, encoding: .utf8)
        let home = build.run(cache: &cache, output: output, changed: ["content/index.md"], trustOutputs: true)
        #expect(!home.quick)
        compareWithAFullBuild(home)
    }

    /// A page that starts showing an image of its bundle under `serve`: its new copies are
    /// published with it (the quick path, which writes pages only, wrote the page naming copies
    /// that were not there), and the output is a full build's.
    @Test func aWatchersEditThatShowsAnImageHasItsCopiesPublished() throws {
        let root = try Self.blog()
        try "title = \"S\"\n[images]\nwidths = [32]\nformats = [\"webp\"]\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/content/trip", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ImageFileTests.fixture("photo.jpg"), toPath: root + "/content/trip/photo.jpg")
        try "---\ntitle: Trip\n---\nText.\n".write(toFile: root + "/content/trip/index.md", atomically: true, encoding: .utf8)
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        let output = try build.openOutput()
        #expect(build.run(cache: &cache, output: output).succeeded)
        try "---\ntitle: Trip\n---\nText.\n\n![A photo](photo.jpg)\n".write(toFile: root + "/content/trip/index.md", atomically: true, encoding: .utf8)
        let shown = build.run(cache: &cache, output: output, changed: ["content/trip/index.md"], trustOutputs: true)
        #expect(shown.succeeded && !shown.quick, "\(shown.diagnostics)")
        let copy = try #require(shown.written.first { $0.hasPrefix("trip/photo-32w-q80.") && $0.hasSuffix(".webp") }, "\(shown.written)")
        #expect(try String(contentsOfFile: root + "/_site/trip/index.html", encoding: .utf8).contains(String(copy.dropFirst("trip/".count))))
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
        // Text added after its summary, the image kept: the quick path, as before.
        try "---\ntitle: Trip\n---\nText.\n\n![A photo](photo.jpg)\n\nMore text.\n".write(toFile: root + "/content/trip/index.md", atomically: true, encoding: .utf8)
        let text = build.run(cache: &cache, output: output, changed: ["content/trip/index.md"], trustOutputs: true)
        #expect(text.quick && text.written == ["trip/index.html"], "\(text.written)")
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    /// A page's template showing its neighbors' covers (`page.next`, `page.previous`) and its own.
    static let neighborsTemplate = """
        {{{page.content}}}
        {{#page.next}}NEXT {{title}} [{{{summaryHTML}}}] {{#fill_20x10(params.cover)}}<img class="n" src="{{src}}">{{/fill_20x10(params.cover)}}{{/page.next}}
        {{#page.previous}}PREV {{title}} [{{{summaryHTML}}}] {{#fill_20x10(params.cover)}}<img class="p" src="{{src}}">{{/fill_20x10(params.cover)}}{{/page.previous}}
        OWN {{#fill_20x10(page.params.cover)}}<img class="o" src="{{src}}">{{/fill_20x10(page.params.cover)}}

        """

    /// Three posts, a bundle with a cover among them, and `neighborsTemplate`.
    static func covers() throws -> String {
        let root = try SiteBuildTests.site(pages: [:], templates: ["page.html": neighborsTemplate])
        try "title = \"S\"\nbaseURL = \"https://s.example/\"\n[images]\nwidths = [32]\nformats = [\"webp\"]\n"
            .write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/content/posts/a", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ImageFileTests.fixture("photo.jpg"), toPath: root + "/content/posts/a/photo.jpg")
        try "---\ntitle: A\ndate: 2026-01-01\ncover: photo.jpg\n---\nText of a.\n".write(toFile: root + "/content/posts/a/index.md", atomically: true, encoding: .utf8)
        try "---\ntitle: B\ndate: 2026-02-01\n---\nText of b.\n".write(toFile: root + "/content/posts/b.md", atomically: true, encoding: .utf8)
        try "---\ntitle: C\ndate: 2026-03-01\n---\nText of c.\n".write(toFile: root + "/content/posts/c.md", atomically: true, encoding: .utf8)
        return root
    }

    /// A neighbor's cover on a page the quick path rebuilds alone (it showed nothing there, and
    /// the page's key being the same, no later build wrote it again).
    @Test func aQuickRebuildShowsANeighborsCover() throws {
        let root = try Self.covers()
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        let output = try build.openOutput()
        #expect(build.run(cache: &cache, output: output).succeeded)
        #expect(try String(contentsOfFile: root + "/_site/posts/b/index.html", encoding: .utf8).contains(#"<img class="n" src="/posts/a/photo-fill-20x10-q80."#))
        try "---\ntitle: B\ndate: 2026-02-01\n---\nText of b.\n\nMore.\n".write(toFile: root + "/content/posts/b.md", atomically: true, encoding: .utf8)
        let quick = build.run(cache: &cache, output: output, changed: ["content/posts/b.md"], trustOutputs: true)
        #expect(quick.quick && quick.written == ["posts/b/index.html"], "\(quick.written)")
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    /// A listed page whose cover could not be made shows none, not the listing page's own cover
    /// of the same name.
    @Test func aNeighborsMissingCoverIsNotThePagesOwn() throws {
        let root = try Self.covers()
        try FileManager.default.removeItem(atPath: root + "/content/posts/a/photo.jpg")
        try FileManager.default.removeItem(atPath: root + "/content/posts/b.md")
        try FileManager.default.createDirectory(atPath: root + "/content/posts/b", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ImageFileTests.fixture("photo.jpg"), toPath: root + "/content/posts/b/photo.jpg")
        try "---\ntitle: B\ndate: 2026-02-01\ncover: photo.jpg\n---\nText of b.\n".write(toFile: root + "/content/posts/b/index.md", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(report.succeeded)
        let page = try String(contentsOfFile: root + "/_site/posts/b/index.html", encoding: .utf8)
        #expect(page.contains("NEXT A [<p>Text of a.</p>\n] \n") && page.contains(#"OWN <img class="o" src="/posts/b/photo-fill-20x10-q80."#), "\(page)")
        #expect(!page.contains(#"class="n""#), "\(page)")
    }

    /// A summary written in the front matter links to a content file, and the page's text starts
    /// linking to it too: how the summary's link is written changes wherever it is shown (lists,
    /// feeds, neighbors), so the page is not rebuilt alone.
    @Test func aPageThatStartsLinkingAContentFileIsNotRebuiltAlone() throws {
        let root = try Self.covers()
        let page = "---\ntitle: A\ndate: 2026-01-01\ncover: photo.jpg\nsummary: \"See [c](../c.md).\"\n---\nText of a"
        try (page + ".\n").write(toFile: root + "/content/posts/a/index.md", atomically: true, encoding: .utf8)
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        let output = try build.openOutput()
        #expect(build.run(cache: &cache, output: output).succeeded)
        try (page + ", [c](../c.md).\n").write(toFile: root + "/content/posts/a/index.md", atomically: true, encoding: .utf8)
        let linked = build.run(cache: &cache, output: output, changed: ["content/posts/a/index.md"], trustOutputs: true)
        #expect(!linked.quick && linked.written.contains("posts/b/index.html"), "\(linked.written)")
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
    }

    /// A folder named like a page (`notes.md/`) that a watcher names as changed is no page: its
    /// pages are read, and the rebuild equals a full build (every rebuild failed: "cannot be
    /// read", the folder taken for a file).
    @Test func aFolderNamedLikeAPageIsNoPageToAWatcher() throws {
        let root = try Self.blog()
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        let output = try build.openOutput()
        #expect(build.run(cache: &cache, output: output).succeeded)
        try FileManager.default.createDirectory(atPath: root + "/content/notes.md", withIntermediateDirectories: true)
        try "---\ntitle: Inside\n---\nText.\n".write(toFile: root + "/content/notes.md/inside.md", atomically: true, encoding: .utf8)
        let rebuild = build.run(cache: &cache, output: output, changed: ["content/notes.md", "content/notes.md/inside.md"], trustOutputs: true)
        #expect(rebuild.succeeded, "\(rebuild.diagnostics)")
        #expect(FileTree.read(root + "/_site") == Self.fullBuild(root))
        #expect(FileManager.default.fileExists(atPath: root + "/_site/notes.md/inside/index.html"))
    }

    @Test func aWatcherCanNameTheChangedFiles() throws {
        let root = try Self.blog()
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        let output = try build.openOutput()
        #expect(build.run(cache: &cache, output: output).parsed == 5)
        try Self.post(root, "a", title: "A", date: "2026-01-01", tag: "swift", body: "Text of a.\n\nWatched.")
        let report = build.run(cache: &cache, output: output, changed: ["content/posts/a.md"])
        #expect(report.parsed == 1)
        #expect(report.written == ["posts/a/index.html"])
    }
}

/// `[permalinks]` and titles without front matter.
@Suite struct PermalinkTests {
    @Test func sectionsTakeTheirPattern() throws {
        let root = try SiteBuildTests.site(pages: ["index.md": "# Home\n\n[p](/2026/03/hello/) [q](/notes/my-first-note/)\n"])
        try """
            title = "S"
            [permalinks]
            posts = "/:year/:month/:slug/"
            notes = "/:section/:title/"
            """.write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        for folder in ["posts", "notes"] { try FileManager.default.createDirectory(atPath: root + "/content/" + folder, withIntermediateDirectories: true) }
        try "---\ndate: 2026-03-09\nslug: hello\n---\n# Hi\n".write(toFile: root + "/content/posts/p.md", atomically: true, encoding: .utf8)
        try "# My First Note!\n".write(toFile: root + "/content/notes/n.md", atomically: true, encoding: .utf8)
        try "no heading\n".write(toFile: root + "/content/notes/plain-file-name.md", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(report.diagnostics.isEmpty)
        let files = Set(FileTree.read(root + "/_site").keys)
        #expect(files.isSuperset(of: ["2026/03/hello/index.html", "notes/my-first-note/index.html",
                                      "notes/plain-file-name/index.html", "posts/index.html", "notes/index.html"]))
        let plain = try String(contentsOfFile: root + "/_site/notes/plain-file-name/index.html", encoding: .utf8)
        #expect(plain.contains("<title>Plain File Name · S</title>"), "no front matter, no heading: the file name")
    }

    @Test func anUnknownTokenIsAnErrorAtItsLine() throws {
        let root = try SiteBuildTests.site(pages: ["a.md": "a\n"])
        try "title = \"S\"\n[permalinks]\nposts = \"/:yeer/:slug/\"\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(!report.succeeded)
        #expect(report.diagnostics.map(\.description) == [
            "\(root)/runway.toml:3:1: error: unknown permalink token ':yeer' (known: :day, :filename, :month, :section, :slug, :title, :year)",
        ])
        #expect(!FileManager.default.fileExists(atPath: root + "/_site"))
    }
}

/// Incremental builds equal clean ones where a review found they did not.
@Suite struct IncrementalEdgeTests {
    /// A static file becomes a folder of the same name (and back): the rebuild succeeds, as a
    /// clean build does.
    @Test func aStaticFileBecomesAFolderAndBack() throws {
        let root = try IncrementalBuildTests.blog()
        try FileManager.default.createDirectory(atPath: root + "/static", withIntermediateDirectories: true)
        try "a file\n".write(toFile: root + "/static/docs", atomically: true, encoding: .utf8)
        #expect(SiteBuild(site: root).run().succeeded)
        try FileManager.default.removeItem(atPath: root + "/static/docs")
        try FileManager.default.createDirectory(atPath: root + "/static/docs", withIntermediateDirectories: true)
        try "a page\n".write(toFile: root + "/static/docs/index.html", atomically: true, encoding: .utf8)
        let folder = SiteBuild(site: root).run()
        #expect(folder.succeeded, "\(folder.diagnostics)")
        #expect(FileTree.read(root + "/_site") == IncrementalBuildTests.fullBuild(root))
        try FileManager.default.removeItem(atPath: root + "/static/docs")
        try "a file again\n".write(toFile: root + "/static/docs", atomically: true, encoding: .utf8)
        let file = SiteBuild(site: root).run()
        #expect(file.succeeded, "\(file.diagnostics)")
        #expect(FileTree.read(root + "/_site") == IncrementalBuildTests.fullBuild(root))
    }

    /// `--output out/` and `--output out` are one folder: the second build writes nothing.
    @Test func aTrailingSlashIsTheSameOutput() throws {
        let root = try IncrementalBuildTests.blog()
        let out = TemporaryFolder.path("slash")
        #expect(SiteBuild(site: root, output: out + "/").run().succeeded)
        let again = SiteBuild(site: root, output: out).run()
        #expect(again.succeeded && again.written.isEmpty && again.parsed == 0, "\(again.written)")
    }

    /// A tag longer than a folder's name can be still gets its page and is linked to it.
    @Test func aVeryLongTagGetsAPage() throws {
        let root = try SiteBuildTests.site(pages: ["a.md": "---\ntags: [\"\(String(repeating: "long ", count: 80))\"]\n---\nx\n"])
        let report = SiteBuild(site: root).run()
        #expect(report.succeeded, "\(report.diagnostics)")
        let tags = try FileManager.default.contentsOfDirectory(atPath: root + "/_site/tags").filter { $0 != "index.html" }
        #expect(tags.count == 1 && tags[0].utf8.count < 255)
        #expect(try String(contentsOfFile: root + "/_site/sitemap.xml", encoding: .utf8).contains("/tags/\(tags[0])/"))
    }
}

/// Pages whose code waits for the tokenizer (issue 16): read again by the next build, except by a
/// rebuild in a process that already knows the tokenizer is missing (`serve` without Pygments).
@Suite struct PendingHighlightTests {
    @Test func aProcessThatKnowsTheTokenizerIsMissingDoesNotReadThemAgain() throws {
        let root = try IncrementalBuildTests.blog()
        try "# Code\n\n```swift\nlet x = 1\n```\n".write(toFile: root + "/content/code.md", atomically: true, encoding: .utf8)
        var build = SiteBuild(site: root)
        build.highlighter = CodeHighlighter(tokenizer: PygmentsTokenizer(python: nil), cache: TokenCache())
        let output = try build.openOutput()
        var cache: BuildCache?
        let first = build.run(cache: &cache, output: output)
        #expect(first.succeeded && first.parsed == 6)
        #expect(first.diagnostics.filter { $0.message.hasPrefix("code is not highlighted") }.count == 1)
        // Its output was made as it was rendered (its code was sent): its key says the code waits,
        // as the next build computes it, which writes nothing.
        let again = build.run(cache: &cache, output: output, trustOutputs: true)
        #expect(again.parsed == 0 && again.written.isEmpty, "\(again.written)")
        // A tokenizer that may run: the page is read again, and highlighted.
        build.highlighter = CodeHighlighter(cache: TokenCache())
        let found = build.run(cache: &cache, output: output, trustOutputs: true)
        #expect(found.parsed == 1 && found.written.contains("code/index.html"), "\(found.written)")
        #expect((try? String(contentsOfFile: root + "/_site/code/index.html", encoding: .utf8))?.contains("rw-syntax--keyword") == true)
    }
}
