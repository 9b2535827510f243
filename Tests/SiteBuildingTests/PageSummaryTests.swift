import RunwayText
import HTMLRendering
import MarkdownParsing
import SiteContent
import Testing

/// Issue 15, point 2: a page's summary (front matter, `<!--more-->`, first paragraph) as HTML and
/// plain text, and its word count and reading time.
@Suite struct PageSummaryTests {
    func summary(_ markdown: String, frontMatter: String? = nil) -> PageSummary {
        PageSummary.of(MarkdownParser().parse(markdown), frontMatter: frontMatter, parser: MarkdownParser(), renderer: HTMLRenderer())
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
