import RunwayText
import Foundation
import HTMLRendering
import MarkdownParsing
import Testing

/// Heading ids and anchors (`HTMLRenderer.Options.headingIDs`), as site builds render headings.
@Suite struct HeadingIDTests {
    func html(_ markdown: String) -> String {
        HTMLRenderer(options: .init(headingIDs: true)).render(MarkdownParser().parse(markdown))
    }

    /// GitHub's slugs (as github-slugger gives them for these headings).
    @Test(arguments: [
        ("Getting Started", "getting-started"),
        ("What's new in 2.0?", "whats-new-in-20"),
        ("`fs.readFile(path[, options], callback)`", "fsreadfilepath-options-callback"),
        ("Foo  Bar", "foo--bar"),
        ("snake_case and kebab-case", "snake_case-and-kebab-case"),
        ("Ünïcödé Straße", "ünïcödé-straße"),
        ("日本語の見出し", "日本語の見出し"),
        ("C++ & Rust: a *comparison*", "c--rust-a-comparison"),
        ("🎉 Party", "-party"),
        ("!!!", "section"),
    ])
    func aHeadingsIdIsItsGitHubSlug(_ text: String, _ id: String) {
        let outline = HeadingOutline(MarkdownParser().parse("## " + text + "\n"))
        #expect(outline.headings.map(\.id) == [id])
    }

    /// Headings with footnote references, images, raw HTML, code and breaks: the outline the
    /// renderer makes in its one pass is the one made from the runs.
    @Test(arguments: ["# A[^1] ![i](x.png) <b>b</b> `c`\n\n[^1]: note\n", "Line\\\nbreak\n===\n", "> ## In a quote\n>\n> - ### In a list\n",
                      "# ![only an image](x.png)\n", "#\n\n# #\n"])
    func theRenderersOutlineIsTheRunsOutline(_ markdown: String) {
        let text = MarkdownParser().parse(markdown)
        #expect(HTMLRenderer(options: .init(headingIDs: true)).renderWithOutline(text).outline == HeadingOutline(text))
        #expect(HTMLRenderer().renderWithOutline(text).outline.headings.isEmpty, "without ids, no outline")
    }

    /// A heading whose slug is a footnote's id (`fn-1`, `fnref-1`, `fnref-note-2`) is numbered
    /// past it, as after an earlier heading of that name: no two elements share an id, and
    /// `#fn-1` leads to the footnote.
    @Test func headingsDoNotTakeTheFootnotesIds() {
        let markdown = "# fn-1\n\n## fnref-1\n\n## fnref-note-2\n\n## fn-note\n\nA[^1], b[^note] and c[^note].\n\n[^1]: one\n[^note]: two\n"
        let text = MarkdownParser().parse(markdown)
        let outline = HeadingOutline(text)
        #expect(outline.headings.map(\.id) == ["fn-1-1", "fnref-1-1", "fnref-note-2-1", "fn-note-1"])
        let rendered = HTMLRenderer(options: .init(headingIDs: true)).renderWithOutline(text)
        #expect(rendered.outline == outline, "the renderer's one pass gives the same ids")
        let ids = rendered.html.matches(of: /id="([^"]*)"/).map { String($0.1) }
        #expect(ids.sorted() == ["fn-1", "fn-1-1", "fn-note", "fn-note-1", "fnref-1", "fnref-1-1", "fnref-note", "fnref-note-2",
                                 "fnref-note-2-1"], "\(rendered.html)")
        #expect(HeadingOutline.footnoteIDs(of: text.runs) == ["fn-1", "fnref-1", "fn-note", "fnref-note", "fnref-note-2"])
        #expect(HeadingOutline(MarkdownParser().parse("# fn-1\n")).headings.map(\.id) == ["fn-1"], "without footnotes the id is free")
    }

    @Test func repeatedHeadingsGetNumberedIdsAsOnGitHub() {
        let outline = HeadingOutline(MarkdownParser().parse("# Intro\n\n## Intro\n\n### Intro-1\n\nIntro\n=====\n"))
        #expect(outline.headings.map(\.id) == ["intro", "intro-1", "intro-1-1", "intro-2"])
        #expect(outline.headings.map(\.level) == [1, 2, 3, 1])
    }

    @Test func theTextLeavesOutRawHTMLAndImagesAndJoinsLinesWithSpaces() {
        let outline = HeadingOutline(MarkdownParser().parse("## A <b>bold</b> ![logo](l.png) [link](x)\n\nSetext\nheading\n---\n"))
        #expect(outline.headings.map(\.text) == ["A bold  link", "Setext heading"])
        #expect(outline.headings.map(\.id) == ["a-bold--link", "setext-heading"])
    }

    @Test func headingsGetAnIdAndAnAnchorAtTheirEnd() {
        #expect(html("# Hello *world*\n\ntext\n\n## Hello world\n") == """
            <h1 id="hello-world">Hello <em>world</em><a class="rw-anchor" href="#hello-world" aria-hidden="true" tabindex="-1"></a></h1>
            <p>text</p>
            <h2 id="hello-world-1">Hello world<a class="rw-anchor" href="#hello-world-1" aria-hidden="true" tabindex="-1"></a></h2>

            """)
    }

    @Test func anIdOutsideASCIIIsPercentEncodedInTheLink() {
        #expect(html("### Café\n").hasPrefix(##"<h3 id="café">Café<a class="rw-anchor" href="#caf%C3%A9""##))
    }

    @Test func headingsInsideQuotesAndListsAreNumberedInDocumentOrder() {
        let rendered = html("> # A\n\n- # A\n\n# A\n")
        #expect(rendered.components(separatedBy: "<h1 id=\"").dropFirst().map { $0.prefix(while: { $0 != "\"" }) } == ["a", "a-1", "a-2"])
    }

    /// Differential: on every example of the GFM spec, the HTML with heading ids, once the ids and
    /// anchors are taken out, is the HTML without them (which equals cmark-gfm's).
    @Test func withoutItsIdsAndAnchorsTheHTMLIsCmarksOnEverySpecExample() throws {
        let parser = MarkdownParser(options: .gfmCommandLine)
        let plain = HTMLRenderer(), withIDs = HTMLRenderer(options: .init(headingIDs: true))
        let anchor = try NSRegularExpression(pattern: #"<a class="rw-anchor" href="[^"]*" aria-hidden="true" tabindex="-1"></a>(</h[1-6]>)"#)
        let id = try NSRegularExpression(pattern: #"<h([1-6]) id="[^"]*">"#)
        var headings = 0
        for example in try SpecExample.loadAll() where !example.isDisabled {
            let text = parser.parse(example.markdown)
            var (rendered, outline) = withIDs.renderWithOutline(text)
            // The outline made while rendering is the one made from the runs alone.
            #expect(outline == HeadingOutline(text), "example \(example.number)")
            headings += outline.headings.count
            for (pattern, template) in [(anchor, "$1"), (id, "<h$1>")] {
                rendered = pattern.stringByReplacingMatches(in: rendered, range: NSRange(rendered.startIndex..., in: rendered), withTemplate: template)
            }
            #expect(rendered == plain.render(text), "example \(example.number)")
        }
        #expect(headings >= 60, "the spec has headings to compare")
    }
}
