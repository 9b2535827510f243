public import RunwayText
import Formatting
import Foundation
import SiteOutput

/// `runway new page posts/my-post.md`: a new content file from an archetype, the first of
/// `archetypes/<section>.md` and `archetypes/default.md`, in the site and then in its theme (and
/// the themes it extends), else Runway's own: front matter with a title, today's date and
/// `draft: true`. In an archetype, `{{title}}` is the title a build makes from the file's name
/// (`my-post`, `my-post.fr`, `2026-11-03-my-post`, `my-post/index`: `My Post`) and `{{date}}` the
/// date in its name, else today's.
public enum Archetype {
    /// Runway's archetype, when neither the site nor its theme has one.
    static let standard = "---\ntitle: \"{{title}}\"\ndate: {{date}}\ndraft: true\n---\n\n"

    /// Writes the page at `path` (relative to the site's `content/`, which it may name) of the
    /// site at `site`, dated `today` (`YYYY-MM-DD`); returns the file's path. An existing file,
    /// or a path that is not a `.md` file inside `content/`, is an error and nothing is written.
    public static func newPage(site: String, path: String, today: String) throws(Diagnostic) -> String {
        var relative = path.hasPrefix("content/") ? String(path.dropFirst("content/".count)) : path
        if !relative.lowercased().hasSuffix(".md") { relative += ".md" }
        // What a build would refuse as a page (its URL), or not read as one, is refused here too.
        let base = (relative as NSString).lastPathComponent.dropLast(3)
        let unreadable = base.isEmpty || base.hasPrefix(".") ? "its name is empty or starts with '.'"
            : relative.contains(where: { $0 == "?" || $0 == "#" }) ? "a '?' or '#' would end its URL's path" : nil
        guard OutputPath(relative) != nil, !relative.hasPrefix("/"), !path.hasSuffix("/"), unreadable == nil else {
            let reason = unreadable ?? OutputPath.problem(with: relative) ?? (path.hasSuffix("/") ? "it names a folder" : nil)
            throw Diagnostic(.error, "a new page must be a path inside content/, such as posts/my-post.md\(reason.map { ": \($0)" } ?? "")",
                             path: path)
        }
        let content = SitePaths.join(site, "content"), file = SitePaths.join(content, relative)
        if let missing = SiteConfiguration.missing(site: site) { throw missing }
        // A build reads `.md` files only, and a file beside a folder of its name (a section, a
        // bundle) would have the folder's URL.
        guard relative.hasSuffix(".md") else {
            throw Diagnostic(.error, "a new page's name ends in .md, in lower case: a build reads no other file as a page", path: path)
        }
        if RealPath.kind(of: String(file.dropLast(3))) == .folder, !relative.dropLast(3).hasSuffix("/index") {
            let section = String(relative.dropLast(3))
            throw Diagnostic(.error, "its URL would be that of the folder \(section)/ beside it, a section or a page bundle "
                             + "(a section's own page is \(section)/_index.md, a bundle's \(section)/index.md)", path: file)
        }
        var info = stat()
        guard lstat(file, &info) != 0 else { throw Diagnostic(.error, "already exists; a new page never replaces a file", path: file) }
        let folder = (file as NSString).deletingLastPathComponent
        // The folders to make are made only once the nearest that exists is known to be inside
        // content/: through a link, they were made elsewhere before the page was refused.
        let outside = Diagnostic(.error, "leads outside content/ (through a symbolic link); nothing written", path: file)
        try makeFolder(content)
        var existing = folder
        while RealPath.kind(of: existing) == nil && existing.count > content.count { existing = (existing as NSString).deletingLastPathComponent }
        guard RealPath.leadsInside(existing, content) else { throw outside }
        try makeFolder(folder)
        guard RealPath.leadsInside(folder, content) else { throw outside }
        let parts = relative.split(separator: "/")
        let configuration = SiteConfiguration.load(site: site).configuration
        let (title, date) = naming(String(relative.dropLast(3)), configuration: configuration)
        let text = try archetype(site: site, theme: configuration?.theme, section: parts.count > 1 ? String(parts[0]) : nil)
            .replacingOccurrences(of: "{{title}}", with: title.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\""))
            .replacingOccurrences(of: "{{date}}", with: date ?? today)
        // O_EXCL: a file that appeared meanwhile is not replaced either.
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Diagnostic(.error, "cannot create the file: \(String(cString: strerror(errno)))", path: file) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            unlink(file)
            throw Diagnostic(.error, "cannot write the file: \(String(cString: strerror(errno)))", path: file)
        }
        return file
    }

    private static func makeFolder(_ folder: String) throws(Diagnostic) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(.error, "cannot create the folder: \(error.localizedDescription)", path: folder)
        }
    }

    /// The archetype text for a page of `section`, from the site or its theme (`nil`: the default).
    /// An archetype that is a link leading outside its site or theme, not a file, or not UTF-8
    /// text is an error: it was passed over (or, through a link, copied into the new page).
    static func archetype(site: String, theme: String?, section: String?) throws(Diagnostic) -> String {
        let folders = [site] + ThemeLibrary.standard(site: site).folders(of: theme ?? "default")
        for name in [section.map { $0 + ".md" }, "default.md"].compactMap({ $0 }) {
            for folder in folders {
                let path = SitePaths.join(folder, "archetypes/" + name)
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                guard RealPath.leadsInside(path, folder) else {
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                    throw Diagnostic(.error, "is a symbolic link to \(target), outside \(folder == site ? "the site" : "its theme"): "
                                     + "an archetype must be a file of the site or its theme; nothing written", path: path)
                }
                guard RealPath.kind(of: path) == .file, let data = FileManager.default.contents(atPath: path) else {
                    throw Diagnostic(.error, "is not a file Runway can read: an archetype must be a Markdown file; nothing written", path: path)
                }
                guard let text = String(validating: data, as: UTF8.self) else {
                    throw Diagnostic(.error, "is not valid UTF-8: an archetype must be Markdown text; nothing written", path: path)
                }
                return text
            }
        }
        return standard
    }

    /// The title a build gives the page of `name` (its path in `content/` without `.md`), and the
    /// date its name carries: without its language's suffix (`hello.fr`), its date
    /// (`2026-11-03-hello`), and named for its folder when it is an `index` (`trip/index`: `Trip`).
    static func naming(_ name: String, configuration: SiteConfiguration?) -> (title: String, date: String?) {
        var name = name
        if let dot = name.lastIndex(of: "."), configuration?.language(String(name[name.index(after: dot)...])) != nil {
            name = String(name[..<dot])
        }
        let dated = PageReader.datedName(name)
        return (PageReader.title(from: dated?.name ?? name), dated?.date)
    }
}
