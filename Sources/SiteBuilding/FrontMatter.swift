public import AttributedText

/// The front matter at the top of a content file: YAML between `---` lines or TOML between `+++`
/// lines.
public struct FrontMatter: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable { case yaml, toml }

    public var format: Format
    /// The text between the fences.
    public var text: String
    /// The line the text starts on (the line after the opening fence).
    public var firstLine: Int

    public init(format: Format, text: String, firstLine: Int) {
        self.format = format
        self.text = text
        self.firstLine = firstLine
    }

    /// Splits a file into its front matter and its Markdown body. The body keeps its line numbers:
    /// the front matter's lines become empty lines, so positions in the body are positions in the
    /// file.
    public static func split(_ file: String) -> (frontMatter: FrontMatter?, body: String) {
        let format: Format
        let fence: Substring
        if file.hasPrefix("---\n") || file.hasPrefix("---\r\n") {
            (format, fence) = (.yaml, "---")
        } else if file.hasPrefix("+++\n") || file.hasPrefix("+++\r\n") {
            (format, fence) = (.toml, "+++")
        } else {
            return (nil, file)
        }
        var lines = file.split(separator: "\n", omittingEmptySubsequences: false)
        guard let close = lines.indices.dropFirst().first(where: { lines[$0].trimmingSuffix("\r") == fence }) else {
            return (nil, file)
        }
        let text = lines[1..<close].map { $0 + "\n" }.joined()
        for index in 0...close { lines[index] = "" }
        return (FrontMatter(format: format, text: text, firstLine: 2), lines.joined(separator: "\n"))
    }

    /// Where a top-level key is set (`key:` in YAML, `key =` in TOML), or the first line.
    public func position(ofKey key: String) -> SourcePosition {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.hasPrefix(key) {
            let rest = line.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            if rest.hasPrefix(format == .yaml ? ":" : "=") { return SourcePosition(line: firstLine + index, column: 1) }
        }
        return SourcePosition(line: firstLine, column: 1)
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: Character) -> Substring {
        last == suffix ? dropLast() : self
    }
}
