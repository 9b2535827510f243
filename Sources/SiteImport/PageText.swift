import RunwayText
import SiteContent
import Formatting

/// A content file's text cut where the import edits it: the front matter (with its fences, and
/// what it says) and the body after it, whose first line is `bodyFirstLine` of the file. Edits
/// to the front matter touch only the keys they name, so that what the author wrote (comments,
/// order, quoting) stays as it was.
struct PageText {
    /// The front matter as the file writes it, fences included; empty without one.
    private(set) var head: String
    /// What the front matter says, or `nil` without one (or when it cannot be read).
    private(set) var frontMatter: FrontMatter?
    /// Its values (keys as written), empty without front matter.
    private(set) var values: [String: AttributeValue]
    var body: String
    /// The line of the file the body starts on.
    let bodyFirstLine: Int

    init(_ file: String, path: String) {
        let (frontMatter, padded) = FrontMatter.split(file)
        guard let frontMatter else {
            head = ""
            self.frontMatter = nil
            values = [:]
            body = file
            bodyFirstLine = 1
            return
        }
        // The split body keeps the file's lines: a line break for each line through the closing
        // fence's, then what follows that line.
        let closing = frontMatter.firstLine + frontMatter.text.utf8.count { $0 == UInt8(ascii: "\n") }
        let rest = padded.utf8.count > closing ? String(padded.dropFirst(closing)) : ""
        head = String(file.dropLast(rest.count))
        self.frontMatter = frontMatter
        values = DataFile.read(frontMatter.text, format: frontMatter.format == .yaml ? .yaml : .toml, path: path).values ?? [:]
        body = rest
        bodyFirstLine = closing + 1
    }

    /// The file as it is now.
    var text: String { head + body }

    /// The value of a top-level key, in any case (`Draft` for `draft`), with the key as written.
    func value(_ key: String) -> (key: String, value: AttributeValue)? {
        if let value = values[key] { return (key, value) }
        return values.first { $0.key.lowercased() == key.lowercased() }.map { ($0.key, $0.value) }
    }

    /// Sets a top-level key: its line (and the lines of its value) replaced, or a new line after
    /// the opening fence; front matter made (YAML) when the file has none.
    mutating func set(_ key: String, to value: AttributeValue) {
        let written = self.value(key)?.key ?? key
        remove(written)
        guard let frontMatter else {
            let line = Self.yamlLine(key, value)
            head = "---\n" + line + "---\n"
            self.frontMatter = FrontMatter(format: .yaml, text: line, firstLine: 2)
            values[key] = value
            return
        }
        let line = frontMatter.format == .yaml ? Self.yamlLine(written, value) : TOMLText.line(written, value)
        var lines = Self.lines(head)
        let opening = lines.firstIndex { !$0.allSatisfy(\.isWhitespace) } ?? 0
        lines.insert(line, at: opening + 1)
        replaceHead(lines.joined())
        values[written] = value
    }

    /// Takes a top-level key (any case) and its value's lines out of the front matter.
    mutating func remove(_ key: String) {
        guard let frontMatter, let written = value(key)?.key, let place = frontMatter.place(ofKey: written) else { return }
        var lines = Self.lines(head)
        let start = place.line - 1
        guard start < lines.count else { return }
        // A value goes on over the lines that are indented, list items, or empty before more of
        // them (YAML), or over a multi-line array's lines up to its `]` (TOML).
        var end = start + 1
        if frontMatter.format == .yaml {
            while end < lines.count - 1, let first = lines[end].first, first == " " || first == "\t" || lines[end].hasPrefix("- ") { end += 1 }
        } else if lines[start].contains("["), !lines[start].contains("]") {
            while end < lines.count - 1, !lines[end - 1].contains("]") { end += 1 }
        }
        lines.removeSubrange(start..<end)
        replaceHead(lines.joined())
        values[written] = nil
    }

    /// The head replaced, and the front matter read from it again.
    private mutating func replaceHead(_ text: String) {
        head = text
        frontMatter = FrontMatter.split(text + "\n").frontMatter
    }

    /// Lines with their line ends.
    private static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// `key: value` in YAML, the value in JSON's form (YAML reads JSON).
    static func yamlLine(_ key: String, _ value: AttributeValue) -> String {
        key + ": " + value.jsonText + "\n"
    }
}
