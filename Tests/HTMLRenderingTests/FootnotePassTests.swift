import RunwayText
import HTMLRendering
import MarkdownParsing
import Testing

/// The parser leaves cmark's footnote option off for a document without `[^`, which saves cmark a
/// walk over the whole tree. That is exact only if the option changes nothing without `[^`: here
/// on cmark's own HTML, which always honours the option as asked, and on Runway's HTML.
@Suite struct FootnotePassTests {
    @Test func withoutAFootnoteMarkerTheOptionChangesNothing() throws {
        let with = MarkdownParser.Options(footnotes: true, extendedAttributes: false)
        let without = MarkdownParser.Options(footnotes: false, extendedAttributes: false)
        var compared = 0
        for example in try SpecExample.loadAll() where !example.markdown.contains("[^") {
            compared += 1
            let reference = CmarkReference.html(example.markdown, options: with)
            #expect(CmarkReference.html(example.markdown, options: without) == reference, "example \(example.number)")
            #expect(HTMLRenderer().render(MarkdownParser(options: with).parse(example.markdown)) == reference,
                    "example \(example.number)")
        }
        #expect(compared > 600)
    }

    /// With the marker anywhere, even in a code span or at the very end, footnotes stay on.
    @Test(arguments: ["[^1]\n\n[^1]: note\n", "`[^`\n\nx[^a]\n\n[^a]: b", "text [^"])
    func aMarkerKeepsFootnotes(markdown: String) {
        let options = MarkdownParser.Options(footnotes: true, extendedAttributes: false)
        #expect(HTMLRenderer().render(MarkdownParser(options: options).parse(markdown))
                == CmarkReference.html(markdown, options: options))
    }
}
