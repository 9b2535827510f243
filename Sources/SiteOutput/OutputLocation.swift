public import RunwayText
import Foundation

/// Where an output folder is, decided before anything is written: the path as the user gave it
/// (`out/` and `out` are the same folder), the folder it really is (through symbolic links), and
/// where Runway keeps its record of it. A folder that is the site, holds the site, or lies inside
/// a folder Runway reads from is refused.
public struct OutputLocation: Sendable, Equatable {
    /// The folder as the user named it, without trailing slashes.
    public let path: String
    /// Its absolute path with symbolic links resolved (for a folder that does not exist yet, its
    /// nearest existing parent's resolved and the rest as written).
    public let real: String
    /// `.runway-cache/NAME` beside the folder as named: `.manifest` and `.journal` follow.
    public let state: String

    /// A folder Runway must not write a site into, and what it is for the message.
    public struct Protected: Sendable, Equatable {
        /// The folder.
        public var path: String
        /// What it is, for the message (`the site's content`).
        public var what: String
        /// The site itself: a folder that holds it is refused too, one inside it is fine (`_site`).
        /// Any other: a folder inside it is refused too.
        public var isSite: Bool

        /// The folder at `path`, which is `what`; `isSite` for the site itself.
        public init(_ path: String, what: String, isSite: Bool = false) {
            self.path = path
            self.what = what
            self.isSite = isSite
        }
    }

    /// Checks `path` against `protected`; the error says which rule it breaks.
    public init(_ path: String, protected: [Protected]) throws(Diagnostic) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard !trimmed.isEmpty else { throw Diagnostic(.error, "the output folder's name is empty", path: path) }
        self.path = trimmed
        let absolute = RealPath.absolute(trimmed)
        guard absolute != "/" else { throw Diagnostic(.error, "Runway will not write a site into /", path: trimmed) }
        real = Self.resolve(absolute)
        state = Self.state(of: trimmed)

        var info = stat()
        if stat(real, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
            throw Diagnostic(.error, "is a file, not a folder: choose a folder for the output", path: trimmed)
        }
        for folder in protected {
            let other = Self.resolve(RealPath.absolute(folder.path))
            if real == other {
                throw Diagnostic(.error, "is \(folder.what): Runway writes a site only into a folder of its own", path: trimmed)
            }
            if !folder.isSite && real.hasPrefix(other + "/") {
                throw Diagnostic(.error, "is inside \(folder.what) (\(folder.path)): Runway writes a site only into a folder of its own", path: trimmed)
            }
            if folder.isSite && other.hasPrefix(real == "/" ? "/" : real + "/") {
                throw Diagnostic(.error, "holds \(folder.what) (\(folder.path)): Runway writes a site only into a folder of its own", path: trimmed)
            }
        }
    }

    /// `.runway-cache/NAME` beside the folder `NAME` as named (trailing slashes aside), where Runway
    /// keeps its record of it (`.manifest`, `.journal`) and a build its cache (`.json`).
    public static func state(of path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        let absolute = RealPath.absolute(trimmed)
        let parent = (absolute as NSString).deletingLastPathComponent
        return parent + (parent.hasSuffix("/") ? "" : "/") + ".runway-cache/" + (absolute as NSString).lastPathComponent
    }

    /// The real path of `absolute`: resolved as far as it exists, the rest appended as written.
    static func resolve(_ absolute: String) -> String {
        var existing = absolute
        var rest: [String] = []
        while existing != "/" {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            rest.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
        return "/" + rest.reversed().joined(separator: "/")
    }
}
