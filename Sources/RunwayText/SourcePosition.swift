/// A place in a source file: 1-based line and 1-based column counted in UTF-8 bytes, as cmark counts.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public var line: Int
    public var column: Int

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
