/// How a fenced code block asks to be shown, written after its language as Hugo writes it:
///
/// ````markdown
/// ```swift {linenos=true, hl_lines=[2, "4-5"], linenostart=10}
/// ````
///
/// Styled themes number the lines and mark the highlighted ones; the plain theme keeps
/// cmark-gfm's HTML, which has neither.
public struct CodeBlockOptions: Hashable, Sendable, Codable {
    /// Whether the lines are numbered (`linenos=true`, `inline` or `table`).
    public var lineNumbers: Bool
    /// The number of the block's first line (`linenostart`), 1 unless given.
    public var firstLineNumber: Int
    /// The lines to highlight (`hl_lines`), counted from 1 at the block's first line whatever
    /// `linenostart` says.
    public var highlightedLines: [ClosedRange<Int>]

    /// Options that number the lines or not, from `firstLineNumber`, and highlight `highlightedLines`.
    public init(lineNumbers: Bool = false, firstLineNumber: Int = 1, highlightedLines: [ClosedRange<Int>] = []) {
        self.lineNumbers = lineNumbers
        self.firstLineNumber = firstLineNumber
        self.highlightedLines = highlightedLines
    }

    /// Whether the block's `line`th line (from 1) is highlighted.
    public func isHighlighted(line: Int) -> Bool {
        highlightedLines.contains { $0.contains(line) }
    }

    /// The highlighted lines in order, overlapping and adjacent ranges joined: what
    /// ``HighlightedLines/contains(_:)`` searches in logarithmic time (a block of 80,000 lines
    /// with every other one highlighted looked through 40,000 ranges per line).
    public var orderedHighlightedLines: HighlightedLines { HighlightedLines(highlightedLines) }

    /// Ranges of lines, in order and apart.
    public struct HighlightedLines: Sendable {
        private var ranges: [ClosedRange<Int>] = []

        init(_ lines: [ClosedRange<Int>]) {
            for range in lines.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = ranges.last, range.lowerBound <= last.upperBound &+ 1 {
                    ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    ranges.append(range)
                }
            }
        }

        /// Whether `line` is in one of the ranges.
        public func contains(_ line: Int) -> Bool {
            var (low, high) = (0, ranges.count)
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound < line { low = middle + 1 } else { high = middle }
            }
            return low < ranges.count && ranges[low].contains(line)
        }
    }
}
