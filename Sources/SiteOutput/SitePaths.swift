package import RunwayText
import Foundation

/// Paths inside a site, written the way the user named the site (so `.` gives `content/a.md`).
public enum SitePaths {
    /// `relative` inside `site`, written as the user named the site (`.` gives `relative` as it is).
    public static func join(_ site: String, _ relative: String) -> String {
        site == "." || site.isEmpty ? relative : (site.hasSuffix("/") ? site + relative : site + "/" + relative)
    }

    /// The files under a folder, and what under it was not followed.
    package struct Listing {
        /// Relative to the folder.
        package var files: [String] = []
        /// What was left out (relative to the folder, `""` for itself), with where a link leads
        /// and why it was not followed.
        var skipped: [(link: String, target: String, reason: SkipReason)] = []
        /// Folders (relative to the folder, `""` for itself) that could not be opened, with why:
        /// what they hold would be missing from the site.
        var unreadable: [(folder: String, reason: String)] = []
    }

    /// Why a listing left something out.
    package enum SkipReason: Sendable, Equatable {
        /// The listed folder is itself a link that leads out of the site.
        case folderOutsideSite
        /// A link that leads out of the folder it is in (`boundary`, as the user named it).
        case outsideFolder(String)
        /// A link to nothing, or links in a circle.
        case nowhere
        /// Version control's own folder (`.git`, `.hg`, `.svn`, or git's `.git` file): a
        /// checkout's `.git/config` holds a CI job's token.
        case versionControl
        /// A link into version control's folder.
        case intoVersionControl
    }

    /// The names of version control's folders (and of git's file in a worktree or submodule),
    /// which no listing follows.
    package static let versionControlNames: Set<String> = [".git", ".hg", ".svn"]

    /// The folder of `path` (`a/b` for `a/b/c.md`, empty for `c`), as NSString's
    /// `deletingLastPathComponent` gives it, without its trap on a path of one character (`a`, `.`,
    /// `a/`: swift-corelibs-foundation 6.3 stops the process there; a Jekyll page `x.md` did).
    package static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Every file under `root`, relative to it. A symbolic link (to a file or a folder) is
    /// followed only when what it leads to is inside `boundary` (by default `root` itself): the
    /// folder a file may come from, so that a link in `static/` to `../.git`, `../runway.toml` or
    /// `../_site` publishes nothing of them. `root` itself may be a link, to a folder inside
    /// `site` (by default, anywhere). Version control's folders are never followed, nor links
    /// into one. Read with `readdir`, which tells files from folders without a `stat` of each:
    /// Foundation's enumerator took a tenth of a second for 10,000 pages.
    package static func list(under root: String, inside site: String? = nil, linksWithin boundary: String? = nil) -> Listing {
        var listing = Listing()
        var info = stat()
        guard let base = RealPath.of(root), stat(base, &info) == 0 else { return listing }
        // The folder itself may be a link (`static -> ~/.ssh`): out of the site, nothing in it counts.
        if let site, let outer = RealPath.of(site.isEmpty ? "." : site), !RealPath.isInside(base, outer) {
            listing.skipped.append(("", (try? FileManager.default.destinationOfSymbolicLink(atPath: root)) ?? base, .folderOutsideSite))
            return listing
        }
        let named = boundary ?? root
        let limit = boundary.flatMap { RealPath.of($0.isEmpty ? "." : $0) } ?? base
        // Each linked folder is walked once, however many links lead to it: links that fan out
        // (two in each folder to the next) cannot make the walk grow exponentially.
        var linkedFolders = Set<UInt64>()
        // Each folder to read with the inodes of the folders above it: a link back to one of them
        // would loop, and is not followed.
        var pending: [(folder: String, above: [UInt64])] = [("", [UInt64(info.st_ino)])]
        while let (folder, above) = pending.popLast() {
            guard let directory = opendir(folder.isEmpty ? root : root + "/" + folder) else {
                // A folder taken away (or replaced by a file) while it was listed is no longer there to publish.
                if errno != ENOENT && errno != ENOTDIR { listing.unreadable.append((folder, String(cString: strerror(errno)))) }
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                // Editors' backups and swap files are not the site's (`index.md~` holds a page's source).
                guard name != ".", name != "..", !ScratchFiles.isScratch(name) else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                if versionControlNames.contains(name) {
                    listing.skipped.append((relative, relative, .versionControl))
                    continue
                }
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): pending.append((relative, above + [UInt64(entry.pointee.d_ino)]))
                case Int32(DT_REG): listing.files.append(relative)
                default:
                    guard lstat(root + "/" + relative, &info) == 0 else { continue }
                    switch info.st_mode & S_IFMT {
                    case S_IFREG: listing.files.append(relative)
                    case S_IFDIR: pending.append((relative, above + [UInt64(info.st_ino)]))
                    case S_IFLNK:
                        let followed = follow(root + "/" + relative, within: limit, named: named)
                        guard case .success(let target) = followed else {
                            if case .failure(let skip) = followed { listing.skipped.append((relative, skip.target, skip.reason)) }
                            continue
                        }
                        guard stat(target, &info) == 0 else { continue }
                        if info.st_mode & S_IFMT == S_IFREG { listing.files.append(relative) }
                        if info.st_mode & S_IFMT == S_IFDIR && !above.contains(UInt64(info.st_ino))
                            && linkedFolders.insert(UInt64(info.st_ino)).inserted {
                            pending.append((relative, above + [UInt64(info.st_ino)]))
                        }
                    default: continue
                    }
                }
            }
        }
        return listing
    }

    /// A link that is not followed: where it leads, as written, and why not.
    package struct SkippedLink: Error {
        package var target: String
        package var reason: SkipReason
    }

    /// Where the link at `path` leads (a real path), when a listing follows it: inside `limit`
    /// (a real path; `named` as the user named it) and not into version control's folder.
    package static func follow(_ path: String, within limit: String, named: String) -> Result<String, SkippedLink> {
        let found = RealPath.of(path)
        let written = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        guard let target = found else { return .failure(SkippedLink(target: written, reason: .nowhere)) }
        guard RealPath.isInside(target, limit) else { return .failure(SkippedLink(target: written, reason: .outsideFolder(named))) }
        // Into `.git` by way of the folder's own links (`content/.git` when content is a checkout).
        guard !target.dropFirst(limit.count).split(separator: "/").contains(where: { versionControlNames.contains(String($0)) }) else {
            return .failure(SkippedLink(target: written, reason: .intoVersionControl))
        }
        return .success(target)
    }

    /// Every file under `root`, relative to it; links are followed only inside `root`.
    package static func files(under root: String) -> [String] {
        list(under: root).files
    }

    /// Every Markdown file under `<site>/content`, sorted, as paths relative to the site, and what
    /// was skipped, each with a warning that says why: links that lead out of `content/`, and
    /// files that are neither a page nor a file of a page bundle (a folder with an `index.md`),
    /// published beside its page. Hidden files (`.DS_Store`) are no one's content.
    package static func contentFiles(site: String) -> (files: [String], skipped: [Diagnostic]) {
        let content = join(site, "content")
        let listing = list(under: content, inside: site)
        let files = listing.files.filter(MarkdownFile.isMarkdown).map { "content/" + $0 }.sorted()
        // content/ itself is a bundle with an _index.md (the home page's); its index.md is the
        // home page, not a bundle's.
        let home = listing.files.contains { !$0.contains("/") && MarkdownFile.isMarkdown($0) && MarkdownFile.baseName($0) == "_index" }
        let bundles = ContentBundles(files: listing.files, root: home ? .branch : nil)
        var skipped = problems(of: listing, under: content)
        for file in listing.files.sorted() where !MarkdownFile.isMarkdown(file) {
            guard !file.split(separator: "/").contains(where: { $0.hasPrefix(".") }), bundles.owner(of: file) == nil else { continue }
            skipped.append(Diagnostic(.warning, skippedFile(file), path: content + "/" + file))
        }
        return (files, skipped)
    }

    /// Why a file of `content/` that is in no bundle is not published.
    private static func skippedFile(_ file: String) -> String {
        let suffix = (file as NSString).pathExtension
        let markdown = MarkdownFile.extensions.map { "." + $0 }.joined(separator: ", ")
        if MarkdownFile.extensions.contains(suffix.lowercased()) {
            return "skipped: Runway reads Markdown files whose extension is in lower case: rename it with .\(suffix.lowercased())"
        }
        if ["html", "htm"].contains(suffix.lowercased()) {
            return "skipped: an HTML file is no page Runway reads (it reads Markdown: \(markdown)): write the page in Markdown, "
                + "or move the file to static/ to publish it as it is"
        }
        if ["adoc", "asciidoc", "org", "rst", "pandoc", "ipynb", "rmd", "textile"].contains(suffix.lowercased()) {
            return "skipped: .\(suffix) is no format Runway reads as a page (it reads Markdown: \(markdown)): write the page in Markdown"
        }
        return "skipped: not a page, and in no page's folder: Runway publishes a file of content/ only in the folder of a page's "
            + "index.md or a section's _index.md (a bundle), beside the page; move it there, or to static/ to publish it where it is"
    }

    /// A warning for each link a listing skipped, and an error for each folder it could not open
    /// (a build without its files would publish a site with pages or files missing).
    package static func problems(of listing: Listing, under root: String) -> [Diagnostic] {
        listing.skipped.sorted { $0.link < $1.link }.map { link, target, reason in
            skippedLink(at: link.isEmpty ? root : root + "/" + link, to: target, reason)
        }
            + listing.unreadable.sorted { $0.folder < $1.folder }.map { folder, reason in
                Diagnostic(.error, "this folder cannot be read (\(reason)): what it holds would be missing from the site", path: folder.isEmpty ? root : root + "/" + folder)
            }
    }

    /// The warning for what a listing did not follow, at `path`: a link to `target` that leads out
    /// of the site or of its folder, or nowhere (to nothing, or to links that lead back to it), or
    /// version control's folder.
    package static func skippedLink(at path: String, to target: String, _ reason: SkipReason) -> Diagnostic {
        switch reason {
        case .nowhere:
            Diagnostic(.warning, "skipped: a symbolic link to \(target), which leads nowhere (nothing is there, or links lead back in a circle)", path: path)
        case .folderOutsideSite:
            Diagnostic(.warning, "skipped: a symbolic link to \(target), which is outside the site (Runway follows links only inside it)", path: path)
        case .outsideFolder(let folder):
            Diagnostic(.warning, "skipped: a symbolic link to \(target), which leads out of \(folder)/ (a link is followed only to what is inside the folder it is in: move the file there, or copy it)", path: path)
        case .versionControl:
            Diagnostic(.warning, "skipped: version control's own files, which are never read or published", path: path)
        case .intoVersionControl:
            Diagnostic(.warning, "skipped: a symbolic link to \(target), which leads into version control's own files (never read or published)", path: path)
        }
    }

    /// Whether `file` (relative to the site) is a content file Runway may read: a Markdown file
    /// under `content/` whose path has no `.`/`..` segment, and which (through any link) is inside
    /// the site.
    package static func isContentFile(_ file: String) -> Bool {
        file.hasPrefix("content/") && MarkdownFile.isMarkdown(file) && OutputPath(String(file.dropFirst("content/".count))) != nil
    }

    /// A file that could not be copied, and why.
    package struct CopyFailure: Error {
        package let path: String
        package let underlying: any Error
    }

    /// Copies every file under `source` into `destination` (created as needed, files replaced), in
    /// sorted order; returns how many files were copied.
    @discardableResult
    package static func copyTree(from source: String, to destination: String, leavingOut excluded: Set<String> = []) throws(CopyFailure) -> Int {
        let manager = FileManager.default
        var count = 0
        let files = (manager.enumerator(atPath: source)?.allObjects as? [String] ?? []).sorted()
            .filter { file in !excluded.contains(String(file.prefix { $0 != "/" })) }
        for file in [""] + files {
            let from = file.isEmpty ? source : source + "/" + file
            let target = file.isEmpty ? destination : destination + "/" + file
            do {
                var isFolder: ObjCBool = false
                _ = manager.fileExists(atPath: from, isDirectory: &isFolder)
                if isFolder.boolValue {
                    try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
                } else {
                    try? manager.removeItem(atPath: target)
                    try manager.copyItem(atPath: from, toPath: target)
                    count += 1
                }
            } catch {
                throw CopyFailure(path: from, underlying: error)
            }
        }
        return count
    }
}
