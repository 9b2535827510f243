import RunwayText
import Formatting
import Testing

/// Values a review found could crash the stylesheet or escape CSS: each is refused now.
@Suite struct HostileValueTests {
    @Test func hugeNumbersAreRefusedNotATrap() {
        #expect(throws: StyleError.self) { try StyleAttribute.kerning.css(.number(1e300)) }
        #expect(throws: StyleError.self) { try StyleAttribute.font.css(.object(["size": .integer(Int.max)])) }
        #expect(throws: StyleError.self) { try StyleAttribute.lineLimit.css(.integer(Int.max)) }
        let css = ThemeStylesheet(theme: Theme(name: "t", styles: [.body: ["bold": .bool(true)]]))
            .css(usedValues: [("kerning", .number(1e300)), ("font", .object(["size": .number(9.3e15)]))])
        #expect(!css.contains("rw-kerning"))
        #expect(!css.contains("rw-font"))
    }

    /// U+0D4E combines with the next character, so `"` would count as part of a letter.
    @Test func fontNamesAreCheckedByCodePoint() {
        let name = "\u{0D4E}\"\u{0D4E};\u{0D4E}}\u{0D4E}{"
        #expect(throws: StyleError.self) { try StyleAttribute.font.css(.object(["name": .string(name), "size": .integer(17)])) }
    }

    /// A colour of megabytes is named by its first characters: the whole value was the message.
    @Test func aHugeColourIsShownCut() {
        for text in [String(repeating: "x", count: 1 << 20), "#" + String(repeating: "g", count: 1 << 20), "rgb(" + String(repeating: "9", count: 1 << 20) + ")"] {
            do {
                _ = try ColorValue(.string(text))
                Issue.record("a colour of a megabyte was taken")
            } catch {
                #expect(error.message.count < 400 && error.message.contains(String(text.prefix(60)) + "…"), "\(error.message.prefix(200))")
            }
        }
    }

    @Test func fullwidthHexDigitsAreNotAColor() {
        #expect(throws: StyleError.self) { try ColorValue(.string("#ＦＦＦ")) }
    }

    @Test func infinityAndNaNAreNotAttributeValues() {
        for raw in ["k: Infinity", "k: -Infinity", "k: NaN", "k: [1, NaN]"] {
            #expect(throws: AttributeTextError.self, "\(raw)") { try AttributeValue.objectBody(raw) }
        }
    }
}
