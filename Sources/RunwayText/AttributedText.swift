/// Attributed text: a string and the runs of attributes that cover it, in order.
///
/// Runway's own compact value type for what Foundation calls `AttributedString`, built for
/// millions of runs: the text is one `String`, and each ``Run`` is a UTF-8 range with an
/// ``AttributeContainer``. Adjacent runs always differ in their attributes. An element with no text
/// (a thematic break, an empty list item or table cell, an image without alternative text) is kept
/// as an empty run, so the document's structure survives.
public struct AttributedText: Hashable, Sendable {
    /// The characters of the text.
    public let string: String
    /// The runs, in order, covering `string` without gaps.
    public let runs: [Run]

    /// Empty text.
    public init() {
        string = ""
        runs = []
    }

    /// Text with one set of attributes.
    public init(_ string: String, attributes: AttributeContainer = AttributeContainer()) {
        var builder = Builder()
        builder.append(string, attributes: attributes)
        self = builder.build()
    }

    init(string: String, runs: [Run]) {
        self.string = string
        self.runs = runs
    }

    /// The text of one run.
    public subscript(run: Run) -> Substring {
        let utf8 = string.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: run.range.lowerBound)
        let end = utf8.index(start, offsetBy: run.range.count)
        return string[start..<end]
    }

    /// The runs that overlap a UTF-8 range, cut to it, as new attributed text. Empty runs at the
    /// range's ends are kept.
    public subscript(utf8Range: Range<Int>) -> AttributedText {
        var builder = Builder()
        let bytes = Array(string.utf8)
        for run in runs where run.range.overlaps(utf8Range)
            || (run.range.isEmpty && utf8Range.contains(run.range.lowerBound))
            || (run.range.isEmpty && run.range.lowerBound == utf8Range.upperBound) {
            let lower = max(run.range.lowerBound, utf8Range.lowerBound)
            let upper = min(run.range.upperBound, utf8Range.upperBound)
            builder.append(bytes: bytes[lower..<max(lower, upper)], attributes: run.attributes,
                           sourceRange: run.sourceRange)
        }
        return builder.build()
    }

    /// The runs of both texts, one after the other.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var builder = Builder()
        builder.append(lhs)
        builder.append(rhs)
        return builder.build()
    }
}

extension AttributedText: CustomStringConvertible {
    /// Each run's text followed by its attributes, as Foundation prints attributed strings.
    public var description: String {
        runs.map { "\(self[$0]) \($0.attributes)" }.joined(separator: "\n")
    }
}
