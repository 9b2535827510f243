import Foundation
import HTMLRendering
import MarkdownParsing
import RunwayText
import Testing

/// `[markdown] math = true` in the parser: which dollars are math (pandoc's rules), the formula's
/// text as written (before Markdown's escapes), and nothing else changed: on the GFM spec's
/// examples without a dollar, the runs with math on equal the runs with it off.
@Suite struct MathParsingTests {
    static let parser: MarkdownParser = {
        var options = MarkdownParser.Options()
        options.math = true
        return MarkdownParser(options: options)
    }()

    /// The formulas of a text, as `kind:tex`, and its other text.
    static func formulas(_ markdown: String) -> (formulas: [String], text: String) {
        let text = parser.parse(markdown)
        var formulas: [String] = [], rest = ""
        for run in text.runs {
            let piece = String(decoding: Array(text.string.utf8)[run.range], as: UTF8.self)
            if let kind = MathKey.value(in: run.attributes) { formulas.append("\(kind.rawValue):\(piece)") } else { rest += piece }
        }
        return (formulas, rest)
    }

    @Test(arguments: [
        ("Euler: $e^{i\\pi} + 1 = 0$.", ["inline:e^{i\\pi} + 1 = 0"], "Euler: ."),
        ("A thin space survives: $\\int x\\,dx$", ["inline:\\int x\\,dx"], "A thin space survives: "),
        ("It costs $5 and $10.", [], "It costs $5 and $10."),
        ("$ x$ and $x $ and $x$5", [], "$ x$ and $x $ and $x$5"),
        ("\\$x$ is a dollar", [], "$x$ is a dollar"),
        ("$a\\$b$", ["inline:a\\$b"], ""),
        ("$$\\sum_k k$$", ["display:\\sum_k k"], ""),
        ("$$ x\ny $$ across lines", ["display: x\ny "], " across lines"),
        ("`$x$` is code, $$x unclosed", [], "$x$ is code, $$x unclosed"),
        ("*$x$* and [$y$](u)", ["inline:x", "inline:y"], " and "),
        ("| a |\n|---|\n| $x^2$ |", ["inline:x^2"], "a"),
    ])
    func dollarsAreMathByPandocsRules(_ markdown: String, _ formulas: [String], _ text: String) {
        let found = Self.formulas(markdown)
        #expect(found.formulas == formulas, "\(markdown)")
        #expect(found.text == text, "\(markdown)")
    }

    @Test func aFencedMathBlockIsADisplayFormula() {
        let text = Self.parser.parse("```math\n\\frac{a}{b}\n```\n")
        #expect(text.runs.count == 1)
        #expect(MathKey.value(in: text.runs[0].attributes) == .display)
        #expect(text.string == "\\frac{a}{b}\n")
        if case .paragraph? = text.runs[0].attributes.presentationIntent?.innermost?.kind {} else {
            Issue.record("a paragraph: \(String(describing: text.runs[0].attributes.presentationIntent))")
        }
        #expect(MathKey.value(in: MarkdownParser().parse("```math\nx\n```\n").runs[0].attributes) == nil, "off, it is code")
    }

    /// Without a converter the renderer shows a formula's TeX as code, in its kind's class; with
    /// one, the converter's MathML in a span of that class.
    @Test func theRendererWritesTheConvertersMathML() {
        let text = Self.parser.parse("See $x<1$ and\n\n$$y$$\n")
        #expect(HTMLRenderer().render(text)
                == "<p>See <code class=\"rw-math--inline\">x&lt;1</code> and</p>\n<p><code class=\"rw-math--display\">y</code></p>\n")
        var renderer = HTMLRenderer()
        renderer.math = { formula in formula.tex == "y" ? "<math display=\"block\"><mi>y</mi></math>" : nil }
        #expect(renderer.render(text)
                == "<p>See <code class=\"rw-math--inline\">x&lt;1</code> and</p>\n<p><span class=\"rw-math--display\"><math display=\"block\"><mi>y</mi></math></span></p>\n")
    }

    /// Math on, on every spec example without a dollar: the same runs as math off.
    @Test func withoutDollarsTheRunsAreTheSame() throws {
        var off = MarkdownParser.Options.gfmCommandLine, on = off
        on.math = true
        var compared = 0
        for example in try SpecExample.loadAll() where !example.markdown.contains("$") {
            #expect(MarkdownParser(options: on).parse(example.markdown) == MarkdownParser(options: off).parse(example.markdown),
                    "example \(example.number)")
            compared += 1
        }
        #expect(compared > 600)
    }

    /// A formula that stays text for a space inside its dollars is a warning at its first dollar,
    /// when what is inside looks like TeX; nothing else is.
    @Test(arguments: [
        ("Golden: $ \\varphi = \\dfrac{1+\\sqrt5}{2} $.", ["1:9 '$ \\varphi = \\dfrac{1+\\sqrt5}{2} $' → $\\varphi = \\dfrac{1+\\sqrt5}{2}$"]),
        ("$ a_1 $ and $x^2 $", ["1:1 '$ a_1 $' → $a_1$", "1:13 '$x^2 $' → $x^2$"]),
        ("It costs $ 5 and $ 10, $5 and $10.", []),
        ("$ x $ has no TeX in it", []),
        ("`$ x^2 $` is code", []),
        ("$$ x^2 $$ is display math", []),
        ("\\$ x^2 $ is a dollar", []),
        ("A $ x^2\nacross $ lines", []),
        ("    $ \\alpha $ in a code block", []),
        ("[$ \\alpha $](u) in a link's words", ["1:2 '$ \\alpha $' → $\\alpha$"]),
    ])
    func aSpacedFormulaIsAWarningAtItsPlace(_ markdown: String, _ expected: [String]) {
        let diagnostics = Self.parser.parse(markdown, path: "a.md").diagnostics
        let said = diagnostics.map { diagnostic -> String in
            let quoted = diagnostic.message.split(separator: "'", maxSplits: 1)
            let fix = diagnostic.message.components(separatedBy: "write ").last?.components(separatedBy: " to set it").first ?? ""
            return "\(diagnostic.position.map { "\($0.line):\($0.column)" } ?? "-") '\(quoted.first ?? "")' → \(fix)"
        }
        #expect(said == expected, "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.path == "a.md" })
        // Math off: dollars are text, and nothing is said of them.
        #expect(MarkdownParser().parse(markdown, path: "a.md").diagnostics.isEmpty)
    }
}
