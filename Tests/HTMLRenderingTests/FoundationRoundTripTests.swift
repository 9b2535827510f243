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
            let keyed = AttributedText(AttributedString(text, including: CustomColorKey.self, CountKey.self),
                                       including: CustomColorKey.self, CountKey.self)
            let kept = text.runs.filter { !$0.range.isEmpty }
            runs += kept.count
            // Each run whole: its place in the text, its attributes and its source range.
            let same = back.string == text.string && back.runs == kept && keyed.string == text.string && keyed.runs == kept
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

    /// Callouts, code block options and the `syntax` attribute (issue 16) cross too.
    @Test func calloutsCodeOptionsAndSyntaxSurvive() {
        var text = GitHubAlerts.mark(MarkdownParser().parse("> [!WARNING]\n> Careful.\n\n```swift {linenos=true, hl_lines=[1]}\nlet x = 1\n```\n"))
        // A token as the highlighter sets it.
        var builder = AttributedText.Builder()
        for run in text.runs {
            var attributes = run.attributes
            if text[run].hasPrefix("let") { attributes[SyntaxKey.self] = .keyword }
            builder.append(String(text[run]), attributes: attributes, sourceRange: run.sourceRange)
        }
        text = builder.build()
        #expect(text.runs.contains { $0.attributes.presentationIntent?.components.contains { $0.kind == .blockQuote(callout: .warning) } == true })
        #expect(text.runs.contains { $0.attributes[SyntaxKey.self] == .keyword })
        #expect(text.runs.contains {
            guard case .codeBlock(_, let options?) = $0.attributes.presentationIntent?.innermost?.kind else { return false }
            return options.lineNumbers && options.highlightedLines == [1...1]
        })
        #expect(AttributedText(AttributedString(text)).runs == text.runs.filter { !$0.range.isEmpty })
    }

    /// Custom attributes named by keys that are Foundation's too become Foundation attributes,
    /// reached through a Foundation scope; a value not of the key's type, and attributes without
    /// a key, travel as before; and the way back gives the same runs.
    @Test func keyedCustomAttributesAreFoundationAttributesThroughAScope() throws {
        let text = MarkdownParser().parse("^[Hi](customColor: 'danger', n: 3) ^[Ho](customColor: 7, count: 2) plain")
        let foundation = AttributedString(text, including: CustomColorKey.self, CountKey.self)
        let runs = Array(foundation.runs)
        let hi = try #require(runs.first { String(foundation.characters[$0.range]) == "Hi" })
        #expect(hi.customColor == "danger" && hi.count == nil)
        #expect(hi[RunwayFoundationAttributes.CustomAttributes.self] == ["n": .integer(3)])
        let ho = try #require(runs.first { String(foundation.characters[$0.range]) == "Ho" })
        #expect(ho.customColor == nil && ho.count == 2)
        #expect(ho[RunwayFoundationAttributes.CustomAttributes.self] == ["customColor": .integer(7)])
        #expect(runs.last?.customColor == nil && runs.last?[RunwayFoundationAttributes.CustomAttributes.self] == nil)
        // Set through the scope on Foundation's side, read as a custom attribute on Runway's.
        var edited = foundation
        edited[try #require(edited.range(of: " plain"))].customColor = "highlight"
        let back = AttributedText(edited, including: CustomColorKey.self, CountKey.self)
        #expect(back.runs.last?.attributes[CustomColorKey.self] == "highlight")
        #expect(Array(back.runs.dropLast()) == Array(text.runs.dropLast()))
        // Without the keys, the same attributes come back too (from where they travelled).
        #expect(AttributedText(AttributedString(text)).runs == text.runs)
    }
}

/// A custom attribute that is a Foundation attribute too, as an app declares one.
enum CustomColorKey: FoundationBridgedKey {
    typealias Value = String
    static let name = "customColor"
}

enum CountKey: FoundationBridgedKey {
    typealias Value = Int
    static let name = "count"
}

/// The app's Foundation scope, and dynamic member lookup through it (`run.customColor`).
extension AttributeScopes {
    struct RunwayTestAttributes: AttributeScope {
        let customColor: CustomColorKey
        let count: CountKey
    }
}

extension AttributeDynamicLookup {
    subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.RunwayTestAttributes, T>) -> T {
        self[T.self]
    }
}
