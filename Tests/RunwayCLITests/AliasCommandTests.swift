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

    @Test(arguments: [("aliases: [\"https://x.example/\"]", "names no place in the site"), ("aliases: [/]", "names no place in the site"),
                      ("aliases: 3", "'aliases' must be a list of URLs")])
    func aBadAliasIsALocatedError(_ line: String, _ message: String) throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n\(line)\n---\nA.\n"])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(site.root)/content/a.md:3:1: error: ") && check.stderr.contains(message), "\(check.stderr)")
    }

    @Test(.timeLimit(.minutes(2))) func serveAnswersAnAliasWithA301() async throws {
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
