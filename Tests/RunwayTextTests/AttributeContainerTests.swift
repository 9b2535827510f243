import RunwayText
import Testing

enum CustomColorKey: CustomAttributedTextKey {
    typealias Value = CustomColor
    static let name = "customColor"
}

enum CustomColor: String, AttributeValueConvertible {
    case danger, highlight
}

enum FactorKey: CustomAttributedTextKey {
    typealias Value = Double
    static let name = "factor"
}

extension RunwayAttributes {
    var customColor: CustomColorKey.Type { CustomColorKey.self }
}

@Suite struct AttributeContainerTests {
    @Test func customKeysStoreTypedValuesByName() {
        var container = AttributeContainer()
        container[CustomColorKey.self] = .danger
        #expect(container.customAttributes == ["customColor": .string("danger")])
        #expect(container[CustomColorKey.self] == .danger)
        container.customColor = .highlight
        #expect(container.customColor == .highlight)
        container.customColor = nil
        #expect(container.isEmpty)
    }

    @Test func aValueOfTheWrongTypeReadsAsNil() {
        var container = AttributeContainer()
        container.customAttributes["customColor"] = .string("purple")
        #expect(container[CustomColorKey.self] == nil)
        container.customAttributes["factor"] = .integer(10)
        #expect(container[FactorKey.self] == 10.0)
    }

    @Test func inlinePresentationIntentIsTheUnionOfTheInlineElements() {
        var container = AttributeContainer()
        container.inlineIntent = InlineIntent(components: [
            .init(kind: .emphasized, identity: 3),
            .init(kind: .link(destination: "https://x.com", title: nil), identity: 2),
            .init(kind: .stronglyEmphasized, identity: 1),
        ])
        #expect(container.inlinePresentationIntent?.rawValue == 3)
        #expect(container.link == "https://x.com")
        #expect(container.imageURL == nil)
    }

    @Test func settingTheFlatIntentKeepsLinks() {
        var container = AttributeContainer()
        container.link = "https://x.com"
        container.inlinePresentationIntent = [.emphasized, .code]
        #expect(container.inlinePresentationIntent == [.emphasized, .code])
        #expect(container.link == "https://x.com")
        container.inlinePresentationIntent = nil
        #expect(container.inlinePresentationIntent == nil)
        #expect(container.link == "https://x.com")
        container.link = nil
        #expect(container.isEmpty)
    }

    @Test func mergeLetsTheOtherContainerWin() {
        var outer = AttributeContainer()
        outer.customAttributes = ["o": .integer(2), "k": .string("outer")]
        var inner = AttributeContainer()
        inner.customAttributes = ["i": .integer(1), "k": .string("inner")]
        let merged = outer.merging(inner)
        #expect(merged.customAttributes == ["o": .integer(2), "i": .integer(1), "k": .string("inner")])
    }

    @Test func intentsMirrorFoundationRawValues() {
        let pairs: [(InlinePresentationIntent, Int)] = [
            (.emphasized, 1), (.stronglyEmphasized, 2), (.code, 4), (.strikethrough, 32),
            (.softBreak, 64), (.lineBreak, 128), (.inlineHTML, 256), (.blockHTML, 512),
        ]
        for (intent, raw) in pairs { #expect(intent.rawValue == raw) }
    }
}
