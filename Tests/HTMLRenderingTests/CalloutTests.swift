import Foundation
import HTMLRendering
import MarkdownParsing
import RunwayText
import Testing

/// GitHub's alerts as callouts (issue 16, point 5): which quotes are alerts, what the runs carry,
/// and the HTML.
@Suite struct CalloutTests {
    static func callouts(_ markdown: String) -> [PresentationIntent.Callout?] {
        var found: [Int: PresentationIntent.Callout?] = [:]
        for run in GitHubAlerts.mark(MarkdownParser().parse(markdown), source: markdown).runs {
            for component in run.attributes.presentationIntent?.components ?? [] {
                if case .blockQuote(let callout) = component.kind { found[component.identity] = callout }
            }
        }
        return found.keys.sorted().map { found[$0]! }
    }

    @Test(arguments: [
        ("> [!NOTE]\n> Text.\n", [PresentationIntent.Callout.note]),
        ("> [!tip]  \n> Text.\n", [.tip]),
        ("> [!Important]\n>\n> Text.\n", [.important]),
        ("> [!WARNING]\n> - a list\n", [.warning]),
        ("> [!CAUTION]\n> Text.\n\n> [!NOTE]\n> More.\n", [.caution, .note]),
        // Found in the source whatever surrounds it.
        ("> [!tip] \n> Text.\n", [.tip]), (">[!NOTE]\n>Text.\n", [.note]), (">   [!NOTE]\r\n> Text.\r\n", [.note]),
        (">\t[!NOTE]\n> Text.\n", [.note]), ("Über.\n\n> [!NOTE]\n> Text.\n", [.note]),
        // A table right after the marker, or after its first line: cmark-gfm gives that paragraph
        // a wrong column (1, or 0), and the quote stayed a quote.
        ("> [!NOTE]\n> | a |\n> |---|\n", [.note]), ("> [!TIP]\n> Intro.\n> | a |\n> |---|\n", [.tip]),
        ("Text.\n\n  > [!NOTE]\n  > | a |\n  > |---|\n", [.note]),
    ])
    func alertsAreCallouts(markdown: String, expected: [PresentationIntent.Callout]) {
        #expect(Self.callouts(markdown) == expected)
    }

    /// What GitHub does not take for an alert stays a quote: a marker alone, an unknown kind, text
    /// after the marker on its line, a marker that is not the first line, a nested quote.
    @Test(arguments: ["> [!NOTE]\n", "> [!HINT]\n> Text.\n", "> [!NOTE] Text.\n", "> Text.\n> [!NOTE]\n> More.\n",
                      "- > [!NOTE]\n  > Text.\n", "> > [!NOTE]\n> > Text.\n", "> *[!NOTE]*\n> Text.\n", "> [!NOTE]\n",
                      // Escaped, or written as an entity, the marker is text, as on GitHub.
                      "> \\[!NOTE]\n> Text.\n", "> [\\!NOTE]\n> Text.\n", "> &#91;!NOTE]\n> Text.\n",
                      "> \\[!NOTE]\n> | a |\n> |---|\n", "> &#91;!NOTE]\n> | a |\n> |---|\n"])
    func otherQuotesAreNot(markdown: String) {
        #expect(Self.callouts(markdown).allSatisfy { $0 == nil })
        let parsed = MarkdownParser().parse(markdown)
        #expect(GitHubAlerts.mark(parsed, source: markdown) == parsed)
    }

    @Test func theMarkerLineLeavesTheTextAndTheHTMLHasTheKindAndATitle() {
        let marked = GitHubAlerts.mark(MarkdownParser().parse("> [!WARNING]\n> Mind *the* gap.\n\nAfter.\n"))
        #expect(marked.string == "Mind the gap.After.")
        var renderer = HTMLRenderer()
        #expect(renderer.render(marked) == """
            <blockquote class="rw-callout rw-callout--warning" data-callout="warning">
            <p class="rw-callout-title">Warning</p>
            <p>Mind <em>the</em> gap.</p>
            </blockquote>
            <p>After.</p>

            """)
        renderer.calloutTitle = { _ in "<Attention> & co" }
        #expect(renderer.render(marked).contains("<p class=\"rw-callout-title\">&lt;Attention&gt; &amp; co</p>"))
        // The marker's paragraph goes when it holds nothing else.
        let alone = GitHubAlerts.mark(MarkdownParser().parse("> [!NOTE]\n>\n> Text.\n"))
        #expect(HTMLRenderer().render(alone).hasSuffix("<p class=\"rw-callout-title\">Note</p>\n<p>Text.</p>\n</blockquote>\n"))
    }
}

/// Code blocks with options, line by line under `codeLines` (issue 16, point 4).
@Suite struct CodeLineTests {
    static let markdown = "```swift {linenos=true, hl_lines=[2], linenostart=7}\n/* a\n   b */\n\nlet x = \"<\"\n```\n"

    @Test func linesAreSpansWithTheirNumbersAsData() {
        let html = HTMLRenderer(options: .init(codeLines: true)).render(MarkdownParser().parse(Self.markdown))
        #expect(html == """
            <pre class="rw-code rw-code--numbered"><code class="language-swift"><span class="rw-line" data-line="7">/* a
            </span><span class="rw-line rw-line--highlighted" data-line="8">   b */
            </span><span class="rw-line" data-line="9">
            </span><span class="rw-line" data-line="10">let x = &quot;&lt;&quot;
            </span></code></pre>

            """)
        // Without codeLines, cmark-gfm's HTML; taking the line spans away gives the same text.
        let plain = HTMLRenderer().render(MarkdownParser().parse(Self.markdown))
        #expect(plain == "<pre><code class=\"language-swift\">/* a\n   b */\n\nlet x = &quot;&lt;&quot;\n</code></pre>\n")
        let stripped = html.replacingOccurrences(of: "<span class=\"rw-line[^\"]*\" data-line=\"[0-9]+\">", with: "", options: .regularExpression)
            .replacingOccurrences(of: "</span>", with: "").replacingOccurrences(of: " class=\"rw-code rw-code--numbered\"", with: "")
        #expect(stripped == plain)
    }

    /// A token across lines is cut at each line's end, so that every line span holds its own.
    @Test func aTokenAcrossLinesIsCutAtTheirEnds() {
        var builder = AttributedText.Builder()
        let block = AttributeContainer(presentationIntent: PresentationIntent(.codeBlock(languageHint: "c", options: CodeBlockOptions()), identity: 1))
        var comment = block
        comment.syntax = .comment
        builder.append("/* a\nb */", attributes: comment)
        builder.append(" x\n", attributes: block)
        #expect(HTMLRenderer(options: .init(codeLines: true)).render(builder.build()) == """
            <pre class="rw-code"><code class="language-c"><span class="rw-line" data-line="1"><span class="rw-syntax--comment">/* a</span>
            </span><span class="rw-line" data-line="2"><span class="rw-syntax--comment">b */</span> x
            </span></code></pre>

            """)
    }
}
