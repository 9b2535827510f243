import Foundation
import Testing

/// `llms.txt` and pages' Markdown twins (issue 43, point 7): text for machines, written from the
/// runs, for the same pages as the sitemap.
@Suite struct MachineTextCommandTests {
    static let files = [
        "content/index.md": "---\ntitle: Home\n---\n# Home\n\nWelcome.\n",
        "content/about.md": "---\ntitle: About [us]\nsummary: Who we are.\n---\nWe write ^[carefully](customColor: 'danger').\n\n{{< youtube x >}}\n",
        "content/posts/a.md": "---\ntitle: A post\ndate: 2026-01-02\ntags: [x]\n---\nIt has *emphasis*, a [link](../about.md) and code:\n\n```swift\nlet a = 1\n```\n",
        "content/posts/moved.md": "---\ntitle: Moved\nredirect_to: https://elsewhere.example/\n---\n",
        "content/posts/draft.md": "---\ntitle: Draft\ndraft: true\n---\nNot yet.\n",
    ]
    static let configuration = "[params]\ndescription = \"Notes on\\nattributed text\"\n[outputs]\nmarkdown = true\n"

    @Test func llmsTextAndTwinsListThePagesOfTheSitemap() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let llms = try #require(site.read("_site/llms.txt"))
        #expect(llms.hasPrefix("# T\n\n> Notes on attributed text\n\n## Pages\n\n"), "\(llms)")
        #expect(llms.contains("- [About \\[us\\]](https://t.example/about/index.md): Who we are.\n"))
        #expect(llms.contains("## Posts\n\n- [A post](https://t.example/posts/a/index.md): It has emphasis, a link and code:\n"))
        #expect(!llms.contains("Moved") && !llms.contains("Draft"))
        // A twin is written from the runs: the title as a heading, no front matter, an attribute
        // span as its text, the link as the page's URL, the code fenced.
        let about = try #require(site.read("_site/about/index.md"))
        #expect(about.hasPrefix("# About \\[us\\]\n\nWe write carefully.\n"), "\(about)")
        #expect(!about.contains("---") && !about.contains("customColor"))
        let post = try #require(site.read("_site/posts/a/index.md"))
        #expect(post.contains("It has *emphasis*, a [link](/about/) and code:\n\n```swift\nlet a = 1\n```\n"), "\(post)")
        #expect(site.read("_site/index.md")?.hasPrefix("# Home\n\nWelcome.\n") == true, "a text that begins with its title keeps one")
        // The same pages as the sitemap: every page's URL there has a twin, the lists none.
        let sitemap = try #require(site.read("_site/sitemap.xml"))
        let urls = sitemap.matches(of: /<loc>https:\/\/t\.example([^<]*)<\/loc>/).map { String($0.output.1) }
        let twins = Set(site.tree("_site").keys.filter { $0.hasSuffix(".md") }.map { "/" + $0.dropLast("index.md".count) })
        #expect(twins == ["/", "/about/", "/posts/a/"])
        #expect(twins.isSubset(of: Set(urls)) && Set(urls).subtracting(twins) == ["/posts/", "/tags/", "/tags/x/"], "\(urls)")
        // …and as the feed: a page that sends its readers elsewhere is in none of them.
        let feed = try #require(site.read("_site/atom.xml"))
        #expect(feed.contains("https://t.example/posts/a/") && !feed.contains("moved"), "\(feed)")
    }

    /// A changed page changes its twin; the rebuild equals a clean build; without `[outputs]
    /// markdown`, llms.txt links the pages.
    @Test func twinsFollowTheirPages() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        #expect(try site.runway("build", site.root).status == 0)
        try site.write("---\ntitle: A post\ndate: 2026-01-02\ntags: [x]\n---\nNow **strong**.\n", to: "content/posts/a.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/posts/a/index.md") == "# A post\n\nNow **strong**.\n")
        let clean = try TestSite(Self.files.merging(["content/posts/a.md": "---\ntitle: A post\ndate: 2026-01-02\ntags: [x]\n---\nNow **strong**.\n"]) { _, new in new },
                                 configuration: Self.configuration)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))

        let plain = try TestSite(Self.files)
        #expect(try plain.runway("build", plain.root).status == 0)
        #expect(plain.read("_site/llms.txt")?.contains("- [A post](https://t.example/posts/a/)") == true)
        #expect(!plain.exists("_site/posts/a/index.md"))
    }
}
