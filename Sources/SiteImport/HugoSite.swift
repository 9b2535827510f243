import Foundation
import RunwayText
import SiteContent
import SiteOutput

/// A Hugo site read as Hugo reads it: its configuration (`hugo.toml`, `config.toml`, YAML or
/// JSON, and `config/_default/`), its languages (by file name, `.fr.md`, or by content folder),
/// its content with the URL Hugo gives each page, and its static files.
enum HugoSite {
    /// The configuration files Hugo reads, in the order it looks for them.
    static let configurationFiles = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"]

    /// Whether `tree` looks like a Hugo site.
    static func recognizes(_ tree: SourceTree) -> Bool {
        configurationFiles.contains { tree.exists($0) } || tree.isFolder("config/_default")
    }

    static func plan(_ tree: SourceTree) -> (plan: ImportPlan, diagnostics: [Diagnostic]) {
        var plan = ImportPlan()
        var diagnostics: [Diagnostic] = []
        // The configuration: the first root file, then config/_default's files (`params.toml` is
        // `[params]`, `menus.en.toml` English's menus, `languages.toml` the languages).
        var values: [String: AttributeValue] = [:]
        var read: [String] = []
        if let file = configurationFiles.first(where: tree.exists) {
            let (loaded, problems) = tree.values(file)
            diagnostics += problems
            values = loaded ?? [:]
            read.append(file)
        }
        for file in tree.files(under: "config/_default") where !file.contains("/") && DataFile.Format(fileName: file) != nil {
            let (loaded, problems) = tree.values("config/_default/" + file)
            diagnostics += problems
            guard let loaded else { continue }
            let name = ((file as NSString).deletingPathExtension as NSString).deletingPathExtension.lowercased()
            let language = ((file as NSString).deletingPathExtension as NSString).pathExtension.lowercased()
            switch name {
            case "hugo", "config": values = ForeignValues.merged(values, loaded)
            case "menus" where !language.isEmpty, "menu" where !language.isEmpty:
                values = ForeignValues.merged(values, ["languages": .object([language: .object(["menus": .object(loaded)])])])
            default: values = ForeignValues.merged(values, [name: .object(loaded)])
            }
            read.append("config/_default/" + file)
        }
        guard !read.isEmpty else {
            diagnostics.append(Diagnostic(.error, "no Hugo configuration here (hugo.toml, config.toml, hugo.yaml… or config/_default/)",
                                          path: tree.root))
            return (plan, diagnostics)
        }
        let config = ForeignValues(values)
        let lowercase = !(config.bool("disablePathToLower") ?? false)
        var settings = RunwaySettings()
        settings.title = config.string("title")
        settings.baseURL = config.string("baseURL")
        let defaultLanguage = (config.string("defaultContentLanguage") ?? config.string("languageCode").map { String($0.prefix { $0 != "-" }) } ?? "en").lowercased()
        settings.language = defaultLanguage
        settings.paginate = config.int("pagination.pagerSize") ?? config.int("paginate")
        settings.timezone = config.string("timeZone")
        settings.unsafe = config.bool("markup.goldmark.renderer.unsafe") ?? false
        if config.bool("markup.highlight.codeFences") == false { settings.highlightCode = false }
        settings.params = config.table("params")
        settings.menus = menus(config.table("menus").isEmpty ? config.table("menu") : config.table("menus"), prefix: "")
        if config.bool("defaultContentLanguageInSubdir") == true {
            plan.note(read[0], .leftOut, "defaultContentLanguageInSubdir: Runway keeps the default language at the site's root, so its pages keep their "
                      + "URLs only by their own url")
        }
        if config.bool("uglyURLs") == true {
            plan.note(read[0], .leftOut, "uglyURLs: Runway writes each page as a folder (/a/), so pages keep the .html URLs Hugo gave them by their own url")
        }
        // Languages: each with its prefix, content folder, and its own title, direction, params and menus.
        let languageTable = config.table("languages")
        var languages: [(code: String, weight: Int, contentDir: String?)] = []
        for (code, value) in languageTable {
            guard case .object(let fields) = value else { continue }
            let language = ForeignValues(fields)
            let lower = code.lowercased()
            languages.append((lower, language.int("weight") ?? 0, language.string("contentDir")))
            var entry = RunwaySettings.Language(code: lower)
            entry.name = language.string("languageName") ?? language.string("label") ?? lower
            entry.title = language.string("title")
            entry.direction = (language.string("languageDirection") ?? language.string("direction")).map { $0.lowercased() }
            entry.params = language.table("params")
            let prefix = lower == defaultLanguage ? "" : "/" + lower
            entry.menus = menus(language.table("menus").isEmpty ? language.table("menu") : language.table("menus"), prefix: prefix)
            if lower == defaultLanguage {
                // The default language's settings are the site's.
                if let title = entry.title { settings.title = title }
                settings.params = ForeignValues.merged(settings.params, entry.params)
                if !entry.menus.isEmpty { settings.menus = entry.menus }
                entry.title = nil
                entry.params = [:]
                entry.menus = [:]
            }
            settings.languages.append(entry)
        }
        settings.languages.sort { a, b in
            let weight = { (code: String) in languages.first { $0.code == code }?.weight ?? 0 }
            return (a.code != defaultLanguage ? 1 : 0, weight(a.code), a.code) < (b.code != defaultLanguage ? 1 : 0, weight(b.code), b.code)
        }
        let codes = Set(languages.map(\.code) + [defaultLanguage])
        // Taxonomies: the site's (by default tags and categories), with those of every language;
        // Hugo's URLs are lower case, and so are the new site's names for them.
        var taxonomies: [(String, String)] = []
        func addTaxonomies(_ table: [String: AttributeValue]) {
            for (singular, plural) in table.sorted(by: { $0.key < $1.key }) {
                guard case .string(let name) = plural, !taxonomies.contains(where: { $0.1 == name.lowercased() }) else { continue }
                taxonomies.append((RunwaySettings.singular(singular.lowercased(), of: name.lowercased(), besides: taxonomies.map(\.0)), name.lowercased()))
            }
        }
        if config["taxonomies"] == nil && !languageTable.values.contains(where: { if case .object(let f) = $0 { ForeignValues(f)["taxonomies"] != nil } else { false } }) {
            taxonomies = [("category", "categories"), ("tag", "tags")]
        } else {
            addTaxonomies(config.table("taxonomies"))
            for (_, value) in languageTable.sorted(by: { $0.key < $1.key }) {
                if case .object(let fields) = value { addTaxonomies(ForeignValues(fields).table("taxonomies")) }
            }
        }
        settings.taxonomies = taxonomies
        // Permalinks by section, in Runway's tokens where it has them all; else each page keeps
        // its URL by its own url.
        var permalinks: [String: String] = [:]
        let permalinkTable = config.table("permalinks")
        let pagePatterns: [String: AttributeValue] = if case .object(let pages)? = permalinkTable["page"] { pages } else { permalinkTable }
        for (section, value) in pagePatterns {
            guard case .string(let pattern) = value else { continue }
            permalinks[section.lowercased()] = pattern
            if let runway = runwayPermalink(pattern) { settings.permalinks[section] = runway }
        }
        plan.settings = settings
        plan.converter = .hugo
        plan.siteValues = values
        // Content: each language's folder (or the site's), each Markdown file a page.
        let contentDir = config.string("contentDir") ?? "content"
        var folders: [(folder: String, language: String?)] = [(contentDir, nil)]
        for language in languages {
            if let dir = language.contentDir, dir != contentDir { folders.append((dir, language.code)) }
        }
        var pending: [(source: String, relative: String, language: String, destination: String)] = []
        for (folder, folderLanguage) in folders {
            for file in tree.files(under: folder) {
                let source = folder + "/" + file
                guard MarkdownFile.isMarkdown(file) else {
                    plan.copies.append((SitePaths.join(tree.root, source), "content/" + file))
                    continue
                }
                // `a.fr.md` is French when fr is a language; the language of its folder otherwise.
                let stem = MarkdownFile.stem(file)
                let suffix = (stem as NSString).pathExtension.lowercased()
                let language = codes.contains(suffix) ? suffix : folderLanguage ?? defaultLanguage
                var destination = "content/" + file
                if folderLanguage != nil, language == folderLanguage, language != defaultLanguage, !codes.contains(suffix) {
                    // A page of a language's own folder: the language in its name, as Runway reads it.
                    let ext = MarkdownFile.markdownExtension(of: file) ?? "md"
                    destination = "content/" + stem + "." + language + "." + ext
                }
                pending.append((source, file, language, destination))
            }
        }
        for folder in ["static"] where tree.isFolder(folder) {
            for file in tree.files(under: folder) { plan.copies.append((SitePaths.join(tree.root, folder + "/" + file), "static/" + file)) }
        }
        for (folder, what) in [("layouts", "templates (Runway renders with its default theme; a site's own look is templates/ in Runway's Mustache)"),
                               ("themes", "themes (Hugo's templates; Runway renders with its default theme)"),
                               ("assets", "Hugo Pipes' assets (Sass, scripts, images fetched by templates)"),
                               ("i18n", "string tables (Hugo's i18n format)"),
                               ("archetypes", "archetypes (Go templates; Runway's are archetypes/ with {{title}} and {{date}})")]
        where tree.isFolder(folder) {
            plan.note(folder + "/", .leftOut, "\(tree.files(under: folder).count) files of \(what) are not imported")
        }
        for file in tree.files(under: "layouts").sorted() {
            if let message = Self.renderHookNote(file) { plan.note("layouts/" + file, .leftOut, message) }
        }
        plan.copyData("data", of: tree)
        for (source, relative, language, destination) in pending {
            guard var page = tree.page(source, diagnostics: &diagnostics) else { continue }
            // Hugo's `layout` and `type` name Hugo's templates: the new site renders with page.html.
            for key in ["layout", "type"] {
                if let (written, value) = page.value(key) {
                    page.remove(written)
                    plan.note(source, line: nil, .converted, "'\(written): \(value.jsonText)' names a Hugo template; the page renders with Runway's page.html")
                }
            }
            // Taxonomy keys as the new site names them (Hugo's URLs are lower case).
            for (_, plural) in taxonomies {
                if let (written, value) = page.value(plural), written != plural {
                    page.remove(written)
                    page.set(plural, to: value)
                }
            }
            let expected = url(of: relative, language: language, defaultLanguage: defaultLanguage, page: ForeignValues(page.values),
                               permalinks: permalinks, lowercase: lowercase)
            plan.pages.append(ImportedPage(source: source, contentKey: relative, destination: destination, text: page, expectedURL: expected))
        }
        return (plan, diagnostics)
    }

    /// The URL Hugo gives the page at `path` (relative to its content folder) in `language`:
    /// its own `url`, else its section's permalink, else its path, the file's name (or its
    /// bundle's folder) or its `slug` last, lower case unless `disablePathToLower`.
    static func url(of path: String, language: String, defaultLanguage: String, page: ForeignValues, permalinks: [String: String],
                    lowercase: Bool) -> String? {
        let prefix = language == defaultLanguage ? "" : "/" + language
        if let own = page.string("url") {
            let url = own.hasPrefix("/") ? own : "/" + own
            return url.hasSuffix("/") || url.hasSuffix(".html") ? url : url + "/"
        }
        var parts = MarkdownFile.stem(path).split(separator: "/").map(String.init)
        if let last = parts.last, last.contains(".") { parts[parts.count - 1] = String(last.prefix { $0 != "." }) }
        let name = parts.last ?? ""
        let isSection = name == "_index"
        let isBundle = name == "index"
        if isSection || isBundle { parts.removeLast() }
        if isSection {
            return prefix + "/" + parts.map { ForeignSlug.hugo($0, lowercase: lowercase) }.joined(separator: "/") + (parts.isEmpty ? "" : "/")
        }
        let fileName = parts.last ?? ""
        let section = parts.count > 1 ? parts[0] : ""
        let slug = page.string("slug")
        if let pattern = permalinks[section.lowercased()] {
            let title = page.string("title") ?? fileName
            let date = page.string("date").flatMap(PageDate.init)
            var url = pattern
            let day = date.map { String($0.iso8601.prefix(10)).split(separator: "-").map(String.init) } ?? ["", "", ""]
            let tokens: [(String, String)] = [
                (":year", day[0]), (":month", day[1]), (":day", day[2]),
                (":sections", parts.dropLast().map { ForeignSlug.hugo($0, lowercase: lowercase) }.joined(separator: "/")),
                (":section", ForeignSlug.hugo(section, lowercase: lowercase)),
                (":slugorfilename", slug.map { ForeignSlug.hugo($0, lowercase: lowercase) } ?? ForeignSlug.hugo(fileName, lowercase: lowercase)),
                (":slugorcontentbasename", slug.map { ForeignSlug.hugo($0, lowercase: lowercase) } ?? ForeignSlug.hugo(fileName, lowercase: lowercase)),
                (":slug", ForeignSlug.hugo(slug ?? title, lowercase: lowercase)),
                (":title", ForeignSlug.hugo(title, lowercase: lowercase)),
                (":contentbasename", ForeignSlug.hugo(fileName, lowercase: lowercase)),
                (":filename", ForeignSlug.hugo(fileName, lowercase: lowercase)),
            ]
            for (token, value) in tokens { url = url.replacingOccurrences(of: token, with: value) }
            guard !url.contains(":") else { return nil }
            url = (url.hasPrefix("/") ? url : "/" + url)
            while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
            return prefix + (url.hasSuffix("/") || url.hasSuffix(".html") ? url : url + "/")
        }
        if let slug { parts[parts.count - 1] = slug }
        return prefix + "/" + parts.map { ForeignSlug.hugo($0, lowercase: lowercase) }.joined(separator: "/") + "/"
    }

    /// A Hugo permalink in Runway's tokens, when it uses only tokens that mean the same in both.
    static func runwayPermalink(_ pattern: String) -> String? {
        var rest = pattern
        for token in [":year", ":month", ":day", ":section", ":filename"] { rest = rest.replacingOccurrences(of: token, with: "") }
        return rest.contains(":") ? nil : pattern
    }

    /// Hugo's menus (`main: [{name, url, pageRef, weight}]`) as Runway's: a URL without a `/`
    /// is under the language's home, as Hugo takes it; a `pageRef` its page's path.
    static func menus(_ table: [String: AttributeValue], prefix: String) -> [String: [RunwaySettings.MenuEntry]] {
        var menus: [String: [RunwaySettings.MenuEntry]] = [:]
        for (name, value) in table {
            guard case .array(let items) = value else { continue }
            menus[name] = items.compactMap { item in
                guard case .object(let fields) = item else { return nil }
                let entry = ForeignValues(fields)
                guard let title = entry.string("name") ?? entry.string("title") ?? entry.string("identifier") else { return nil }
                var url = entry.string("url") ?? entry.string("pageRef").map { ref in
                    MarkdownFile.stem(ref).replacingOccurrences(of: "/_index", with: "").replacingOccurrences(of: "/index", with: "").lowercased()
                } ?? "/"
                if !url.contains(":"), !url.hasPrefix("/") { url = prefix + "/" + url }
                if url.hasPrefix("/"), !url.hasSuffix("/"), !(url as NSString).lastPathComponent.contains(".") { url += "/" }
                return RunwaySettings.MenuEntry(name: title, url: url, weight: entry.int("weight"))
            }
        }
        return menus
    }

    /// What the report says of a Hugo render hook (`_markup/render-link.html`): the Runway hook
    /// that does its work, which the author writes again in Mustache; `nil` for another file.
    static func renderHookNote(_ file: String) -> String? {
        let name = (file as NSString).lastPathComponent
        guard file.contains("_markup/"), name.hasPrefix("render-"), name.hasSuffix(".html") else { return nil }
        let element = String(name.dropFirst("render-".count).dropLast(".html".count))
        let runway: String
        switch element {
        case "link", "image", "heading": runway = "templates/render/\(element).html"
        case "blockquote": runway = "templates/render/blockquote.html (callout.html for GitHub's alerts)"
        case _ where element == "codeblock" || element.hasPrefix("codeblock-"): runway = "templates/render/\(element).html"
        default: return "Hugo's render hook for \(element) has no Runway counterpart; its elements keep Runway's HTML"
        }
        return "Hugo's render hook for \(element) (a Go template) is not imported: Runway's is \(runway), in Mustache "
            + "(destination, title, text, {{{content}}}: docs/content/features/render-hooks.md)"
    }
}
