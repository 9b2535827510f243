/// The span of source text a run came from: `start` is its first byte, `end` the position just past
/// its last byte, as Apple's Markdown parser and swift-markdown report ranges. An empty range
/// (`start == end`) marks a place, such as a soft break.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// Where the range starts: its first byte.
    public var start: SourcePosition
    /// Where it ends: just past its last byte.
    public var end: SourcePosition

    /// The range from `start` to `end`.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// `line:column-line:column`, the form the JSON output uses.
    public var description: String { "\(start)-\(end)" }

    /// Reads the `line:column-line:column` form back.
    public init?(_ text: String) {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let start = Self.position(ends[0]), let end = Self.position(ends[1]) else {
            return nil
        }
        self.init(start: start, end: end)
    }

    /// The smallest range that covers both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    private static func position(_ text: Substring) -> SourcePosition? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return SourcePosition(line: line, column: column)
    }
}

extension SourceRange: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let range = SourceRange(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "expected line:column-line:column, got \(text)"))
        }
        self = range
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
