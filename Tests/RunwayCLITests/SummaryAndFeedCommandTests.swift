import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Issue 15, points 2, 9 and 13: summaries and reading times on lists, feeds that carry text and
/// name an author, `[feeds]`, and `[markdown]` (raw HTML kept or left out with a warning, smart
/// punctuation).
@Suite struct SummaryAndFeedCommandTests {
    static let posts = [
        "content/posts/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\nFirst \"paragraph\" -- of a, with <b>bold</b>.\n\n<details>\n<summary>More</summary>\nHidden\n</details>\n\nLast.\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2026-11-02\nsummary: \"Given *here*\"\n---\nBody of b.\n",
        "content/posts/c.md": "---\ntitle: C\ndate: 2026-11-03\n---\nIntro of c.\n\n<!--more-->\n\nThe rest of c.\n",
    ]

    /// Every entry of an Atom feed, as the text of its `summary` or `content` element.
    static func entries(_ atom: String) throws -> [(title: String, text: String)] {
        let document = try XMLDocument(xmlString: atom)
        return try document.nodes(forXPath: "//*[local-name()='entry']").map { entry in
            let element = try #require(entry as? XMLElement)
            let title = element.elements(forName: "title").first?.stringValue ?? ""
            let text = (element.elements(forName: "summary") + element.elements(forName: "content")).first?.stringValue ?? ""
            return (title, text)
        }
    }

    @Test func feedsCarrySummariesAndNameTheAuthor() throws {
        let site = try TestSite(Self.posts)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let atom = try #require(site.read("_site/atom.xml"))
        // Without [author], the site's title is the feed's author: Atom needs one.
        #expect(atom.contains("<author><name>T</name></author>"))
        #expect(atom.contains(#"<link rel="self" href="https://t.example/atom.xml"/>"#))
        let entries = try Self.entries(atom)
        #expect(entries.map(\.title) == ["C", "B", "A"])
        #expect(entries.map(\.text) == ["<p>Intro of c.</p>\n", "<p>Given <em>here</em></p>\n",
                                        "<p>First &quot;paragraph&quot; -- of a, with <!-- raw HTML omitted -->bold<!-- raw HTML omitted -->.</p>\n"])
        #expect(site.read("_site/index.xml")?.contains("<description>&lt;p&gt;Intro of c.&lt;/p&gt;\n</description>") == true)
        // The section's own feed, linked from its list page.
        let section = try #require(site.read("_site/posts/atom.xml"))
        #expect(try Self.entries(section).map(\.title) == ["C", "B", "A"])
        #expect(section.contains("<title>T – Posts</title>") && section.contains(#"<link rel="self" href="https://t.example/posts/atom.xml"/>"#))
        #expect(site.read("_site/posts/index.html")?.contains(#"<link rel="alternate" type="application/atom+xml" title="Posts" href="/posts/atom.xml">"#) == true)
        // A section of undated pages has no feed (feeds hold dated pages: it was empty, updated
        // in 1970), and its page links to none.
        try site.write("# Install\n", to: "content/guide/install.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(!site.exists("_site/guide/atom.xml") && site.read("_site/guide/index.html")?.contains("guide/atom.xml") == false)
        // The list shows each summary and its reading time.
        let list = try #require(site.read("_site/posts/index.html"))
        #expect(list.contains(#"<a href="/posts/c/">C</a> <time datetime="2026-11-03">November 3, 2026</time><div class="summary"><p>Intro of c.</p>"#
            + "\n" + #"<p class="reading-time">1 min read</p></div>"#), "\(list)")
        #expect(list.contains(#"<div class="summary"><p>Given <em>here</em></p>"#))
        // The omitted raw HTML: a warning at each piece, for build and check.
        for result in [build, try site.runway("check", site.root)] {
            for expected in ["posts/a.md:5:33: warning: raw HTML left out: <b>", "posts/a.md:5:40: warning: raw HTML left out: </b>",
                             "posts/a.md:7:1: warning: raw HTML left out: <details>"] {
                #expect(result.stderr.contains(site.root + "/content/" + expected), "\(expected) in \(result.stderr)")
            }
            #expect(!result.stderr.contains("<!--more-->") && !result.stderr.contains("<summary>"), "a marker is no omission; a block is said once")
        }
    }

    @Test func settingsChangeFeedsAndMarkdown() throws {
        let site = try TestSite(Self.posts, configuration: """
            [author]
            name = "Ada Lovelace"
            email = "ada@example.org"
            [feeds]
            limit = 2
            full = true
            [markdown]
            unsafe = true
            smartPunctuation = true

            """)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        let atom = try #require(site.read("_site/atom.xml"))
        #expect(atom.contains("<author><name>Ada Lovelace</name><email>ada@example.org</email></author>"))
        let entries = try Self.entries(atom)
        #expect(entries.map(\.title) == ["C", "B"], "limit = 2")
        #expect(entries.first?.text.contains("The rest of c.") == true, "full = true: the whole page")
        #expect(atom.contains("<content type=\"html\">") && !atom.contains("<summary"))
        let page = try #require(site.read("_site/posts/a/index.html"))
        #expect(page.contains("<p>First “paragraph” – of a, with <b>bold</b>.</p>\n<details>\n<summary>More</summary>"), "\(page)")
        // The list's summary keeps the raw HTML the page keeps.
        let list = try #require(site.read("_site/posts/index.html"))
        #expect(list.contains("<p>First “paragraph” – of a, with <b>bold</b>.</p>") && !list.contains("raw HTML omitted"), "\(list)")
    }

    /// A summary written in the front matter is read as the body is: through the theme's
    /// definition, its alerts made callouts, its raw HTML's and attributes' problems said at its key.
    @Test func aSummaryWrittenInFrontMatterIsReadAsTheBodyIs() throws {
        let markdown = "For ^[experts](audience: 'expert') and ^[nobody](audience: 'nobody'), <b>bold</b>.\n\n> [!NOTE]\n> Read this first.\n"
        let site = try TestSite([
            // The same Markdown, as the front matter's summary and cut from the body.
            "content/posts/written.md": "---\ntitle: Written\ndate: 2026-11-02\nsummary: |\n"
                + markdown.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n---\nThe body.\n",
            "content/posts/cut.md": "---\ntitle: Cut\ndate: 2026-11-01\n---\n" + markdown + "\n<!--more-->\n\nThe rest.\n",
        ], configuration: "[attributes.audience]\ntype = \"string\"\nvalues = [\"beginner\", \"expert\"]\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let list = try #require(site.read("_site/posts/index.html"))
        func summary(of title: String) -> String? {
            list.components(separatedBy: ">\(title)</a>").dropFirst().first?.components(separatedBy: "<div class=\"summary\">").dropFirst().first?
                .components(separatedBy: "<p class=\"reading-time\">").first
        }
        let written = try #require(summary(of: "Written")), cut = try #require(summary(of: "Cut"))
        #expect(written == cut, "the front matter's summary as the body's: \(written) against \(cut)")
        #expect(written.contains(#"<blockquote class="rw-callout rw-callout--note" data-callout="note">"#) && !written.contains("[!NOTE]"), "\(written)")
        #expect(site.read("_site/posts/written/index.html")?.contains(#"<meta name="description" content="For experts and nobody, bold. Read this first.">"#) == true)
        for result in [build, try site.runway("check", site.root)] {
            for expected in [#"written.md:4:1: warning: in its summary: attribute 'audience' is "nobody" but must be one of 'beginner', 'expert'"#,
                             "written.md:4:1: warning: in its summary: raw HTML left out: <b>",
                             #"cut.md:5:40: warning: attribute 'audience' is "nobody""#] {
                #expect(result.stderr.contains(site.root + "/content/posts/" + expected), "\(expected) in \(result.stderr)")
            }
        }
    }

    @Test(arguments: [
        ("[feeds]\nlimit = 0\n", "runway.toml:4:1: error: 'limit' in [feeds] must be a whole number above 0"),
        ("[markdown]\nunsafe = \"yes\"\n", "runway.toml:4:1: error: 'unsafe' in [markdown] must be true or false"),
        ("[markdown]\nhighlightCode = \"no\"\n", "runway.toml:4:1: error: 'highlightCode' in [markdown] must be true or false"),
        ("[markdown]\nsmart = true\n", "runway.toml:4:1: warning: unknown setting 'smart' in [markdown] (known: unsafe, smartPunctuation, highlightCode, emoji, math)"),
        ("[author]\nemail = \"a@b.c\"\n", "runway.toml:3:1: error: [author] must give a 'name'"),
        ("feeds = 3\n", "runway.toml:3:1: error: 'feeds' must be a table ([feeds])"),
        ("theme = \"nope\"\n", "runway.toml:3:1: error: no theme named 'nope'"),
    ])
    func badSettingsAreLocated(_ configuration: String, _ expected: String) throws {
        let site = try TestSite(["content/a.md": "# A\n"], configuration: configuration)
        let check = try site.runway("check", site.root)
        #expect(check.stderr.contains(site.root + "/" + expected), "\(check.stderr)")
        #expect(check.status == (expected.contains("error") ? 1 : 0))
    }

    /// `baseURL` starts every canonical URL, feed and sitemap entry: one that is no site's address
    /// is an error at its key; an address with or without a path, or a path alone, is one.
    @Test(arguments: [
        ("example.org", "it needs http:// or https:// and a host (or is a path alone, such as /)"),
        ("ftp://example.org/", "it needs http:// or https:// and a host"),
        ("https://example.org/?q=1", "it cannot have a query (?) or a fragment (#)"),
        ("https://example.org/a b/", "a space must be written %20"),
        ("https://example.org", nil), ("https://example.org/blog/", nil), ("/", nil),
    ] as [(String, String?)])
    func aBaseURLThatIsNoSiteAddressIsAnError(_ baseURL: String, _ problem: String?) throws {
        let site = try TestSite(["content/a.md": "# A\n"])
        try site.write("title = \"T\"\nbaseURL = \"\(baseURL)\"\n", to: "runway.toml")
        let check = try site.runway("check", site.root)
        if let problem {
            #expect(check.status == 1)
            #expect(check.stderr.contains(site.root + "/runway.toml:2:1: error: 'baseURL' must be the site's address") && check.stderr.contains(problem),
                    "\(check.stderr)")
        } else {
            #expect(check.status == 0 && !check.stderr.contains("baseURL"), "\(check.stderr)")
        }
    }

    /// A summary is shown on other pages: its links and images written relative to its page are
    /// made relative to the site's root (a fragment, a query, `..` too), in lists and feeds, and
    /// content links and other sites' are left to their own rewriting. Before, a bundle's
    /// `![photo](photo.jpg)` showed a missing image on the section's list and in the feeds.
    @Test func aSummarysRelativeLinksWorkOnOtherPages() throws {
        let site = try TestSite([
            "content/posts/trip/index.md": "---\ntitle: Trip\ndate: 2026-01-02\n---\n![photo](photo.png) [b](../b/#x) [top](#part) [md](../b.md) [ext](https://x.org/a)\n\n## Part\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-01\n---\nB.\n",
        ])
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0, 0, 0, 0, 0])
            .write(to: URL(fileURLWithPath: site.root + "/content/posts/trip/photo.png"))
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let expected = "<img src=\"/posts/trip/photo.png\" alt=\"photo\" width=\"4\" height=\"3\" loading=\"lazy\" /> <a href=\"/posts/b/#x\">b</a> "
            + "<a href=\"/posts/trip/#part\">top</a> <a href=\"/posts/b/\">md</a> <a href=\"https://x.org/a\">ext</a>"
        #expect(site.read("_site/posts/index.html")?.contains(expected) == true, "\(site.read("_site/posts/index.html") ?? "")")
        let escaped = expected.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        #expect(site.read("_site/atom.xml")?.contains(escaped) == true, "\(site.read("_site/atom.xml") ?? "")")
        #expect(site.read("_site/posts/trip/index.html")?.contains("<img src=\"photo.png\"") == true, "the page itself keeps its own")
        // Whole pages in the feeds too (they kept `photo.png`, which a reader resolves against the
        // feed: /photo.png); the fragment leads to the page's heading.
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/\"\n[feeds]\nfull = true\n", to: "runway.toml")
        #expect(try site.runway("build", site.root).status == 0)
        let atom = try #require(site.read("_site/atom.xml"))
        let full = try #require(try Self.entries(atom).first { $0.title == "Trip" }?.text)
        #expect(full.contains("<img src=\"/posts/trip/photo.png\" alt=\"photo\"") && full.contains("<a href=\"/posts/b/#x\">b</a>")
                && full.contains("<a href=\"/posts/trip/#part\">top</a>") && full.contains("<a href=\"https://x.org/a\">ext</a>"), "\(full)")
        #expect(site.read("_site/index.xml")?.contains("&lt;img src=&quot;/posts/trip/photo.png&quot;") == true)
    }

    /// A footnote reference in a summary leads to the footnote on its page and has no id: two
    /// summaries on a list page both had `id="fnref-1"` and a link to `#fn-1`, which the list has not.
    @Test func aSummarysFootnoteLeadsToItsPage() throws {
        let body = "First paragraph with a note.[^1]\n\n<!--more-->\n\nMore.\n\n[^1]: Note.\n"
        let site = try TestSite(["content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\n" + body,
                                 "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-02\n---\n" + body])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let list = try #require(site.read("_site/posts/index.html"))
        #expect(!list.contains("fnref-") && !list.contains("href=\"#fn-"), "\(list)")
        for page in ["a", "b"] {
            #expect(list.contains("note.<sup class=\"footnote-ref\"><a href=\"/posts/\(page)/#fn-1\" data-footnote-ref>1</a></sup>"), "\(list)")
            let html = try #require(site.read("_site/posts/\(page)/index.html"))
            #expect(html.contains("<a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a>") && html.contains("id=\"fn-1\""), "the page keeps its own")
        }
        #expect(site.read("_site/atom.xml")?.contains("href=&quot;/posts/a/#fn-1&quot;") == true)
    }

    /// Each feed says the language of its pages: RSS's `<language>`, Atom's `xml:lang` (readers
    /// use it to hyphenate, and to pick voices and fonts).
    @Test func feedsSayTheirLanguage() throws {
        let site = try TestSite(["content/posts/a.md": "---\ndate: 2026-01-01\n---\nA.\n",
                                 "content/posts/b.fr.md": "---\ndate: 2026-01-02\n---\nB.\n"],
                                configuration: "language = \"en\"\n[languages.en]\nname = \"English\"\n[languages.fr]\nname = \"Français\"\n")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/index.xml")?.contains("<description>T</description>\n<language>en</language>\n") == true)
        #expect(site.read("_site/fr/index.xml")?.contains("<language>fr</language>") == true)
        #expect(site.read("_site/atom.xml")?.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en\">") == true)
        #expect(site.read("_site/fr/posts/atom.xml")?.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"fr\">") == true)
    }
}
