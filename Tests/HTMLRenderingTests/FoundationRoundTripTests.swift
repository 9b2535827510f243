import Foundation
import MarkdownParsing
import RunwayText
import Testing

/// Issue 17, point 3: the bridge to Foundation's `AttributedString` and back, on every example of
/// the GFM spec: the text and every run with text (its place, intents, link, image, custom attributes and source
/// range) survive. Foundation holds no empty run, so the empty runs (a thematic break, an empty cell) do
/// not; the test counts them apart.
@Suite struct FoundationRoundTripTests {
    @Test func everySpecExamplesRunsSurviveTheBridge() throws {
        let parser = MarkdownParser(options: .gfmCommandLine)
        var failures: [String] = []
        var runs = 0
        for example in try SpecExample.loadAll() {
            let text = parser.parse(example.markdown)
            let back = AttributedText(AttributedString(text))
            let kept = text.runs.filter { !$0.range.isEmpty }
            runs += kept.count
            // Each run whole: its place in the text, its attributes and its source range.
            let same = back.string == text.string && back.runs == kept
            if !same { failures.append("example \(example.number)") }
        }
        #expect(runs > 1300)
        #expect(failures.isEmpty, "\(failures.count) examples: \(failures.prefix(20))")
    }

    /// Custom attributes of every JSON type, nested spans, links inside spans and images.
    @Test func customAttributesAndNestedSpansSurvive() {
        let text = MarkdownParser().parse("""
            > ^[Ana **and [Bo](https://b.o "t")**](annotation: 'contact', n: 3, x: 1.5, ok: true, list: [1, 'a'], o: {k: null})
            ![i](p.png "t") ^[^[inner](tone: 'calm') outer](tone: 'loud')

            """)
        #expect(text.runs.contains { $0.attributes.customAttributes["list"] == .array([.integer(1), .string("a")]) })
        let back = AttributedText(AttributedString(text))
        #expect(back.runs == text.runs.filter { !$0.range.isEmpty })
    }
}
