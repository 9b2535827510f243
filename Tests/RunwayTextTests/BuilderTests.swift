import RunwayText
import Testing

@Suite struct BuilderTests {
    let paragraph = AttributeContainer(presentationIntent: PresentationIntent(.paragraph, identity: 1))

    @Test func adjacentTextWithEqualAttributesJoinsOneRun() {
        var builder = AttributedText.Builder()
        let range1 = SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 3))
        let range2 = SourceRange(start: .init(line: 1, column: 4), end: .init(line: 1, column: 6))
        builder.append("foo", attributes: paragraph, sourceRange: range1)
        builder.append("bar", attributes: paragraph, sourceRange: range2)
        let text = builder.build()
        #expect(text.string == "foobar")
        #expect(text.runs.count == 1)
        #expect(text.runs[0].range == 0..<6)
        #expect(text.runs[0].sourceRange?.description == "1:1-1:6")
    }

    @Test func differentAttributesMakeNewRuns() {
        var builder = AttributedText.Builder()
        var strong = paragraph
        strong.inlinePresentationIntent = .stronglyEmphasized
        builder.append("a", attributes: paragraph)
        builder.append("b", attributes: strong)
        builder.append("c", attributes: paragraph)
        let text = builder.build()
        #expect(text.runs.map { String(text[$0]) } == ["a", "b", "c"])
        #expect(text.runs.map { $0.range } == [0..<1, 1..<2, 2..<3])
    }

    @Test func emptyRunsMarkElementsAndNeverJoin() {
        var builder = AttributedText.Builder()
        builder.append("", attributes: paragraph)
        builder.append("", attributes: paragraph)
        builder.append("x", attributes: paragraph)
        let text = builder.build()
        #expect(text.runs.count == 3)
        #expect(text.runs.map(\.range.isEmpty) == [true, true, false])
    }

    @Test func multibyteTextKeepsUTF8Ranges() {
        var builder = AttributedText.Builder()
        builder.append("é", attributes: AttributeContainer())
        builder.append("🙂", attributes: paragraph)
        let text = builder.build()
        #expect(text.runs.map(\.range) == [0..<2, 2..<6])
        #expect(text[text.runs[1]] == "🙂")
    }

    @Test func slicingCutsRunsToTheRange() {
        var builder = AttributedText.Builder()
        var emphasized = paragraph
        emphasized.inlinePresentationIntent = .emphasized
        builder.append("hello ", attributes: paragraph)
        builder.append("world", attributes: emphasized)
        let text = builder.build()
        let slice = text[3..<8]
        #expect(slice.string == "lo wo")
        #expect(slice.runs.map { String(slice[$0]) } == ["lo ", "wo"])
        #expect(slice.runs[1].attributes.inlinePresentationIntent == .emphasized)
    }

    @Test func concatenationJoinsEqualNeighbours() {
        let joined = AttributedText("ab", attributes: paragraph) + AttributedText("cd", attributes: paragraph)
        #expect(joined.string == "abcd")
        #expect(joined.runs.count == 1)
    }
}

@Suite struct BuilderRepairTests {
    /// cmark-gfm can hand over a character cut in two (`[^.\n\0\0]`); the run keeps its place.
    @Test func invalidUTF8BecomesReplacementCharactersInItsOwnRun() {
        var builder = AttributedText.Builder()
        let paragraph = AttributeContainer(presentationIntent: PresentationIntent(.paragraph, identity: 1))
        var emphasized = paragraph
        emphasized.inlinePresentationIntent = .emphasized
        [UInt8]("ab".utf8).withUnsafeBufferPointer { builder.append(bytes: $0, attributes: paragraph) }
        [0xEF, 0xBF].withUnsafeBufferPointer { builder.append(bytes: $0, attributes: emphasized) }
        [UInt8]("c".utf8).withUnsafeBufferPointer { builder.append(bytes: $0, attributes: paragraph) }
        let text = builder.build()
        #expect(text.string == "ab\u{FFFD}c")
        #expect(text.runs.map { String(text[$0]) } == ["ab", "\u{FFFD}", "c"])
        #expect(text.runs.last?.range.upperBound == text.string.utf8.count)
    }
}
