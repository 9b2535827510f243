import MarkdownParsing
import RunwayText
import Testing

/// Hugo's code block options after a fence's language (issue 16, point 4).
@Suite struct CodeBlockInfoTests {
    @Test(arguments: [
        ("swift", "swift", nil),
        ("swift {linenos=true}", "swift", CodeBlockOptions(lineNumbers: true)),
        ("go {linenos=table,hl_lines=[8,\"15-17\"],linenostart=199}", "go",
         CodeBlockOptions(lineNumbers: true, firstLineNumber: 199, highlightedLines: [8...8, 15...17])),
        ("py {hl_lines=\"2-4 7\"}", "py", CodeBlockOptions(highlightedLines: [2...4, 7...7])),
        ("sh { linenos = inline , hl_lines = [ 1 ] }", "sh", CodeBlockOptions(lineNumbers: true, highlightedLines: [1...1])),
        ("ruby startline=3 $%@#$", "ruby", nil),
        ("{linenos=true}", "{linenos=true}", nil),
        // Quoted values, as Hugo's sites write them (issue 38, point 3: `linenos="table"` was refused).
        ("go {hl_lines=\"2\",linenos=\"table\",linenostart='5'}", "go", CodeBlockOptions(lineNumbers: true, firstLineNumber: 5, highlightedLines: [2...2])),
    ] as [(String, String, CodeBlockOptions?)])
    func optionsAreRead(info: String, hint: String, options: CodeBlockOptions?) {
        let parsed = CodeBlockInfo.parse(info)
        #expect(parsed.languageHint == hint && parsed.options == options && parsed.problems.isEmpty, "\(parsed)")
    }

    @Test(arguments: [
        ("swift {linenos=maybe}", "linenos is maybe"), ("swift {hl_lines=[0]}", "hl_lines is [0]"),
        ("swift {hl_lines=[3-1]}", "hl_lines is [3-1]"), ("swift {linenostart=x}", "linenostart is x"),
        ("swift {style=monokai}", "unknown code block option 'style'"), ("swift {linenos=true", "no closing '}'"),
        // Numbers out of range say so.
        ("swift {linenostart=99999999999999999999}", "linenostart is 99999999999999999999, beyond a billion"),
        ("swift {linenostart=2000000000}", "beyond a billion"), ("swift {linenostart=1.5}", "not a whole number"),
        ("swift {hl_lines=[0]}", "lines count from 1"), ("swift {hl_lines=[4-2]}", "from its first line to its last"),
        ("swift {hl_lines=[2000000]}", "no line comes after line 1,000,000"),
        ("swift {hl_lines=[99999999999999999999]}", "no line comes after line 1,000,000"),
        ("swift {hl_lines=[a]}", "not lines such as"), ("swift {hl_lines=[1--2]}", "not lines such as"),
        ("swift {hl_lines=[-1]}", "lines count from 1"),
        // Options end at their first `}`; what follows is said (it was read as options, or dropped).
        ("swift {linenos=true} trailing {x}", "'trailing {x}' after the code block's options is ignored"),
        ("swift {hl_lines=[1]} `x`", "'`x`' after the code block's options is ignored"),
        // Options Runway does not read, in one warning however many.
        ("swift {style=monokai, anchorlinenos=true}", "unknown code block options 'style', 'anchorlinenos' ("),
        ("swift {" + (0..<12_000).map { "o\($0)=1" }.joined(separator: " ") + "}", "options 'o0', 'o1', 'o2' and 11997 more ("),
    ])
    func problemsAreSaid(info: String, problem: String) {
        let parsed = CodeBlockInfo.parse(info)
        #expect(parsed.languageHint == "swift")
        #expect(parsed.problems.count == 1 && parsed.problems[0].contains(problem), "\(parsed.problems)")
    }

    /// The warning is at the fence, and the block is kept.
    @Test func aProblemIsAWarningAtTheFence() {
        let parsed = MarkdownParser().parse("Text.\n\n```swift {linenos=maybe}\nx\n```\n", path: "a.md")
        #expect(parsed.diagnostics.map(\.description) == ["a.md:3:1: warning: linenos is maybe, not true, false, table or inline; lines are not numbered"])
        #expect(parsed.text.string == "Text.x\n")
    }
}
