public import RunwayText

/// The front matter at the top of a content file: YAML between `---` lines or TOML between `+++`
/// lines.
public struct FrontMatter: Hashable, Sendable {
    /// The language the front matter is written in.
    public enum Format: String, Hashable, Sendable {
        /// YAML, between `---` lines.
        case yaml
        /// TOML, between `+++` lines.
        case toml
    }

    /// Whether it is YAML or TOML.
    public var format: Format
    /// The text between the fences.
    public var text: String
    /// The line the text starts on (the line after the opening fence).
    public var firstLine: Int

    /// Front matter of `format` whose text starts on line `firstLine` of its file.
    public init(format: Format, text: String, firstLine: Int) {
        self.format = format
        self.text = text
        self.firstLine = firstLine
    }

    /// Splits a file into its front matter and its Markdown body. The body keeps its line numbers:
    /// the front matter's lines become empty lines, so positions in the body are positions in the
    /// file. As Hugo, Zola and Jekyll read it, blank lines may come before the opening fence, and
    /// spaces or tabs after either fence.
    public static func split(_ file: String) -> (frontMatter: FrontMatter?, body: String) {
        guard let (format, fenceLine, textStart) = opening(in: file) else { return (nil, file) }
        let fence: Substring = format == .yaml ? "---" : "+++"
        // Line by line over the bytes: splitting and joining every line of every page cost a
        // twentieth of a 10,000-page build.
        let bytes = file.utf8
        var lineStart = textStart
        var lineNumber = fenceLine
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if isFence(bytes[lineStart..<lineEnd], fence) {
                // The fence lines and the front matter become empty lines; the body keeps the rest.
                let text = String(file[textStart..<lineStart])
                let body = String(repeating: "\n", count: lineNumber) + file[lineEnd...]
                return (FrontMatter(format: format, text: text, firstLine: fenceLine + 1), body)
            }
            guard lineEnd < bytes.endIndex else { break }
            lineStart = bytes.index(after: lineEnd)
            lineNumber += 1
        }
        return (nil, file)
    }

    /// Whether a line (without its `\n`) is `fence` alone, but for spaces and tabs after it (and
    /// a `\r`).
    private static func isFence(_ line: String.UTF8View.SubSequence, _ fence: Substring) -> Bool {
        guard line.starts(with: fence.utf8) else { return false }
        return line.dropFirst(3).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// The format whose fence (`---` or `+++`, alone but for spaces and tabs) opens `file` on its
    /// first line that is not blank, that line's number, and where the next line starts.
    static func opening(in file: String) -> (format: Format, line: Int, next: String.Index)? {
        let bytes = file.utf8
        var lineStart = bytes.startIndex
        var line = 1
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let content = bytes[lineStart..<lineEnd]
            if content.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                guard lineEnd < bytes.endIndex else { return nil }
                lineStart = bytes.index(after: lineEnd)
                line += 1
                continue
            }
            guard lineEnd < bytes.endIndex else { return nil }
            for (format, fence) in [(Format.yaml, "---" as Substring), (.toml, "+++")] where isFence(content, fence) {
                return (format, line, bytes.index(after: lineEnd))
            }
            return nil
        }
        return nil
    }

    /// The format whose fence opens `file` (after blank lines, if any), if one does.
    public static func opening(of file: String) -> Format? {
        opening(in: file)?.format
    }

    /// The error of a file whose first line opens front matter that no line closes: read as
    /// Markdown, its settings (`draft: true`) would be published as text. `nil` otherwise.
    public static func unclosed(_ file: String, path: String) -> Diagnostic? {
        guard let (format, line, _) = opening(in: file), split(file).frontMatter == nil else { return nil }
        let fence = format == .yaml ? "---" : "+++"
        return Diagnostic(.error, "the front matter opened by '\(fence)' is never closed: end it with a line '\(fence)' "
                          + "(a page that starts with a rule can write it '***')", path: path, position: SourcePosition(line: line, column: 1))
    }

    /// Where a top-level key is set (`key:` in YAML, `key =` in TOML), spelled as given or else in
    /// another case (`Draft` for `draft`, as keys are read), or the first line.
    public func position(ofKey key: String) -> SourcePosition {
        place(ofKey: key) ?? SourcePosition(line: firstLine, column: 1)
    }

    /// Where a top-level key is set, in its spelling or in another case; `nil` when it is not.
    public func place(ofKey key: String) -> SourcePosition? {
        // `\r\n` is one Character: split on it too, or a file with Windows line ends is one line.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for anyCase in [false, true] {
            for (index, line) in lines.enumerated() {
                let head = line.prefix(key.count)
                guard head.count == key.count, anyCase ? head.lowercased() == key.lowercased() : head == key else { continue }
                let rest = line.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
                if rest.hasPrefix(format == .yaml ? ":" : "=") { return SourcePosition(line: firstLine + index, column: 1) }
            }
        }
        return nil
    }
}
