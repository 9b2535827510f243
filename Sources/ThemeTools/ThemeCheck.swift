public import RunwayText
public import Formatting
import Foundation
import HTMLRendering
import SiteBuilding
import SiteContent
import SiteOutput
import Templating

/// `runway theme check`: everything wrong with a theme, at `file:line:col` (its file, the files it
/// extends, its templates), and what it leaves unstyled.
public struct ThemeCheck: Sendable {
    /// The templates a site build needs from its theme (or the themes it extends).
    public static let requiredTemplates = ["base.html", "page.html", "list.html", "404.html"]

    /// A theme name, or the folder of a theme (holding `theme.toml`).
    public let theme: String
    /// The site whose `themes/` folder is searched first.
    public let site: String

    /// A check of `theme` (a name, or a theme's folder), looking in `site`'s `themes/` first.
    public init(theme: String, site: String = ".") {
        self.theme = theme
        self.site = site
    }

    /// What the check found.
    public struct Report: Sendable {
        /// The theme's name.
        public var name: String
        /// Every problem, at its file, line and column.
        public var diagnostics: [Diagnostic]
        /// Style targets (`h4`, `customColor.danger`…) no container of the theme styles; `nil` when
        /// the theme could not be loaded.
        public var unstyled: [String]?
        /// The components the theme declares (those of the themes it extends too), each with its
        /// parameters: `youtube: id (a string, required), start (an integer, default 0)`.
        public var components: [String] = []
        /// The render hooks the theme's templates have (those of the themes it extends too):
        /// `link`, `codeblock-mermaid`.
        public var hooks: [String] = []
        /// Whether the theme has no error.
        public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
    }

    /// The theme's name and the library to load it from: a folder argument is searched first.
    public func located() -> (name: String, library: ThemeLibrary) {
        let standard = ThemeLibrary.standard(site: site)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: theme + "/" + ThemeLibrary.fileName, isDirectory: &isFolder) {
            let folder = RealPath.absolute(theme) as NSString
            return (folder.lastPathComponent, ThemeLibrary(folders: [folder.deletingLastPathComponent] + standard.folders))
        }
        return (theme, standard)
    }

    /// Why the argument, a path (it has a `/`), names no theme's folder; `nil` when it is a
    /// theme's name or folder. Said at the path, for `check` and `preview` alike: it was
    /// "not a theme's name".
    public func pathProblem() -> Diagnostic? {
        guard theme.contains("/"), !FileManager.default.fileExists(atPath: theme + "/" + ThemeLibrary.fileName) else { return nil }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: theme, isDirectory: &isFolder)
        let why = !exists ? "no such folder: give a theme's name, or the path of a theme's folder (which holds its theme.toml)"
            : isFolder.boolValue ? "is not a theme's folder: it has no \(ThemeLibrary.fileName)"
            : "is a file, not a theme's folder (which holds its theme.toml)"
        return Diagnostic(.error, why, path: theme)
    }

    /// Checks the theme file, the files it extends and the templates.
    public func run() -> Report {
        if let problem = pathProblem() { return Report(name: theme, diagnostics: [problem], unstyled: nil) }
        let (name, library) = located()
        var (loaded, diagnostics) = library.load(name)
        guard let loaded else { return Report(name: name, diagnostics: diagnostics, unstyled: nil) }
        let themeFile = library.path(of: name) ?? name
        let templates = TemplateSet(folders: library.templateFolders(site: nil, theme: name))
        for required in Self.requiredTemplates where !templates.exists(required) {
            diagnostics.append(Diagnostic(.error, "no template '\(required)' in this theme, the themes it extends or the default theme (a site build needs it)",
                                          path: themeFile, position: SourcePosition(line: 1, column: 1)))
        }
        // Each of the theme's own templates: its syntax errors (every template is parsed when the
        // set is made), then what rendering it with a sample page finds (a filter given a wrong
        // argument, an include that is not there).
        let own = library.folders(of: name).first.map { $0 + "/templates/" } ?? ""
        let problems = templates.problems
        diagnostics += (problems + templates.findings).filter { $0.path.hasPrefix(own) }
        // The templates a build reads: not editors' leftovers, nor what hidden folders hold.
        let read = SitePaths.files(under: own).filter { file in
            file.hasSuffix(".html") && !file.split(separator: "/").contains { TemplateSet.isLeftover(String($0)) }
        }
        for file in read.sorted() where !problems.contains(where: { $0.path == own + file }) {
            do throws(Diagnostic) {
                _ = try templates.render(file, context: Self.sampleContext())
            } catch where !diagnostics.contains(error) {
                diagnostics.append(error)
            } catch {}
        }
        diagnostics += Self.ownFileProblems(folder: library.folders(of: name).first)
        diagnostics += Self.unknownTargets(loaded, name: name, library: library)
        diagnostics += Self.contrastWarnings(loaded, name: name, library: library)
        var components: [String] = []
        for declaration in loaded.definition.scope?.declarations ?? [] {
            guard case .component(let signature) = declaration.type else { continue }
            if !templates.exists("components/\(declaration.name).html") {
                diagnostics.append(Diagnostic(.error, "the component '\(declaration.name)' has no template: add templates/components/\(declaration.name).html",
                                              path: themeFile))
            }
            components.append(declaration.name + ": " + Self.described(signature) + (declaration.summary.isEmpty ? "" : " — " + declaration.summary))
        }
        let hooks = TemplateHooks.named(in: templates)
        diagnostics += hooks.diagnostics
        var report = Report(name: name, diagnostics: diagnostics, unstyled: Self.unstyled(loaded))
        report.components = components.sorted()
        report.hooks = (hooks.elements.map(\.rawValue) + hooks.languages.map(RenderHook.name(ofCodeLanguage:))).sorted()
        return report
    }

    /// A component's parameters as `theme check` lists them: `id (a string, required), start (an integer, default 0)`.
    static func described(_ signature: ComponentSignature) -> String {
        guard !signature.parameters.isEmpty else { return "no parameters" }
        return signature.parameters.map { parameter in
            var parts = ["\(parameter.type)"]
            if parameter.required { parts.append("required") }
            if let value = parameter.defaultValue { parts.append("default \(value.jsonText)") }
            return "\(parameter.name) (\(parts.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    /// What a build says of the theme's string tables (`i18n/`) and static files: a table that is
    /// not TOML of strings, a folder that cannot be read, a link out of the theme, and a static file
    /// that would replace one Runway makes (`static/theme.css`), which fails every build.
    static func ownFileProblems(folder: String?) -> [Diagnostic] {
        guard let folder else { return [] }
        var diagnostics = StringTables.load(from: [folder]).diagnostics
        let root = folder + "/static"
        let listing = SitePaths.list(under: root, inside: folder)
        diagnostics += SitePaths.problems(of: listing, under: root)
        for file in listing.files.sorted() where SiteBuild.generatedFiles.contains(file) {
            diagnostics.append(Diagnostic(.error, "would replace the generated \(file), which only the site's own static/ may: rename it",
                                          path: root + "/" + file))
        }
        return diagnostics
    }

    /// A warning for each text and background pair of the theme below WCAG AA (``ThemeContrast``),
    /// at the colour to change: the nearest of the theme's files (its own, then those it extends)
    /// that sets the target's colour, else the body's.
    static func contrastWarnings(_ theme: Theme, name: String, library: ThemeLibrary) -> [Diagnostic] {
        let sources = chain(of: name, in: library)
        return ThemeContrast(theme).problems.map { problem in
            let found = sources.lazy.compactMap { source in problem.keys.first { source.sets($0) }.map { (source, $0) } }.first
            let scheme = problem.dark ? "dark" : "light"
            let message = "in \(scheme), \(problem.target.name) has a contrast of \(String(format: "%.2f", problem.ratio)):1 "
                + "(\(problem.foreground) on \(problem.background)); WCAG AA asks \(problem.needed == 3 ? "3" : "4.5"):1"
                + (problem.needed == 3 ? " for large text" : "")
            return Diagnostic(.warning, message, path: found?.0.path ?? library.path(of: name) ?? name,
                              position: found.map { $0.0.position(of: $0.1) } ?? SourcePosition(line: 1, column: 1))
        }
    }

    /// The theme's file and those it extends, nearest first, as TOML.
    static func chain(of name: String, in library: ThemeLibrary) -> [TOMLSource] {
        var sources: [TOMLSource] = []
        var next: String? = name
        while let current = next, sources.count < 16, let path = library.path(of: current),
              let text = FileManager.default.contents(atPath: path).flatMap({ String(data: $0, encoding: .utf8) }),
              let source = try? TOMLSource(path: path, text: text) {
            sources.append(source)
            next = source.string(at: ["extends"])
        }
        return sources
    }

    /// A warning at each `[styles."ATTRIBUTE.VALUE"]` no page can carry: a callout kind or a syntax
    /// category there is not, a value its attribute's declaration does not allow, or an attribute
    /// no theme of the chain declares (what a constraint produces, and styling attributes' values,
    /// can be carried).
    static func unknownTargets(_ theme: Theme, name: String, library: ThemeLibrary) -> [Diagnostic] {
        let sources = chain(of: name, in: library)
        let produced = theme.definition.producedValues
        var diagnostics: [Diagnostic] = []
        for case .value(let attribute, let value) in theme.styles.keys.sorted(by: { $0.name < $1.name }) {
            let problem: String?
            if produced.contains(where: { $0.attribute == attribute && $0.value == .string(value) }) || StyleAttribute(rawValue: attribute) != nil {
                // What a constraint produces (contacts' purple), or a styling attribute's value.
                problem = nil
            } else if attribute == PresentationIntent.Callout.attributeName {
                problem = PresentationIntent.Callout(rawValue: value) == nil
                    ? "there is no callout '\(value)' (callouts: \(PresentationIntent.Callout.allCases.map(\.rawValue).joined(separator: ", ")))" : nil
            } else if attribute == SyntaxKey.name {
                problem = SyntaxCategory(rawValue: value) == nil
                    ? "there is no syntax value '\(value)' (values: \(SyntaxCategory.allCases.map(\.rawValue).joined(separator: ", ")))" : nil
            } else if attribute == MathKey.name {
                problem = MathKind(rawValue: value) == nil
                    ? "there is no math value '\(value)' (values: \(MathKind.allCases.map(\.rawValue).joined(separator: ", ")))" : nil
            } else if let declaration = theme.definition.scope?[attribute] {
                switch declaration.type {
                case .oneOf(let allowed) where !allowed.contains(value):
                    problem = "'\(attribute)' does not take '\(value)' (its values: \(allowed.joined(separator: ", ")))"
                case .integer, .number, .bool:
                    // `level.2` of an integer attribute names the number 2; `level.two` names nothing.
                    let typed = StyleTarget.value(attribute: attribute, value: value).value(in: theme.definition)
                    problem = declaration.type.accepts(typed ?? .null) ? nil : "'\(attribute)' takes \(declaration.type), and '\(value)' is not one"
                default:
                    problem = nil
                }
            } else {
                problem = "neither this theme nor one it extends declares the attribute '\(attribute)' (a site's [attributes] may: then its pages can carry it)"
            }
            guard let problem else { continue }
            let target = attribute + "." + value
            let source = sources.first { $0.sets(["styles", target]) }
            diagnostics.append(Diagnostic(.warning, "[styles.\"\(target)\"] styles nothing: \(problem)",
                                          path: source?.path ?? library.path(of: name) ?? name,
                                          position: source?.position(of: ["styles", target]) ?? SourcePosition(line: 1, column: 1)))
        }
        return diagnostics
    }

    /// What templates see, with a value of each kind, for checking templates: the same typed
    /// context a build makes.
    static func sampleContext() -> TemplateContext {
        let entry = PageEntry(title: "Sample", url: "/sample/", date: "2026-01-01", summary: "A sample page.",
                              summaryHTML: "<p>A sample page.</p>\n", readingTime: 1)
        let heading = ##"<h1 id="sample">Sample<a class="rw-anchor" href="#sample" aria-hidden="true" tabindex="-1"></a></h1>"## + "\n"
        let toc = TableOfContents(headings: [(2, "One", "one"), (3, "One and a half", "one-and-a-half"), (2, "Two", "two")])
        let page = PageContext(title: "Sample", content: heading + "<p>Sample</p>", titleHTML: heading, contentAfterTitle: "<p>Sample</p>",
                               url: "/sample/", permalink: "/sample/", date: "2026-01-01", lastmod: "2026-01-02", tags: ["sample"],
                               summary: "A sample page.", summaryHTML: "<p>A sample page.</p>\n", wordCount: 3, readingTime: 1, lang: "en",
                               section: "samples", stylesheet: "/theme.css", feed: "/samples/atom.xml", toc: toc,
                               terms: ["tags": [TermLink(name: "sample", url: "/tags/sample/")]], previous: entry, next: entry)
        let site = SiteContext(title: "Sample", baseURL: "/", language: "en", theme: "sample",
                               languages: [LanguageLink(code: "en", name: "English", url: "/")], home: "/",
                               params: ["tagline": .text("A sample site")],
                               menus: ["main": [MenuEntry(name: "Home", url: "/", weight: 1), MenuEntry(name: "Sample", url: "/sample/", weight: 2)]])
        return TemplateContext(site: site, page: page, pages: TemplateListing([entry]), items: [entry],
                               pagination: Pagination(number: 1, total: 1, previous: "", next: ""))
    }

    /// The intents and custom values a theme has no container for, in the order theme files list them.
    static func unstyled(_ theme: Theme) -> [String] {
        let intents = ["body", "paragraph", "h1", "h2", "h3", "h4", "h5", "h6", "quote", "codeBlock", "list", "listItem", "table",
                       "headerRow", "cell", "thematicBreak", "emphasized", "strong", "code", "strikethrough", "link"]
        var missing = intents.filter { name in StyleTarget(name: name).map { theme.styles[$0] == nil } ?? false }
        for (attribute, value) in customValues(theme) where theme.styles[.value(attribute: attribute, value: value)] == nil {
            missing.append("\(attribute).\(value)")
        }
        // Callouts' kinds and highlighted code's token categories, which every styled theme's pages can carry.
        for callout in PresentationIntent.Callout.allCases
        where theme.styles[.value(attribute: PresentationIntent.Callout.attributeName, value: callout.rawValue)] == nil {
            missing.append("\(PresentationIntent.Callout.attributeName).\(callout.rawValue)")
        }
        for category in SyntaxCategory.allCases where theme.styles[.value(attribute: SyntaxKey.name, value: category.rawValue)] == nil {
            missing.append("\(SyntaxKey.name).\(category.rawValue)")
        }
        return missing
    }

    /// Every custom value a theme's pages can carry: the values its scope allows, and those its
    /// constraints produce (an underline the definition forces to `single`), by attribute name.
    static func customValues(_ theme: Theme) -> [(attribute: String, value: String)] {
        var pairs: [(String, String)] = []
        let produced = theme.definition.producedValues
        for declaration in theme.definition.scope?.declarations.sorted(by: { $0.name < $1.name }) ?? [] {
            var values: [String] = []
            if case .oneOf(let allowed) = declaration.type { values = allowed }
            for (attribute, value) in produced where attribute == declaration.name {
                if case .string(let text) = value, !values.contains(text) { values.append(text) }
            }
            pairs += values.map { (declaration.name, $0) }
        }
        return pairs
    }
}
