import RunwayText
import Formatting
import Foundation
import HTMLRendering
public import SiteBuilding
import SiteContent
import SiteOutput

/// `runway theme preview <name>`: a specimen site built with a theme: every block and inline
/// intent, every custom attribute value of the theme's scope, and each font text style, in light
/// (`/`) and dark (`/dark/`), side by side at `/preview.html`.
public struct ThemePreview: Sendable {
    /// The theme: a name, or a theme's folder.
    public let theme: String
    /// The site whose `themes/` folder is searched first.
    public let site: String
    /// Where the preview is written.
    public let output: String

    /// A preview of `theme` into `output` (else the site's `_theme-preview/NAME`).
    public init(theme: String, site: String = ".", output: String? = nil) {
        self.theme = theme
        self.site = site
        self.output = output ?? SitePaths.join(site, "_theme-preview/" + theme)
    }

    /// Writes the preview: light at `/`, dark at `/dark/`, both side by side at `/preview.html`.
    public func run() -> SiteBuild.Report {
        let check = ThemeCheck(theme: theme, site: site)
        if let problem = check.pathProblem() { return SiteBuild.Report(pageCount: 0, diagnostics: [problem], output: output) }
        let (name, library) = check.located()
        let (loaded, diagnostics) = library.load(name)
        guard let loaded else { return SiteBuild.Report(pageCount: 0, diagnostics: diagnostics, output: output) }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-preview-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The folder of themes the preview's `themes` link leads to, as `theme check` names it.
        let themes = library.path(of: name).map { (($0 as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent }
        do {
            try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
            try "title = \"Theme preview: \(name)\"\ntheme = \"\(name)\"\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
            // The preview site sees the theme's own folder of themes, so that a site's theme is found.
            if let themes {
                try FileManager.default.createSymbolicLink(atPath: root + "/themes", withDestinationPath: RealPath.absolute(themes))
            }
            // The specimen twice: `/` in the theme's stylesheet, `/dark/` with its dark rules in
            // force too; each through a layout of the preview's own that adds the text styles.
            try Self.specimen(loaded, layout: "specimen.html").write(toFile: root + "/content/index.md", atomically: true, encoding: .utf8)
            try Self.specimen(loaded, layout: "specimen-dark.html").write(toFile: root + "/content/dark.md", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
            try Self.layout(head: "", styled: loaded.isStyled).write(toFile: root + "/templates/specimen.html", atomically: true, encoding: .utf8)
            try Self.layout(head: "<style>:root { color-scheme: dark; }</style><link rel=\"stylesheet\" href=\"/theme-dark.css\">",
                            styled: loaded.isStyled)
                .write(toFile: root + "/templates/specimen-dark.html", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: root + "/static", withIntermediateDirectories: true)
            try Self.image.write(toFile: root + "/static/specimen.svg", atomically: true, encoding: .utf8)
            let values = ThemeCheck.customValues(loaded).map { (attribute: $0.attribute, value: AttributeValue.string($0.value)) }
            try ThemeStylesheet(theme: loaded).css(usedValues: values, appearance: .dark)
                .write(toFile: root + "/static/theme-dark.css", atomically: true, encoding: .utf8)
            try sideBySide.write(toFile: root + "/static/preview.html", atomically: true, encoding: .utf8)
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
        // A theme's file at its own path, as `theme check` says it; the specimen's own files as
        // `preview:` ones.
        report.diagnostics = report.diagnostics.map { diagnostic in
            var moved = diagnostic
            if let themes, moved.path.hasPrefix(root + "/themes/") {
                moved.path = themes + "/" + moved.path.dropFirst((root + "/themes/").count)
            } else {
                moved.path = moved.path.replacingOccurrences(of: root + "/", with: "preview:")
            }
            return moved
        }
        guard report.succeeded else { return report }
        var protected = SiteBuild.protectedFolders(site: site)
        protected += library.folders(of: name).map { OutputLocation.Protected($0, what: "the theme's own folder") }
        do throws(Diagnostic) {
            let folder = try OutputFolder(output, options: .init(protected: protected, offersAllowNonEmpty: false))
            let (written, removed) = try folder.replaceContents(withFilesIn: staged)
            try folder.saveManifest()
            report.written = written.map(\.value)
            report.removed = removed.map(\.value)
        } catch {
            report.diagnostics.append(error)
        }
        return report
    }

    /// `/preview.html`: light and dark side by side.
    private var sideBySide: String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Theme preview: \(theme)</title>
        <style>body { margin: 0; display: flex; height: 100vh; } iframe { flex: 1; border: 0; border-right: 1px solid #888; }</style>
        </head><body><iframe src="/" title="light"></iframe><iframe src="/dark/" title="dark"></iframe></body></html>

        """
    }

    /// The specimen's layout: the theme's `base.html` with the page, then (for a styled theme)
    /// every syntax value and a line in each text style; `head` goes in base.html's `head` block.
    static func layout(head: String, styled: Bool) -> String {
        // A styled theme's pages carry highlighted code; plain's carry none.
        "{{<base.html}}\n{{$head}}\(head){{/head}}\n{{$content}}\n{{{page.content}}}\n" + (styled ? syntaxValues : "") + textStyles
            + "{{/content}}\n{{/base.html}}\n"
    }

    /// Markdown with every intent, every custom value of the theme's scope, and each text style.
    static func specimen(_ theme: Theme, layout: String) -> String {
        var text = """
            ---
            layout: \(layout)
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

            > [!NOTE]
            > A note callout: what a reader should notice.

            > [!TIP]
            > A tip callout, with `code` and a [link](https://swift.org).

            > [!IMPORTANT]
            > An important callout.

            > [!WARNING]
            > A warning callout.

            > [!CAUTION]
            > A caution callout.

            - A list item
            - Another, with *emphasis*
              1. An ordered item
              2. Another

            A task list:

            - [x] A done task
            - [ ] An open task

            ```swift {linenos=true, hl_lines=[3]}
            // Highlighted code: the theme's syntax values.
            @MainActor func greet(_ name: String, times: Int = 2) -> String {
                let greeting = "Hello, \\(name)!"
                return String(repeating: greeting, count: times) + #file
            }
            ```

            ```diff
            @@ -1,2 +1,2 @@
            -let colour = "grey"
            +let colour = "indigo"
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
        // The numbers and booleans the theme styles (`[styles."level.2"]` of an integer attribute).
        var typed = Set<String>()
        for target in theme.styles.keys {
            guard case .value(let attribute, _) = target, let value = target.value(in: theme.definition) else { continue }
            switch value {
            case .integer, .number, .bool: typed.insert("- `\(attribute): \(value.jsonText)`: ^[\(attribute) \(value.jsonText)](\(attribute): \(value.jsonText))\n")
            default: continue
            }
        }
        text += typed.sorted().joined()
        text += components(of: theme)
        return text
    }

    /// A call of each of the theme's components, each a paragraph of its own (its block form),
    /// with a sample value for each parameter it requires: the specimen's image for an
    /// image or a file (`src`, `poster`), the first of a set, this section for a link, `example` for other text.
    static func components(of theme: Theme) -> String {
        let declarations = (theme.definition.scope?.declarations ?? []).compactMap { declaration -> (String, ComponentSignature)? in
            if case .component(let signature) = declaration.type { (declaration.name, signature) } else { nil }
        }.sorted { $0.0 < $1.0 }
        guard !declarations.isEmpty else { return "" }
        var text = "\n## Components\n\n"
        for (name, signature) in declarations {
            let parameters = signature.parameters.compactMap { parameter -> String? in
                guard parameter.required else { return nil }
                let value: String
                switch parameter.type {
                case .oneOf(let values): value = "'\(values.first ?? "")'"
                case .bool: value = "true"
                case .integer, .number: value = "1"
                case .object, .component: value = "{}"
                // The specimen's own heading: a link that leads somewhere in any site.
                case .link: value = "'#components'"
                case .string: value = ["src", "poster"].contains(parameter.name) ? "'/specimen.svg'" : "'example'"
                }
                return "\(parameter.name): \(value)"
            }
            text += "^[The \(name) component](\(name): {\(parameters.joined(separator: ", "))})\n\n"
        }
        return text
    }

    /// Every value of the `syntax` attribute, each in a code block's line of its own: written by the
    /// renderer from runs, as highlighted code is, whatever the tokenizer makes of the samples.
    static var syntaxValues: String {
        var builder = AttributedText.Builder()
        let block = AttributeContainer(presentationIntent: PresentationIntent(.codeBlock(languageHint: nil), identity: 1))
        for category in SyntaxCategory.allCases {
            var token = block
            token[SyntaxKey.self] = category
            builder.append(category.rawValue, attributes: token)
            builder.append("\n", attributes: block)
        }
        return "<h2>Every syntax value</h2>\n" + HTMLRenderer().render(builder.build())
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
        var html = "<h2>Text styles</h2>\n<section class=\"text-styles\">\n"
        for style in TextStyle.allCases {
            let size = style.metrics.size / TextStyle.bodySize, leading = style.metrics.leading / style.metrics.size
            let weight = style == .headline ? "; font-weight: 600" : ""
            html += "<p class=\"text-style-\(style.rawValue)\" style=\"font-size: \(size)rem; line-height: \(leading)\(weight)\">"
                + "\(style.rawValue): \(Int(style.metrics.size)) pt on \(Int(style.metrics.leading))</p>\n"
        }
        return html + "</section>\n"
    }
}
