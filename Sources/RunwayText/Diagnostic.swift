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

    /// `path:line:col: severity: message`, the form compilers and editors read.
    public var description: String {
        let place = position.map { "\(path):\($0.line):\($0.column)" } ?? path
        return "\(place): \(severity.rawValue): \(message)"
    }

    /// The same problem as an error, as `--strict` reports warnings.
    public var promotedToError: Diagnostic {
        var copy = self
        copy.severity = .error
        return copy
    }
}
