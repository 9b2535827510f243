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

    /// `path` as an absolute path to where the system reaches it, whether or not it exists: a
    /// relative path is taken from the current folder, and each `..` leads to the parent of where
    /// the path has got to, links resolved (`out/../site`, with `out` a link, is in the folder of
    /// the link's target, as the system has it). The last name is left as it is, a link or not. A
    /// `..` after a name that does not exist goes back to before that name. (`URL.standardized` of
    /// a relative path dropped a leading `..` and made `a/../b` the root's `/b`.)
    package static func absolute(_ path: String) -> String {
        var current = path.hasPrefix("/") ? "/" : FileManager.default.currentDirectoryPath
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            // What the path has reached so far, through its links, as the system goes on from it.
            let reached = of(current) ?? current
            if component == ".." {
                current = (reached as NSString).deletingLastPathComponent
            } else {
                current = (reached == "/" ? "" : reached) + "/" + component
            }
        }
        return current.isEmpty ? "/" : current
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

    /// What is at `path` (through any link): a regular file, a folder, or something else; `nil`
    /// when nothing is.
    package static func kind(of path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// What a path leads to (`kind(of:)`).
    package enum FileKind: Sendable {
        case file, folder, other
    }
}
