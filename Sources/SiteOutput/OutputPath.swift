/// A file's place inside an output folder, relative to it: one or more segments separated by `/`,
/// none of them empty, `.` or `..`, and none holding a control character or a backslash. It cannot
/// name anything outside the folder, so every path Runway writes, replaces or removes is one.
public struct OutputPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path, such as `posts/a/index.html`.
    public let value: String

    /// The path, or `nil` when `relative` could reach outside the folder or is not a file's path
    /// (see ``problem(with:)``).
    public init?(_ relative: String) {
        guard Self.problem(with: relative) == nil else { return nil }
        value = relative
    }

    /// Why `relative` is not an output path (`nil` when it is one), said for a writer.
    public static func problem(with relative: String) -> String? {
        if relative.isEmpty { return "it is empty" }
        if relative.hasPrefix("/") { return "it starts with /" }
        for segment in relative.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case "": return "it has an empty segment (//)"
            case ".", "..": return "it has a '\(segment)' segment, which would lead outside its folder"
            default:
                if segment.utf8.count > 255 { return "a segment is longer than 255 bytes" }
                if segment.hasPrefix(OutputTransaction.reservedPrefix) {
                    return "its segment '\(segment)' starts with \(OutputTransaction.reservedPrefix), which Runway keeps for its own files"
                }
                if let bad = segment.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
                    return bad == "\\" ? "it has a backslash" : "it has a control character (U+\(String(bad.value, radix: 16, uppercase: true)))"
                }
            }
        }
        return nil
    }

    /// The folder the file is in (`posts/a` for `posts/a/index.html`), or `nil` at the top.
    public var parent: OutputPath? {
        guard let slash = value.lastIndex(of: "/") else { return nil }
        return OutputPath(unchecked: String(value[..<slash]))
    }

    /// The last segment (`index.html`).
    public var name: Substring {
        value.lastIndex(of: "/").map { value[value.index(after: $0)...] } ?? Substring(value)
    }

    /// The path below `self`: `self/child`, when `child` is a valid path.
    public func appending(_ child: String) -> OutputPath? {
        OutputPath(value + "/" + child)
    }

    /// Every folder above the file, the top one first (`posts`, `posts/a`).
    public var ancestors: [OutputPath] {
        var result: [OutputPath] = []
        var next = parent
        while let folder = next {
            result.append(folder)
            next = folder.parent
        }
        return result.reversed()
    }

    public var description: String { value }

    public static func < (lhs: OutputPath, rhs: OutputPath) -> Bool { lhs.value < rhs.value }

    /// A path known to be valid (a part of a valid one).
    init(unchecked value: String) {
        self.value = value
    }
}
