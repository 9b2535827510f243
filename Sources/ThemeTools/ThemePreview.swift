import AttributedText
import Formatting
import Foundation
public import SiteBuilding
import SiteContent
import SiteOutput

/// `runway theme preview <name>`: a specimen site built with a theme: every block and inline
/// intent, every custom attribute value of the theme's scope, and each font text style, in light
/// (`/`) and dark (`/dark/`), side by side at `/preview.html`.
public struct ThemePreview: Sendable {
    public let theme: String
    public let site: String
    public let output: String

    public init(theme: String, site: String = ".", output: String? = nil) {
        self.theme = theme
        self.site = site
        self.output = output ?? SitePaths.join(site, "_theme-preview/" + theme)
    }

    public func run() -> SiteBuild.Report {
        let check = ThemeCheck(theme: theme, site: site)
        let (name, library) = check.located()
        let (loaded, diagnostics) = library.load(name)
        guard let loaded else { return SiteBuild.Report(pageCount: 0, diagnostics: diagnostics, output: output) }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-preview-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
            try "title = \"Theme preview: \(name)\"\ntheme = \"\(name)\"\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
            // The preview site sees the theme's own folder of themes, so that a site's theme is found.
            if let file = library.path(of: name) {
                let themes = ((file as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
                try FileManager.default.createSymbolicLink(atPath: root + "/themes", withDestinationPath: URL(fileURLWithPath: themes).standardized.path)
            }
            try Self.specimen(loaded).write(toFile: root + "/content/index.md", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: root + "/static", withIntermediateDirectories: true)
            try Self.image.write(toFile: root + "/static/specimen.svg", atomically: true, encoding: .utf8)
        } catch {
            return SiteBuild.Report(pageCount: 0, diagnostics: [FileFailure.diagnostic("cannot write the preview", error, path: root)],
                                    output: output)
        }
        // Built and finished beside the specimen, then put in place as one transaction: the output
        // folder gets Runway's usual care (never the site, never files Runway did not write).
        let staged = root + "/_site"
        var build = SiteBuild(site: root, output: staged, theme: name)
        build.cachePath = nil
        var report = build.run()
        report.output = output
        report.diagnostics = report.diagnostics.map { diagnostic in
            var moved = diagnostic
            moved.path = moved.path.replacingOccurrences(of: root + "/", with: "preview:")
            return moved
        }
        guard report.succeeded else { return report }
        do {
            try addDarkAndSideBySide(in: staged)
        } catch {
            report.diagnostics.append(FileFailure.diagnostic("cannot write the preview", error, path: output))
            return report
        }
        var protected = SiteBuild.protectedFolders(site: site)
        protected += library.folders(of: name).map { OutputLocation.Protected($0, what: "the theme's own folder") }
        do throws(Diagnostic) {
            let folder = try OutputFolder(output, options: .init(protected: protected))
            let (written, removed) = try folder.replaceContents(withFilesIn: staged)
            try folder.saveManifest()
            report.written = written.map(\.value)
            report.removed = removed.map(\.value)
        } catch {
            report.diagnostics.append(error)
        }
        return report
    }

    /// `/dark/`: the specimen with the stylesheet's dark values in force whatever the system says,
    /// and `/preview.html`: light and dark side by side.
    private func addDarkAndSideBySide(in output: String) throws {
        let css = try String(contentsOfFile: output + "/theme.css", encoding: .utf8)
        try Self.forcingDark(css).write(toFile: output + "/theme-dark.css", atomically: true, encoding: .utf8)
        var page = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        if let heading = page.range(of: "<h2>Text styles</h2>\n") {
            page.replaceSubrange(heading, with: "<h2>Text styles</h2>\n" + Self.textStyles)
            try page.write(toFile: output + "/index.html", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: output + "/dark", withIntermediateDirectories: true)
        try page.replacingOccurrences(of: "href=\"/theme.css\"", with: "href=\"/theme-dark.css\"")
            .replacingOccurrences(of: "<html lang=\"en\">", with: "<html lang=\"en\" style=\"color-scheme: dark\">")
            .write(toFile: output + "/dark/index.html", atomically: true, encoding: .utf8)
        try """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Theme preview: \(theme)</title>
            <style>body { margin: 0; display: flex; height: 100vh; } iframe { flex: 1; border: 0; border-right: 1px solid #888; }</style>
            </head><body><iframe src="/" title="light"></iframe><iframe src="/dark/" title="dark"></iframe></body></html>

            """.write(toFile: output + "/preview.html", atomically: true, encoding: .utf8)
    }

    /// The stylesheet with the rules of its `prefers-color-scheme: dark` block applied always.
    static func forcingDark(_ css: String) -> String {
        guard let start = css.range(of: "@media (prefers-color-scheme: dark) {\n") else { return css }
        let inside = css[start.upperBound...]
        guard let end = inside.range(of: "\n}\n", options: .backwards) else { return css }
        let rules = inside[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
        return String(css[..<start.lowerBound]) + String(inside[end.upperBound...]) + rules + "\n"
    }

    /// Markdown with every intent, every custom value of the theme's scope, and each text style.
    static func specimen(_ theme: Theme) -> String {
        var text = """
            ---
            layout: page.html
            ---
            # Heading 1: \(theme.name)

            \(theme.summary.isEmpty ? "A specimen of every intent and custom value." : theme.summary)

            ## Heading 2

            ### Heading 3

            #### Heading 4

            ##### Heading 5

            ###### Heading 6

            A paragraph with *emphasis*, **strong**, `code`, ~~strikethrough~~, a [link](https://swift.org) and
            an image: ![a runway in perspective](/specimen.svg)

            > A block quote, with **strong** text inside.

            - A list item
            - Another, with *emphasis*
              1. An ordered item
              2. Another

            A task list:

            - [x] A done task
            - [ ] An open task

            ```swift
            let greeting = "Hello, runs"
            print(greeting)
            ```

            | Left | Centre | Right |
            |:-----|:------:|------:|
            | a    | b      | c     |
            | `d`  | **e**  | *f*   |

            ---

            ## Custom attribute values

            """
        for (attribute, value) in ThemeCheck.customValues(theme) {
            text += "- `\(attribute): '\(value)'`: ^[\(attribute) \(value)](\(attribute): '\(value)')\n"
        }
        return text + "\n## Text styles\n"
    }

    /// The specimen's image: a runway in perspective.
    static let image = """
        <svg xmlns="http://www.w3.org/2000/svg" width="160" height="60" viewBox="0 0 160 60">
        <rect width="160" height="60" fill="#8E8E93"/><path d="M70 0h20l40 60H30z" fill="#3A3A3C"/>
        <path d="M79 4h2v8h-2zM79 18h2v10h-2zM78 34h4v12h-4z" fill="#F2F2F7"/></svg>

        """

    /// A line in each of SwiftUI's text styles, at its size and leading (points over the 17-point
    /// body, as the theme's stylesheet sets `rem`), for the end of the specimen page.
    static var textStyles: String {
        var html = "<section class=\"text-styles\">\n"
        for style in TextStyle.allCases {
            let size = style.metrics.size / TextStyle.bodySize, leading = style.metrics.leading / style.metrics.size
            let weight = style == .headline ? "; font-weight: 600" : ""
            html += "<p class=\"text-style-\(style.rawValue)\" style=\"font-size: \(size)rem; line-height: \(leading)\(weight)\">"
                + "\(style.rawValue): \(Int(style.metrics.size)) pt on \(Int(style.metrics.leading))</p>\n"
        }
        return html + "</section>\n"
    }
}
