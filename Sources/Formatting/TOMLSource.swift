public import RunwayText
package import TOMLKit

/// A parsed TOML file that can say where its keys are, so that problems with values (not only
/// syntax errors) are reported at `path:line:col`.
public struct TOMLSource {
    /// The file's path, for diagnostics.
    public let path: String
    package let table: TOMLTable
    /// The table merged over the rest of the file (`overlay(_:)`), whose keys' positions are its own.
    private var overlaid: [String]?
    private let lines: [Substring]
    /// The dotted path of each line that is a `[header]`, `nil` for the others, read once: asking
    /// for the positions of a theme's hundred keys read every header a hundred times.
    private let headers: [[String]?]

    /// Parses `text`; a syntax error is a diagnostic at its place. Text that would make toml++
    /// abort (see `TOMLAbortCheck`) never reaches it: it is an error like any other.
    public init(path: String, text: String) throws(Diagnostic) {
        // toml++ reads a C string: it would stop at a NUL byte, and silently ignore what follows.
        if let nul = text.utf8.firstIndex(of: 0) {
            let before = text.utf8[..<nul]
            let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
            throw Diagnostic(.error, "invalid TOML: a NUL byte (is this a binary file?)", path: path, position: SourcePosition(line: line, column: column))
        }
        // …and so at a NUL written as an escape (`title = "A\u0000B"` was "A").
        if let escape = Self.nulEscape(in: text) {
            throw Diagnostic(.error, "invalid TOML: a string holds the NUL character (\\u0000), which Runway's TOML reader would cut it at; "
                             + "take it out", path: path, position: escape)
        }
        if let problem = TOMLAbortCheck.firstProblem(in: text) {
            throw Diagnostic(.error, "invalid TOML: \(problem.message)", path: path, position: problem.position)
        }
        self.path = path
        // A line ends at LF or CRLF, as in TOML (Swift takes CRLF for one character, not a "\n").
        lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        headers = lines.map { line in
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            return trimmed.hasPrefix("[") ? Self.headerPath(trimmed) : nil
        }
        // toml++ parses a dotted key's tables recursively: thousands of parts overflowed its stack.
        if let line = Self.lineWithTooManyKeyParts(lines) {
            throw Diagnostic(.error, "invalid TOML: tables and arrays nest deeper than \(Self.maximumDepth) levels here", path: path,
                             position: SourcePosition(line: line, column: 1))
        }
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw Diagnostic(.error, "invalid TOML: \(error.description)", path: path,
                             position: SourcePosition(line: error.source.begin.line, column: error.source.begin.column))
        } catch {
            throw Diagnostic(.error, "invalid TOML: \(error)", path: path, position: SourcePosition(line: 1, column: 1))
        }
        // toml++ bounds arrays and inline tables, not dotted keys (`a.a.a… = 1`): a value 30,000
        // tables deep overflowed the stack of whatever read it.
        if let deep = Self.pathDeeperThanLimit(in: table) {
            throw Diagnostic(.error, "invalid TOML: tables and arrays nest deeper than \(Self.maximumDepth) levels here", path: path,
                             position: position(of: deep))
        }
    }

    /// Where the first `\u0000` or `\U00000000` escape of a basic string (one line or many, key
    /// or value) is, comments and literal strings (which have no escapes) left out.
    static func nulEscape(in text: String) -> SourcePosition? {
        let bytes = Array(text.utf8)
        var index = 0, line = 1, lineStart = 0
        var quote: (byte: UInt8, triple: Bool)?
        var comment = false
        func at(_ offset: Int, _ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
                comment = false
                if let open = quote, !open.triple { quote = nil }
                index += 1
                continue
            }
            if comment { index += 1; continue }
            guard let open = quote else {
                if byte == UInt8(ascii: "#") {
                    comment = true
                } else if byte == 0x22 || byte == 0x27 {
                    let triple = at(index + 1, byte) && at(index + 2, byte)
                    quote = (byte, triple)
                    index += triple ? 2 : 0
                }
                index += 1
                continue
            }
            if open.byte == 0x22 && byte == UInt8(ascii: "\\") {
                let width = at(index + 1, UInt8(ascii: "u")) ? 4 : at(index + 1, UInt8(ascii: "U")) ? 8 : 0
                if width > 0, index + 2 + width <= bytes.count, bytes[index + 2..<index + 2 + width].allSatisfy({ $0 == UInt8(ascii: "0") }) {
                    let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                    return SourcePosition(line: line, column: column)
                }
                // A backslash that ends a line (in a string of many) is left to the line's count.
                index += at(index + 1, 0x0A) ? 1 : 2
                continue
            }
            if byte == open.byte && (!open.triple || (at(index + 1, byte) && at(index + 2, byte))) {
                quote = nil
                index += open.triple ? 3 : 1
                continue
            }
            index += 1
        }
        return nil
    }

    /// How deep tables and arrays may nest, as toml++ allows arrays and inline tables to.
    static let maximumDepth = 256

    /// The first line (1-based) whose key, or table header, has more than `maximumDepth` dotted
    /// parts: the dots before its `=` (or in its `[…]`) outside quotes, counted in its bytes.
    private static func lineWithTooManyKeyParts(_ lines: [Substring]) -> Int? {
        for (offset, line) in lines.enumerated() where line.utf8.count > maximumDepth {
            var dots = 0, quote: UInt8? = nil, escaped = false
            let header = line.utf8.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } == UInt8(ascii: "[")
            for byte in line.utf8 {
                if let open = quote {
                    if escaped { escaped = false } else if open == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") { escaped = true } else if byte == open { quote = nil }
                    continue
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte; continue }
                if byte == UInt8(ascii: header ? "]" : "=") || byte == UInt8(ascii: "#") { break }
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            if dots >= maximumDepth { return offset + 1 }
        }
        return nil
    }

    /// The key path of the first value nested deeper than `maximumDepth`, found without recursion.
    private static func pathDeeperThanLimit(in table: TOMLTable) -> [String]? {
        var pending: [(value: any TOMLValueConvertible, path: [String], depth: Int)] = [(table, [], 0)]
        while let (value, path, depth) = pending.popLast() {
            if depth > maximumDepth { return path }
            if let table = value.table {
                for key in table.keys { if let item = table[key] { pending.append((item, path + [key], depth + 1)) } }
            } else if let array = value.array {
                for item in array { pending.append((item, path, depth + 1)) }
            }
        }
        return nil
    }

    /// Where the key at `keyPath` (such as `["attributes", "customColor", "type"]`) is set: under a
    /// `[header]` that is a prefix of the path, with the rest as a (dotted) key. Falls back to the
    /// first header of a table inside it (`[stlyes.h1]` for `stlyes`), then to the nearest
    /// enclosing header, then to the start of the file.
    public func position(of keyPath: [String]) -> SourcePosition {
        if let overlaid, keyPath.first != overlaid.first, sets(overlaid + keyPath) { return filePosition(of: overlaid + keyPath) }
        return filePosition(of: keyPath)
    }

    /// Merges the table at `keyPath` (`["environments", "development"]`) over the rest of the
    /// file: a key it sets replaces the file's (a table is merged key by key, an array replaced
    /// whole), and is reported at its place inside it. `false`, and nothing changes, when the file
    /// has no table there.
    @discardableResult
    package mutating func overlay(_ keyPath: [String]) -> Bool {
        var found: TOMLTable? = table
        for key in keyPath { found = found?[key]?.table }
        guard let over = found else { return false }
        func merge(_ over: TOMLTable, into base: TOMLTable) {
            // An environment's own `environments` table would be merged into the one it is in.
            for key in over.keys where !(base === table && key == keyPath.first) {
                guard let value = over[key] else { continue }
                if let inner = value.table, let existing = base[key]?.table {
                    merge(inner, into: existing)
                } else {
                    base[key] = value
                }
            }
        }
        merge(over, into: table)
        overlaid = keyPath
        return true
    }

    private func filePosition(of keyPath: [String]) -> SourcePosition {
        var header: [String] = []
        var best: (depth: Int, line: Int)?
        // The first `[a.b.c]` inside the table `keyPath` names, which defines it (`[stlyes.h1]`
        // defines `stlyes`), when no line names it itself.
        var firstInside: Int?
        for (index, line) in lines.enumerated() {
            if let path = headers[index] {
                header = path
                if firstInside == nil, header.count > keyPath.count, header.starts(with: keyPath) { firstInside = index }
                if keyPath.starts(with: header), header.count > (best?.depth ?? 0) {
                    best = (header.count, index)
                    if header == keyPath { return SourcePosition(line: index + 1, column: 1) }
                }
                continue
            }
            guard keyPath.starts(with: header), keyPath.count > header.count else { continue }
            let rest = keyPath.dropFirst(header.count).joined(separator: ".")
            if let column = Self.column(ofKey: rest, in: line) { return SourcePosition(line: index + 1, column: column) }
        }
        return SourcePosition(line: (firstInside ?? best?.line ?? 0) + 1, column: 1)
    }

    /// The string at `keyPath`, when the file sets one there.
    public func string(at keyPath: [String]) -> String? {
        var table: TOMLTable? = self.table
        for key in keyPath.dropLast() { table = table?[key]?.table }
        return keyPath.last.flatMap { table?[$0]?.string }
    }

    /// Whether the file sets the key at `keyPath` (`["styles", "link", "foregroundColor"]`).
    public func sets(_ keyPath: [String]) -> Bool {
        var table: TOMLTable? = self.table
        for key in keyPath.dropLast() { table = table?[key]?.table }
        return keyPath.last.map { table?.contains(key: $0) ?? false } ?? false
    }

    /// Where the `index`th (from 0) `[[name]]` table of an array of tables starts.
    public func position(ofArrayTable name: String, index: Int) -> SourcePosition {
        position(ofArrayTable: [name], index: index)
    }

    /// Where the `index`th (from 0) `[[a.b]]` table of the array of tables at `path` starts.
    public func position(ofArrayTable path: [String], index: Int) -> SourcePosition {
        var seen = 0
        for (line, text) in lines.enumerated() {
            let trimmed = text.drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.hasPrefix("[["), headers[line] == path else { continue }
            if seen == index { return SourcePosition(line: line + 1, column: 1) }
            seen += 1
        }
        return position(of: path)
    }

    /// The dotted path of a `[a.b]`, `[a."b.c"]` or `[[a.b]]` header.
    static func headerPath(_ line: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in line.drop(while: { $0 == "[" }) {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "." {
                parts.append(current.trimmingCharacters(in: " \t"))
                current = ""
            } else if character == "]" {
                break
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: " \t"))
        return parts
    }

    /// The 1-based UTF-8 column of `key` when `line` assigns it (`key = …`, `"key" = …`).
    private static func column(ofKey key: String, in line: Substring) -> Int? {
        let indent = line.prefix(while: { $0 == " " || $0 == "\t" })
        var rest = line.dropFirst(indent.count)
        let quotedLast = key.split(separator: ".", omittingEmptySubsequences: false).count > 1 ? [] : ["\"\(key)\"", "'\(key)'"]
        for candidate in [key] + quotedLast where rest.hasPrefix(candidate) {
            rest = rest.dropFirst(candidate.count)
            if rest.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("=") { return indent.utf8.count + 1 }
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
