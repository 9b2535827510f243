import RunwayText
import Formatting
import Testing

/// Every attribute of the styling table exists as a typed key whose values StyleAttribute turns
/// into CSS.
@Suite struct StylingKeyTests {
    @Test func everyStylingAttributeHasATypedKeyWithValidValues() throws {
        var container = AttributeContainer()
        container.font = .custom(name: "Menlo", size: 17, design: .monospaced)
        container.fontWeight = .semibold
        container.fontDesign = .serif
        container.fontWidth = .condensed
        container.bold = true
        container.italic = true
        container.monospaced = true
        container.monospacedDigit = true
        container.smallCaps = true
        container.lowercaseSmallCaps = false
        container.uppercaseSmallCaps = false
        container.foregroundColor = .purple
        container.backgroundColor = TextColor(rawValue: "#FFCC00")
        container.borderColor = .blue
        container.underlineStyle = .single
        container.strikethroughStyle = .double
        container.kerning = 0.5
        container.tracking = 1
        container.baselineOffset = -2
        container.textCase = .uppercase
        container.multilineTextAlignment = .center
        container.lineSpacing = 3
        container.lineLimit = 2
        container.truncationMode = .tail
        #expect(Set(container.customAttributes.keys) == Set(StyleAttribute.allCases.map(\.rawValue)))
        for (name, value) in container.customAttributes {
            let attribute = try #require(StyleAttribute(rawValue: name))
            #expect(throws: Never.self, "\(name)") { try attribute.css(value) }
        }
        #expect(container.font == .custom(name: "Menlo", size: 17, design: .monospaced))
        #expect(container.textCase == .uppercase)
    }
}
