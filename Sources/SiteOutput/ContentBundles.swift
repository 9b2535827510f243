import Foundation

/// Which page publishes each file of a folder of content that is not Markdown, as Hugo's bundles
/// do: a folder with an `index.md` is a leaf bundle, which publishes every file under it beside
/// its page, but what a bundle inside it holds; a folder with an `_index.md` (a section's, or at
/// `content/`'s root the home page's) is a branch bundle, which publishes the files beside it and
/// in folders below that hold no page (`gallery/images/cat.png`). A file no bundle publishes is
/// skipped, with a warning.
package struct ContentBundles: Sendable {
    /// What the folder listed is, when it is a bundle's own folder.
    package enum Kind: Sendable {
        case leaf, branch
    }

    /// Folders relative to the listed one (`""` for it) with an `index` page, with an `_index`
    /// page, and with any Markdown file right in them.
    private var leaves: Set<String> = [], branches: Set<String> = [], pageFolders: Set<String> = []

    /// The bundles of a listing's files (relative to the folder listed); `root` says what the
    /// folder itself is: `content/` is a branch with an `_index.md`, and no bundle without one
    /// (its `index.md` is the home page, not a bundle's).
    package init(files: [String], root: Kind?) {
        for file in files where MarkdownFile.isMarkdown(file) {
            let folder = (file as NSString).deletingLastPathComponent
            pageFolders.insert(folder)
            guard !folder.isEmpty else { continue }
            switch MarkdownFile.baseName(file) {
            case "index": leaves.insert(folder)
            case "_index": branches.insert(folder)
            default: break
            }
        }
        switch root {
        case .leaf: leaves.insert("")
        case .branch: branches.insert("")
        case nil: break
        }
    }

    /// The folder (relative to the listed one, `""` for it) of the bundle that publishes `file`,
    /// a file that is not Markdown; `nil` when none does.
    package func owner(of file: String) -> String? {
        let parts = file.split(separator: "/").dropLast().map(String.init)
        // The folders above the file, the nearest first, down to the listed folder ("").
        let folders = (0...parts.count).reversed().map { parts.prefix($0).joined(separator: "/") }
        for (distance, folder) in folders.enumerated() {
            if leaves.contains(folder) { return folder }
            guard branches.contains(folder) else { continue }
            // The folders between the branch and the file, its own among them, hold no page.
            return folders.prefix(distance).contains(where: pageFolders.contains) ? nil : folder
        }
        return nil
    }
}
