import Foundation
import Testing

/// `page.related` and `[related]` (issue 43, point 6): the pages that share the most of a page's
/// terms, weighed per taxonomy, the newest first among equals; the default theme lists them.
@Suite struct RelatedPagesCommandTests {
    static let configuration = """
        [taxonomies]
        tag = "tags"
        category = "categories"
        [languages.fr]
        name = "Français"
        [related]
        limit = 3
        [related.weights]
        categories = 3

        """

    static let files = [
        "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-05\ntags: [x, y]\ncategories: [c]\n---\nA.\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-04\ntags: [x]\n---\nB.\n",
        "content/posts/c.md": "---\ntitle: C\ndate: 2026-01-03\ntags: [X, y]\n---\nC.\n",
        "content/posts/d.md": "---\ntitle: D\ndate: 2026-01-02\ncategories: [c]\n---\nD.\n",
        "content/posts/e.md": "---\ntitle: E\ndate: 2026-01-06\ntags: [x]\n---\nE.\n",
        "content/posts/f.md": "---\ntitle: F\ndate: 2026-01-01\ntags: [z]\n---\nF.\n",
        "content/posts/a.fr.md": "---\ntitle: A fr\ndate: 2026-01-05\ntags: [x]\n---\nA.\n",
    ]

    /// The titles the default theme lists as related on a page.
    static func related(_ html: String?) -> [String] {
        guard let html, let start = html.range(of: #"<aside class="related""#), let end = html.range(of: "</aside>", range: start.upperBound..<html.endIndex)
        else { return [] }
        return html[start.upperBound..<end.lowerBound].matches(of: /<li><a href="[^"]*">([^<]*)<\/a><\/li>/).map { String($0.output.1) }
    }

    @Test func relatedPagesShareTheMostTerms() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        // A shares its category with D (3), two tags with C (X is x), one with B and E: of B and E
        // the newer first; three at most; not itself, nor its French version (another language).
        #expect(Self.related(site.read("_site/posts/a/index.html")) == ["D", "C", "E"])
        #expect(Self.related(site.read("_site/posts/b/index.html")) == ["E", "A", "C"], "one tag each: newest first")
        #expect(Self.related(site.read("_site/posts/f/index.html")) == [], "nothing shared: no list")
        #expect(site.read("_site/posts/f/index.html")?.contains("class=\"related\"") == false)
        #expect(site.read("_site/posts/a/index.html")?.contains(#"<h2 id="related-pages">Related pages</h2>"#) == true)
        #expect(Self.related(site.read("_site/fr/posts/a/index.html")) == [], "the French page has no French page to share with")
    }

    /// A page's related list follows the other pages' terms: a rebuild after one changes equals a
    /// clean build, and renders the pages whose lists changed.
    @Test func aChangedTermChangesTheRelatedPagesOfOthers() throws {
        let site = try TestSite(Self.files, configuration: Self.configuration)
        #expect(try site.runway("build", site.root).status == 0)
        try site.write("---\ntitle: F\ndate: 2026-01-01\ntags: [x, y]\ncategories: [c]\n---\nF.\n", to: "content/posts/f.md")
        let rebuild = try site.runway("build", site.root)
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(Self.related(site.read("_site/posts/a/index.html")) == ["F", "D", "C"], "F shares all of A's terms now")
        let clean = try TestSite(Self.files.merging(["content/posts/f.md": "---\ntitle: F\ndate: 2026-01-01\ntags: [x, y]\ncategories: [c]\n---\nF.\n"]) { _, new in new },
                                 configuration: Self.configuration)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }

    @Test(arguments: [
        ("[related]\nlimit = 0\n", "runway.toml:4:1: error: 'limit' in [related] must be a whole number above 0"),
        ("[related]\nweights = 3\n", "runway.toml:4:1: error: 'weights' in [related] must be a table of taxonomies' weights"),
        ("[related.weights]\ntags = -1\n", "runway.toml:4:1: error: 'tags' in [related.weights] must be a number of 0 or more"),
        ("[related.weights]\nseries = 2\n", "runway.toml:4:1: warning: [related.weights] names 'series', which is not one of the site's taxonomies (tags)"),
    ])
    func badRelatedSettingsAreLocated(configuration: String, expected: String) throws {
        let site = try TestSite(["content/a.md": "# A\n"], configuration: configuration)
        let check = try site.runway("check", site.root)
        #expect(check.stderr.contains(expected), "\(check.stderr)")
        #expect(check.status == (expected.contains("error") ? 1 : 0))
    }
}
