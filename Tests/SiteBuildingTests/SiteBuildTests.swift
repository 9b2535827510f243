import RunwayText
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SiteBuilding
import Testing
import RunwayTestSupport

/// `runway build` on the bundled site template and on small sites made for each case.
@Suite struct SiteBuildTests {
    static let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../site-template").standardized.path

    @Test func theTemplateBuildsIntoACompleteTree() throws {
        let output = TemporaryFolder.path("out")
        let report = SiteBuild(site: Self.template, output: output).run()
        #expect(report.diagnostics.isEmpty)
        #expect(report.pageCount == 10)
        #expect(Set(FileTree.read(output).keys) == [
            "guide/index.html", "guide/writing/index.html", "guide/theming/index.html", "guide/publishing/index.html",
            // A feed for each section and each tag that has dated pages (the guide has none).
            "posts/atom.xml", "tags/attributes/atom.xml", "tags/gfm/atom.xml", "tags/markdown/atom.xml",
            "fr/posts/atom.xml", "fr/tags/français/atom.xml",
            "typewriter/index.html", "themes/menlo.css",
            "404.html", "index.html", "attributes/index.html", "posts/gfm/index.html", "images/runway.svg",
            "robots.txt", "sitemap.xml", "theme.css", "index.xml", "atom.xml", "posts/index.html", "llms.txt",
            "tags/index.html", "tags/attributes/index.html", "tags/gfm/index.html", "tags/markdown/index.html",
            "fr/index.html", "fr/posts/bonjour/index.html", "fr/posts/index.html", "fr/tags/index.html",
            "fr/tags/français/index.html", "fr/index.xml", "fr/atom.xml",
            // Each language's 404 page.
            "fr/404.html",
            // A page bundle with its picture, in a series (a taxonomy of its own), with an alias.
            "posts/a-walk/index.html", "posts/a-walk/trail.png", "series/index.html", "series/walks/index.html",
            "series/walks/atom.xml", "tags/photos/index.html", "tags/photos/atom.xml", "walk/index.html", "_redirects",
        ])
        let post = try String(contentsOfFile: output + "/posts/gfm/index.html", encoding: .utf8)
        #expect(post.contains("<title>GitHub Flavored Markdown · A Runway site</title>"))
        #expect(post.contains(#"<link rel="stylesheet" href="/theme.css">"#))
        #expect(post.contains("<th align=\"left\">Feature</th>"))
        let sitemap = try String(contentsOfFile: output + "/sitemap.xml", encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.com/posts/gfm/</loc>"))
        #expect(sitemap.contains("<loc>https://example.com/fr/tags/fran%C3%A7ais/</loc>"))
        let css = try String(contentsOfFile: output + "/theme.css", encoding: .utf8)
        #expect(css.contains(".rw-customColor--danger {"))
        // The guide shows sections, summaries, tables of contents and links between files.
        let guide = try String(contentsOfFile: output + "/guide/index.html", encoding: .utf8)
        #expect(guide.contains("<h1>Guide</h1>\n<p>A short guide in three chapters"))
        #expect(guide.contains("<div class=\"summary\"><p>A page is a Markdown file under <code>content/</code>. This first paragraph"))
        let writing = try String(contentsOfFile: output + "/guide/writing/index.html", encoding: .utf8)
        #expect(writing.contains(#"<nav class="toc" aria-label="Contents">"#))
        #expect(writing.contains(#"<a href="/guide/theming/#styles">theming chapter</a>"#))
        #expect(writing.contains(#"<a class="next" rel="next" href="/guide/theming/">"#))
        let walk = try String(contentsOfFile: output + "/posts/a-walk/index.html", encoding: .utf8)
        #expect(walk.contains(#"alt="Hills under a late sun, a path climbing between them" title="The trail" width="800" height="400" loading="lazy" />"#))
    }

    @Test func theTemplateIsInTwoLanguagesWithAlternatesAndASwitcher() throws {
        let output = TemporaryFolder.path("languages")
        #expect(SiteBuild(site: Self.template, output: output).run().succeeded)
        let english = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        let french = try String(contentsOfFile: output + "/fr/index.html", encoding: .utf8)
        for home in [english, french] {
            #expect(home.contains(#"<link rel="alternate" hreflang="en" href="https://example.com/">"#))
            #expect(home.contains(#"<link rel="alternate" hreflang="fr" href="https://example.com/fr/">"#))
        }
        #expect(english.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">"))
        #expect(french.hasPrefix("<!DOCTYPE html>\n<html lang=\"fr\" dir=\"ltr\">"))
        #expect(english.contains(#"<span lang="en" aria-current="page">English</span><a href="/fr/" hreflang="fr" lang="fr">Français</a>"#))
        #expect(french.contains(#"<a href="/" hreflang="en" lang="en">English</a><span lang="fr" aria-current="page">Français</span>"#))
        // Each language lists its own pages, under its own title and feeds.
        #expect(french.contains("<title>Bienvenue sur Runway · Un site Runway</title>"))
        #expect(french.contains(#"<li><a href="/fr/posts/bonjour/">Bonjour le monde</a> <time datetime="2026-11-03">3 novembre 2026</time>"#))
        #expect(!french.contains("/posts/gfm/"))
        #expect(english.contains(#"<li><a href="/posts/gfm/">GitHub Flavored Markdown</a>"#))
        #expect(!english.contains("/fr/posts/bonjour/"))
        #expect(french.contains(#"href="/fr/index.xml""#))
        let frenchPosts = try String(contentsOfFile: output + "/fr/posts/index.html", encoding: .utf8)
        #expect(frenchPosts.contains(#"<a href="/fr/posts/bonjour/">Bonjour le monde</a>"#) && !frenchPosts.contains("gfm"))
        let frenchFeed = try String(contentsOfFile: output + "/fr/index.xml", encoding: .utf8)
        #expect(frenchFeed.contains("<title>Bonjour le monde</title>") && !frenchFeed.contains("GitHub Flavored"))
        // The site's templates/ override the theme's: its own home layout and footer partial.
        #expect(english.contains("<h2>Recent pages</h2>") && french.contains("<h2>Pages récentes</h2>"))
        #expect(english.contains("A Runway site · Markdown with typed, themable attributes · built with Runway · "), "site.params.tagline")
        // A page with no translation has no switcher and no alternates.
        let post = try String(contentsOfFile: output + "/posts/gfm/index.html", encoding: .utf8)
        #expect(!post.contains("hreflang") && !post.contains("nav class=\"languages\""))
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let first = TemporaryFolder.path("first"), second = TemporaryFolder.path("second")
        _ = SiteBuild(site: Self.template, output: first).run()
        _ = SiteBuild(site: Self.template, output: second).run()
        #expect(FileTree.read(first) == FileTree.read(second))
    }

    /// A small site whose pages and templates each test sets.
    static func site(pages: [String: String], templates: [String: String] = [:]) throws -> String {
        let root = TemporaryFolder.path("site")
        try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
        try "title = \"S\"\nbaseURL = \"https://s.example/\"\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        for (name, text) in pages { try text.write(toFile: root + "/content/" + name, atomically: true, encoding: .utf8) }
        if !templates.isEmpty { try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true) }
        for (name, text) in templates {
            try FileManager.default.createDirectory(atPath: ((root + "/templates/" + name) as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: root + "/templates/" + name, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func aFailedBuildLeavesThePreviousOutputAndSaysWhere() throws {
        let root = try Self.site(pages: ["a.md": "# A\n", "b.md": "---\ntitle: B\n---\nb\n"])
        #expect(SiteBuild(site: root).run().succeeded)
        let before = FileTree.read(root + "/_site")
        try "---\ntitle: [unclosed\n---\nb\n".write(toFile: root + "/content/b.md", atomically: true, encoding: .utf8)
        try "# A changed\n".write(toFile: root + "/content/a.md", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(!report.succeeded)
        #expect(report.diagnostics.count == 1)
        #expect(report.diagnostics.first?.description.hasPrefix("\(root)/content/b.md:2:") == true)
        #expect(report.diagnostics.first?.description.contains("error: invalid YAML front matter") == true)
        #expect(FileTree.read(root + "/_site") == before)
        #expect(!FileManager.default.fileExists(atPath: root + "/_site.building-\(ProcessInfo.processInfo.processIdentifier)"))
    }

    /// A build says the base path it wrote its pages for, from the runway.toml it read (serve
    /// serves the output under it: read again after the build, runway.toml could say another
    /// thing, or nothing, by then); a build that read none says none.
    @Test func aBuildSaysTheBasePathItBuiltFor() throws {
        let root = try Self.site(pages: ["a.md": "# A\n"])
        #expect(SiteBuild(site: root).run().basePath == "")
        try "title = \"S\"\nbaseURL = \"https://s.example/book/\"\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        #expect(SiteBuild(site: root).run().basePath == "/book")
        try "title = \n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        #expect(SiteBuild(site: root).run().basePath == nil)
    }

    @Test func removedSourcesLeaveNoOutput() throws {
        let root = try Self.site(pages: ["a.md": "a\n", "b.md": "b\n"])
        _ = SiteBuild(site: root).run()
        #expect(FileManager.default.fileExists(atPath: root + "/_site/b/index.html"))
        try FileManager.default.removeItem(atPath: root + "/content/b.md")
        _ = SiteBuild(site: root).run()
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/b/index.html"))
    }

    /// Drafts need `drafts`, future-dated pages `future`, expired pages `expired`: each option
    /// adds its own pages only.
    @Test func draftsFutureAndExpiredPagesEachNeedTheirOption() throws {
        let root = try Self.site(pages: [
            "draft.md": "+++\ndraft = true\n+++\nd\n", "future.md": "---\ndate: 2999-01-01\n---\nf\n", "now.md": "n\n",
            "expired.md": "---\nexpiryDate: 2000-01-01\n---\ne\n", "later.md": "---\nexpiryDate: 2999-01-01\n---\nl\n",
        ])
        func pages(drafts: Bool = false, future: Bool = false, expired: Bool = false) -> [String] {
            var build = SiteBuild(site: root, drafts: drafts)
            build.future = future
            build.expired = expired
            #expect(build.run().succeeded)
            return FileTree.read(root + "/_site").keys.filter { $0.hasSuffix("/index.html") }.sorted()
        }
        #expect(pages() == ["later/index.html", "now/index.html"])
        #expect(pages(drafts: true) == ["draft/index.html", "later/index.html", "now/index.html"])
        #expect(pages(future: true) == ["future/index.html", "later/index.html", "now/index.html"])
        #expect(pages(expired: true) == ["expired/index.html", "later/index.html", "now/index.html"])
    }

    @Test func templateErrorsPointAtTheTemplate() throws {
        let root = try Self.site(pages: ["a.md": "a\n"], templates: ["page.html": "<p>\n{{#page.title}}unclosed\n"])
        let report = SiteBuild(site: root).run()
        #expect(!report.succeeded)
        #expect(report.diagnostics.map(\.description) == [
            "\(root)/templates/page.html:2:1: error: template error: {{#page.title}} is not closed: end it with {{/page.title}}",
        ])
    }

    /// `runway check` and `runway build` report what is wrong with every template of the site and
    /// its theme when the templates are read, before any page is rendered, as Hugo and Zola do: one
    /// no page uses yet too (themes.md: "Every template is read, parsed and checked once per build").
    @Test func everyTemplatesErrorsAreTheSites() throws {
        let root = try Self.site(pages: ["a.md": "a\n"], templates: ["page.html": "<p>\n  {{>partials/nope.html}}\n",
                                                                    "unused.html": "{{#open}}"])
        let expected = [
            "\(root)/templates/page.html:2:3: error: template error: no template 'partials/nope.html' "
                + "(a partial must be a file of the site's or the theme's templates)",
            "\(root)/templates/unused.html:1:1: error: template error: {{#open}} is not closed: end it with {{/open}}",
        ]
        #expect(SiteCheck(site: root).run().diagnostics.map(\.description) == expected)
        let build = SiteBuild(site: root).run()
        #expect(!build.succeeded && build.diagnostics.map(\.description) == expected)
        #expect(!FileManager.default.fileExists(atPath: root + "/_site"))
    }

    @Test func anErrorInAnIncludedPartialPointsAtThePartial() throws {
        let root = try Self.site(pages: ["a.md": "a\n"], templates: ["partials/footer.html": "<footer>\n\n  {{ nofilter(site.title) }}\n"])
        let report = SiteBuild(site: root).run()
        #expect(report.diagnostics.map(\.description) == [
            "\(root)/templates/partials/footer.html:3:3: error: template error: unknown transform 'nofilter' (known: "
                + "absURL, asset, capitalized, count, date, empty, enumerated, equalzero, even, first, image, index, integrity, jsonify, last, lowercased, markdownify, minusone, "
                + "odd, plusone, relURL, reversed, slugify, sorted, truncate, uppercased, "
                + "and the image boxes resize_WIDTH, fit_WIDTHxHEIGHT or fill_WIDTHxHEIGHT, 1 to 10000 pixels (fill_600x400))",
        ])
    }

    @Test func aPageCanHaveAThemeOfItsOwn() throws {
        let root = try Self.site(pages: [
            "a.md": "---\ntheme: menlo\n---\n^[x](customColor: 'danger')\n",
            "b.md": "^[y](customColor: 'highlight')\n",
            "c.md": "+++\ntitle = \"C\"\n\ntheme = \"nope\"\n+++\nc\n",
        ])
        let report = SiteBuild(site: root).run()
        #expect(report.diagnostics.map(\.description) == [
            "\(root)/content/c.md:4:1: error: no theme named 'nope' (available: default, important, menlo, plain, times)",
        ])
        try FileManager.default.removeItem(atPath: root + "/content/c.md")
        #expect(SiteBuild(site: root).run().succeeded)
        let a = try String(contentsOfFile: root + "/_site/a/index.html", encoding: .utf8)
        let b = try String(contentsOfFile: root + "/_site/b/index.html", encoding: .utf8)
        #expect(a.contains(#"<link rel="stylesheet" href="/themes/menlo.css">"#))
        #expect(b.contains(#"<link rel="stylesheet" href="/theme.css">"#))
        let menlo = try String(contentsOfFile: root + "/_site/themes/menlo.css", encoding: .utf8)
        let site = try String(contentsOfFile: root + "/_site/theme.css", encoding: .utf8)
        #expect(menlo.contains("Menlo"), "menlo's font")
        #expect(menlo.contains(".rw-customColor--danger {"), "each stylesheet styles the values its pages use")
        #expect(site.contains(".rw-customColor--highlight {"))
        #expect(menlo.contains("font-family: \"Menlo\"") && !site.contains("font-family: \"Menlo\""), "the body font is the page theme's")
    }

    @Test func frontMatterValuesAreEscapedInTemplates() throws {
        let root = try Self.site(pages: ["a.md": "---\ntitle: \"</title><script>alert(1)</script>\"\n---\nx\n"])
        #expect(SiteBuild(site: root).run().succeeded)
        let page = try String(contentsOfFile: root + "/_site/a/index.html", encoding: .utf8)
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;/title&gt;&lt;script&gt;"))
    }
}

@Suite struct SiteListTests {
    @Test func tagsSectionsPaginationAndFeeds() throws {
        let root = try SiteBuildTests.site(pages: [
            "index.md": "# Home\n\nSee [the posts](/posts/) and [b](posts/b/).\n",
        ])
        try "title = \"S\"\nbaseURL = \"https://s.example/\"\npaginate = 2\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/content/posts", withIntermediateDirectories: true)
        for (name, date, tags) in [("a", "2026-01-01", "[swift, web]"), ("b", "2026-02-01", "[swift]"), ("c", "2026-03-01", "[Web Dev]")] {
            try "---\ntitle: \(name.uppercased())\ndate: \(date)\ntags: \(tags)\nsummary: About \(name).\n---\ntext\n"
                .write(toFile: root + "/content/posts/\(name).md", atomically: true, encoding: .utf8)
        }
        let report = SiteBuild(site: root).run()
        #expect(report.diagnostics.isEmpty)
        let files = Set(FileTree.read(root + "/_site").keys)
        for expected in ["posts/index.html", "posts/page/2/index.html", "tags/index.html", "tags/swift/index.html",
                         "tags/web/index.html", "tags/web-dev/index.html", "index.xml", "atom.xml"] {
            #expect(files.contains(expected), "\(expected)")
        }
        let first = try String(contentsOfFile: root + "/_site/posts/index.html", encoding: .utf8)
        #expect(first.contains(#"<a href="/posts/c/">C</a> <time datetime="2026-03-01">March 1, 2026</time><div class="summary"><p>About c.</p>"#))
        #expect(first.contains(#"<a href="/posts/page/2/" rel="next">Older</a>"#))
        #expect(!first.contains("/posts/a/"))
        let rss = try String(contentsOfFile: root + "/_site/index.xml", encoding: .utf8)
        #expect(rss.contains("<item><title>C</title><link>https://s.example/posts/c/</link>"))
        #expect(rss.contains("<pubDate>Sun, 01 Mar 2026 00:00:00 +0000</pubDate>"))
        let atom = try String(contentsOfFile: root + "/_site/atom.xml", encoding: .utf8)
        #expect(atom.contains("<updated>2026-03-01T00:00:00Z</updated>"))
        #expect(XMLParser(data: Data(rss.utf8)).parse() && XMLParser(data: Data(atom.utf8)).parse())
        let sitemap = try String(contentsOfFile: root + "/_site/sitemap.xml", encoding: .utf8)
        #expect(sitemap.contains("<loc>https://s.example/tags/swift/</loc>"))
    }

    @Test func brokenInternalLinksAreWarningsAtTheLink() throws {
        let root = try SiteBuildTests.site(pages: [
            "a.md": "Go [there](/nowhere/), [home](/), [b](../b/), ![x](/img.png) and [out](https://swift.org).\n",
            "b.md": "b\n", "index.md": "home\n",
        ])
        let report = SiteBuild(site: root).run()
        #expect(report.succeeded)
        #expect(report.diagnostics.map(\.description) == [
            "\(root)/content/a.md:1:5: warning: broken link: /nowhere/ leads to /nowhere/, which the site does not have",
            "\(root)/content/a.md:1:49: warning: broken link: /img.png leads to /img.png, which the site does not have",
        ])
    }
}

/// Issue 39, point 11: a full disk printed one error per file (3,564 lines). Files that could not
/// be written for one reason are one error, at the first by path, saying how many more.
@Suite struct WriteFailureTests {
    @Test func failuresForOneReasonAreOneError() {
        let full = (0..<3_564).map { Diagnostic(.error, "cannot write: No space left on device", path: "/out/p\($0)/index.html") }
        let other = Diagnostic(.error, "cannot write: Permission denied", path: "/out/x.html")
        let template = Diagnostic(.error, "template error: x", path: "t.html")
        let collapsed = SiteBuild.collapsingWriteFailures(full.shuffled() + [other, template])
        #expect(collapsed.count == 3)
        #expect(collapsed.contains(other) && collapsed.contains(template))
        #expect(collapsed.contains { $0.path == "/out/p0/index.html"
            && $0.message == "cannot write: No space left on device (and 3563 more files for the same reason; the output is as it was)" })
        #expect(SiteBuild.collapsingWriteFailures([other]) == [other])
    }
}
