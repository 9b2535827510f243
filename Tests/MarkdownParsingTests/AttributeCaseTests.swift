import RunwayText
import MarkdownParsing
import Testing

/// Every row of `shared/attribute-cases.md`, the conformance set for extended attributes.
/// `span{raw}[children]` is an attribute span; a quoted string alone is literal text.
@Suite struct AttributeSyntaxCaseTests {
    /// Rows whose whole inline structure the table states.
    @Test(arguments: [
        (1, "^[]", #""^[]""#),
        (2, "^[](", #""^[](""#),
        (3, "^[])", #""^[])""#),
        (4, "^[])(", #""^[])(""#),
        (5, "^[]()", "span{}[]"),
        (6, "^[](rainbow: 'extreme')", "span{rainbow: 'extreme'}[]"),
        (7, "^[Hello, world!](rainbow: 'extreme')", #"span{rainbow: 'extreme'}["Hello, world!"]"#),
        (8, #"^[formatted text](class: "fancy")"#, #"span{class: "fancy"}["formatted text"]"#),
        (9, "This is some text.  \n^[This is some attributed text.](rainbow: 'extreme')",
         #""This is some text.", lineBreak["\n"], span{rainbow: 'extreme'}["This is some attributed text."]"#),
        (10, "This is some text.\n^[This is some attributed text.](rainbow: 'extreme')",
         #""This is some text.", softBreak["\n"], span{rainbow: 'extreme'}["This is some attributed text."]"#),
        (12, "^[a *b* **c** `d`](k: 1)", #"span{k: 1}["a ", em["b"], " ", strong["c"], " ", code["d"]]"#),
        (13, "^[a [link](https://x.com) b](k: 1)", #"span{k: 1}["a ", link(https://x.com)["link"], " b"]"#),
        (14, "[a ^[b](k: 1) c](https://x.com)", #"link(https://x.com)["a ", span{k: 1}["b"], " c"]"#),
        (15, "*a ^[b* c](k: 1)", #""*a ", span{k: 1}["b* c"]"#),
        (16, "^[outer ^[inner](i: 1) text](o: 2)", #"span{o: 2}["outer ", span{i: 1}["inner"], " text"]"#),
        (17, "^[a `]` b](k: 1)", #"span{k: 1}["a ", code["]"], " b"]"#),
        (18, "`^[a](k: 1)`", #"code["^[a](k: 1)"]"#),
        (19, #"\^[a](k: 1)"#, #""^[a](k: 1)""#),
        (20, #"^\[a](k: 1)"#, #""^[a](k: 1)""#),
        (21, #"^[a\]b](k: 1)"#, #"span{k: 1}["a]b"]"#),
        (22, "^[text] (a: 1)", #""^[text] (a: 1)""#),
        (23, "^[a](k: ')')", #"span{k: '}["a"], "\')""#),
        (24, "^[a](k: '(x)')", #"span{k: '(x)'}["a"]"#),
        (25, #"^[a](k: '\u0029')"#, #"span{k: '\u0029'}["a"]"#),
        (26, #"^[a](k: "(")"#, #""^[a](k: \"(\")""#),
        (27, "^[a](k:\n1)", "span{k:\n1}[\"a\"]"),
        (28, "^[a](k: 1,\n\nj: 2)", #""^[a](k: 1,", "j: 2)""#),
        (29, "^[a]( k: 1 )", #"span{ k: 1 }["a"]"#),
        (30, "^[a](k: 1)(b: 2)", #"span{k: 1}["a"], "(b: 2)""#),
        (33, "~~^[a](k: 1)~~ and ^[~~a~~](k: 1)", #"del[span{k: 1}["a"]], " and ", span{k: 1}[del["a"]]"#),
        (34, "^[a](k: 1)[zzz] tail", #"span{k: 1}["a"], "[zzz] tail""#),
    ])
    func row(number: Int, markdown: String, expected: String) {
        #expect(inlineTree(parse(markdown)) == expected, "row \(number)")
    }

    @Test func row7SourceRanges() {
        let parsed = MarkdownParser().parse("^[Hello, world!](rainbow: 'extreme')", path: "a.md")
        #expect(parsed.text.runs.map { $0.sourceRange?.description } == ["1:3-1:16"])
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func row11LinkAndAttributesSideBySide() {
        let text = parse("This is a [Markdown](https://commonmark.org) string with a ^[custom attribute](factor: 10, other: true).")
        let link = text.runs.first { text[$0] == "Markdown" }
        #expect(link?.attributes.link == "https://commonmark.org")
        let custom = text.runs.first { text[$0] == "custom attribute" }
        #expect(custom?.attributes.customAttributes == ["factor": .integer(10), "other": .bool(true)])
        #expect(text.runs.last.map { String(text[$0]) } == ".")
    }

    @Test func row16InnerSpansOverrideAndInherit() {
        let text = parse("^[outer ^[inner](i: 1, o: 3) text](o: 2)")
        let values = text.runs.map(\.attributes.customAttributes)
        #expect(values == [["o": .integer(2)], ["i": .integer(1), "o": .integer(3)], ["o": .integer(2)]])
    }

    @Test func row26IsNeverALink() {
        let text = parse(#"^[a](k: "(")"#)
        #expect(text.runs.allSatisfy { $0.attributes.link == nil && $0.attributes.inlineIntent == nil })
    }

    @Test func row31HeadingContainsTheSpan() {
        let text = parse("# ^[Heading](k: 1)")
        #expect(inlineTree(text) == #"span{k: 1}["Heading"]"#)
        #expect(text.runs[0].attributes.presentationIntent?.components.first?.kind == .header(level: 1))
    }

    @Test func row32TableHeaderCellContainsTheSpan() {
        let text = parse("| ^[a](k: 1) | b |\n|---|---|\n| c | d |")
        let cell = text.runs[0].attributes
        #expect(text[text.runs[0]] == "a")
        #expect(cell.customAttributes == ["k": .integer(1)])
        #expect(cell.presentationIntent?.components.map(\.kind.name) == ["tableCell", "tableHeaderRow", "table"])
    }

    @Test func spansWorkInListItemsAndQuotes() {
        let text = parse("- ^[a](k: 1)\n\n> ^[b](k: 2)\n")
        #expect(text.runs.map(\.attributes.customAttributes) == [["k": .integer(1)], ["k": .integer(2)]])
    }

    /// Row 35: parentheses may nest 32 deep in the attribute text, not 33.
    @Test(arguments: [(31, true), (33, false)])
    func row35ParenthesisDepth(inner: Int, isSpan: Bool) {
        let markdown = "^[a](k: '" + String(repeating: "(", count: inner) + String(repeating: ")", count: inner) + "')"
        let tree = inlineTree(parse(markdown))
        #expect(tree.hasPrefix("span{") == isSpan, "\(inner) nested parentheses")
        if !isSpan { #expect(tree == markdown.debugDescription) }
    }
}

@Suite struct AttributeValueCaseTests {
    /// Rows 36–40: what the attribute text's values are.
    @Test(arguments: [
        (36, "rainbow: 'extreme'", ["rainbow": AttributeValue.string("extreme")]),
        (36, #""rainbow": "extreme""#, ["rainbow": .string("extreme")]),
        (36, "'rainbow': 'extreme'", ["rainbow": .string("extreme")]),
        (37, "{rainbow: 'extreme',} /* note */", ["rainbow": .string("extreme")]),
        (38, "size:{width:343.3,height:200.3},priority:'high'",
         ["size": .object(["width": .number(343.3), "height": .number(200.3)]), "priority": .string("high")]),
        (39, "k: [1, 2,], n: null, f: .5, h: 0x1F, p: +1",
         ["k": .array([.integer(1), .integer(2)]), "n": .null, "f": .number(0.5), "h": .integer(31), "p": .integer(1)]),
        (40, "inflect: true, inflectionAlternative: 'Te damos la bienvenida'",
         ["inflect": .bool(true), "inflectionAlternative": .string("Te damos la bienvenida")]),
        (24, "k: '(x)'", ["k": .string("(x)")]),
        (25, #"k: '\u0029'"#, ["k": .string(")")]),
        (27, "k:\n1", ["k": .integer(1)]),
    ])
    func row(number: Int, raw: String, expected: [String: AttributeValue]) throws {
        #expect(try AttributeValue.objectBody(raw) == expected, "row \(number)")
        let text = parse("^[x](\(raw))")
        #expect(text.runs.first?.attributes.customAttributes == expected, "row \(number) through the parser")
    }

    /// Row 41 (and row 23's `k: '`): invalid text is a warning at the span, and the text stays.
    @Test(arguments: ["k-dash: 1", "rainbow: extreme", "k: 1 j: 2", #"k: 'a\)b'"#])
    func row41InvalidTextWarnsAndKeepsText(raw: String) {
        let parsed = MarkdownParser().parse("Intro.\n\nSee ^[the text](\(raw)) here.", path: "notes.md")
        #expect(parsed.text.string == "Intro.See the text here.")
        #expect(parsed.text.runs.allSatisfy { $0.attributes.customAttributes.isEmpty })
        #expect(parsed.diagnostics.count == 1)
        let diagnostic = parsed.diagnostics.first
        #expect(diagnostic?.severity == .warning)
        #expect(diagnostic?.description.hasPrefix("notes.md:3:5: warning: invalid attribute text \(raw.debugDescription)") == true)
    }

    @Test func row23RejectsTheTruncatedValue() {
        let parsed = MarkdownParser().parse("^[a](k: ')')", path: "x.md")
        #expect(parsed.text.string == "a')")
        #expect(parsed.diagnostics.map(\.position) == [SourcePosition(line: 1, column: 1)])
    }

    /// Row 42: a key outside the scope is dropped with a warning naming it and the scope.
    @Test func row42UnknownKeyIsDroppedWithAWarning() {
        let scope = CustomAttributeScope(name: "runway.toml") {
            AttributeDeclaration("customColor", .oneOf(["danger", "highlight"]))
            AttributeDeclaration("factor", .number)
        }
        let parser = MarkdownParser(scope: scope)
        let parsed = parser.parse("^[a](unknownKey: 1, customColor: 'danger')", path: "p.md")
        #expect(parsed.text.string == "a")
        #expect(parsed.text.runs[0].attributes.customAttributes == ["customColor": .string("danger")])
        #expect(parsed.diagnostics.map(\.description) == [
            "p.md:1:1: warning: unknown attribute 'unknownKey' is not in the scope of runway.toml (it declares customColor, factor); the attribute is dropped",
        ])
    }

    @Test func valuesOfTheWrongTypeOrOutsideTheAllowedSetAreDropped() {
        let scope = CustomAttributeScope(name: "theme default") {
            AttributeDeclaration("customColor", .oneOf(["danger", "highlight"]))
            AttributeDeclaration("factor", .number)
            AttributeDeclaration("inflect", .bool)
        }
        let parsed = MarkdownParser(scope: scope).parse(
            "x\n\n  ^[a](customColor: 'purple', factor: 'big', inflect: true)", path: "p.md")
        #expect(parsed.text.runs[1].attributes.customAttributes == ["inflect": .bool(true)])
        #expect(parsed.diagnostics.map(\.description) == [
            "p.md:3:3: warning: attribute 'customColor' is \"purple\" but must be one of 'danger', 'highlight'; the attribute is dropped",
            "p.md:3:3: warning: attribute 'factor' is \"big\" but must be a number; the attribute is dropped",
        ])
    }

    @Test func reservedNamesCannotBeCustomAttributes() {
        let parsed = MarkdownParser().parse("^[a](link: 'x', ok: 1)", path: "p.md")
        #expect(parsed.text.runs[0].attributes.customAttributes == ["ok": .integer(1)])
        #expect(parsed.text.runs[0].attributes.link == nil)
        #expect(parsed.diagnostics.count == 1)
    }
}

@Suite struct AttributeRobustnessCaseTests {
    /// Row 43: 20,000 unclosed spans in one paragraph stay literal (and parse in linear time).
    @Test func row43ManyUnclosedSpansAreLiteral() {
        let markdown = String(repeating: "^[a ", count: 20_000)
        let text = parse(markdown)
        #expect(text.string == markdown.trimmingSuffix())
        #expect(text.runs.allSatisfy { $0.attributes.inlineIntent == nil })
    }

    /// Row 44: 5,000 nested spans: no crash, spans 32 deep and literal text below that.
    @Test func row44DeeplyNestedSpansAreBounded() {
        let depth = 5_000
        let markdown = String(repeating: "^[a ", count: depth) + "x" + String(repeating: "](k: 1)", count: depth)
        let text = parse(markdown)
        let deepest = text.runs.map { $0.attributes.inlineIntent?.components.count ?? 0 }.max()
        #expect(deepest == 32)
        #expect(text.string.contains("x"))
    }

    @Test func fiftyThousandNestedBracketsAndATwoMegabyteParagraph() {
        let brackets = String(repeating: "^[", count: 50_000) + "a" + String(repeating: "](k: 1)", count: 50_000)
        #expect(!parse(brackets).runs.isEmpty)
        let sentence = "Some ^[attributed *text*](customColor: 'danger', n: 1) and plain words. "
        let paragraph = String(repeating: sentence, count: 2_000_000 / sentence.utf8.count)
        let text = parse(paragraph)
        let spans = text.runs.filter { !$0.attributes.customAttributes.isEmpty }
        #expect(spans.count == 2 * (2_000_000 / sentence.utf8.count))
    }
}

extension String {
    /// cmark trims a paragraph's trailing spaces.
    fileprivate func trimmingSuffix() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

/// `make fuzz` found that Foundation's JSON5 reader traps (crashing the process) on numbers of some
/// lengths over 20 characters; such text is refused before Foundation sees it.
@Suite struct LongNumberTests {
    @Test(arguments: [21, 40, 57, 85, 101, 117, 400])
    func longNumbersAreAWarningNotACrash(length: Int) {
        let number = "1" + String(repeating: "4", count: length - 1)
        let parsed = MarkdownParser().parse("^[x](k: \(number))", path: "n.md")
        #expect(parsed.text.string == "x")
        #expect(parsed.diagnostics.count == 1)
        #expect(parsed.diagnostics.first?.message.contains("is longer than 20 characters") == true)
    }

    @Test func numbersUpToTwentyCharactersAndLongStringsAreRead() throws {
        #expect(try AttributeValue.objectBody("k: 14444444444444444444") == ["k": .number(1.4444444444444444e19)])
        let long = String(repeating: "9", count: 60)
        #expect(try AttributeValue.objectBody("k: '\(long)', /* \(long) */ j: 1") == ["k": .string(long), "j": .integer(1)])
    }
}

/// A backtick inside raw HTML made every `^[` rebuild the bracket tables (45 s on 440 KB); the
/// tables are now rebuilt at most once a paragraph. Structure is what this test checks; `make bench`
/// style timing is in the notes.
@Suite struct BracketTableTests {
    @Test func rawHTMLWithBackticksBeforeManySpans() {
        let unit = "<a x=\"`\">^["
        let text = parse(String(repeating: unit, count: 5_000))
        #expect(text.runs.allSatisfy { $0.attributes.customAttributes.isEmpty })
        let spans = parse("<a x=\"`\">^[one](k: 1) <b title=\"`\">^[two](k: 2) `code ^[no](k: 3)`")
        #expect(spans.runs.compactMap { $0.attributes.customAttributes["k"] } == [.integer(1), .integer(2)])
    }
}
