import Foundation
import Testing

/// Issue 41, point 6: a component's template that renders Markdown (`markdownify`) writes that
/// Markdown's components as the page's are; a component that comes back to itself that way is a
/// located error at the page's call, not a crash or a silent span. A change to a component's
/// template rebuilds the pages that show it inside another's Markdown.
@Suite struct ComponentNestingCommandTests {
    static let declaration = """
        [components.box]
        description = "A box with a note in Markdown."
        [components.box.parameters]
        note = { type = "string", default = "" }
        [components.badge]
        description = "A badge, whose title is Markdown too."
        [components.badge.parameters]
        title = { type = "string", default = "" }

        """
    static let box = #"<aside class="box">{{{content}}}: {{{markdownify(params.note)}}}</aside>"#
    static let files = [
        "templates/page.html": "{{{page.content}}}",
        "templates/components/box.html": box,
        "templates/components/badge.html": #"<b class="badge">{{{content}}}</b>"#,
        "content/nested.md": "A line.\nSee ^[the box](box: {note: 'a ^[new](badge: {}) *note*'}) here.\n",
        "content/plain.md": "No component.\n",
    ]

    @Test func markdownInAComponentWritesItsComponents() throws {
        let site = try TestSite(Self.files, configuration: Self.declaration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        #expect(site.read("_site/nested/index.html")
                == "<p>A line.\nSee <aside class=\"box\">the box: <p>a <b class=\"badge\">new</b> <em>note</em></p>\n</aside> here.</p>\n")
    }

    /// Directly (a box whose note holds a box) or through another component (a box's badge whose
    /// title holds the box): an error at the call in the page, with the chain; nothing is written.
    @Test(arguments: [
        ("Intro.\n\nSee ^[outer](box: {note: 'again ^[inner](box: {note: \"x\"})'}).\n", "3:7", "box → box"),
        ("Intro.\nSee ^[outer](box: {note: 'a ^[b](badge: {title: \"^[c](box: {})\"})'}).\n", "2:7", "box → badge → box"),
    ])
    func aComponentThatCallsItselfIsALocatedError(_ page: String, _ position: String, _ chain: String) throws {
        var files = Self.files
        files["templates/components/badge.html"] = #"<b class="badge" title="{{markdownify(params.title)}}">{{{content}}}</b>"#
        files["content/loop.md"] = page
        let site = try TestSite(files, configuration: Self.declaration)
        let expected = "\(site.root)/content/loop.md:\(position): error: the component 'box' calls itself: its template renders Markdown "
            + "(markdownify) that uses it again (\(chain))"
        for command in ["build", "check"] {
            let run = try site.runway(command, site.root)
            #expect(run.status == 1 && run.stderr.contains(expected), "\(command): \(run.stderr)")
            #expect(run.stderr.components(separatedBy: "error:").count == 2, "one error, once: \(run.stderr)")
        }
        #expect(!site.exists("_site"))
    }

    /// The inner component's template is a part of the outer one's key: changing it rebuilds the
    /// page whose box shows it (and the home page, which lists its summary), and no other, as a
    /// clean build of the changed site would.
    @Test func anIncrementalBuildEqualsACleanOne() throws {
        let site = try TestSite(Self.files, configuration: Self.declaration)
        #expect(try site.runway("build", site.root).status == 0)
        let changed = ["templates/components/badge.html": #"<mark>{{{content}}}</mark>"#]
        for (path, text) in changed { try site.write(text, to: path) }
        let rebuild = try site.runway("build", site.root)
        #expect(rebuild.status == 0 && rebuild.stdout.contains("(parsed 1, wrote 2 files)"), "\(rebuild.stdout)")
        #expect(site.read("_site/nested/index.html")?.contains("<p>a <mark>new</mark> <em>note</em></p>") == true)
        let clean = try TestSite(Self.files.merging(changed) { $1 }, configuration: Self.declaration)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }
}
