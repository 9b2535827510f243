public import RunwayText
public import Foundation

/// The text of one input file (or standard input), checked before anything parses it.
public struct SourceText: Sendable {
    /// The path as the user gave it; `<stdin>` for `-`.
    public let path: String
    /// The file's text, checked to be UTF-8 and not binary.
    public let text: String

    /// Reads `argument` (`-` is standard input) as UTF-8 text, or throws a diagnostic that says
    /// what is wrong with it and where.
    public static func read(_ argument: String) throws(Diagnostic) -> SourceText {
        let path = argument == "-" ? "<stdin>" : argument
        let data: Data
        if argument == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw Diagnostic(.error, "no such file", path: path)
            }
            guard !isDirectory.boolValue else {
                throw Diagnostic(.error, "is a directory, not a Markdown file", path: path)
            }
            // Read to its end, whatever it is: a file, or a pipe (`runway render <(…)`, `/dev/stdin`).
            let file = open(argument, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { throw Diagnostic(.error, "cannot be read: \(String(cString: strerror(errno)))", path: path) }
            defer { close(file) }
            var bytes = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw Diagnostic(.error, "cannot be read: \(String(cString: strerror(errno)))", path: path) }
                if count == 0 { break }
                bytes.append(contentsOf: buffer[..<count])
            }
            data = bytes
        }
        return SourceText(path: path, text: try decode(data, path: path))
    }

    /// Decodes UTF-8, refusing NUL bytes (a binary file) and invalid sequences, with their position.
    public static func decode(_ data: Data, path: String) throws(Diagnostic) -> String {
        // Valid text without NUL, the usual case, is checked and copied once, without an array.
        let valid: String? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let start = bytes.baseAddress else { return "" }
            guard memchr(start, 0, bytes.count) == nil else { return nil }
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return String(validating: UnsafeBufferPointer(rebasing: bytes[bom...]), as: UTF8.self)
        }
        if let valid { return valid }
        return try decode([UInt8](data), path: path)
    }

    /// Decodes UTF-8, refusing NUL bytes (a binary file) and invalid sequences, with their
    /// position; a leading byte-order mark is dropped.
    public static func decode(_ bytes: [UInt8], path: String) throws(Diagnostic) -> String {
        if let nul = bytes.firstIndex(of: 0) {
            throw Diagnostic(.error, "contains a NUL byte: this looks like a binary file, not Markdown",
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
        // A byte-order mark some editors write before the text is not part of it: front matter
        // after one still starts the file.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// The 1-based line and UTF-8 column of a byte offset.
    private static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let before = bytes[..<offset]
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return SourcePosition(line: line, column: offset - lineStart + 1)
    }
}
