import RunwayText
import HTMLRendering
import MarkdownParsing
@testable import SiteContent
import Testing

/// Issue 15, point 2: a page's summary (front matter, `<!--more-->`, first paragraph) as HTML and
/// plain text, and its word count and reading time.
@Suite struct PageSummaryTests {
    func summary(_ markdown: String, frontMatter: String? = nil) -> PageSummary {
        PageSummary.of(MarkdownParser().parse(markdown), written: frontMatter.map { MarkdownParser().parse($0) }, renderer: HTMLRenderer())
    }

    @Test func theFrontMattersSummaryIsMarkdown() {
        #expect(summary("First.\n", frontMatter: "Given *here* & now") == PageSummary(html: "<p>Given <em>here</em> &amp; now</p>\n",
                                                                                      text: "Given here & now"))
    }

    @Test func theTextBeforeTheMoreMarkerIsTheSummary() {
        #expect(summary("# Title\n\nOne *two*.\n\n- three\n\n<!--more-->\n\nRest.\n") == PageSummary(
            html: "<p>One <em>two</em>.</p>\n<ul>\n<li>three</li>\n</ul>\n", text: "One two. three"), "the title heading left out")
        #expect(summary("## Part\n\nOne.\n<!--more-->\n").text == "Part One.", "a lower heading stays")
        #expect(summary("Before <!--more--> after.\n").text == "Before")
    }

    @Test func elseTheFirstParagraphOutsideOtherBlocksIs() {
        #expect(summary("# Title\n\n> quoted\n\nThe *first*\nparagraph.\n\nThe second.\n") == PageSummary(
            html: "<p>The <em>first</em>\nparagraph.</p>\n", text: "The first paragraph."))
        #expect(summary("# Only a title\n\n- and a list\n") == PageSummary(html: "", text: ""))
    }

    @Test(arguments: [
        ("One two three.", 3, 0, 1),
        ("It's a well-known fact: 42 things.", 6, 0, 1),
        ("日本語の文章です。", 0, 8, 1),
        ("Mixed 中文 text", 2, 2, 1),
        (String(repeating: "word ", count: 214), 214, 0, 2),
        (String(repeating: "字", count: 501), 0, 501, 2),
    ])
    func wordsAreCountedAndCJKByCharacter(_ text: String, _ words: Int, _ cjk: Int, _ minutes: Int) {
        let length = PageLength(MarkdownParser().parse(text + "\n"))
        #expect(length == PageLength(words: words, cjkCharacters: cjk))
        #expect(length.wordCount == words + cjk && length.readingTime == minutes)
    }

    @Test func rawHTMLAndMarkupAreNotWords() {
        #expect(PageLength(MarkdownParser().parse("<div>\nnot counted\n</div>\n\n**Two** `words`\n")).words == 2)
    }
}

/// The plain text's white space is Unicode's `White_Space`: ASCII is tested without looking up
/// the property, so every scalar of it, and every other white space scalar, is held to it.
@Suite struct PlainTextWhiteSpaceTests {
    /// What `plainText` does to one block's text, written the slow way.
    func collapsed(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var space = true
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !space { out.append(" ") }
                space = true
            } else {
                out.append(scalar)
                space = false
            }
        }
        if out.last == " " { out.removeLast() }
        return String(out)
    }

    @Test func everyASCIIScalarAndEveryOtherWhiteSpaceIsAsUnicodeSaysIt() {
        let ascii = (0..<128).compactMap(Unicode.Scalar.init)
        let others = (0x80...0x3000).compactMap(Unicode.Scalar.init).filter(\.properties.isWhitespace)
        #expect(others.count == 19, "U+0085, U+00A0, U+1680, U+2000…U+200A, U+2028, U+2029, U+202F, U+205F, U+3000")
        for scalar in ascii + others + ["é", "字", "🙂", "\u{301}"] {
            let text = "a" + String(scalar) + "b" + String(scalar) + String(scalar) + "c"
            let attributed = AttributedText(text)
            #expect(PageSummary.plainText(of: attributed) == collapsed(text), "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }
}

/// Words are counted over UTF-8 bytes: held to counting over Unicode scalars (the way it was
/// written first) on text of many scripts, marks, emoji, apostrophes and raw HTML.
@Suite struct PageLengthDifferentialTests {
    /// The count over each run's scalars.
    func reference(_ text: AttributedText) -> PageLength {
        var words = 0, cjk = 0
        for run in text.runs where !PageSummary.isHTML(run) {
            var inWord = false
            for scalar in text[run].unicodeScalars {
                if PageLength.isCJK(scalar) {
                    cjk += 1
                    inWord = false
                } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if !inWord { words += 1 }
                    inWord = true
                } else if !inWord || !(scalar == "'" || scalar == "’" || scalar == "-") {
                    inWord = false
                }
            }
        }
        return PageLength(words: words, cjkCharacters: cjk)
    }

    @Test(arguments: [
        "It's a well-known fact: 42 things -- and 'quoted' words.",
        "Ünïcödé wörds, naïve café, Ελληνικά κείμενα, русский текст, עברית, العربية ١٢٣",
        "日本語の文章です。中文 mixed with English and 한국어 텍스트",
        "e\u{301}te\u{301} combining marks, emoji 🙂 👩‍👩‍👧 flags 🇫🇷 and ’ curly’s apostrophe’",
        "tabs\tand\nnewlines\r\nand  spaces; symbols © ® ™ → ≠ ∞ and digits ½ ² ⅷ",
        "<div>raw *HTML* words</div>\n\nText after, <span>inline</span> too.",
        "```swift\nlet code = \"counts\" // too\n```\n\n> quoted `code` and [a link](/x)",
    ])
    func bytesCountAsScalarsDo(_ markdown: String) {
        let text = MarkdownParser().parse(markdown)
        #expect(PageLength(text) == reference(text))
    }
}
