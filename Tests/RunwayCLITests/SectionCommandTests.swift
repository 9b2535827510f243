import Foundation
import Testing

/// Issue 15, point 3: a section's `_index.md` gives its list a title and an introduction and the
/// list stays; pages are ordered by weight, then date; `page.previous` and `page.next`.
@Suite struct SectionCommandTests {
    static let book = [
        "content/book/_index.md": "---\ntitle: The Book\n---\nAn introduction to [chapter two](two.md).\n",
        "content/book/one.md": "---\nweight: 1\n---\n# One\n\nFirst.\n",
        "content/book/two.md": "---\nweight: 2\n---\n# Two\n\nSecond.\n",
        "content/book/three.md": "---\nweight: 3\n---\n# Three\n\nThird.\n",
        "content/book/appendix.md": "---\ndate: 2026-01-01\n---\n# Appendix\n\nLast, having no weight.\n",
    ]

    @Test func anIndexIntroducesItsListAndPagesGoByWeight() throws {
        let site = try TestSite(Self.book)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stdout.contains("built 4 pages"), "the index is no page: \(build.stdout) \(build.stderr)")
        let list = try #require(site.read("_site/book/index.html"))
        #expect(list.contains("<h1>The Book</h1>\n<p>An introduction to <a href=\"/book/two/\">chapter two</a>.</p>"), "\(list)")
        let items = try #require(list.components(separatedBy: "<ul class=\"list\">").last)
        let order = ["/book/one/", "/book/two/", "/book/three/", "/book/appendix/"].map { items.range(of: "<a href=\"\($0)\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "weight order, then the unweighted")
        #expect(!site.exists("_site/book/_index"), "no page of its own")
        let two = try #require(site.read("_site/book/two/index.html"))
        #expect(two.contains(#"<a class="previous" rel="prev" href="/book/one/"><span>Previous</span> One</a>"#))
        #expect(two.contains(#"<a class="next" rel="next" href="/book/three/"><span>Next</span> Three</a>"#))
        let one = try #require(site.read("_site/book/one/index.html"))
        #expect(!one.contains("rel=\"prev\"") && one.contains(#"rel="next" href="/book/two/""#))
    }

    /// A new weight reorders the section: the neighbors change and are written again, and the tree
    /// is a clean build's.
    @Test func aNewWeightRedoesTheNeighborsAsACleanBuildWould() throws {
        let site = try TestSite(Self.book)
        #expect(try site.runway("build", site.root).status == 0)
        try site.write("---\nweight: 0\n---\n# Three\n\nThird, now first.\n", to: "content/book/three.md")
        let rebuild = try site.runway("build", site.root)
        #expect(rebuild.status == 0)
        #expect(site.read("_site/book/one/index.html")?.contains(#"rel="prev" href="/book/three/""#) == true)
        let clean = try TestSite(Self.book.merging(["content/book/three.md": "---\nweight: 0\n---\n# Three\n\nThird, now first.\n"]) { $1 })
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }

    @Test func aWeightThatIsNotANumberIsALocatedError() throws {
        let site = try TestSite(["content/book/one.md": "---\ntitle: One\nweight: first\n---\nText.\n"])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(site.root)/content/book/one.md:3:1: error: 'weight' must be a whole number"), "\(check.stderr)")
    }

    /// A section's list lists the sections inside it among its pages, by weight, then by their
    /// newest page (a subsection of a subsection counts), with their `_index.md`'s title and
    /// summary, paginated with the pages; a page that moves a subsection's date reorders its
    /// parent's list as a clean build orders it.
    static let nested = [
        "content/posts/p1.md": "---\ndate: 2026-01-01\n---\n# Post 1\n\nOne.\n",
        "content/posts/p2.md": "---\ndate: 2026-01-02\n---\n# Post 2\n\nTwo.\n",
        "content/posts/guides/_index.md": "---\ntitle: Guides\ndescription: How to do things.\n---\nAll the guides.\n",
        "content/posts/guides/deep/a.md": "---\ndate: 2026-03-01\n---\n# Guide A\n\nA.\n",
        "content/posts/notes/n.md": "---\ndate: 2025-05-01\n---\n# Old note\n\nN.\n",
    ]

    static func items(_ html: String?) -> [String] {
        let list = html?.components(separatedBy: "<ul class=\"list\">").dropFirst().first?.components(separatedBy: "</ul>").first ?? ""
        return list.matches(of: /<li><a href="([^"]+)"/).map { String($0.1) }
    }

    @Test func aSectionListsTheSectionsInsideIt() throws {
        let site = try TestSite(Self.nested, configuration: "paginate = 3\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(Self.items(site.read("_site/posts/index.html")) == ["/posts/guides/", "/posts/p2/", "/posts/p1/"])
        #expect(Self.items(site.read("_site/posts/page/2/index.html")) == ["/posts/notes/"])
        #expect(Self.items(site.read("_site/posts/guides/index.html")) == ["/posts/guides/deep/"])
        let first = try #require(site.read("_site/posts/index.html"))
        #expect(first.contains(#"<li><a href="/posts/guides/">Guides</a> <time datetime="2026-03-01">March 1, 2026</time><div class="summary"><p>How to do things.</p>\#n</div></li>"#),
                "its title, its newest page's date, its summary, no reading time: \(first)")
        #expect(site.read("_site/posts/page/2/index.html")?.contains(#"<li><a href="/posts/notes/">Notes</a> <time datetime="2025-05-01">"#) == true)

        let moved = "---\ndate: 2025-01-01\n---\n# Guide A\n\nA, older now.\n"
        try site.write(moved, to: "content/posts/guides/deep/a.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(Self.items(site.read("_site/posts/index.html")) == ["/posts/p2/", "/posts/p1/", "/posts/notes/"])
        let clean = try TestSite(Self.nested.merging(["content/posts/guides/deep/a.md": moved]) { $1 }, configuration: "paginate = 3\n")
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }
}
