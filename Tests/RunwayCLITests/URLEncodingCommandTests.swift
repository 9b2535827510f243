import Foundation
import Testing

/// A page's URL is written percent-encoded wherever a link, a feed or a template writes it, as the
/// sitemap always wrote it: before, `content/posts/My Page.md` and `slug: "100%"` were linked as
/// `/posts/My Page/` and `/posts/100%/` (which `serve` answered with a 400), and feeds carried
/// URLs with spaces.
@Suite struct URLEncodingCommandTests {
    static let files = [
        "content/posts/My Page.md": "---\ndate: 2026-01-01\ntags: [café]\n---\n# Spaced\n",
        "content/posts/p.md": "---\nslug: \"100%\"\ndate: 2026-01-02\n---\n# Percent\n\n## Part\n",
        "content/index.md": "# Home\n\n[spaced](posts/My%20Page.md), [percent](posts/p.md#part).\n",
    ]

    @Test func pageURLsAreEncodedWhereverTheyAreWritten() throws {
        let site = try TestSite(Self.files)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        #expect(site.exists("_site/posts/My Page/index.html") && site.exists("_site/posts/100%/index.html"), "files keep their names")
        let home = try #require(site.read("_site/index.html"))
        #expect(home.contains(#"<a href="/posts/My%20Page/">spaced</a>, <a href="/posts/100%25/#part">percent</a>"#), "\(home)")
        let list = try #require(site.read("_site/posts/index.html"))
        #expect(list.contains(#"<a href="/posts/100%25/">Percent</a>"#) && list.contains(#"<a href="/posts/My%20Page/">Spaced</a>"#), "\(list)")
        let page = try #require(site.read("_site/posts/100%/index.html"))
        #expect(page.contains(#"<link rel="canonical" href="https://t.example/posts/100%25/">"#), "\(page)")
        #expect(site.read("_site/posts/My Page/index.html")?.contains(#"href="/tags/caf%C3%A9/""#) == true)
        // The taxonomy's index lists its terms' encoded URLs too (it wrote /tags/café/).
        let tags = try #require(site.read("_site/tags/index.html"))
        #expect(tags.contains(#"href="/tags/caf%C3%A9/""#) && !tags.contains("/tags/café/"), "\(tags)")
        let rss = try #require(site.read("_site/index.xml"))
        #expect(rss.contains("<link>https://t.example/posts/My%20Page/</link><guid>https://t.example/posts/My%20Page/</guid>"), "\(rss)")
        let atom = try #require(site.read("_site/posts/atom.xml"))
        #expect(atom.contains("<id>https://t.example/posts/100%25/</id>") && !atom.contains("My Page"), "\(atom)")
        let sitemap = try #require(site.read("_site/sitemap.xml"))
        #expect(sitemap.contains("<loc>https://t.example/posts/100%25/</loc>") && sitemap.contains("<loc>https://t.example/posts/My%20Page/</loc>"))
    }

    /// An alias's redirect leads to the encoded URL, and a page whose name holds an encoded
    /// sequence (`a%20b.md`) is linked with its `%` encoded (`/a%2520b/`).
    @Test func redirectsAndNamesHoldingPercentSequences() throws {
        let site = try TestSite(["content/a%20b.md": "---\naliases: [/old/]\n---\n# Odd\n",
                                 "content/index.md": "# Home\n\n[odd](a%2520b.md)\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        #expect(site.read("_site/index.html")?.contains(#"<a href="/a%2520b/">odd</a>"#) == true)
        #expect(site.read("_site/old/index.html")?.contains(#"content="0; url=/a%2520b/""#) == true)
        #expect(site.read("_site/_redirects") == "/old/ /a%2520b/ 301\n")
    }
}
