public import Foundation

/// Text read from a file as UTF-8, checked: a NUL byte (a binary file) or an invalid sequence is
/// an error at its line and column, and a leading byte-order mark is dropped.
public enum UTF8Text {
    /// Decodes UTF-8, refusing NUL bytes (a binary file) and invalid sequences, with their position;
    /// `kind` names what the file should be (`Markdown`, `TOML`, `a template`).
    public static func decode(_ data: Data, path: String, kind: String) throws(Diagnostic) -> String {
        if let valid = data.withUnsafeBytes({ validText($0.bindMemory(to: UInt8.self)) }) { return valid }
        return try decode([UInt8](data), path: path, kind: kind)
    }

    /// Decodes UTF-8, refusing NUL bytes (a binary file) and invalid sequences, with their
    /// position; a leading byte-order mark is dropped.
    public static func decode(_ bytes: [UInt8], path: String, kind: String) throws(Diagnostic) -> String {
        if let valid = bytes.withUnsafeBufferPointer(validText) { return valid }
        // Not valid: where, and why.
        if let nul = bytes.firstIndex(of: 0) {
            throw Diagnostic(.error, "contains a NUL byte: this looks like a binary file, not \(kind)",
                             path: path, position: position(of: nul, in: bytes))
        }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        loop: while true {
            let before = offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: break loop
            case .error:
                throw Diagnostic(.error, "is not valid UTF-8 (bad byte sequence)", path: path,
                                 position: position(of: before, in: bytes))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Valid text without NUL, the usual case, checked and copied once, its byte-order mark
    /// dropped (some editors write one before the text: front matter after it still starts the
    /// file); `nil` for anything else.
    private static func validText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let start = bytes.baseAddress else { return "" }
        guard memchr(start, 0, bytes.count) == nil else { return nil }
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return String(validating: UnsafeBufferPointer(rebasing: bytes[bom...]), as: UTF8.self)
    }

    /// The 1-based line and UTF-8 column of a byte offset.
    private static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let before = bytes[..<offset]
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return SourcePosition(line: line, column: offset - lineStart + 1)
    }
}
