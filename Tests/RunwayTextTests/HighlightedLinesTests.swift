import RunwayText
import Testing

/// The ordered highlighted lines a renderer searches say what `isHighlighted(line:)` says, for
/// ranges in any order, overlapping, adjacent, nested or single.
@Suite struct HighlightedLinesTests {
    @Test func theOrderedLinesAgreeWithTheRanges() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let ranges = (0..<Int.random(in: 0...12, using: &generator)).map { _ -> ClosedRange<Int> in
                let start = Int.random(in: -3...60, using: &generator)
                return start...(start + Int.random(in: 0...15, using: &generator))
            }
            let options = CodeBlockOptions(highlightedLines: ranges)
            let ordered = options.orderedHighlightedLines
            for line in -5...90 {
                #expect(ordered.contains(line) == options.isHighlighted(line: line), "\(ranges), line \(line)")
            }
        }
        let extreme = CodeBlockOptions(highlightedLines: [5...Int.max, 1...2, Int.max...Int.max]).orderedHighlightedLines
        #expect(extreme.contains(1) && !extreme.contains(3) && extreme.contains(Int.max))
    }
}
