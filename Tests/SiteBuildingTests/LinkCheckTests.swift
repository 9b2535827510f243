import RunwayText
import Foundation
@testable import SiteBuilding
@testable import SiteContent
import Testing

@Suite struct LinkCheckTests {
    @Test func linksOutOfTheSiteResolveToNothing() {
        for destination in ["https://swift.org/a/", "mailto:a@b.example", "tel:+1", "#top", "?q=1", "//host/x", "", "#a:b", "?x=a:b"] {
            #expect(SiteURL.resolve(destination, from: "/posts/a/") == nil, "\(destination)")
        }
    }

    @Test func linksInsideTheSiteResolveFromThePage() {
        #expect(SiteURL.resolve("../b/", from: "/posts/a/") == "/posts/b/")
        #expect(SiteURL.resolve("/img.png#x", from: "/posts/a/") == "/img.png")
        #expect(SiteURL.resolve("notes/a:b", from: "/posts/a/") == "/posts/a/notes/a:b")
        #expect(SiteURL.resolve("/caf%C3%A9/?q", from: "/") == "/café/")
        #expect(SiteURL.resolve("../../../", from: "/posts/a/") == "/")
    }

    /// The link check reads the build's own list of outputs: a link to any file the build makes
    /// (pages, list pages and their later pages, tag pages, feeds, sitemap, robots.txt, the
    /// stylesheets, the 404 page, static files) is not broken; a link to anything else is.
    @Test func everyGeneratedFileIsALinkTarget() throws {
        let links = """
            ---
            theme: times
            ---
            [a](/posts/p1/) [b](/posts/) [c](/posts/page/2/) [d](/tags/) [e](/tags/caf%C3%A9/) [f](/index.xml) [g](/atom.xml)
            [h](/sitemap.xml) [i](/robots.txt) [j](/theme.css) [k](/themes/times.css) [l](/404.html) [m](/logo.txt) [n](../posts/p2/)

            [broken](/posts/p99/) [broken too](/feed.xml)
            """
        let root = try SiteBuildTests.site(pages: ["links.md": links])
        try FileManager.default.createDirectory(atPath: root + "/content/posts", withIntermediateDirectories: true)
        for index in 0..<25 {
            try "---\ntitle: P\(index)\ntags: [Café]\n---\nText.\n"
                .write(toFile: root + "/content/posts/p\(index).md", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: root + "/static", withIntermediateDirectories: true)
        try "logo".write(toFile: root + "/static/logo.txt", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(report.succeeded)
        let broken = report.diagnostics.filter { $0.message.hasPrefix("broken link") }.map(\.message)
        #expect(broken == [
            "broken link: /posts/p99/ leads to /posts/p99/, which the site does not have",
            "broken link: /feed.xml leads to /feed.xml, which the site does not have",
        ])
    }
}
