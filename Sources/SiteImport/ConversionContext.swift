import Foundation
import SiteOutput
import RunwayText

/// What a converter of a page's body knows about the site around it: the page, the content files
/// a link may name (by their path in the source and in the new site), the values a template
/// would print, and whether raw HTML is kept.
struct ConversionContext {
    /// The page's file, relative to the source site, for the report.
    var file: String
    /// The page's path in the source's content folder (`posts/a.md`), for relative links.
    var contentPath: String
    /// Each content file of the source by its path in the source's content folder, with its path
    /// in the new site's `content/` (`_posts/a.md` → `posts/a.md` for Jekyll).
    var contentFiles: [String: String]
    /// The page's front matter values.
    var page: [String: AttributeValue]
    /// The site's configuration values (Hugo's and Zola's params, Jekyll's whole `_config.yml`).
    var site: [String: AttributeValue]
    /// Whether the new site keeps raw HTML (`[markdown] unsafe`).
    var unsafe: Bool

    /// The new site's path (`/posts/a.md`, read from `content/`) of the content file `path` names
    /// from this page: relative to its folder, else from the content root, else (Hugo's `ref`)
    /// the one file of that name; with an extension left out, `.md`, `.markdown`, a bundle's
    /// `index.md` or a section's `_index.md`. `nil` when none is.
    func resolve(_ path: String) -> String? {
        var target = path
        var fragment = ""
        if let hash = target.firstIndex(of: "#") {
            fragment = String(target[hash...])
            target = String(target[..<hash])
        }
        if target.isEmpty { return fragment.isEmpty ? nil : fragment }
        let folder = SitePaths.folder(of: contentPath)
        let stripped = target.hasPrefix("/") ? String(target.drop { $0 == "/" }) : target
        let bases = target.hasPrefix("/") ? [stripped] : [Self.normalized(folder.isEmpty ? stripped : folder + "/" + stripped), stripped]
        for base in bases {
            let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
            for candidate in [trimmed, trimmed + ".md", trimmed + ".markdown", trimmed + "/index.md", trimmed + "/_index.md"] {
                if let found = contentFiles[candidate] { return "/" + found + fragment }
            }
        }
        // Hugo's ref finds a page by its name alone when only one has it.
        let name = (stripped as NSString).lastPathComponent
        let named = contentFiles.keys.filter { key in
            let file = (key as NSString).lastPathComponent
            return file == name || (file as NSString).deletingPathExtension == name
        }
        if named.count == 1, let only = named.first, let found = contentFiles[only] { return "/" + found + fragment }
        return nil
    }

    /// A value of `values` at a dotted path (`params.author.name`), keys matched in any case as
    /// Hugo's are; `nil` when it is not there or not text, a number or a flag.
    static func text(at path: String, in values: [String: AttributeValue]) -> String? {
        var current: AttributeValue = .object(values)
        for key in path.split(separator: ".").map(String.init) {
            guard case .object(let fields) = current else { return nil }
            guard let next = fields[key] ?? fields.first(where: { $0.key.lowercased() == key.lowercased() })?.value else { return nil }
            current = next
        }
        switch current {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        case .bool(let flag): return String(flag)
        default: return nil
        }
    }

    /// `a/b/../c` as `a/c`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}
