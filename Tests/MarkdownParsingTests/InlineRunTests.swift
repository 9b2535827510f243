import RunwayText
import MarkdownParsing
import Testing

@Suite struct InlineRunTests {
    @Test func readmeExampleHasFourRuns() {
        let text = parse("This is **Bold text** and this is _italic_")
        #expect(text.texts == ["This is ", "Bold text", " and this is ", "italic"])
        #expect(text.flatIntents == [0, 2, 0, 1])
    }

    @Test(arguments: [
        ("*x*", 1), ("_x_", 1), ("**x**", 2), ("***x***", 3), ("`x`", 4), ("~~x~~", 32), ("a <b> c", 256),
    ])
    func flatIntentsUseFoundationRawValues(markdown: String, raw: Int) {
        let text = parse(markdown)
        #expect(text.flatIntents.contains(raw))
    }

    @Test func breaksAreRunsOfTheirOwn() {
        let soft = parse("a\nb")
        #expect(soft.texts == ["a", "\n", "b"])
        #expect(soft.flatIntents == [0, 64, 0])
        let hard = parse("a  \nb")
        #expect(hard.flatIntents == [0, 128, 0])
    }

    @Test func nestedSameKindEmphasisKeepsBothElements() {
        let text = parse("**a **b** c**")
        let inner = text.runs[1].attributes.inlineIntent?.components ?? []
        #expect(text.texts == ["a ", "b", " c"])
        #expect(inner.map(\.kind) == [.stronglyEmphasized, .stronglyEmphasized])
        #expect(Set(inner.map(\.identity)).count == 2)
    }

    @Test func linksAndImagesCarryTheirURLs() {
        let text = parse(#"[a](https://x.com "T") ![alt *b*](i.png)"#)
        #expect(text.runs[0].attributes.link == "https://x.com")
        #expect(text.runs[0].attributes.inlineIntent?.components.first?.kind == .link(destination: "https://x.com", title: "T"))
        let image = text.runs.filter { $0.attributes.imageURL == "i.png" }
        #expect(image.map { String(text[$0]) } == ["alt ", "b"])
    }

    @Test func adjacentLinksToTheSameURLStayApart() {
        let text = parse("[a](x)[b](x)")
        let identities = text.runs.compactMap { $0.attributes.inlineIntent?.components.first?.identity }
        #expect(identities.count == 2 && identities[0] != identities[1])
    }

    @Test func emptyElementsKeepAnEmptyRun() {
        let text = parse("[](x) ![](y.png)")
        #expect(text.runs.first?.range.isEmpty == true)
        #expect(text.runs.first?.attributes.link == "x")
        #expect(text.runs.last?.attributes.imageURL == "y.png")
    }

    /// A code span's range is its content's (as cmark reports it); a soft break sits after the
    /// text before it.
    @Test func sourceRangesPointIntoTheSource() {
        let text = parse("Hi *there*\nand `code`")
        let ranges = text.runs.map { $0.sourceRange?.description ?? "" }
        #expect(ranges == ["1:1-1:4", "1:5-1:10", "1:11-1:11", "2:1-2:5", "2:6-2:10"])
    }

    @Test func footnotesAreNumberedInOrderOfFirstReference() {
        let text = parse("x[^b] y[^a] z[^b]\n\n[^a]: A\n[^b]: B\n")
        let references = text.runs.compactMap { run -> InlineIntent.Kind? in
            guard case .footnoteReference = run.attributes.inlineIntent?.components.first?.kind else { return nil }
            return run.attributes.inlineIntent?.components.first?.kind
        }
        #expect(references == [
            .footnoteReference(label: "b", number: 1, occurrence: 1),
            .footnoteReference(label: "a", number: 2, occurrence: 1),
            .footnoteReference(label: "b", number: 1, occurrence: 2),
        ])
    }

    @Test func autolinksAreLinks() {
        let text = parse("see www.example.com and https://swift.org.")
        #expect(text.runs.compactMap(\.attributes.link) == ["http://www.example.com", "https://swift.org"])
    }
}
