import RunwayText
import Formatting
import Testing

@Suite struct CSSNamingTests {
    @Test func classesAndDataAttributesFollowTheDocumentedRule() {
        #expect(CSSNaming.className(attribute: "customColor", value: .string("danger")) == "rw-customColor--danger")
        #expect(CSSNaming.className(attribute: "size", value: .number(1.5)) == "rw-size--__1_2E5")
        #expect(CSSNaming.className(attribute: "inflect", value: .bool(true)) == "rw-inflect--__true")
        #expect(CSSNaming.className(attribute: "k", value: .string("a b\"<")) == "rw-k--a_20b_22_3C")
        #expect(CSSNaming.className(attribute: "k", value: .array([])) == nil)
        #expect(CSSNaming.dataAttribute("customColor") == "data-custom-color")
        #expect(CSSNaming.dataValue(.integer(3)) == "3")
    }

    /// Pairs that a careless rule would confuse all get different classes, made of CSS-safe bytes.
    @Test func theRuleIsInjectiveAndCSSSafe() {
        let pairs: [(String, AttributeValue)] = [
            ("a", .string("b--c")), ("a--b", .string("c")), ("a-", .string("-b")), ("a", .string("_10")),
            ("a", .integer(10)), ("a", .string("10")), ("a", .bool(true)), ("a", .string("true")),
            ("a", .string("__true")), ("a_", .string("b")), ("a", .string("_b")), ("A", .string("b")),
            ("a", .string("é")), ("a", .string("e\u{301}")), ("a", .number(1.5)), ("a", .integer(1)),
        ]
        let classes = pairs.compactMap { CSSNaming.className(attribute: $0.0, value: $0.1) }
        #expect(classes.count == pairs.count)
        #expect(Set(classes).count == classes.count)
        for name in classes {
            #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }, "\(name)")
        }
        // A number is its JSON text: 1 and 1.0 are one value.
        #expect(CSSNaming.className(attribute: "a", value: .number(1.0)) == CSSNaming.className(attribute: "a", value: .integer(1)))
        let data = ["customColor", "custom-color", "customcolor", "custom_Color"].map(CSSNaming.dataAttribute)
        #expect(Set(data).count == data.count)
    }
}

@Suite struct StyleVocabularyTests {
    @Test func colorsAreValidatedSoNoThemeCanInjectCSS() throws {
        #expect(try ColorValue(.string("red")) == ColorValue(.object(["light": .string("#FF3B30"), "dark": .string("#FF453A")])))
        #expect(try ColorValue(.string("#abc")).light == "#ABC")
        #expect(try ColorValue(.string("rgba(1, 2, 3, 0.5)")).light == "rgba(1, 2, 3, 0.5)")
        for bad in ["red; background: url(x)", "#12345", "rgb(300, 0, 0)", "</style><script>", "expression(alert(1))", "rgb(1,2)"] {
            #expect(throws: StyleError.self, "\(bad)") { try ColorValue(.string(bad)) }
        }
        #expect(throws: StyleError.self) { try ColorValue(.object(["light": .string("red"), "dim": .string("blue")])) }
    }

    @Test func everyStylingAttributeHasItsCSS() throws {
        func css(_ attribute: StyleAttribute, _ value: AttributeValue) throws -> [String] {
            try attribute.css(value).light.map { "\($0.property): \($0.value)" }
        }
        #expect(try css(.font, .string("title")) == ["font-size: 1.647rem", "line-height: 1.214"])
        #expect(try css(.font, .object(["name": .string("Menlo"), "size": .integer(17), "design": .string("monospaced")]))
            == ["font-size: 1rem", "font-family: \"Menlo\", \(FontDesign.monospaced.stack)"])
        #expect(try css(.fontWeight, .string("semibold")) == ["font-weight: 600"])
        #expect(try css(.fontWidth, .string("condensed")) == ["font-stretch: 87.5%"])
        #expect(try css(.italic, .bool(true)) == ["font-style: italic"])
        #expect(try css(.monospacedDigit, .bool(true)) == ["font-variant-numeric: tabular-nums"])
        #expect(try css(.smallCaps, .bool(true)) == ["font-variant-caps: all-small-caps"])
        #expect(try css(.underlineStyle, .object(["pattern": .string("dash"), "color": .string("yellow")]))
            == ["text-decoration-line: underline", "text-decoration-style: dashed", "text-decoration-color: #FFCC00"])
        #expect(try css(.strikethroughStyle, .string("double")) == ["text-decoration-line: line-through", "text-decoration-style: double"])
        #expect(try css(.tracking, .number(1.5)) == ["letter-spacing: 1.5pt"])
        #expect(try css(.baselineOffset, .integer(-2)) == ["vertical-align: -2pt"])
        #expect(try css(.textCase, .string("uppercase")) == ["text-transform: uppercase"])
        #expect(try css(.multilineTextAlignment, .string("trailing")) == ["text-align: end"])
        #expect(try css(.lineLimit, .integer(2)).contains("-webkit-line-clamp: 2"))
        #expect(try StyleAttribute.foregroundColor.css(.string("purple")).dark.map(\.value) == ["#BF5AF2"])
        #expect(throws: StyleError.self) { try StyleAttribute.font.css(.object(["name": .string("x\"; color: red"), "size": .integer(3)])) }
        #expect(throws: StyleError.self) { try StyleAttribute.fontWeight.css(.string("heavier")) }
    }
}
