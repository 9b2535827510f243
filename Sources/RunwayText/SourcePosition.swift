/// A place in a source file: 1-based line and 1-based column counted in UTF-8 bytes, as cmark counts.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in UTF-8 bytes.
    public var column: Int

    /// The position at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
