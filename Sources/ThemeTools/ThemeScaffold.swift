public import RunwayText
import Formatting
import Foundation
import SiteBuilding
import SiteContent
import SiteOutput

/// `runway theme new <name> [--from <theme>]`: a new theme in a site's `themes/` folder, copied
/// from another so that it builds and checks clean as it is: its theme file (every section, with
/// the comments that explain them), its templates, string tables and static files, a stylesheet of
/// its own in `static/`, a README.
public struct ThemeScaffold: Sendable {
    /// The new theme's name.
    public let name: String
    /// The theme it is copied from.
    public let from: String
    /// The site whose `themes/` folder gets the new theme.
    public let site: String

    /// A new theme `name` in `site`'s `themes/`, copied from `from`.
    public init(name: String, from: String = "default", site: String = ".") {
        self.name = name
        self.from = from
        self.site = site
    }

    /// Makes the theme; returns the files made, relative to the theme's folder.
    public func run() throws(Diagnostic) -> (folder: String, files: [String]) {
        let folder = SitePaths.join(site, "themes/" + name)
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        else {
            throw Diagnostic(.error, "a theme name is letters, digits, - and _, starting with a letter", path: name)
        }
        // Its stylesheet, `static/<name>.css`, would replace the one Runway makes of theme.toml.
        guard name.lowercased() != "theme" else {
            throw Diagnostic(.error, "a theme cannot be named 'theme' (in any case): its stylesheet theme.css would replace the one Runway makes (on a file system that ignores case too); choose another name",
                             path: name)
        }
        if let missing = SiteConfiguration.missing(site: site) { throw missing }
        guard !FileManager.default.fileExists(atPath: folder) else {
            throw Diagnostic(.error, "already exists; choose another name or remove it", path: folder)
        }
        let library = ThemeLibrary.standard(site: site)
        guard let source = library.path(of: from) else {
            throw Diagnostic(.error, "no theme named '\(from)' to start from (available: \(library.names.joined(separator: ", ")))", path: from)
        }
        // A theme with errors is not copied: the copy would not build either.
        if let problem = library.load(from).diagnostics.first(where: { $0.severity == .error }) { throw problem }
        // The copy keeps `extends`: named as a theme it extends, it would hide that theme from
        // itself (`theme new default --from menlo` makes `default → default`).
        let ancestors = library.folders(of: from).dropFirst().map { ($0 as NSString).lastPathComponent }
        guard !ancestors.contains(name) else {
            throw Diagnostic(.error, "'\(from)' extends '\(name)': a theme of that name in this site would hide it from the copy, "
                             + "which would then extend itself; choose another name", path: name)
        }
        var files: [String: Data] = [:]
        let text = (FileManager.default.contents(atPath: source).map { String(decoding: $0, as: UTF8.self) }) ?? ""
        // The theme's own description (a top-level key, before the first table) says where it
        // started; the attributes' descriptions stay as they are.
        var inTable = false
        files[ThemeLibrary.fileName] = Data(("# The \(name) theme, made by `runway theme new \(name) --from \(from)`.\n"
            + "# Check it with `runway theme check \(name)`; look at it with `runway theme preview \(name)`.\n"
            + text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { line in
                inTable = inTable || line.drop { $0 == " " || $0 == "\t" }.hasPrefix("[")
                return !inTable && line.hasPrefix("description =") ? "description = \"\(name): started from \(from).\"" : String(line)
            }.joined(separator: "\n")).utf8)
        // The templates, string tables and static files of the theme it starts from, its own over
        // its parents' (the string tables too: the templates' words come with them).
        for themeFolder in library.folders(of: from).reversed() {
            for part in ["templates", "i18n", "static"] {
                let root = themeFolder + "/" + part
                for file in SitePaths.files(under: root) {
                    files[part + "/" + file] = FileManager.default.contents(atPath: root + "/" + file)
                }
            }
        }
        // The theme's own stylesheet, linked from the partial every page's head includes: the
        // one of the theme it starts from (`static/<from>.css`), or of the nearest theme it
        // extends that has one (a theme that only extends `ink` looks as ink.css makes it).
        files["templates/partials/head.html"] = Data("<link rel=\"stylesheet\" href=\"/\(name).css\">\n".utf8)
        var ownStylesheet: Data?
        for themeFolder in library.folders(of: from) where ownStylesheet == nil {
            ownStylesheet = files.removeValue(forKey: "static/\((themeFolder as NSString).lastPathComponent).css")
        }
        files["static/\(name).css"] = ownStylesheet ?? Data("""
            /* The \(name) theme's own CSS, copied into every site that uses it (static/ of a theme is
               copied before the site's). Most styling belongs in theme.toml, where it stays in light
               and dark and reaches custom attribute values; this file is for the page around the text. */
            footer.site { border-top: 1px solid rgba(128, 128, 128, 0.3); padding-top: 1rem; }

            """.utf8)
        files["README.md"] = Data("""
            # \(name)

            A Runway theme, started from `\(from)`.

            - `theme.toml`: the formatting definition (custom attributes and constraints) and the styles, per
              block intent, inline intent and custom attribute value, in light and dark.
            - `templates/`: Mustache templates (`base.html`, `page.html`, `home.html`, `list.html`, `404.html`,
              `partials/`; `partials/head.html` links this theme's stylesheet). A site overrides any of them with
              a file at the same path in its own `templates/`. `docs/content/themes.md` in Runway lists what they see.
            - `static/`: copied into the site's output (the site's own `static/` wins).

            `runway theme check \(name)` lists problems at file:line:col and what is left unstyled;
            `runway theme preview \(name)` writes a specimen of every intent and custom value, in light and dark;
            `runway serve --theme \(name)` shows a site with it, and reloads as you edit.

            """.utf8)
        do {
            for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
                let target = folder + "/" + path
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try contents.write(to: URL(fileURLWithPath: target))
            }
        } catch {
            throw FileFailure.diagnostic("cannot write the theme", error, path: folder)
        }
        return (folder, files.keys.sorted())
    }
}
