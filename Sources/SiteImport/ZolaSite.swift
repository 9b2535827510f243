import Foundation
import RunwayText
import SiteContent
import SiteOutput

/// A Zola site read as Zola reads it: `config.toml` (its languages, taxonomies, `[extra]`),
/// `content/` with each page's URL (its section's path, then its slug: `slug`, else its file's or
/// its bundle's name without a date, slugified), and `static/`.
enum ZolaSite {
    static func recognizes(_ tree: SourceTree) -> Bool {
        tree.exists("config.toml") && tree.isFolder("content") && !HugoSite.recognizes(tree) || tree.exists("zola.toml")
    }

    static func plan(_ tree: SourceTree) -> (plan: ImportPlan, diagnostics: [Diagnostic]) {
        var plan = ImportPlan()
        var diagnostics: [Diagnostic] = []
        let file = tree.exists("zola.toml") ? "zola.toml" : "config.toml"
        let (loaded, problems) = tree.values(file)
        diagnostics += problems
        guard let values = loaded else {
            if problems.isEmpty { diagnostics.append(Diagnostic(.error, "no Zola configuration here (config.toml)", path: SitePaths.join(tree.root, file))) }
            return (plan, diagnostics)
        }
        let config = ForeignValues(values)
        var settings = RunwaySettings()
        settings.title = config.string("title")
        settings.baseURL = config.string("base_url").map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let defaultLanguage = config.string("default_language") ?? "en"
        settings.language = defaultLanguage
        // Zola passes raw HTML through, and highlights code only when told to.
        settings.unsafe = true
        let highlights = config.bool("markdown.highlight_code") ?? config.bool("highlight_code") ?? (config["markdown.highlighting"] != nil)
        if !highlights { settings.highlightCode = false }
        settings.params = config.table("extra")
        var codes: Set<String> = [defaultLanguage]
        for (code, value) in config.table("languages").sorted(by: { $0.key < $1.key }) where code != defaultLanguage {
            guard case .object(let fields) = value else { continue }
            let language = ForeignValues(fields)
            codes.insert(code)
            settings.languages.append(RunwaySettings.Language(code: code, name: code, title: language.string("title"),
                                                              params: language.table("extra")))
        }
        var taxonomies: [(String, String)] = []
        for item in config.list("taxonomies") + config.table("languages").values.flatMap({ ForeignValues(["l": $0]).list("l.taxonomies") }) {
            guard case .object(let fields) = item, case .string(let name)? = fields["name"], !taxonomies.contains(where: { $0.1 == name }) else { continue }
            taxonomies.append((name.hasSuffix("s") ? String(name.dropLast()) : name + "-term", name))
        }
        settings.taxonomies = taxonomies
        plan.settings = settings
        plan.converter = .zola
        plan.siteValues = values
        for (folder, what) in [("templates", "templates (Tera; Runway renders with its default theme)"), ("themes", "themes (Tera templates)"),
                               ("sass", "Sass files (Zola compiles them; Runway copies static/ as it is)")]
        where tree.isFolder(folder) {
            plan.note(folder + "/", .leftOut, "\(tree.files(under: folder).count) files of \(what) are not imported")
        }
        for file in tree.files(under: "static") { plan.copies.append((SitePaths.join(tree.root, "static/" + file), "static/" + file)) }
        var pages: [(file: String, language: String)] = []
        for file in tree.files(under: "content") {
            guard MarkdownFile.isMarkdown(file) else {
                plan.copies.append((SitePaths.join(tree.root, "content/" + file), "content/" + file))
                continue
            }
            let suffix = (MarkdownFile.stem(file) as NSString).pathExtension
            pages.append((file, codes.contains(suffix) ? suffix : defaultLanguage))
        }
        for (file, language) in pages {
            let source = "content/" + file
            guard var page = tree.page(source, diagnostics: &diagnostics) else { continue }
            for key in ["template", "page_template"] {
                if let (written, value) = page.value(key) {
                    page.remove(written)
                    plan.note(source, .converted, "'\(written) = \(value.jsonText)' names a Zola template; the page renders with Runway's \(key == "template" ? "page.html" : "templates")")
                }
            }
            let prefix = language == defaultLanguage ? "" : "/" + language
            plan.pages.append(ImportedPage(source: source, contentKey: file, destination: source, text: page,
                                           expectedURL: url(of: file, prefix: prefix, page: ForeignValues(page.values))))
        }
        return (plan, diagnostics)
    }

    /// The URL Zola gives the content file at `path` (relative to `content/`): a section's folder,
    /// or its section's path and its slug; its own `path` wins.
    static func url(of path: String, prefix: String, page: ForeignValues) -> String {
        if let own = page.string("path") {
            let trimmed = own.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            return prefix + "/" + trimmed + (trimmed.isEmpty ? "" : "/")
        }
        var parts = MarkdownFile.stem(path).split(separator: "/").map(String.init)
        if let last = parts.last, last.contains(".") { parts[parts.count - 1] = String(last.prefix { $0 != "." }) }
        let name = parts.removeLast()
        if name == "_index" { return prefix + "/" + parts.joined(separator: "/") + (parts.isEmpty ? "" : "/") }
        // A bundle's page is named for its folder; a date before the name (`2024-01-02-a`, `2024-01-02_a`) is not part of it.
        var slugSource = name == "index" ? parts.removeLast() : name
        if slugSource.count > 11, PageMetadata.isDate(String(slugSource.prefix(10))), ["-", "_"].contains(slugSource.dropFirst(10).first) {
            slugSource = String(slugSource.dropFirst(11))
        }
        let slug = page.string("slug").map(ForeignSlug.zola) ?? ForeignSlug.zola(slugSource)
        return prefix + "/" + (parts + [slug]).joined(separator: "/") + "/"
    }
}
