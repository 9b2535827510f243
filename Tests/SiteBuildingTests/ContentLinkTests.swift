import Foundation
@testable import SiteBuilding
import SiteContent
import Testing
import RunwayTestSupport

/// Issue 15, point 7: links to content files (`../b.md#part`) become their pages' URLs.
@Suite struct ContentLinkTests {
    @Test(arguments: [
        ("b.md", "content/posts/b.md", ""),
        ("./b.md#part", "content/posts/b.md", "#part"),
        ("../guide/setup.md?x=1#y", "content/guide/setup.md", "?x=1#y"),
        ("/guide/setup.md", "content/guide/setup.md", ""),
        ("sub%20dir/c.MD", "content/posts/sub dir/c.MD", ""),
    ])
    func aRelativeMarkdownPathNamesAContentFile(_ destination: String, _ file: String, _ suffix: String) throws {
        let target = try #require(ContentLinks.target(of: destination, from: "content/posts/a.md"))
        #expect(target.file == file && target.suffix == suffix)
    }

    @Test(arguments: ["https://example.org/b.md", "//cdn.example/b.md", "mailto:b.md", "../../b.md", "b.mdx", "b.html", "#b.md", "notes.md.txt"])
    func otherDestinationsAreNotContentLinks(_ destination: String) {
        #expect(ContentLinks.target(of: destination, from: "content/posts/a.md") == nil)
    }

    /// A link's page changes URL (a new slug): the linking page is rendered again, and the
    /// rebuild's tree is a full build's.
    @Test func aRenamedTargetRedoesThePagesThatLinkToIt() throws {
        let root = try IncrementalBuildTests.blog()
        try "---\ntitle: Guide\n---\nThe guide.\n".write(toFile: root + "/content/guide.md", atomically: true, encoding: .utf8)
        try IncrementalBuildTests.post(root, "a", title: "A", date: "2026-01-01", tag: "swift", body: "Read [the guide](../guide.md#top).")
        #expect(SiteBuild(site: root).run().succeeded)
        #expect(try String(contentsOfFile: root + "/_site/posts/a/index.html", encoding: .utf8).contains(#"<a href="/guide/#top">the guide</a>"#))
        try "---\ntitle: Guide\nslug: handbook\n---\nThe guide.\n".write(toFile: root + "/content/guide.md", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(report.written.contains("posts/a/index.html"))
        #expect(try String(contentsOfFile: root + "/_site/posts/a/index.html", encoding: .utf8).contains(#"<a href="/handbook/#top">the guide</a>"#))
        #expect(FileTree.read(root + "/_site") == IncrementalBuildTests.fullBuild(root))
    }
}
