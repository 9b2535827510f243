import Foundation
import HTMLRendering
import MarkdownParsing
import RunwayText
import Synchronization
import Testing

/// Render hooks (issue 41, point 2): an element with a hook is handed to it with its values, its
/// content and text, and Runway's own HTML for it, and what the hook gives is written instead.
@Suite struct RenderHookTests {
    /// Markdown with every element a hook takes, and what is around them in site builds: heading
    /// ids, numbered code, callouts, task labels, footnotes, components' neighbours.
    static let elements = """
        # A *styled* heading with [a link](https://example.com "T") {#given}

        ## Setext and ![an image](a.png "Cap")
        ---

        - [x] Task with [a link](/to/) first
        - [ ] ![only an image](b.png)

        > A quote with a [link](#given)
        > > and a nested quote.

        > [!WARNING]
        > A *warning*[^1].

        ```swift {linenos=true, hl_lines=[2-3], linenostart=7}
        let a = 1
        let b = 2
        let c = 3
        ```

            indented <code>

        ```mermaid
        graph TD; A-->B;
        ```

        <https://auto.example> and www.example.com and a <b>tag</b>.

        [^1]: A note with [a link](https://note.example).

        """

    static func parse(_ markdown: String) -> AttributedText {
        GitHubAlerts.mark(MarkdownParser(options: .init(headingIDs: true)).parse(markdown), source: markdown)
    }

    static let allOptions = HTMLRenderer.Options(headingIDs: true, codeLines: true, labelsTasks: true)

    /// What a renderer with hooks for every element gives, and the hooks it was handed in order.
    static func render(_ text: AttributedText, options: HTMLRenderer.Options = allOptions, languages: Set<String> = [],
                       elements: Set<RenderHook.Element> = Set(RenderHook.Element.allCases),
                       _ hook: @escaping @Sendable (RenderHook) -> String) -> (html: String, hooks: [RenderHook]) {
        let seen = Mutex<[RenderHook]>([])
        var renderer = HTMLRenderer(options: options)
        renderer.hooks = RenderHooks(elements: elements, codeLanguages: languages) { element in
            seen.withLock { $0.append(element) }
            return hook(element)
        }
        let html = renderer.render(text)
        return (html, seen.withLock { $0 })
    }

    /// Differential: a hook that gives back Runway's HTML changes nothing, on every GFM spec
    /// example (raw HTML kept and not) and on the elements above, under every option a site build
    /// uses; and every kind of element was handed to a hook on the way.
    @Test func aHookThatGivesRunwaysHTMLChangesNothing() throws {
        let examples = try SpecExample.loadAll().filter { !$0.isDisabled }.map(\.markdown) + [Self.elements]
        var handed = Set<RenderHook.Element>()
        for options in [Self.allOptions, HTMLRenderer.Options(), HTMLRenderer.Options(allowsRawHTML: true, headingIDs: true)] {
            for markdown in examples {
                let text = Self.parse(markdown)
                let plain = HTMLRenderer(options: options).render(text)
                let (hooked, hooks) = Self.render(text, options: options, languages: ["mermaid"]) { $0.html }
                #expect(hooked == plain, "\(markdown.debugDescription)")
                handed.formUnion(hooks.map(\.element))
            }
        }
        #expect(handed == Set(RenderHook.Element.allCases))
    }

    /// Each element's values, content and text; a hook inside another is written inside its
    /// content (a link in a heading, a quote in a quote), inner ones first.
    @Test func eachElementIsHandedItsValues() {
        let (html, hooks) = Self.render(Self.parse(Self.elements), languages: ["mermaid"]) { hook in
            "[\(hook.element.rawValue):\(hook.content)]"
        }
        let links = hooks.filter { $0.element == .link }
        #expect(links.map(\.values) == [
            .link(destination: "https://example.com", title: "T"), .link(destination: "/to/", title: nil), .link(destination: "#given", title: nil),
            .link(destination: "https://auto.example", title: nil), .link(destination: "http://www.example.com", title: nil),
            .link(destination: "https://note.example", title: nil),
        ])
        #expect(links.map(\.text) == ["a link", "a link", "link", "https://auto.example", "www.example.com", "a link"])
        let headings = hooks.filter { $0.element == .heading }
        // Ids as Runway gives them: an image's alternative text is no part of one.
        #expect(headings.map(\.values) == [.heading(level: 1, id: "given"), .heading(level: 2, id: "setext-and-")])
        // A heading's text is its words (an image's alternative text is the image's alone); its content has the hooks inside it.
        #expect(headings.map(\.text) == ["A styled heading with a link", "Setext and "])
        #expect(headings[0].content == "A <em>styled</em> heading with [link:a link]")
        #expect(html.contains("[heading:A <em>styled</em> heading with [link:a link]]\n"))
        let images = hooks.filter { $0.element == .image }
        #expect(images.map(\.values) == [.image(source: "a.png", title: "Cap", size: nil), .image(source: "b.png", title: nil, size: nil)])
        #expect(images.map(\.text) == ["an image", "only an image"])
        #expect(images.map(\.content) == ["", ""])
        #expect(images[0].html == #"<img src="a.png" alt="an image" title="Cap" />"#)
        let quotes = hooks.filter { $0.element == .blockQuote }
        #expect(quotes.map(\.text) == ["and a nested quote.", "A quote with a link\nand a nested quote."])
        #expect(quotes[1].content == "<p>A quote with a [link:link]</p>\n[blockquote:<p>and a nested quote.</p>\n]\n")
        let callout = hooks.first { $0.element == .callout }
        #expect(callout?.values == .callout(.warning, title: "Warning"))
        #expect(callout?.html.hasPrefix("<blockquote class=\"rw-callout rw-callout--warning\" data-callout=\"warning\">") == true)
        let code = hooks.filter { $0.element == .codeBlock }
        #expect(code.map(\.values) == [
            .codeBlock(language: "swift", options: CodeBlockOptions(lineNumbers: true, firstLineNumber: 7, highlightedLines: [2...3])),
            .codeBlock(language: nil, options: nil), .codeBlock(language: "mermaid", options: nil),
        ])
        // A code block's text is its code as written, not its lines' markup; its content is its lines.
        #expect(code.map(\.text) == ["let a = 1\nlet b = 2\nlet c = 3\n", "indented <code>\n", "graph TD; A-->B;\n"])
        #expect(code[0].content.hasPrefix(#"<span class="rw-line" data-line="7">let a = 1"#), "\(code[0].content)")
        #expect(code[1].content == "indented &lt;code&gt;\n")
        // Blocks written by a hook still end their line; a task's label is its text, its checkbox where it was.
        #expect(html.contains("<li><input type=\"checkbox\" aria-label=\"Task with a link first\" checked=\"\" disabled=\"\" /> Task with [link:a link] first</li>"), "\(html)")
        #expect(html.contains("\n[codeblock:indented &lt;code&gt;\n]\n"))
    }

    /// Only the elements given have hooks; a code block's language has its own even without one
    /// for every code block.
    @Test func onlyTheGivenElementsAreHooked() {
        let text = Self.parse(Self.elements)
        let (html, hooks) = Self.render(text, languages: ["mermaid"], elements: [.image]) { _ in "<hooked>" }
        #expect(hooks.map(\.element) == [.image, .image, .codeBlock])
        #expect(!html.contains("language-mermaid") && html.contains("\n<hooked>\n") && html.contains("language-swift"))
        let plain = HTMLRenderer(options: Self.allOptions).render(text)
        #expect(hooks.allSatisfy { hook in plain.contains(hook.html) })
        #expect(html.components(separatedBy: "<hooked>").count == 4)
    }

    /// The names of the hooks a text's elements could have: what a build keys its pages by.
    @Test func aTextNamesItsElements() {
        #expect(RenderHook.names(in: Self.parse(Self.elements)) == [
            "blockquote", "callout", "codeblock", "codeblock-mermaid", "codeblock-swift", "heading", "image", "link",
        ])
        #expect(RenderHook.names(in: Self.parse("Plain *text* and `code`.\n\n- a list\n")) == [])
        #expect(RenderHook.names(in: Self.parse("> quote\n")) == ["blockquote"])
    }
}
