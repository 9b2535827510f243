import RunwayText
import Foundation
import HTMLRendering
import MarkdownParsing
import Testing
import RunwayTestSupport

/// Issue #13 point 3, no link inside a link. Inside link text a span behaves as cmark does for links
/// in links: the inner link wins and the outer brackets become text; no autolink is made inside
/// link text. Each expectation is cmark-gfm's for the same input without `^[` and `](k: 1)`, with the
/// span around its label: `[a [b](c)](d)` is `<p>[a <a href="c">b</a>](d)</p>` in cmark-gfm.
@Suite struct LinkNestingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var form: String
        var markdown: String
        /// The runs in `inlineTree` notation.
        var tree: String
        /// The HTML, each span's opening tag written `<span>`.
        var html: String
        var testDescription: String { form }
    }

    static let cases: [Case] = [
        // cmark: `[a <a href="c">b</a>](d)`: the `]` and `(d)` after it are text.
        Case(form: "inline link outside",
             markdown: "[a ^[[b](c)](k: 1)](d)",
             tree: #""[a ", span{k: 1}[link(c)["b"]], "](d)""#,
             html: #"<p>[a <span><a href="c">b</a></span>](d)</p>"#),
        // cmark: `[a <a href="c">b</a>]<a href="/r">ref</a>`: `[ref]` is read again, as a shortcut link.
        Case(form: "full reference link outside",
             markdown: "[a ^[[b](c)](k: 1)][ref]\n\n[ref]: /r",
             tree: #""[a ", span{k: 1}[link(c)["b"]], "]", link(/r)["ref"]"#,
             html: #"<p>[a <span><a href="c">b</a></span>]<a href="/r">ref</a></p>"#),
        // cmark: `[a <a href="c">b</a>][]`.
        Case(form: "collapsed reference link outside",
             markdown: "[a ^[[b](c)](k: 1)][]\n\n[a]: /r",
             tree: #""[a ", span{k: 1}[link(c)["b"]], "][]""#,
             html: #"<p>[a <span><a href="c">b</a></span>][]</p>"#),
        // cmark: `[a <a href="c">b</a>]`.
        Case(form: "shortcut reference link outside",
             markdown: "[a ^[[b](c)](k: 1)]\n\n[a]: /r",
             tree: #""[a ", span{k: 1}[link(c)["b"]], "]""#,
             html: #"<p>[a <span><a href="c">b</a></span>]</p>"#),
        // cmark-gfm makes no autolink inside link text: `<a href="d">a www.x.io</a>`.
        Case(form: "www autolink in a span in link text",
             markdown: "[a ^[www.x.io](k: 1)](d)",
             tree: #"link(d)["a ", span{k: 1}["www.x.io"]]"#,
             html: #"<p><a href="d">a <span>www.x.io</span></a></p>"#),
        Case(form: "https autolink in a span in link text",
             markdown: "[a ^[https://x.io](k: 1)](d)",
             tree: #"link(d)["a ", span{k: 1}["https://x.io"]]"#,
             html: #"<p><a href="d">a <span>https://x.io</span></a></p>"#),
        // cmark: `<a href="d">a x foo@x.io</a>`: no email autolink inside link text either.
        Case(form: "email after a span in link text",
             markdown: "[a ^[x](k: 1) foo@x.io](d)",
             tree: #"link(d)["a ", span{k: 1}["x"], " foo@x.io"]"#,
             html: #"<p><a href="d">a <span>x</span> foo@x.io</a></p>"#),
        // cmark: `[a x <a href="c">b</a>](d)`.
        Case(form: "span nested in a span in link text",
             markdown: "[a ^[x ^[[b](c)](k: 2)](k: 1)](d)",
             tree: #""[a ", span{k: 1}["x ", span{k: 2}[link(c)["b"]]], "](d)""#,
             html: #"<p>[a <span>x <span><a href="c">b</a></span></span>](d)</p>"#),
        Case(form: "autolink in a span nested in a span in link text",
             markdown: "[a ^[x ^[www.x.io](k: 2)](k: 1)](d)",
             tree: #"link(d)["a ", span{k: 1}["x ", span{k: 2}["www.x.io"]]]"#,
             html: #"<p><a href="d">a <span>x <span>www.x.io</span></span></a></p>"#),
        // cmark allows a link in an image's description: `<img src="d" alt="a b" />`.
        Case(form: "image outside",
             markdown: "![a ^[[b](c)](k: 1)](d)",
             tree: #"image(d)["a ", span{k: 1}[link(c)["b"]]]"#,
             html: #"<p><img src="d" alt="a b" /></p>"#),
        // cmark: `[x [a <a href="c">b</a>](d)](e)`: every enclosing link bracket becomes text.
        Case(form: "two links outside",
             markdown: "[x [a ^[[b](c)](k: 1)](d)](e)",
             tree: #""[x [a ", span{k: 1}[link(c)["b"]], "](d)](e)""#,
             html: #"<p>[x [a <span><a href="c">b</a></span>](d)](e)</p>"#),
        // cmark: `<em>[a <a href="c">b</a></em>](d)`: emphasis pairs across the outer brackets.
        Case(form: "emphasis across the outer brackets",
             markdown: "*[a ^[[b](c)](k: 1)*](d)",
             tree: #"em["[a ", span{k: 1}[link(c)["b"]]], "](d)""#,
             html: #"<p><em>[a <span><a href="c">b</a></span></em>](d)</p>"#),
        // cmark: `[a <a href="c">b</a>](<a href="https://x.io">https://x.io</a>)`: the tail is text again.
        Case(form: "autolink in the tail",
             markdown: "[a ^[[b](c)](k: 1)](https://x.io)",
             tree: #""[a ", span{k: 1}[link(c)["b"]], "](", link(https://x.io)["https://x.io"], ")""#,
             html: #"<p>[a <span><a href="c">b</a></span>](<a href="https://x.io">https://x.io</a>)</p>"#),
    ]

    @Test(arguments: cases)
    func innerLinkWins(_ example: Case) {
        let text = parse(example.markdown)
        #expect(inlineTree(text) == example.tree)
        #expect(text.runs.allSatisfy { linkCount($0) <= 1 }, "no run has two links")
        if example.tree.contains("link(c)") {
            let b = text.runs.filter { String(text[$0]) == "b" }
            #expect(b.count == 1 && b.allSatisfy { $0.attributes.link == "c" }, "run \"b\" links to c")
        }
        let html = html(example.markdown)
        #expect(plainSpans(html) == example.html + "\n")
        #expect(maximumLinkDepth(html) <= 1)
    }

    /// Outside link text a span's autolinks are as they were.
    @Test(arguments: [
        ("^[www.x.io](k: 1)", #"span{k: 1}[link(http://www.x.io)["www.x.io"]]"#),
        ("^[https://x.io](k: 1)", #"span{k: 1}[link(https://x.io)["https://x.io"]]"#),
        ("^[[b](c)](k: 1) www.x.io", #"span{k: 1}[link(c)["b"]], " ", link(http://www.x.io)["www.x.io"]"#),
    ])
    func autolinksOutsideLinkTextStay(markdown: String, tree: String) {
        #expect(inlineTree(parse(markdown)) == tree)
    }

    /// The text a span's link turned back into keeps its place in the source.
    @Test func positionsAfterTheSpanAreTheSource() {
        let text = parse("[a ^[[b](c)](k: 1)](d)\nmore")
        #expect(text.runs.map { "\($0.sourceRange!)" } == ["1:1-1:4", "1:7-1:8", "1:19-1:23", "1:23-1:23", "2:1-2:5"])
        let email = parse("[a ^[x](k: 1) foo@x.io z](d)")
        #expect(email.runs.last.map { "\($0.sourceRange!)" } == "1:14-1:25")
    }

    /// Many spans with links inside one link's text, and many brackets before them: the text comes
    /// out whole (quadratic work would not finish).
    @Test(arguments: [
        "[" + String(repeating: "^[[b](c)](k: 1) ", count: 50_000) + "](d)",
        String(repeating: "[", count: 50_000) + String(repeating: "^[[b](c)](k: 1)", count: 50_000),
        String(repeating: "*a ", count: 50_000) + "[" + String(repeating: "^[[b](c)](k: 1)", count: 50_000) + "](d)",
        "[a " + String(repeating: "^[x ^[[b](c) www.x.io](k: 2)](k: 1) y@z.io ", count: 20_000) + "](d)",
    ])
    func manySpansWithLinksInLinkText(markdown: String) {
        let text = parse(markdown)
        #expect(text.runs.allSatisfy { linkCount($0) <= 1 })
        #expect(text.runs.filter { String(text[$0]) == "b" }.allSatisfy { $0.attributes.link == "c" })
        #expect(text.runs.last!.range.upperBound == text.string.utf8.count)
    }

    /// Generated text mixing brackets, spans, autolinks and emphasis: never a link inside a link,
    /// in the runs or in the HTML; without `^[` the extension changes nothing.
    @Test func generatedTextNeverNestsLinks() {
        let pieces = ["[", "]", "(", ")", "^[", "](k: 1)", "](d)", "][ref]", "www.x.io", "https://x.io",
                      "x@y.io", "*", "!", " ", "a", "b", "\n", "`", "[b](c)"]
        var random = SplitMix64(seed: 13)
        let plain = MarkdownParser.Options(extendedAttributes: false)
        for _ in 0..<3_000 {
            var markdown = ""
            for _ in 0..<(1 + random.next() % 24) { markdown += pieces[Int(random.next() % UInt64(pieces.count))] }
            if random.next() % 4 == 0 { markdown += "\n\n[ref]: /r" }
            let text = parse(markdown)
            #expect(text.runs.allSatisfy { linkCount($0) <= 1 }, "\(markdown.debugDescription)")
            #expect(maximumLinkDepth(html(markdown)) <= 1, "\(markdown.debugDescription)")
            if !markdown.contains("^") {
                #expect(text == parse(markdown, options: plain), "\(markdown.debugDescription)")
                #expect(CmarkReference.html(markdown, options: .default) == CmarkReference.html(markdown, options: plain))
            }
        }
    }

    // MARK: Helpers

    func html(_ markdown: String) -> String {
        HTMLRenderer().render(MarkdownParser().parse(markdown))
    }

    func linkCount(_ run: AttributedText.Run) -> Int {
        (run.attributes.inlineIntent?.components ?? []).filter {
            if case .link = $0.kind { true } else { false }
        }.count
    }

    /// The HTML with each `<span …>` written `<span>`: how a span's values render is not the point here.
    func plainSpans(_ html: String) -> String {
        var output = ""
        var rest = Substring(html)
        while let start = rest.range(of: "<span") {
            output += rest[..<start.lowerBound] + "<span>"
            rest = rest[start.upperBound...]
            rest = rest.firstIndex(of: ">").map { rest[rest.index(after: $0)...] } ?? ""
        }
        return output + rest
    }

    /// How deeply `<a …>` elements nest in the HTML.
    func maximumLinkDepth(_ html: String) -> Int {
        var depth = 0, deepest = 0
        var rest = Substring(html)
        while let tag = rest.firstIndex(of: "<") {
            rest = rest[tag...]
            if rest.hasPrefix("<a ") || rest.hasPrefix("<a>") {
                depth += 1
                deepest = max(deepest, depth)
            } else if rest.hasPrefix("</a>") {
                depth -= 1
            }
            rest = rest.dropFirst()
        }
        return deepest
    }
}
