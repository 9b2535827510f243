/// A growing buffer of UTF-8 HTML with the few primitives cmark's renderer uses.
struct HTMLOutput {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func write(bytes text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// A newline unless the output is empty or already ends with one (cmark's `cr`).
    mutating func newlineIfNeeded() {
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    }

    /// Text with `&`, `<`, `>` and `"` escaped, as cmark escapes text and attribute values.
    mutating func writeEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<text.count {
            let replacement: StaticString
            switch text[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            default: continue
            }
            if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index])) }
            write(replacement)
            start = index + 1
        }
        if start < text.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...])) }
    }

    mutating func writeEscaped(_ text: String) {
        var text = text
        text.withUTF8 { writeEscaped($0) }
    }

    /// How many bytes are written.
    var count: Int { bytes.count }

    /// `text` put in at `offset`, what follows it moved along (a heading's id, once its text is known).
    mutating func insert(_ text: [UInt8], at offset: Int) {
        bytes.insert(contentsOf: text, at: offset)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// What is written from `offset` on, as text.
    func string(from offset: Int) -> String { String(decoding: bytes[offset...], as: UTF8.self) }

    /// What is written from `offset` on, taken back.
    mutating func truncate(to offset: Int) {
        bytes.removeSubrange(offset...)
    }
}
