import Foundation
import Testing

/// Issue 15, point 4: `[taxonomies]` (`tags` by default, others such as `categories` or
/// `series`): a page per term, a list of each taxonomy's terms, a feed per term; the default
/// theme links a page's tags.
@Suite struct TaxonomyCommandTests {
    static let pages = [
        "content/a.md": "---\ntitle: A\ndate: 2026-01-01\ntags: [Swift]\ncategories: [Guides, Notes]\nseries: Runway basics\n---\nA.\n",
        "content/b.md": "---\ntitle: B\ndate: 2026-01-02\ncategories: [Guides]\n---\nB.\n",
    ]

    @Test func eachTaxonomyHasItsTermsListsAndFeeds() throws {
        let site = try TestSite(Self.pages, configuration: "[taxonomies]\ntag = \"tags\"\ncategory = \"categories\"\nseries = \"series\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let guides = try #require(site.read("_site/categories/guides/index.html"))
        #expect(guides.contains("<h1>Categories: Guides</h1>") && guides.contains(#"href="/a/""#) && guides.contains(#"href="/b/""#))
        #expect(site.read("_site/categories/index.html")?.contains(#"<a href="/categories/guides/">Guides (2)</a>"#) == true)
        #expect(site.read("_site/series/runway-basics/index.html")?.contains("<h1>Series: Runway basics</h1>") == true, "a single term")
        #expect(site.exists("_site/categories/notes/atom.xml") && site.exists("_site/tags/swift/atom.xml"))
        #expect(site.read("_site/a/index.html")?.contains(#"<a class="tag" href="/tags/swift/" rel="tag">Swift</a>"#) == true)
    }

    @Test func withoutTheTableTagsAloneAreATaxonomy() throws {
        let site = try TestSite(Self.pages)
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.exists("_site/tags/swift/index.html") && !site.exists("_site/categories"))
    }

    /// The table adds to tags: one that leaves `tag` out keeps them (a page's tags were dropped and
    /// the default theme showed an empty "Tags:").
    @Test func aTableWithoutTagKeepsTags() throws {
        let site = try TestSite(Self.pages, configuration: "[taxonomies]\ncategory = \"categories\"\n")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.exists("_site/tags/swift/index.html") && site.exists("_site/categories/guides/index.html"))
        #expect(site.read("_site/a/index.html")?.contains(#"<a class="tag" href="/tags/swift/" rel="tag">Swift</a>"#) == true)
    }

    /// Names one slug stands for are one term: a page naming both is in its list once, counted once.
    @Test func namesOfOneSlugAreOneTerm() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ntags: [Swift Lang, swift lang]\n---\nA.\n",
                                 "content/b.md": "---\ntitle: B\ntags: [swift lang]\n---\nB.\n"])
        #expect(try site.runway("build", site.root).status == 0)
        let list = try #require(site.read("_site/tags/swift-lang/index.html"))
        #expect(list.components(separatedBy: #"href="/a/""#).count == 2, "A once: \(list)")
        #expect(site.read("_site/tags/index.html")?.contains("/tags/swift-lang/\">swift lang (2)</a>") == true)
        #expect(site.read("_site/a/index.html")?.components(separatedBy: #"href="/tags/swift-lang/""#).count == 2, "A links the term once")
    }

    @Test func aBadTaxonomyIsLocated() throws {
        let site = try TestSite(["content/a.md": "# A\n"], configuration: "[taxonomies]\ntag = \"Tags Here\"\n")
        let check = try site.runway("check", site.root)
        #expect(check.status == 1 && check.stderr.contains("\(site.root)/runway.toml:4:1: error: taxonomy 'tag' must name its plural"), "\(check.stderr)")
    }

    /// A term typed in either Unicode form (café with é, or e and a combining accent) is one
    /// term, with one folder its pages link to; a custom taxonomy takes numbers as tags do, and
    /// any other value is an error at its key. Before, the two forms shared a folder only one of
    /// them linked to, and `years: [2025]` or `[true]` were dropped silently.
    @Test func termsAreOneUnicodeFormAndWords() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ntags: [\"caf\u{E9}\"]\nyears: [2025]\n---\nA.\n",
                                 "content/b.md": "---\ntitle: B\ntags: [\"cafe\u{301}\"]\nyears: 2024\n---\nB.\n"],
                                configuration: "[taxonomies]\ntag = \"tags\"\nyear = \"years\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let tags = try FileManager.default.contentsOfDirectory(atPath: site.root + "/_site/tags").filter { $0 != "index.html" }
        #expect(tags.map { Array($0.utf8) } == [Array("caf\u{E9}".utf8)], "one folder, in NFC: \(tags)")
        for page in ["a", "b"] {
            #expect(site.read("_site/\(page)/index.html")?.contains("href=\"/tags/caf%C3%A9/\"") == true, "\(page)")
        }
        #expect(site.exists("_site/years/2025/index.html") && site.exists("_site/years/2024/index.html"))
        try site.write("---\ntitle: C\nyears: [true, 3.5]\n---\nC.\n", to: "content/c.md")
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr.hasPrefix("\(site.root)/content/c.md:3:1: error: 'years' must be a list of words such as [swift, markdown]"), "\(check.stderr)")
    }

    /// Issue 39, point 9: `C++`, `C#` and `C` were one term, `/tags/c/`, named after whichever came
    /// first (a warning said so). Now `+` and `#` after a letter are spelled, so each has its own
    /// list; terms that differ in case only are one term, silently; in separators only (`open
    /// source`, `open-source`), one term with a warning; other terms that would share a URL (`a.b`,
    /// `a b`) are an error naming both, at the tags of the page that writes the second.
    @Test func termsThatWouldShareAURL() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ntags: [C++, Swift]\n---\nA.\n",
                                 "content/b.md": "---\ntitle: B\ntags: [C#, swift, C]\n---\nB.\n",
                                 "content/c.md": "---\ntitle: C\ntags: [c#, open source]\n---\nC.\n",
                                 "content/d.md": "---\ntitle: D\ntags: [open-source, a.b]\n---\nD.\n",
                                 "content/e.md": "---\ntitle: E\ntags: [a b]\n---\nE.\n"])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr == "\(site.root)/content/d.md:3:1: warning: the tags term \"open-source\" is \"open source\" written another way "
                + "(tags/open-source/): one list shows both, as \"open source\"; write them alike\n"
                + "\(site.root)/content/e.md:3:1: error: the tags term \"a b\" would have the URL of \"a.b\" (tags/a-b/), and one list would show "
                + "both under one name: rename one of them (a term's URL keeps its letters and digits, with + as plus and # as sharp)\n"
                + "checked 5 pages: 1 error, 1 warning\n", "\(check.stderr)")
        try site.write("---\ntitle: E\ntags: [a-b-c]\n---\nE.\n", to: "content/e.md")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        for (slug, pages) in [("c", ["B"]), ("c-plus-plus", ["A"]), ("c-sharp", ["B", "C"]), ("swift", ["A", "B"]), ("open-source", ["C", "D"])] {
            let list = try #require(site.read("_site/tags/\(slug)/index.html"), "\(slug)")
            for title in ["A", "B", "C", "D"] { #expect(list.contains(">\(title)</a>") == pages.contains(title), "\(slug): \(title)") }
        }
        #expect(site.read("_site/a/index.html")?.contains("href=\"/tags/c-plus-plus/\"") == true)
        #expect(site.read("_site/b/index.html")?.contains("href=\"/tags/c-sharp/\"") == true)
    }

    /// An empty term, in tags or in a custom taxonomy, is an error at its key: before, `tags: [""]`
    /// made a tag link without text to a list of no name.
    @Test(arguments: [("tags: [\"\", swift]", "'tags' has an empty tag: each must be a word such as swift"),
                      ("tags: \"  \"", "'tags' has an empty tag: each must be a word such as swift"),
                      ("years: [2025, \" \"]", "'years' has an empty term: each must be a word such as swift"),
                      ("years: \"\"", "'years' has an empty term: each must be a word such as swift")])
    func anEmptyTermIsAnError(line: String, message: String) throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n\(line)\n---\nA.\n"], configuration: "[taxonomies]\ntag = \"tags\"\nyear = \"years\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 1 && build.stderr.hasPrefix("\(site.root)/content/a.md:3:1: error: \(message)\n"), "\(build.stderr)")
        #expect(!site.exists("_site"))
    }

    /// Any page's template may list a term's pages (`taxonomies.categories.guides`, Hugo's
    /// `.Site.Taxonomies`, Jekyll's `site.categories`) and a section's (`sections.posts`), newest
    /// first as `pages`; a page that joins a term redoes the pages that show it, as a clean build would.
    @Test func anyTemplateListsATermsAndASectionsPages() throws {
        let files = Self.pages.merging([
            "content/posts/c.md": "---\ntitle: C\ndate: 2026-01-03\n---\nC.\n",
            "content/posts/2025/d.md": "---\ntitle: D\ndate: 2025-06-01\n---\nD.\n",
            "content/index.md": "---\ntitle: Home\nlayout: overview.html\n---\n",
            "templates/overview.html": "G:{{#taxonomies.categories.Guides}}{{title}};{{/taxonomies.categories.Guides}}"
                + " N:{{#taxonomies.categories.Notes}}{{title}};{{/taxonomies.categories.Notes}}"
                + " P:{{#sections.posts}}{{title}} {{url}};{{/sections.posts}} X:{{#taxonomies.categories.None}}x{{/taxonomies.categories.None}}\n",
        ]) { $1 }
        let configuration = "[taxonomies]\ncategory = \"categories\"\n"
        let site = try TestSite(files, configuration: configuration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(site.read("_site/index.html") == "G:B;A; N:A; P:C /posts/c/;D /posts/2025/d/; X:\n")
        let joined = "---\ntitle: C\ndate: 2026-01-03\ncategories: [Notes]\n---\nC.\n"
        try site.write(joined, to: "content/posts/c.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/index.html") == "G:B;A; N:C;A; P:C /posts/c/;D /posts/2025/d/; X:\n", "C joined Notes")
        let clean = try TestSite(files.merging(["content/posts/c.md": joined]) { $1 }, configuration: configuration)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }
}
