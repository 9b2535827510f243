import RunwayText
import Testing

/// `mappingAttributes` keeps the string and maps runs in place; it must give what rebuilding the
/// text run by run through a Builder gives (the general path), joins included.
@Suite struct MappingAttributesTests {
    static func rebuilt(_ text: AttributedText, _ transform: (AttributeContainer) -> AttributeContainer) -> AttributedText {
        var builder = AttributedText.Builder()
        for run in text.runs { builder.append(text[run], attributes: transform(run.attributes), sourceRange: run.sourceRange) }
        return builder.build()
    }

    static let text: AttributedText = {
        var builder = AttributedText.Builder()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        for (index, word) in ["alpha ", "beta ", "", "gamma ", "delta", "é"].enumerated() {
            var attributes = AttributeContainer(presentationIntent: paragraph)
            attributes.customAttributes = ["tone": .string(index % 2 == 0 ? "calm" : "loud"), "n": .integer(index)]
            let position = SourcePosition(line: 1, column: index * 6 + 1)
            builder.append(word, attributes: attributes, sourceRange: SourceRange(start: position, end: position))
        }
        return builder.build()
    }()

    @Test(arguments: [
        "identity", "drop n", "all calm", "drop everything",
    ])
    func mappingEqualsRebuilding(transform name: String) {
        let transform: (AttributeContainer) -> AttributeContainer = { original in
            var attributes = original
            switch name {
            case "drop n": attributes.customAttributes["n"] = nil
            case "all calm": attributes.customAttributes = ["tone": .string("calm")]
            case "drop everything": attributes = AttributeContainer()
            default: break
            }
            return attributes
        }
        let mapped = Self.text.mappingAttributes(transform)
        let expected = Self.rebuilt(Self.text, transform)
        #expect(mapped == expected)
        #expect(mapped.runs.map(\.sourceRange) == expected.runs.map(\.sourceRange))
        #expect(mapped.string == Self.text.string)
    }

    @Test func equalNeighboursJoinButEmptyRunsStay() {
        let mapped = Self.text.mappingAttributes { _ in AttributeContainer() }
        // "alpha beta " joins; the empty run stays apart; "gamma deltaé" joins after it.
        #expect(mapped.runs.map { String(mapped[$0]) } == ["alpha beta ", "", "gamma deltaé"])
    }
}
