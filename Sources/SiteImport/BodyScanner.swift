import Foundation
import RunwayText
import SiteContent

/// A page's body gone through once, left to right, by a converter of another generator's
/// syntax: what it keeps is copied, what it converts is replaced; each place knows its line in
/// the file and whether Markdown reads it as code.
struct BodyScanner {
    let bytes: [UInt8]
    /// The line of the file the body's first line is.
    let firstLine: Int
    private let code: [SourceRange]
    private let lineStarts: [Int]
    private(set) var output: [UInt8] = []
    /// Where the scan is.
    var offset = 0

    init(_ body: String, firstLine: Int) {
        bytes = Array(body.utf8)
        self.firstLine = firstLine
        code = PageReader.codeRanges(inMarkdown: body)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
        output.reserveCapacity(bytes.count)
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The text produced so far and the rest of the body.
    var result: String { String(decoding: output + bytes[min(offset, bytes.count)...], as: UTF8.self) }

    /// The line of the file at `offset` (of the body).
    func line(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return firstLine + low
    }

    /// Whether the body's byte at `offset` is in a code span or a code block.
    func isCode(at offset: Int) -> Bool {
        let position = position(at: offset)
        return code.contains { $0.start <= position && position < $0.end }
    }

    /// The body's line and column (bytes, from 1) at `offset`, as the Markdown parser counts.
    private func position(at offset: Int) -> SourcePosition {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// Whether the bytes at `offset` are `text`.
    func has(_ text: String, at offset: Int) -> Bool {
        let pattern = Array(text.utf8)
        guard offset >= 0, offset + pattern.count <= bytes.count else { return false }
        return bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    /// The offset of the next `text` at or after `offset`, or `nil`.
    func find(_ text: String, from offset: Int) -> Int? {
        let pattern = Array(text.utf8)
        guard let first = pattern.first else { return offset }
        var index = offset
        while index + pattern.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// The body's text from `start` to `end`.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[max(0, start)..<min(end, bytes.count)], as: UTF8.self)
    }

    /// Copies the byte at the scan's place and moves on.
    mutating func keep() {
        output.append(bytes[offset])
        offset += 1
    }

    /// Copies the body up to `end` as it is.
    mutating func keep(upTo end: Int) {
        guard end > offset else { return }
        output.append(contentsOf: bytes[offset..<min(end, bytes.count)])
        offset = min(end, bytes.count)
    }

    /// Writes `text` in place of the body from the scan's place up to `end`.
    mutating func replace(upTo end: Int, with text: String) {
        output.append(contentsOf: text.utf8)
        offset = min(end, bytes.count)
    }

    /// Writes `text`, which Runway must show as it is (a template's syntax a raw block or an
    /// escape kept from running): in code as it is, elsewhere with each `{` that would start
    /// another generator's syntax as `&#123;`, which Markdown shows as `{` and `runway check`
    /// does not take for a call.
    mutating func writeLiteral(_ text: String, at offset: Int) {
        guard !isCode(at: offset) else { return output.append(contentsOf: text.utf8) }
        // Code inside the text (a fenced block, a code span) shows its braces as they are, where
        // an entity would be shown as written (`&#123;%` in a `{% raw %}` block's code).
        var fence = FenceTracker()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number > 0 { output.append(UInt8(ascii: "\n")) }
            if fence.isCode(line.trimmingCharacters(in: .whitespaces)) {
                output.append(contentsOf: line.utf8)
                continue
            }
            let bytes = Array(line.utf8)
            var index = 0
            var span: Int?
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "`") {
                    let run = bytes[index...].prefix { $0 == UInt8(ascii: "`") }.count
                    span = span == nil ? run : span == run ? nil : span
                    output.append(contentsOf: bytes[index..<index + run])
                    index += run
                    continue
                }
                if span == nil, byte == UInt8(ascii: "{"), index + 1 < bytes.count, [UInt8(ascii: "{"), UInt8(ascii: "%")].contains(bytes[index + 1]) {
                    output.append(contentsOf: "&#123;".utf8)
                } else {
                    output.append(byte)
                }
                index += 1
            }
        }
    }
}

/// The arguments of a shortcode or a tag: positional ones and `name=value` ones, each unquoted.
struct CallArguments: Equatable {
    var positional: [String] = []
    var named: [String: String] = [:]

    /// `name="value"`, else the `index`th positional argument.
    func value(_ name: String, or index: Int? = nil) -> String? {
        named[name] ?? index.flatMap { $0 < positional.count ? positional[$0] : nil }
    }

    /// Splits `text` at spaces (and commas between Zola's arguments, with `commas`) outside
    /// quotes: `"a b"`, `'a b'` and `` `a b` `` are one argument each, `key=value` a named one.
    init(_ text: String, commas: Bool = false) {
        // Each item, and whether it is a quoted text as a whole (`"a=b"` is no `name=value`).
        var items: [(text: String, quotedWhole: Bool)] = []
        var current = ""
        var quote: Character?
        var quoted = false
        var startsQuoted = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" || character == "'" || character == "`" {
                if current.isEmpty && !quoted { startsQuoted = true }
                quote = character
                quoted = true
                continue
            }
            if character.isWhitespace || (commas && character == ",") {
                if !current.isEmpty || quoted { items.append((current, startsQuoted)) }
                current = ""
                quoted = false
                startsQuoted = false
                continue
            }
            current.append(character)
        }
        if !current.isEmpty || quoted { items.append((current, startsQuoted)) }
        // `key = value` written with spaces around `=`.
        var joined: [(text: String, quotedWhole: Bool)] = []
        var index = 0
        while index < items.count {
            if index + 2 < items.count, items[index + 1].text == "=", !items[index + 1].quotedWhole {
                joined.append((items[index].text + "=" + items[index + 2].text, false))
                index += 3
            } else if index + 1 < items.count, !items[index].quotedWhole, items[index].text.hasSuffix("="), items[index].text.count > 1 {
                joined.append((items[index].text + items[index + 1].text, false))
                index += 2
            } else {
                joined.append(items[index])
                index += 1
            }
        }
        for (item, quotedWhole) in joined {
            if !quotedWhole, let equals = item.firstIndex(of: "="), equals != item.startIndex,
               item[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                named[String(item[..<equals])] = String(item[item.index(after: equals)...])
            } else {
                positional.append(item)
            }
        }
    }
}
