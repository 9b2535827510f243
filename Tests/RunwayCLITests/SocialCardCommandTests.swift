import Foundation
import Testing

/// The default theme's social cards and structured data (issue 43, point 5): `og:image` (the
/// page's `image`, else its first image, else the site's), the Twitter card, the article's times
/// and JSON-LD that stays valid JSON whatever its title holds.
@Suite struct SocialCardCommandTests {
    static let hostile = #"Quotes " and \ and </script><script>alert(1)</script> & <!-- too"#

    static let files = [
        "content/posts/cover.md": "---\ntitle: Cover\ndate: 2026-03-01T10:00:00+01:00\nlastmod: 2026-03-02\nimage: cover.jpg\nauthor: Ada\n---\n![first](first.png)\n",
        "content/posts/first.md": "---\ntitle: First\ndate: 2026-03-03\nauthors: [Ada, Grace]\n---\nText.\n\n![A chart](/img/chart.png)\n",
        "content/posts/plain.md": "---\ntitle: Plain\ndate: 2026-03-04\n---\nNo picture.\n",
        "content/posts/hostile.md": "---\ntitle: '\(hostile.replacingOccurrences(of: "'", with: "''"))'\ndate: 2026-03-05\n---\nText.\n",
        "content/about.md": "---\ntitle: About\nimage: https://cdn.example.org/me.jpg\n---\nMe.\n",
        "content/bad.md": "---\ntitle: Bad\nimage: \"javascript:alert(1)\"\n---\nBad.\n",
    ]

    /// The content of the `<meta>` of that property or name, when the page has one.
    static func meta(_ html: String, _ name: String) -> String? {
        let pattern = try! Regex(#"<meta (?:property|name)="\#(NSRegularExpression.escapedPattern(for: name))" content="([^"]*)">"#)
        return html.firstMatch(of: pattern).map { String($0.output[1].substring ?? "") }
    }

    /// The JSON-LD object of a page, parsed.
    static func jsonLD(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: #"<script type="application/ld+json">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let object = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try #require(object as? [String: Any])
    }

    @Test func pagesGetSocialCardsAndStructuredData() throws {
        let site = try TestSite(Self.files, configuration: "[params]\nimage = \"/img/site.png\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let cover = try #require(site.read("_site/posts/cover/index.html"))
        // Its front matter's image, beside it; a large card; both times.
        #expect(Self.meta(cover, "og:image") == "https://t.example/posts/cover/cover.jpg")
        #expect(Self.meta(cover, "twitter:card") == "summary_large_image")
        #expect(Self.meta(cover, "article:published_time") == "2026-03-01T10:00:00+01:00")
        #expect(Self.meta(cover, "article:modified_time") == "2026-03-02")
        let article = try Self.jsonLD(cover)
        #expect(article["@type"] as? String == "BlogPosting" && article["headline"] as? String == "Cover")
        #expect(article["image"] as? String == "https://t.example/posts/cover/cover.jpg" && article["dateModified"] as? String == "2026-03-02")
        #expect((article["author"] as? [[String: String]])?.map { $0["name"] } == ["Ada"])
        // No image in front matter: its first one; none at all: the site's.
        let first = try #require(site.read("_site/posts/first/index.html"))
        #expect(Self.meta(first, "og:image") == "https://t.example/img/chart.png")
        #expect((try Self.jsonLD(first)["author"] as? [[String: String]])?.map { $0["name"] } == ["Ada", "Grace"])
        #expect(Self.meta(site.read("_site/posts/plain/index.html") ?? "", "og:image") == "https://t.example/img/site.png")
        // A URL is used as it is; a javascript: one never, and a page without a date is no article.
        let about = try #require(site.read("_site/about/index.html"))
        #expect(Self.meta(about, "og:image") == "https://cdn.example.org/me.jpg")
        #expect(!about.contains("application/ld+json") && Self.meta(about, "article:published_time") == nil)
        #expect(Self.meta(site.read("_site/bad/index.html") ?? "", "og:image") == "https://t.example/img/site.png")
        // Whatever a title holds, the JSON-LD is JSON with that title, and the script element ends
        // where it should.
        let hostile = try #require(site.read("_site/posts/hostile/index.html"))
        #expect(try Self.jsonLD(hostile)["headline"] as? String == Self.hostile)
        #expect(!hostile.contains("<script>alert(1)"), "the title cannot end the script element")
    }

    /// Without an image anywhere: a small card, and no og:image.
    @Test func withoutAnImageTheCardIsSmall() throws {
        let site = try TestSite(["content/posts/plain.md": "---\ntitle: Plain\ndate: 2026-03-04\n---\nNo picture.\n"])
        #expect(try site.runway("build", site.root).status == 0)
        let page = try #require(site.read("_site/posts/plain/index.html"))
        #expect(Self.meta(page, "twitter:card") == "summary" && Self.meta(page, "og:image") == nil)
    }
}
