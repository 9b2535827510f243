import RunwayText
import Formatting
import HTMLRendering
import MarkdownParsing
import Testing

/// The renderer moves between runs by walking their stacks to the first link they share. Text
/// built by hand shares nothing: every run's stacks are copies. Both must give the same HTML.
@Suite struct SharedStackRenderingTests {
    /// The same text with every run's stacks rebuilt from arrays: equal, but sharing no link.
    static func unshared(_ text: AttributedText) -> AttributedText {
        var builder = AttributedText.Builder()
        for run in text.runs {
            var attributes = run.attributes
            attributes.presentationIntent = attributes.presentationIntent.map { PresentationIntent(components: $0.components) }
            attributes.inlineIntent = attributes.inlineIntent.map { InlineIntent(components: $0.components) }
            builder.append(text[run], attributes: attributes, sourceRange: run.sourceRange)
        }
        return builder.build()
    }

    @Test func everySpecExampleRendersTheSameWithoutSharing() throws {
        let parser = MarkdownParser()
        let renderer = HTMLRenderer()
        for example in try SpecExample.loadAll() where !example.isDisabled {
            let text = parser.parse(example.markdown)
            let copy = Self.unshared(text)
            #expect(copy == text, "example \(example.number)")
            #expect(renderer.render(copy) == renderer.render(text), "example \(example.number)")
        }
    }

    /// Deep nesting, shared and unshared, against cmark-gfm's own renderer.
    @Test(arguments: [
        String(repeating: "*a **a ", count: 3_000) + "b" + String(repeating: " a** a*", count: 3_000) + "\n",
        String(repeating: ">", count: 5_000) + " a\n",
        (0..<1_000).map { String(repeating: "  ", count: $0) + "- a\n" }.joined(),
        (0..<300).map { String(repeating: "  ", count: $0) + "- a *b [c](d) e* f\n" }.joined(),
    ])
    func deepNestingRendersAsCmarkDoes(markdown: String) {
        let options = MarkdownParser.Options(footnotes: true, extendedAttributes: false)
        let text = MarkdownParser(options: options).parse(markdown)
        let expected = CmarkReference.html(markdown, options: options)
        #expect(HTMLRenderer().render(text) == expected)
        #expect(HTMLRenderer().render(Self.unshared(text)) == expected)
    }

    /// Prose without custom attributes or spans is left as it is by a definition under which no
    /// values stay no values; one whose rule holds for every run gives its values to prose too.
    @Test func proseIsLeftAsItIsUnlessADefinitionAddsValues() throws {
        let prose = MarkdownParser().parse("# Title\n\nSome *prose* with `code` and a [link](/x).\n\n- a\n- b\n")
        let keeping = FormattingDefinition(scope: nil, constraints: [.values(attribute: "tone", allowed: [.string("calm")], default: nil)])
        #expect(keeping.apply(to: prose).runs == prose.runs)
        let adding = FormattingDefinition(scope: nil, constraints: [.rule(when: [:], set: ["tone": .string("calm")], otherwise: .leave)])
        let given = adding.apply(to: prose)
        #expect(given.string == prose.string)
        #expect(given.runs.allSatisfy { $0.attributes.customAttributes == ["tone": .string("calm")] })
        // A span in the prose: its values are constrained, the rest is as it was.
        let spanned = MarkdownParser().parse("Plain ^[loud](tone: 'loud') end.\n")
        let constrained = keeping.apply(to: spanned)
        #expect(constrained.runs.count == spanned.runs.count)
        #expect(constrained.runs[0] == spanned.runs[0])
        guard case .attributes(_, let values)? = constrained.runs[1].attributes.inlineIntent?.innermost?.kind else {
            Issue.record("the span is the second run's innermost element")
            return
        }
        #expect(values.isEmpty, "'loud' is not allowed and there is no default")
    }

    /// A text whose every value and span the definition allows comes back as it was (no run
    /// copied); one with a single value it changes comes back changed. Either way the result is
    /// the general path's: the same definition with a Swift constraint that does nothing, which
    /// constrains every run's container.
    @Test func allowedValuesLeaveTheTextAsTheGeneralPathDoes() throws {
        let allowed: [AttributeValue] = [.string("calm"), .string("warm")]
        let fast = FormattingDefinition(scope: nil, constraints: [.values(attribute: "tone", allowed: allowed, default: nil)])
        let general = FormattingDefinition(scope: nil, constraints: [.values(attribute: "tone", allowed: allowed, default: nil), .custom { _ in }])
        let kept = "# ^[Calm](tone: 'calm') title\n\nSome ^[*warm* and ^[calm](tone: 'calm') `x`](tone: 'warm') prose ^[again](tone: 'calm').\n\n"
            + "- ^[item](tone: 'warm')\n- [^[linked](tone: 'calm')](/x)\n"
        for (source, unchanged) in [(kept, true), (kept + "\nOne ^[loud](tone: 'loud') word.\n", false),
                                    (kept + "\n^[^[deep](tone: 'calm')](tone: 'loud')\n", false)] {
            let text = MarkdownParser().parse(source)
            let constrained = fast.apply(to: text)
            #expect(constrained.runs == general.apply(to: text).runs, "\(source)")
            #expect((constrained.runs == text.runs) == unchanged, "\(source)")
            #expect(HTMLRenderer().render(constrained) == HTMLRenderer().render(general.apply(to: text)))
        }
    }

    /// The values a stylesheet is asked to style: each span's, by attribute name, in the order of
    /// the spans (innermost first), a set of values an earlier span had left out.
    @Test func spanValuesGiveEachSetOnceInOrder() {
        let text = MarkdownParser().parse("^[a](tone: 'warm') ^[b](tone: 'calm', size: 2) ^[c](tone: 'warm') ^[^[d](tone: 'calm', size: 2)](tone: 'cold')\n")
        let values = text.spanValues
        #expect(values.map(\.attribute) == ["tone", "size", "tone", "tone"])
        #expect(values.map(\.value) == [.string("warm"), .integer(2), .string("calm"), .string("cold")])
    }

    /// A definition constrains each span's values once per element and keeps the sharing.
    @Test func aDefinitionKeepsTheRunsStacksShared() throws {
        let definition = FormattingDefinition(scope: nil, constraints: [.values(attribute: "tone", allowed: [.string("calm")], default: .string("calm"))])
        let text = MarkdownParser().parse("^[a *b* c](tone: 'loud')\n")
        let constrained = definition.apply(to: text)
        #expect(HTMLRenderer().render(constrained) == HTMLRenderer().render(Self.unshared(constrained)))
        let runs = constrained.runs
        let outer = try #require(runs[0].attributes.inlineIntent)
        guard case .attributes(_, let values) = outer.innermost?.kind else {
            Issue.record("the span is the run's innermost element")
            return
        }
        #expect(values == ["tone": .string("calm")])
        #expect(try #require(runs[1].attributes.inlineIntent?.enclosing).isIdentical(to: outer))
        #expect(try #require(runs[2].attributes.inlineIntent).isIdentical(to: outer))
    }
}
