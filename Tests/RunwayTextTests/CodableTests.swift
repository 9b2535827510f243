import RunwayText
import Foundation
import Testing

@Suite struct CodableTests {
    static func sample() -> AttributedText {
        var builder = AttributedText.Builder()
        let list = PresentationIntent(.unorderedList(isTight: true), identity: 1)
        let item = PresentationIntent(.listItem(ordinal: 1, checkbox: .checked), identity: 2, parent: list)
        var attributes = AttributeContainer(presentationIntent: PresentationIntent(.paragraph, identity: 3, parent: item))
        builder.append("plain ", attributes: attributes,
                       sourceRange: SourceRange(start: .init(line: 1, column: 7), end: .init(line: 1, column: 12)))
        attributes.inlineIntent = InlineIntent(components: [
            .init(kind: .stronglyEmphasized, identity: 2),
            .init(kind: .link(destination: "https://x.com/a b", title: "T"), identity: 1),
        ])
        attributes.customAttributes = ["customColor": .string("danger"), "size": .object(["w": .number(1.5)])]
        builder.append("bold link", attributes: attributes)
        return builder.build()
    }

    @Test func roundTripsThroughJSON() throws {
        let text = Self.sample()
        let data = try JSONEncoder().encode(text)
        #expect(try JSONDecoder().decode(AttributedText.self, from: data) == text)
    }

    /// The contract `runway runs --json` prints, written out by hand from DESIGN §5.
    @Test func jsonFormIsTheDocumentedContract() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(Self.sample()), as: UTF8.self)
        let paragraph = #"[{"identity":3,"kind":"paragraph"},{"checkbox":"checked","identity":2,"kind":"listItem","ordinal":1},{"identity":1,"isTight":true,"kind":"unorderedList"}]"#
        let expected = #"{"runs":[{"attributes":{"presentationIntent":"# + paragraph
            + #"},"sourceRange":"1:7-1:12","text":"plain "},{"attributes":{"customColor":"danger","#
            + #""inlineIntent":[{"identity":2,"kind":"stronglyEmphasized"},{"destination":"https://x.com/a b","identity":1,"kind":"link","title":"T"}],"#
            + #""inlinePresentationIntent":2,"link":"https://x.com/a b","presentationIntent":"# + paragraph
            + #","size":{"w":1.5}},"text":"bold link"}],"version":2}"#
        #expect(json == expected)
    }

    @Test func handWrittenJSONMayGiveOnlyTheFlatView() throws {
        let json = #"{"runs":[{"text":"x","attributes":{"inlinePresentationIntent":3,"link":"https://y.com"}}]}"#
        let text = try JSONDecoder().decode(AttributedText.self, from: Data(json.utf8))
        let attributes = text.runs[0].attributes
        #expect(attributes.inlinePresentationIntent == [.emphasized, .stronglyEmphasized])
        #expect(attributes.link == "https://y.com")
    }

    /// The form's version: a tool can tell when it changes. A document without one (hand-written)
    /// is read, and so is one of version 1 (version 2 only added to it); a later one is refused,
    /// saying which.
    @Test func aDocumentOfAnotherVersionIsRefused() throws {
        #expect(AttributedText.jsonFormVersion == 2)
        let later = #"{"runs":[{"text":"x","attributes":{}}],"version":3}"#
        #expect { try JSONDecoder().decode(AttributedText.self, from: Data(later.utf8)) } throws: { error in
            "\(error)".contains("version 3 of the runs' JSON form; this Runway reads version 2")
        }
        for version in [1, 2] {
            let current = #"{"runs":[{"text":"x","attributes":{}}],"version":"# + "\(version)}"
            #expect(try JSONDecoder().decode(AttributedText.self, from: Data(current.utf8)).string == "x")
        }
    }

    /// Version 2: a callout on its block quote's component, and highlighted code's `syntax`.
    @Test func calloutsAndSyntaxRoundTrip() throws {
        var token = AttributeContainer(presentationIntent: PresentationIntent(.codeBlock(languageHint: "swift"), identity: 2,
                                                                              parent: PresentationIntent(.blockQuote(callout: .warning), identity: 1)))
        token.syntax = .keyword
        let text = AttributedText("let", attributes: token)
        let json = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        #expect(json.contains(#""callout":"warning""#) && json.contains(#""syntax":"keyword""#), "\(json)")
        let decoded = try JSONDecoder().decode(AttributedText.self, from: Data(json.utf8))
        #expect(decoded == text)
        #expect(decoded.runs[0].attributes.syntax == .keyword)
        let bad = json.replacingOccurrences(of: #""callout":"warning""#, with: #""callout":"shout""#)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(AttributedText.self, from: Data(bad.utf8)) }
    }

    @Test func unknownBlockKindsAreRejected() {
        let json = #"{"runs":[{"text":"x","attributes":{"presentationIntent":[{"kind":"marquee","identity":1}]}}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AttributedText.self, from: Data(json.utf8)) }
    }
}
