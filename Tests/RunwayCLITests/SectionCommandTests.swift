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
}
