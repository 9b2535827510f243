import Foundation

/// Paths with every symbolic link resolved, and whether one lies inside a folder: how the build,
/// the template loader and the server keep a link from leading out of the folder it belongs to.
package enum RealPath {
    /// The path with every link resolved, or `nil` when it leads nowhere.
    package static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `folder` or inside it (both real paths).
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Whether the file at `path` (through any link) is inside the folder `boundary`.
    package static func leadsInside(_ path: String, _ boundary: String) -> Bool {
        // A boundary named relative to here may be empty (the parent of `templates` in `.`).
        guard let target = of(path), let limit = of(boundary.isEmpty ? "." : boundary) else { return false }
        return isInside(target, limit)
    }
}
