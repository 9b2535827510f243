import Foundation
import Testing

/// `--environment`, `[environments.NAME]`, `--base-url` and `serve`'s own address (issue 43,
/// point 3): before, a site had one configuration, and under `serve` its canonical links and feeds
/// still said `https://t.example/`.
@Suite struct EnvironmentCommandTests {
    static let configuration = """
        [params]
        banner = "live"
        analytics = "UA-1"
        [[menus.main]]
        name = "Docs"
        url = "/docs/"

        [environments.development]
        title = "T (dev)"
        [environments.development.params]
        banner = "DEV"

        [environments.staging]
        baseURL = "https://staging.t.example/"
        [[environments.staging.menus.main]]
        name = "Staging notes"
        url = "/notes/"

        """

    static let files = [
        "content/index.md": "# Home\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\nA.\n",
        "templates/partials/footer.html": "<footer>{{site.environment}} {{site.params.banner}} {{site.params.analytics}}</footer>\n",
    ]

    static func parts(_ html: String?) -> (canonical: String, footer: String, title: String, menu: String) {
        let html = html ?? ""
        func first(_ pattern: String) -> String {
            html.range(of: pattern, options: .regularExpression).map { String(html[$0]) } ?? ""
        }
        return (first(#"<link rel="canonical"[^>]*>"#), first("<footer>[^<]*</footer>"), first("<title>[^<]*"),
                first(#"<nav class="menu"[^\n]*?</nav>"#))
    }

    @Test func anEnvironmentGoesOverTheRestOfTheFile() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        // production, by default: the file without its environments.
        #expect(try site.runway("build", site.root).stderr.isEmpty)
        var home = Self.parts(site.read("_site/index.html"))
        #expect(home.canonical == #"<link rel="canonical" href="https://t.example/">"#)
        #expect(home.footer == "<footer>production live UA-1</footer>" && home.title == "<title>Home · T")
        // development: its title, its banner over [params], the other params kept.
        #expect(try site.runway("build", site.root, "--environment", "development").stderr.isEmpty)
        home = Self.parts(site.read("_site/index.html"))
        #expect(home.footer == "<footer>development DEV UA-1</footer>" && home.title == "<title>Home · T (dev)")
        #expect(site.read("_site/posts/a/index.html")?.contains("development DEV") == true, "every page, not only those that changed")
        // staging: its base URL in canonical links and feeds; its menu in place of the file's.
        #expect(try site.runway("build", site.root, "--environment", "staging").stderr.isEmpty)
        home = Self.parts(site.read("_site/index.html"))
        #expect(home.canonical == #"<link rel="canonical" href="https://staging.t.example/">"#)
        #expect(home.menu.contains(#"<a href="/notes/">Staging notes</a>"#) && !home.menu.contains("/docs/"), "\(home.menu)")
        #expect(site.read("_site/atom.xml")?.contains("https://staging.t.example/posts/a/") == true)
        // --base-url over all of them.
        #expect(try site.runway("build", site.root, "--environment", "staging", "--base-url", "https://preview.example/pr-7/").status == 0)
        #expect(Self.parts(site.read("_site/index.html")).canonical == #"<link rel="canonical" href="https://preview.example/pr-7/">"#)
        #expect(site.read("_site/posts/a/index.html")?.contains(#"href="/pr-7/theme.css"#) == true, "its path is the base path")
        // And back: the output is a clean production build's.
        #expect(try site.runway("build", site.root).status == 0)
        let clean = try TestSite(Self.files, configuration: Self.configuration)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }

    @Test(arguments: [
        ("[environments.staging]\ntitel = \"x\"\n", ["build"], "runway.toml:4:1: warning: unknown setting 'titel' in [environments.staging]"),
        ("[environments.staging]\ntitel = \"x\"\n", ["build", "--environment", "staging"], "runway.toml:4:1: warning: unknown setting 'titel' (known:"),
        ("[environments.staging]\npaginate = 0\n", ["check", "--environment", "staging"], "runway.toml:4:1: error: 'paginate' must be a whole number above 0"),
        ("environments = 3\n", ["build"], "runway.toml:3:1: error: 'environments' must be a table of environments ([environments.development])"),
        ("[environments]\nstaging = 1\n", ["build"], "runway.toml:4:1: error: 'environments.staging' must be a table of settings"),
    ])
    func aBadEnvironmentIsLocated(configuration: String, arguments: [String], expected: String) throws {
        let site = try TestSite(Self.files, configuration: configuration)
        let run = try RunwayProcess.run(arguments + [site.root])
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(run.status == (expected.contains("error") ? 1 : 0))
    }

    @Test(arguments: [(["--environment", "a b"], "--environment a b: an environment's name is letters"),
                      (["--base-url", "ftp://x y/"], "--base-url ftp://x y/: a space must be written %20")])
    func aBadOptionIsSaid(arguments: [String], expected: String) throws {
        let site = try TestSite(Self.files)
        let run = try RunwayProcess.run(["build", site.root] + arguments)
        #expect(run.status != 0 && run.stderr.contains(expected), "\(run.stderr)")
        #expect(!site.exists("_site"))
    }

    /// serve builds for development, with its own address in canonical links and feeds (the port
    /// it listens on), unless told to keep runway.toml's.
    @Test(.timeLimit(.minutes(10))) func serveWritesItsOwnAddress() async throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/book/\"\n" + Self.configuration, to: "runway.toml")
        let server = try LiveReloadBrowserTests.Server(site: site.root)
        defer { _ = server.stop() }
        let host = "127.0.0.1:\(server.port)"
        let (home, feed) = try await ServeHardeningTests.blocking {
            (try RawHTTP.get("/book/", port: server.port, host: host), try RawHTTP.get("/book/atom.xml", port: server.port, host: host))
        }
        let page = Self.parts(String(decoding: home.body, as: UTF8.self))
        #expect(page.canonical == #"<link rel="canonical" href="http://127.0.0.1:\#(server.port)/book/">"#, "\(page.canonical)")
        #expect(page.footer == "<footer>development DEV UA-1</footer>")
        #expect(String(decoding: feed.body, as: UTF8.self).contains("http://127.0.0.1:\(server.port)/book/posts/a/"))
        #expect(server.stop())

        let kept = try LiveReloadBrowserTests.Server(site: site.root, arguments: "--keep-base-url --environment production")
        defer { _ = kept.stop() }
        let again = try await ServeHardeningTests.blocking {
            try RawHTTP.get("/book/", port: kept.port, host: "127.0.0.1:\(kept.port)")
        }
        let keptPage = Self.parts(String(decoding: again.body, as: UTF8.self))
        #expect(keptPage.canonical == #"<link rel="canonical" href="https://t.example/book/">"#)
        #expect(keptPage.footer == "<footer>production live UA-1</footer>")
    }
}
