import Foundation

/// Liquid's text cut as Liquid reads it: text, `{{ values }}` and `{% tags %}`, with its whitespace
/// control (`{{-`, `-%}` take the white space before or after them away), `{% raw %}` text and
/// `{% comment %}` nothing.
enum LiquidTokens {
    enum Token: Equatable {
        case text(String)
        /// `{{ expression }}`, at its line.
        case output(String, line: Int)
        /// `{% name arguments %}`, at its line.
        case tag(String, String, line: Int)
    }

    /// The tokens of `text`, whose first line is `firstLine` of its file. A delimiter that is
    /// never closed is text.
    static func tokens(of text: String, firstLine: Int) -> [Token] {
        let characters = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var pending = String.UnicodeScalarView()
        var line = firstLine
        var trimNext = false
        var index = 0

        func flush(trimEnd: Bool) {
            var text = String(pending)
            pending = String.UnicodeScalarView()
            if trimEnd { while let last = text.unicodeScalars.last, last.properties.isWhitespace { text.unicodeScalars.removeLast() } }
            if !text.isEmpty { tokens.append(.text(text)) }
        }
        func find(_ close: String, from start: Int) -> Int? {
            let target = Array(close.unicodeScalars)
            var at = start
            while at + target.count <= characters.count {
                if characters[at] == target[0], Array(characters[at..<(at + target.count)]) == target { return at }
                at += 1
            }
            return nil
        }
        func lines(_ from: Int, _ to: Int) -> Int {
            characters[from..<to].count { $0 == "\n" }
        }

        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            guard character == "{", next == "{" || next == "%", let end = find(next == "{" ? "}}" : "%}", from: index + 2) else {
                if trimNext, character.properties.isWhitespace {
                    if character == "\n" { line += 1 }
                    index += 1
                    continue
                }
                trimNext = false
                pending.append(character)
                if character == "\n" { line += 1 }
                index += 1
                continue
            }
            trimNext = false
            var inner = String(String.UnicodeScalarView(characters[(index + 2)..<end]))
            let trimBefore = inner.hasPrefix("-")
            if trimBefore { inner.removeFirst() }
            let trimAfter = inner.hasSuffix("-")
            if trimAfter { inner.removeLast() }
            inner = inner.trimmingCharacters(in: .whitespacesAndNewlines)
            flush(trimEnd: trimBefore)
            let tagLine = line
            line += lines(index, end)
            index = end + 2
            trimNext = trimAfter
            if next == "{" {
                tokens.append(.output(inner, line: tagLine))
                continue
            }
            let name = String(inner.prefix { !$0.isWhitespace })
            let arguments = inner.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            if name == "raw" || name == "comment" {
                // The text up to `{% endraw %}` (`{%- endraw -%}`) is kept as it is, or left out.
                let closing = "end" + name
                var search = index
                var found: (start: Int, end: Int)?
                while let open = find("{%", from: search) {
                    guard let close = find("%}", from: open + 2) else { break }
                    let words = String(String.UnicodeScalarView(characters[(open + 2)..<close])).trimmingCharacters(in: CharacterSet(charactersIn: "- \t\n"))
                    if words == closing { found = (open, close + 2); break }
                    search = open + 2
                }
                guard let found else {
                    tokens.append(.tag(name, arguments, line: tagLine))
                    continue
                }
                if name == "raw" { pending.append(contentsOf: characters[index..<found.start]) }
                line += lines(index, found.end)
                index = found.end
                continue
            }
            tokens.append(.tag(name, arguments, line: tagLine))
        }
        flush(trimEnd: false)
        return tokens
    }

    /// A tag's arguments as words, quoted ones whole (`include a.html title="A b"`).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character.isWhitespace {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// An output's subject and its filters, split at the `|` outside quotes.
    static func filters(_ expression: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in expression {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "|" {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}
