/// A problem found in an input, with where it is: printed as `path:line:col: error: message`.
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible, Codable {
    /// How bad a problem is: a warning, or an error that stops a build (a warning does too under `--strict`).
    public enum Severity: String, Hashable, Sendable, Comparable, Codable {
        /// A warning, or an error.
        case warning, error

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .warning && rhs == .error }
    }

    /// How bad the problem is.
    public var severity: Severity
    /// The problem in words, without its place.
    public var message: String
    /// The file, or `<stdin>`.
    public var path: String
    /// Where in the file; `nil` for a problem with the file as a whole.
    public var position: SourcePosition?

    /// A problem of `severity`, at `path` (and `position` in it).
    public init(_ severity: Severity, _ message: String, path: String, position: SourcePosition? = nil) {
        self.severity = severity
        self.message = message
        self.path = path
        self.position = position
    }

    /// `path:line:col: severity: message`, the form compilers and editors read: one line, whatever
    /// the message quotes (``printable(_:)``).
    public var description: String {
        let place = position.map { "\(Self.printable(path)):\($0.line):\($0.column)" } ?? Self.printable(path)
        return "\(place): \(severity.rawValue): \(Self.printable(message))"
    }

    /// `text` safe to print on a terminal: control characters (a NUL, an escape that would colour
    /// or clear the terminal, a line break inside a quoted value) and the marks that reverse the
    /// direction of text written as `\u{…}`. Messages quote what an input holds.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnprintable(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The same problem as an error, as `--strict` reports warnings.
    public var promotedToError: Diagnostic {
        var copy = self
        copy.severity = .error
        return copy
    }
}
