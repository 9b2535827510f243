import Foundation
import HTMLRendering
import MarkdownParsing
import MarkdownWriting
import RunwayText
import Testing

/// `MarkdownWriter` against the parser: the Markdown it writes from a text's runs parses into the
/// same HTML as the text did (a page's Markdown twin says what its page says).
@Suite struct MarkdownTwinTests {
    static let parser = MarkdownParser()
    static let renderer = HTMLRenderer(options: .init(allowsRawHTML: true))

    /// The HTML of `markdown`, and of the Markdown written from its runs.
    static func both(_ markdown: String) -> (original: String, twin: String, written: String) {
        let text = parser.parse(markdown)
        let written = MarkdownWriter.markdown(of: text)
        return (renderer.render(text), renderer.render(parser.parse(written)), written)
    }

    /// Every example of the GFM specification whose HTML the twin keeps, of those the parser takes
    /// as the spec does: the writer's limits, measured.
    @Test func theSpecificationsExamplesSayTheSameAsTheirTwins() throws {
        let examples = try SpecExample.loadAll().filter { !$0.isDisabled }
        var differing: [Int] = []
        for example in examples {
            let (original, twin, _) = Self.both(example.markdown)
            if original != twin { differing.append(example.number) }
        }
        print("twins: \(examples.count - differing.count) of \(examples.count) spec examples give the same HTML; differing: \(differing)")
        // 662 of 671 on GFM 0.29: setext headings of several lines, HTML blocks, code spans and
        // emphasis beside punctuation are where the writer falls short.
        #expect(differing.count <= examples.count / 50, "\(differing)")
    }

    @Test(arguments: [
        "# Title {#top}\n\nA *b* **c** ~~d~~ `e` [f](/g \"h\") ![i](j.png) <span>k</span>\\\nl.\n",
        "- a\n- b\n  - c\n\n1. x\n2. y\n",
        "- [ ] todo\n- [x] done\n",
        "> [!WARNING]\n> Careful.\n",
        "> quote\n>\n> - in\n",
        "| a | b |\n|:--|--:|\n| 1 \\| 2 | `x|y` |\n",
        "```swift\nlet a = \"``` \"\n```\n\n    indented\n",
        "Text[^1].\n\n[^1]: The note.\n",
        "*emph* and 2 * 3 * 4, a_b_c, 1. not a list, # not a heading, <not a tag>, &amp; &copy;\n",
        "Line\n- item\n\n+ plus\n\n* star\n\n***\n\nSetext\n===\n\n1. one\n\n3) three\n",
    ])
    func aTwinSaysWhatItsTextSays(markdown: String) {
        let (original, twin, written) = Self.both(markdown)
        #expect(original == twin, "written:\n\(written)")
    }

    /// The site template's and the documentation's pages, as a site reads them (headings' own
    /// ids): their twins give their HTML, but for the extended attributes' spans, which a twin
    /// writes as their text.
    @Test func theShippedPagesSayTheSameAsTheirTwins() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let parser = MarkdownParser(options: .init(headingIDs: true))
        let renderer = HTMLRenderer(options: .init(allowsRawHTML: true, headingIDs: true))
        func withoutSpans(_ html: String) -> String {
            html.replacingOccurrences(of: #"</?span[^>]*>"#, with: "", options: .regularExpression)
        }
        var compared = 0
        for folder in ["site-template/content", "docs/content"] {
            for file in FileManager.default.enumerator(atPath: root + "/" + folder)?.allObjects as? [String] ?? [] where file.hasSuffix(".md") {
                var text = try String(contentsOfFile: root + "/" + folder + "/" + file, encoding: .utf8)
                // The front matter, which the twin has not.
                for fence in ["---", "+++"] where text.hasPrefix(fence + "\n") {
                    if let end = text.range(of: "\n" + fence + "\n", range: text.index(text.startIndex, offsetBy: 4)..<text.endIndex) {
                        text = String(text[end.upperBound...])
                    }
                }
                let runs = parser.parse(text)
                let twin = MarkdownWriter.markdown(of: runs)
                #expect(withoutSpans(renderer.render(runs)) == withoutSpans(renderer.render(parser.parse(twin))), "\(folder)/\(file):\n\(twin)")
                compared += 1
            }
        }
        #expect(compared > 30)
    }

    @Test func anAttributeSpanIsItsText() {
        #expect(MarkdownWriter.markdown(of: Self.parser.parse("^[Danger](customColor: 'danger') ahead.\n")) == "Danger ahead.\n")
    }
}
