import MarkdownParsing
import RunwayText
import Testing

/// The shortcodes of a small table replaced in a text's words: next to each other, beside colons
/// that open none, never in code or raw HTML; each run keeps its attributes and source range.
@Suite struct EmojiShortcodesTests {
    static let shortcodes = EmojiShortcodes(table: ["tada": "🎉", "+1": "👍", "a": "🅰️", "white_check_mark": "✅"])

    @Test(arguments: [
        (":tada:", "🎉"),
        (":tada::+1: :a:", "🎉👍 🅰️"),
        ("12:30:00 and ::tada: and :: and :tada", "12:30:00 and :🎉 and :: and :tada"),
        (":no pe: :white_check_mark:: :unknown:a:", ":no pe: ✅: :unknown🅰️"),
        ("no colon here", "no colon here"),
    ])
    func aWordsShortcodesAreReplaced(_ markdown: String, _ expected: String) {
        var parser = MarkdownParser()
        parser.emoji = Self.shortcodes
        #expect(parser.parse(markdown).string == expected)
    }

    @Test func codeAndRawHTMLKeepTheirs() {
        var parser = MarkdownParser()
        parser.emoji = Self.shortcodes
        let text = parser.parse("`:tada:` *:tada:* <b title=':tada:'>\n\n```\n:tada:\n```\n")
        #expect(text.string.hasPrefix(":tada: 🎉 <b title=':tada:'>"), "\(text.string)")
        #expect(text.string.hasSuffix(":tada:\n"), "\(text.string)")
    }

    @Test func aFormulaKeepsItsColons() {
        var options = MarkdownParser.Options()
        options.math = true
        var parser = MarkdownParser(options: options)
        parser.emoji = Self.shortcodes
        #expect(parser.parse("$f:a:b$ :a:").string == "f:a:b 🅰️")
    }

    /// The same runs, attributes and source ranges as the text without the table, their text
    /// aside; a text without a shortcode is returned as it was.
    @Test func runsKeepTheirAttributesAndSources() {
        let markdown = "A :tada: **b :+1:** [c :a:](x.md)\n"
        var parser = MarkdownParser()
        let plain = parser.parse(markdown)
        parser.emoji = Self.shortcodes
        let replaced = parser.parse(markdown)
        #expect(replaced.runs.count == plain.runs.count)
        #expect(replaced.runs.map(\.attributes) == plain.runs.map(\.attributes))
        #expect(replaced.runs.map(\.sourceRange) == plain.runs.map(\.sourceRange))
        #expect(replaced.string == "A 🎉 b 👍 c 🅰️", "\(replaced.string)")
        let none = MarkdownParser().parse("None here: *none*.\n")
        #expect(Self.shortcodes.replaced(in: none) == none)
    }
}
