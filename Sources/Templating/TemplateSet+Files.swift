import Foundation
import RunwayText
import SiteOutput

/// The files a set of templates is read from: each folder's names (without editors' leftovers
/// and what hidden folders hold), and each file's text, not followed out of its folder.
extension TemplateSet {
    /// The text of template `name` of `folder`: UTF-8, and not a link out of the folder that holds
    /// the templates (the site, or the theme).
    static func read(_ name: String, in folder: String) throws(Diagnostic) -> String {
        let file = folder + "/" + name
        if let problem = OutputPath.problem(with: name) {
            throw Diagnostic(.error, "cannot be a template's name: \(problem)", path: file)
        }
        guard RealPath.leadsInside(file, (folder as NSString).deletingLastPathComponent) else {
            throw Diagnostic(.error, "a symbolic link out of its folder; Runway follows links only inside it", path: file)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Diagnostic(.error, "cannot be read", path: file)
        }
        return try UTF8Text.decode(data, path: file, kind: "a template")
    }

    /// Every file under `folder`, relative to it, sorted; not editors' and systems' leftovers
    /// (``isLeftover(_:)``), nor what hidden folders hold.
    /// The folder itself may be a link inside the folder that holds it (the site, or the theme:
    /// `templates -> shared/templates`); links under it are followed only inside it. The others
    /// are skipped with a warning (a template linked to `../.env` would publish it).
    static func names(under folder: String) -> (names: [String], problems: [Diagnostic]) {
        let listing = SitePaths.list(under: folder, inside: (folder as NSString).deletingLastPathComponent)
        let names = listing.files.filter { name in
            let parts = name.split(separator: "/")
            return !parts.dropLast().contains { $0.hasPrefix(".") } && !isLeftover(String(parts.last ?? ""))
        }
        return (names.sorted(), SitePaths.problems(of: listing, under: folder))
    }

    /// Whether a file of that name is an editor's or a system's, not a template: hidden (`.#a.html`
    /// lock files, `.a.html.swp`, `.DS_Store`), a backup (`a.html~`) or an autosave (`#a.html#`).
    /// An unfinished copy of a template must not fail the build.
    package static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#"))
    }
}
