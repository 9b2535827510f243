import Foundation
import Testing

/// Issue 15, point 12: `aliases:` writes redirect pages (a meta refresh and a canonical link) and
/// `_redirects`; `runway serve` answers an alias with a 301.
@Suite struct AliasCommandTests {
    static let page = "---\ntitle: New\naliases: [/old/path/, old-name, /legacy.html]\n---\nHere.\n"

    @Test func aliasesWriteRedirectPages() throws {
        let site = try TestSite(["content/posts/new.md": Self.page])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        for file in ["_site/old/path/index.html", "_site/posts/old-name/index.html", "_site/legacy.html"] {
            let page = try #require(site.read(file), "\(file)")
            #expect(page.contains(#"<link rel="canonical" href="https://t.example/posts/new/">"#))
            #expect(page.contains(#"<meta http-equiv="refresh" content="0; url=/posts/new/">"#))
        }
        #expect(site.read("_site/_redirects") == "/old/path/ /posts/new/ 301\n/posts/old-name/ /posts/new/ 301\n/legacy.html /posts/new/ 301\n")
        #expect(site.read("_site/sitemap.xml")?.contains("old") == false, "aliases are not pages")
    }

    /// A section's `_index.md` has aliases as a page has: they were left out without a word. An
    /// alias of a draft's is not written.
    @Test func aSectionIndexHasAliases() throws {
        let site = try TestSite(["content/guide/_index.md": "---\ntitle: Guide\naliases: [/old-guide/]\n---\nIntro.\n",
                                 "content/guide/a.md": "A.\n",
                                 "content/secret/_index.md": "---\ntitle: Secret\ndraft: true\naliases: [/old-secret/]\n---\nS.\n",
                                 "content/secret/b.md": "B.\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(site.read("_site/old-guide/index.html")?.contains(#"<meta http-equiv="refresh" content="0; url=/guide/">"#) == true)
        #expect(site.read("_site/_redirects") == "/old-guide/ /guide/ 301\n")
        #expect(!site.exists("_site/old-secret"))
    }

    @Test(arguments: [("aliases: [\"https://x.example/\"]", "names no place in the site"), ("aliases: [/]", "names no place in the site"),
                      ("aliases: 3", "'aliases' must be a list of URLs")])
    func aBadAliasIsALocatedError(_ line: String, _ message: String) throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n\(line)\n---\nA.\n"])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(site.root)/content/a.md:3:1: error: ") && check.stderr.contains(message), "\(check.stderr)")
    }

    @Test func anAliasCannotReplaceAPage() throws {
        let site = try TestSite(["content/posts/a.md": "---\naliases: [/posts/b/]\n---\nA.\n", "content/posts/b.md": "B.\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 1 && !site.exists("_site"))
        #expect(build.stderr.contains("\(site.root)/content/posts/a.md:2:1: error: its alias /posts/b/ is also the URL of \(site.root)/content/posts/b.md"),
                "\(build.stderr)")
    }

    /// Nor can it replace one of the site's static files (the file won and the alias was dropped
    /// without a word, while _redirects still named it).
    @Test func anAliasCannotReplaceAStaticFile() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\naliases: [/x.png, /img/]\n---\nA.\n",
                                 "static/x.png": "png", "static/img/index.html": "<p>i</p>\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 1 && !site.exists("_site"))
        for alias in ["/x.png is also the static file", "/img/ is also the static file"] {
            #expect(build.stderr.contains("\(site.root)/content/a.md:3:1: error: its alias \(alias)"), "\(build.stderr)")
        }
    }

    @Test(.timeLimit(.minutes(10))) func serveAnswersAnAliasWithA301() async throws {
        let site = try TestSite(["content/posts/new.md": Self.page])
        let server = try LiveReloadBrowserTests.Server(site: site.root)
        defer { _ = server.stop() }
        let (alias, page) = try await ServeHardeningTests.blocking {
            (try RawHTTP.get("/old/path/", port: server.port, host: "127.0.0.1:\(server.port)"),
             try RawHTTP.get("/posts/new/", port: server.port, host: "127.0.0.1:\(server.port)"))
        }
        #expect(alias.status == 301)
        #expect(alias.headers["location"] == "/posts/new/", "\(alias.headers)")
        #expect(page.status == 200)
    }
}

/// Issue 15, point 8: a `baseURL` with a path prefixes every generated link, stylesheet, feed and
/// pagination URL; `runway serve` serves the site under it.
@Suite struct BasePathCommandTests {
    static let files = [
        "content/index.md": "# Home\n\n[Posts](/posts/) and ![logo](/logo.png).\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\naliases: [/old/]\n---\nA links to [b](b.md).\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-02\n---\nB.\n",
        "content/posts/c.md": "---\ntitle: C\ndate: 2026-01-03\n---\nC.\n",
        "static/logo.png": "png",
    ]
    static let configuration = "paginate = 2\n"

    @Test func everyRootRelativeURLIsUnderThePath() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/book-site/\"\npaginate = 2\n", to: "runway.toml")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        for (file, html) in site.tree("_site") where file.hasSuffix(".html") {
            let urls = html.matches(of: /(?:href|src|action)="(\/[^"\/][^"]*|\/)"/).map { String($0.output.1) }
            #expect(urls.allSatisfy { $0.hasPrefix("/book-site/") }, "\(file): \(urls.filter { !$0.hasPrefix("/book-site/") })")
        }
        let home = try #require(site.read("_site/index.html"))
        #expect(home.contains(#"<link rel="stylesheet" href="/book-site/theme.css">"#))
        #expect(home.contains(#"<a href="/book-site/posts/">Posts</a> and <img src="/book-site/logo.png""#))
        #expect(site.read("_site/posts/index.html")?.contains(#"<a href="/book-site/posts/page/2/" rel="next">Older</a>"#) == true)
        #expect(site.read("_site/posts/a/index.html")?.contains(#"<a href="/book-site/posts/b/">b</a>"#) == true)
        #expect(site.read("_site/old/index.html")?.contains(#"url=/book-site/posts/a/"#) == true)
        #expect(site.read("_site/_redirects") == "/book-site/old/ /book-site/posts/a/ 301\n")
        #expect(site.read("_site/atom.xml")?.contains(#"<link href="https://t.example/book-site/posts/c/"/>"#) == true)
        #expect(site.read("_site/sitemap.xml")?.contains("<loc>https://t.example/book-site/posts/a/</loc>") == true)
        // The feeds' entries carry the page's HTML, its links as the page has them; whole pages too.
        let link = #"<a href="/book-site/posts/b/">b</a>"#
        #expect(try SummaryAndFeedCommandTests.entries(try #require(site.read("_site/atom.xml"))).first { $0.title == "A" }?.text.contains(link) == true)
        #expect(site.read("_site/index.xml")?.contains(xmlEscaped(link)) == true)
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/book-site/\"\npaginate = 2\n[feeds]\nfull = true\n", to: "runway.toml")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(try SummaryAndFeedCommandTests.entries(try #require(site.read("_site/atom.xml"))).first { $0.title == "A" }?.text.contains(link) == true)
    }

    /// A section named like the base path (`/book-site/` with `content/book-site/`) is linked under
    /// the path like any other (before, its links were taken to be under it already, and 404ed),
    /// and code showing HTML with single quotes is left as written (before, `href='/x/'` in a code
    /// block or in prose got the path).
    @Test func aSectionNamedLikeThePathAndCodeThatShowsHTML() throws {
        let site = try TestSite(["content/index.md": "# Home\n\n[first](book-site/first.md), `<a href='/x/'>`\n\n```html\n<img src='/logo.png'>\n```\n",
                                 "content/book-site/first.md": "---\ntitle: First\ndate: 2026-01-01\naliases: [/old/]\n---\nFirst.\n"])
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/book-site/\"\n", to: "runway.toml")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let home = try #require(site.read("_site/index.html"))
        #expect(home.contains(#"<a href="/book-site/book-site/first/">first</a>, <code>&lt;a href='/x/'&gt;</code>"#), "\(home)")
        #expect(home.contains("'/logo.png'</span>") && !home.contains("/book-site/logo.png"), "\(home)")
        #expect(site.read("_site/book-site/index.html")?.contains(#"href="/book-site/book-site/first/""#) == true)
        #expect(site.read("_site/_redirects") == "/book-site/old/ /book-site/book-site/first/ 301\n")
        #expect(site.read("_site/old/index.html")?.contains("url=/book-site/book-site/first/") == true)
    }

    /// Raw HTML's other URL attributes get the path too: every `srcset` candidate, `<object data>`,
    /// `formaction` (they stayed as written, broken under the path).
    @Test func rawHTMLsSrcsetDataAndFormaction() throws {
        let site = try TestSite(["content/index.md": """
            # Home

            <img src="/a.png" srcset="/a.png 1x, /a@2x.png 2x" alt="x">
            <picture><source srcset="/a.png"><img src="/a.png" alt="y"></picture>
            <object data="/a.png"></object>
            <form><button formaction="/posts/">go</button></form>

            """, "static/a.png": "png", "static/a@2x.png": "png", "content/posts/p.md": "P.\n"])
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/book-site/\"\n[markdown]\nunsafe = true\n", to: "runway.toml")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let home = try #require(site.read("_site/index.html"))
        #expect(home.contains(#"<img src="/book-site/a.png" srcset="/book-site/a.png 1x, /book-site/a@2x.png 2x" alt="x">"#), "\(home)")
        #expect(home.contains(#"<source srcset="/book-site/a.png">"#) && home.contains(#"<object data="/book-site/a.png">"#))
        #expect(home.contains(#"<button formaction="/book-site/posts/">go</button>"#), "\(home)")
    }

    /// Under a base path `/sub/`, a link to `/sub/b/` gets the path again once the site serves
    /// `/sub/b/` (a section named like the path): a rebuild after such a page, static file or
    /// menu target comes or goes equals a clean build. The pages linking there kept their old
    /// links, build after build.
    @Test func aRebuildFollowsWhatIsServedUnderThePath() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n---\n[link](/sub/b/) [f](/sub/file.txt)\n"],
                                configuration: "[[menus.main]]\nname = \"X\"\nurl = \"/sub/x/\"\nweight = 1\n")
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/sub/\"\n[[menus.main]]\nname = \"X\"\nurl = \"/sub/x/\"\nweight = 1\n", to: "runway.toml")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/a/index.html")?.contains(#"<a href="/sub/b/">link</a>"#) == true)
        for (file, text) in [("content/sub/b.md", "B.\n"), ("static/sub/file.txt", "f\n"), ("content/sub/x.md", "X.\n")] {
            try site.write(text, to: file)
            #expect(try site.runway("build", site.root).status == 0)
            #expect(site.tree("_site") == (try AtomicBuildCommandTests.clean(site)), "after adding \(file)")
        }
        let page = try #require(site.read("_site/a/index.html"))
        #expect(page.contains(#"<a href="/sub/sub/b/">link</a> <a href="/sub/sub/file.txt">f</a>"#) && page.contains(#"href="/sub/sub/x/""#), "\(page)")
        try FileManager.default.removeItem(atPath: site.root + "/content/sub/b.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.tree("_site") == (try AtomicBuildCommandTests.clean(site)), "after removing content/sub/b.md")
        #expect(site.read("_site/a/index.html")?.contains(#"<a href="/sub/b/">link</a>"#) == true)
    }

    /// A base URL whose path is not ASCII (`/café/`) is percent-encoded in absolute URLs as in
    /// links: the sitemap, robots.txt, the feeds and canonical links carried `café` raw, which the
    /// sitemap protocol refuses.
    @Test func aBasePathNotInASCIIIsEncodedInAbsoluteURLs() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/café/\"\n", to: "runway.toml")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let raw = site.tree("_site").filter { $0.value.contains("café") }.keys.sorted()
        #expect(raw.isEmpty, "\(raw)")
        #expect(site.read("_site/sitemap.xml")?.contains("<loc>https://t.example/caf%C3%A9/posts/a/</loc>") == true)
        #expect(site.read("_site/robots.txt")?.contains("Sitemap: https://t.example/caf%C3%A9/sitemap.xml") == true)
        #expect(site.read("_site/atom.xml")?.contains("<id>https://t.example/caf%C3%A9/</id>") == true)
        #expect(site.read("_site/posts/a/index.html")?.contains(#"<link rel="canonical" href="https://t.example/caf%C3%A9/posts/a/">"#) == true)
    }

    /// A base URL whose path is percent-encoded keeps it encoded wherever it is written: it was
    /// decoded into links (`href="/a b/theme.css"`) and into `_redirects`, whose space split the line.
    @Test func anEncodedPathStaysEncoded() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/caf%C3%A9%20x/\"\n", to: "runway.toml")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(site.read("_site/_redirects") == "/caf%C3%A9%20x/old/ /caf%C3%A9%20x/posts/a/ 301\n")
        let home = try #require(site.read("_site/index.html"))
        #expect(home.contains(#"<link rel="stylesheet" href="/caf%C3%A9%20x/theme.css">"#), "\(home)")
        #expect(home.contains(#"<a href="/caf%C3%A9%20x/posts/">Posts</a>"#), "\(home)")
        for (file, text) in site.tree("_site") {
            #expect(!text.contains("/café") && !text.contains("caf%C3%A9 x"), "\(file)")
        }
    }

    func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    @Test(.timeLimit(.minutes(10))) func serveServesTheSiteUnderItsPath() async throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/book-site/\"\n", to: "runway.toml")
        let server = try LiveReloadBrowserTests.Server(site: site.root)
        defer { _ = server.stop() }
        let host = "127.0.0.1:\(server.port)"
        let (root, home, post, outside, alias) = try await ServeHardeningTests.blocking {
            (try RawHTTP.get("/", port: server.port, host: host), try RawHTTP.get("/book-site/", port: server.port, host: host),
             try RawHTTP.get("/book-site/posts/a/", port: server.port, host: host), try RawHTTP.get("/posts/a/", port: server.port, host: host),
             try RawHTTP.get("/book-site/old/", port: server.port, host: host))
        }
        #expect(root.status == 301 && root.headers["location"] == "/book-site/")
        #expect(home.status == 200 && post.status == 200)
        #expect(outside.status == 404, "outside the path is nothing")
        #expect(alias.status == 301 && alias.headers["location"] == "/book-site/posts/a/")
    }
}
