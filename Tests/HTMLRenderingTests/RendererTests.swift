import RunwayText
import HTMLRendering
import MarkdownParsing
import Testing

@Suite struct RendererTests {
    let renderer = HTMLRenderer()

    func html(_ markdown: String, unsafe: Bool = false) -> String {
        HTMLRenderer(options: .init(allowsRawHTML: unsafe)).render(MarkdownParser().parse(markdown))
    }

    /// Footnotes are not in the spec's examples: compare with cmark-gfm's renderer in-process.
    @Test(arguments: [
        "x[^a] y[^b] z[^a]\n\n[^a]: one\n[^b]: two\n\n    more of two\n",
        "Only[^1].\n\n[^1]: A note with *emphasis* and `code`.\n",
        "[^unused]: never referenced\n\ntext\n",
        "a[^n]\n\n[^n]:\n    ```\n    code last\n    ```\n",
        "- item[^x]\n\n> quote[^y]\n\n[^x]: X\n[^y]: Y [link](https://a.b)\n",
    ])
    func footnotesMatchCmarkGFM(markdown: String) {
        #expect(html(markdown) == CmarkReference.html(markdown, options: .default))
    }

    @Test func dangerousURLsAreEmptiedUnlessUnsafe() {
        let markdown = "[a](javascript:alert(1)) ![b](data:image/png;base64,AA) [c](VBScript:x)"
        #expect(html(markdown) == #"<p><a href="">a</a> <img src="data:image/png;base64,AA" alt="b" /> <a href="">c</a></p>"# + "\n")
        #expect(html(markdown, unsafe: true).contains(#"href="javascript:alert(1)""#))
    }

    @Test func rawHTMLIsOmittedByDefaultAndFilteredWhenAllowed() {
        let markdown = "<div>\n<script>x</script>\n</div>\n\nsee <iframe src=a> and <b>bold</b>\n"
        #expect(html(markdown) == "<!-- raw HTML omitted -->\n<p>see <!-- raw HTML omitted --> and <!-- raw HTML omitted -->bold<!-- raw HTML omitted --></p>\n")
        #expect(html(markdown, unsafe: true) == "<div>\n&lt;script>x&lt;/script>\n</div>\n<p>see &lt;iframe src=a> and <b>bold</b></p>\n")
    }

    @Test func handBuiltRunsWithAnonymousElementsShareOneTag() {
        var builder = AttributedText.Builder()
        var attributes = AttributeContainer(presentationIntent: PresentationIntent(.paragraph, identity: 1))
        builder.append("plain ", attributes: attributes)
        attributes.inlinePresentationIntent = .emphasized
        attributes.link = "https://x.com/?a=1&b='2'"
        builder.append("one ", attributes: attributes, sourceRange: SourceRange("1:1-1:4"))
        builder.append("two", attributes: attributes, sourceRange: SourceRange("1:5-1:7"))
        #expect(renderer.render(builder.build())
            == "<p>plain <a href=\"https://x.com/?a=1&amp;b=&#x27;2&#x27;\"><em>one two</em></a></p>\n")
    }

    @Test func textIsEscaped() {
        #expect(renderer.render(AttributedText("<a & \"b\">")) == "&lt;a &amp; &quot;b&quot;&gt;")
    }

    @Test func standaloneDocumentEscapesItsTitleAndStylesheet() {
        let document = HTMLDocument(title: "</title><script>", stylesheet: "p{} </style><script>", body: "<p>x</p>\n")
        let page = document.html
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.contains("<title>&lt;/title&gt;&lt;script&gt;</title>"))
        #expect(!page.contains("</style><script>"))
        #expect(page.contains("<main>\n<p>x</p>\n</main>"))
    }

    @Test func titleComesFromTheFirstHeading() {
        let text = MarkdownParser().parse("intro\n\n## First *one*\n\n# Second\n")
        #expect(DocumentTitle.firstHeading(in: text) == "First one")
        #expect(DocumentTitle.firstHeading(in: MarkdownParser().parse("no heading")) == nil)
    }
}
