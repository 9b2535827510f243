public import RunwayText
public import Foundation

/// The text of one input file (or standard input), checked before anything parses it.
public struct SourceText: Sendable {
    /// The path as the user gave it; `<stdin>` for `-`.
    public let path: String
    /// The file's text, checked to be UTF-8 and not binary.
    public let text: String

    /// Reads `argument` (`-` is standard input) as UTF-8 text, or throws a diagnostic that says
    /// what is wrong with it and where. `pipes`: whether a pipe (`runway render <(…)`) is read to
    /// its end; a site's own files (`runway.toml`) are regular files, and a FIFO there would block
    /// the build, deaf to Ctrl-C, until something wrote into it. `kind`: what the file should
    /// hold, as its diagnostics name it (`Markdown`, `TOML`).
    public static func read(_ argument: String, pipes: Bool = true, kind: String = "Markdown") throws(Diagnostic) -> SourceText {
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
                throw Diagnostic(.error, "is a directory, not a \(kind) file", path: path)
            }
            var info = stat()
            if !pipes, stat(argument, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw Diagnostic(.error, "is not a regular file (a FIFO or a device?): Runway reads only files here", path: path)
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
        return SourceText(path: path, text: try UTF8Text.decode(data, path: path, kind: kind))
    }
}
