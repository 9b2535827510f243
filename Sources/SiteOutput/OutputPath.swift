#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Why `relative` is not an output path (`nil` when it is one), said for a writer. Read over
    /// the UTF-8 bytes (every byte it looks for is ASCII): a manifest holds ten thousand paths.
    public static func problem(with relative: String) -> String? {
        var relative = relative
        return relative.withUTF8 { bytes -> String? in
            if bytes.isEmpty { return "it is empty" }
            if bytes[0] == UInt8(ascii: "/") { return "it starts with /" }
            let reserved = Array(OutputTransaction.reservedPrefix.utf8)
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end += 1 }
                let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
                switch segment.count {
                case 0: return "it has an empty segment (//)"
                case 1 where segment[0] == UInt8(ascii: "."):
                    return "it has a '.' segment, which would lead outside its folder"
                case 2 where segment[0] == UInt8(ascii: ".") && segment[1] == UInt8(ascii: "."):
                    return "it has a '..' segment, which would lead outside its folder"
                case 256...: return "a segment is longer than 255 bytes"
                default: break
                }
                if segment.starts(with: reserved) {
                    return "its segment '\(String(decoding: segment, as: UTF8.self))' starts with \(OutputTransaction.reservedPrefix), which Runway keeps for its own files"
                }
                if let bad = segment.first(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
                    return bad == UInt8(ascii: "\\") ? "it has a backslash" : "it has a control character (U+\(String(bad, radix: 16, uppercase: true)))"
                }
                start = end + 1
            }
            return nil
        }
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

    // Paths are the file system's: compared byte by byte. Swift's `String` calls `café` (NFC) and
    // `café` (NFD) equal, but they are two files.
    public static func == (lhs: OutputPath, rhs: OutputPath) -> Bool {
        lhs.value.utf8.count == rhs.value.utf8.count && compareBytes(lhs.value, rhs.value) == 0
    }

    public func hash(into hasher: inout Hasher) {
        var value = value
        value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public static func < (lhs: OutputPath, rhs: OutputPath) -> Bool { compareBytes(lhs.value, rhs.value) < 0 }

    /// `a`'s bytes against `b`'s, as `memcmp` orders them, a prefix first: negative, zero or
    /// positive. (Through the bytes in place: a manifest sorts and looks up ten thousand paths.)
    private static func compareBytes(_ a: String, _ b: String) -> Int32 {
        var (a, b) = (a, b)
        return a.withUTF8 { a in
            b.withUTF8 { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order : a.count < b.count ? -1 : a.count > b.count ? 1 : 0
            }
        }
    }

    /// A path known to be valid (a part of a valid one).
    init(unchecked value: String) {
        self.value = value
    }
}
