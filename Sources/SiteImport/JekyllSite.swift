import Foundation
import RunwayText
import SiteContent
import SiteOutput

/// A Jekyll site read as Jekyll 4 reads it: `_config.yml` (its URL, time zone, permalink style,
/// collections and their permalinks, `defaults`), `_posts/` (dated by name, in the site's time
/// zone, categories from folders and front matter), `_drafts/`, the collections that are
/// output, pages (files with front matter outside `_` folders), and every other file, copied.
enum JekyllSite {
    static func recognizes(_ tree: SourceTree) -> Bool {
        tree.exists("_config.yml") || tree.exists("_config.yaml") || tree.isFolder("_posts")
    }

    /// The permalink styles Jekyll names, as patterns.
    static let styles = [
        "date": "/:categories/:year/:month/:day/:title:output_ext", "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext", "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    /// What Jekyll leaves out of a site by default, besides `_` and `.` names.
    static let excluded = ["Gemfile", "Gemfile.lock", "node_modules", "vendor", "README.md", "readme.md", "LICENSE"]

    static func plan(_ tree: SourceTree) -> (plan: ImportPlan, diagnostics: [Diagnostic]) {
        var plan = ImportPlan()
        var diagnostics: [Diagnostic] = []
        var values: [String: AttributeValue] = [:]
        if let file = ["_config.yml", "_config.yaml", "_config.toml"].first(where: tree.exists) {
            let (loaded, problems) = tree.values(file)
            diagnostics += problems
            values = loaded ?? [:]
        }
        let config = ForeignValues(values)
        var settings = RunwaySettings()
        settings.title = config.string("title") ?? config.string("name")
        let url = config.string("url") ?? ""
        let baseurl = config.string("baseurl") ?? ""
        if !url.isEmpty || !baseurl.isEmpty {
            let joined = url + (baseurl.isEmpty ? "" : (baseurl.hasPrefix("/") ? baseurl : "/" + baseurl))
            settings.baseURL = joined.hasSuffix("/") ? joined : joined + "/"
        }
        // Jekyll converts dates to the site's zone; without one, to the machine's: UTC, where
        // GitHub Pages builds.
        let timezone = config.string("timezone") ?? "UTC"
        settings.timezone = timezone
        if config.string("timezone") == nil {
            plan.note("_config.yml", .converted, "no timezone: dates are placed in UTC, as GitHub Pages builds Jekyll sites (set timezone in runway.toml otherwise)")
        }
        settings.language = config.string("lang").map { String($0.prefix { $0 != "-" && $0 != "_" }) }
        // kramdown passes raw HTML through.
        settings.unsafe = true
        settings.paginate = config.int("paginate")
        if config["paginate"] != nil {
            plan.note("_config.yml", .converted, "paginate: Runway's home lists the pages \(config.int("paginate") ?? 10) at a time at /page/2/… (jekyll-paginate's paginate_path is /page2/)")
        }
        settings.taxonomies = [("tag", "tags"), ("category", "categories")]
        settings.params = values.filter { ["description", "author", "twitter", "github", "repository", "email", "logo"].contains($0.key) }
        if config["future"] == .bool(true) {
            plan.note("_config.yml", .converted, "future: true publishes pages dated after today: build with runway build --future")
        }
        plan.settings = settings
        plan.converter = .liquid
        plan.siteValues = values
        let style = config.string("permalink") ?? "date"
        let pattern = styles[style] ?? style
        let defaults = config.list("defaults")
        // Collections: posts, and each one that is output.
        var collections: [String: String] = ["posts": "_posts"]
        var collectionPatterns: [String: String] = [:]
        for (name, value) in config.table("collections") {
            let fields = ForeignValues(["c": value])
            collectionPatterns[name] = fields.string("c.permalink")
            if name == "posts" || fields.bool("c.output") == true {
                collections[name] = "_" + name
            } else if tree.isFolder("_" + name) {
                plan.note("_" + name + "/", .leftOut, "the collection \(name) is not output by Jekyll (output: false), so not by Runway either")
            }
        }
        // The posts' permalink in Runway's tokens, where it has them all (`:title` is the file's
        // name without its date, Runway's `:filename`); a post it gives another URL keeps Jekyll's by its own url.
        let postPattern = collectionPatterns["posts"] ?? pattern
        // Posts under a fixed first folder (`/news/:year/…`) are a section of that name, whose
        // list Runway makes there (where Jekyll sites put a page listing them).
        let first = postPattern.split(separator: "/").first.map(String.init) ?? ""
        let postsFolder = !first.isEmpty && !first.contains(":") && !first.contains(".") ? first : "posts"
        let translated = postPattern.replacingOccurrences(of: ":title", with: ":filename")
        if translated.split(separator: "/").allSatisfy({ !$0.contains(":") || [":year", ":month", ":day", ":filename", ":slug"].contains(String($0)) }) {
            plan.settings.permalinks[postsFolder] = translated
        }
        let collectionsFolder = config.string("collections_dir").map { $0 + "/" } ?? ""
        // Every file of the site, by what Jekyll makes of it.
        var pages: [(source: String, destination: String, collection: String?, path: String)] = []
        let all = tree.files(under: ".")
        let exclude = Set(excluded + config.list("exclude").compactMap { if case .string(let name) = $0 { name } else { nil } })
        for file in all {
            let parts = file.split(separator: "/").map(String.init)
            guard let top = parts.first, !exclude.contains(top), !exclude.contains(file), !file.hasPrefix("_site/") else { continue }
            if parts.contains(where: { $0.hasPrefix("_") }) {
                // Posts (`_posts/`, `category/_posts/`), drafts and collections; the rest of `_` folders is Jekyll's own.
                if let posts = parts.firstIndex(where: { $0 == "_posts" || $0 == "_drafts" }), MarkdownFile.isMarkdown(file) {
                    let inside = parts[(posts + 1)...].joined(separator: "/")
                    let categories = parts[..<posts].joined(separator: "/")
                    let destination = "content/\(postsFolder)/" + (categories.isEmpty ? "" : categories + "/") + inside
                    pages.append((file, destination, parts[posts] == "_drafts" ? "drafts" : "posts", inside))
                    continue
                }
                if let name = collections.first(where: { file.hasPrefix(collectionsFolder + $0.value + "/") })?.key, name != "posts" {
                    let inside = String(file.dropFirst((collectionsFolder + "_" + name + "/").count))
                    if MarkdownFile.isMarkdown(file) {
                        pages.append((file, "content/" + name + "/" + inside, name, inside))
                    } else {
                        plan.copies.append((SitePaths.join(tree.root, file), "static/" + name + "/" + inside))
                    }
                }
                continue
            }
            let hasFrontMatter = (try? tree.text(file)).map { FrontMatter.opening(of: $0) == .yaml } ?? false
            if MarkdownFile.isMarkdown(file), hasFrontMatter {
                pages.append((file, "content/" + file, nil, file))
            } else if hasFrontMatter, (file as NSString).pathExtension == "html" {
                if (file as NSString).lastPathComponent == "404.html" {
                    plan.note(file, .leftOut, "Jekyll's page for a missing path: Runway writes its own, /404.html, from its theme's 404.html")
                    continue
                }
                // An HTML page is a template of Jekyll's: its Liquid becomes a Runway template, and
                // the page a Markdown page shown with it.
                let markdown = String(file.dropLast("html".count)) + "md"
                pages.append((file, "content/" + markdown, nil, markdown))
            } else if hasFrontMatter {
                plan.note(file, .leftOut, "a file with front matter, which Jekyll makes from Liquid or Sass; not imported")
            } else {
                plan.copies.append((SitePaths.join(tree.root, file), "static/" + file))
            }
        }
        plan.copyData("_data", of: tree)
        for folder in ["_layouts", "_includes", "_sass", "_plugins"] where tree.isFolder(folder) {
            plan.note(folder + "/", .leftOut, "\(tree.files(under: folder).count) files of Jekyll's \(folder.dropFirst()) are not imported")
        }
        let zone = TimeZone(identifier: timezone) ?? TimeZone(identifier: "UTC")!
        for (source, destination, collection, path) in pages {
            guard var page = tree.page(source, diagnostics: &diagnostics) else { continue }
            if let (written, value) = page.value("layout") {
                page.remove(written)
                let own = source.hasSuffix(".html") && !page.body.allSatisfy(\.isWhitespace)
                plan.note(source, .converted, "'\(written): \(value.jsonText)' names a Jekyll layout; the page renders with "
                          + (own ? "its own template, inside Runway's base.html" : "Runway's page.html"))
            }
            // Jekyll's space-separated lists: `tags: a b`, `categories: a b`.
            for key in ["tags", "categories", "category"] {
                if let (written, value) = page.value(key), case .string(let words) = value, words.contains(" ") {
                    page.remove(written)
                    page.set(written == "category" ? "categories" : written, to: .array(words.split(separator: " ").map { .string(String($0)) }))
                }
            }
            if collection == "drafts", page.value("draft") == nil { page.set("draft", to: .bool(true)) }
            let defaultsFor = defaultValues(defaults, file: source, type: collection == nil ? "pages" : collection!)
            let template: String
            if let own = page.value("permalink").map({ $0.value }) ?? defaultsFor["permalink"], case .string(let written) = own {
                template = styles[written] ?? written
            } else if let collection, collection != "posts", collection != "drafts" {
                template = collectionPatterns[collection] ?? Self.suffixed("/:collection/:path", like: pattern)
            } else if collection != nil {
                template = collectionPatterns["posts"] ?? pattern
            } else {
                template = Self.suffixed("/:path/:basename", like: pattern)
            }
            let expected = Self.url(template, source: source, path: path, collection: collection, page: ForeignValues(page.values), zone: zone)
            var destination = destination
            if source.hasSuffix(".html") {
                // The home page is the site's `content/index.md`, wherever Jekyll's source keeps it.
                if expected == "/", !pages.contains(where: { $0.destination == "content/index.md" }) { destination = "content/index.md" }
                htmlPage(&page, source: source, destination: destination, tree: tree, postsSection: postsFolder, plan: &plan)
            }
            plan.pages.append(ImportedPage(source: source, contentKey: source, destination: destination, text: page, expectedURL: expected))
        }
        return (plan, diagnostics)
    }

    /// An HTML page with Liquid in it: its body translated into a template of its own
    /// (`templates/imported/PATH.html`) that the page names as its `layout`, and emptied. A page
    /// whose body is empty (a redirect, a home page its Jekyll layout fills) keeps Runway's layouts.
    static func htmlPage(_ page: inout PageText, source: String, destination: String, tree: SourceTree, postsSection: String, plan: inout ImportPlan) {
        guard !page.body.allSatisfy(\.isWhitespace) else { return }
        let context = ConversionContext(file: source, contentPath: source, contentFiles: [:], page: page.values, site: plan.siteValues, unsafe: true)
        var translator = LiquidTemplate(file: source, context: context, postsSection: postsSection) { name in
            let file = "_includes/" + name
            return tree.exists(file) ? try? tree.text(file) : nil
        }
        let titled = page.value("title").map { if case .string(let title) = $0.value { !title.isEmpty } else { true } } ?? false
        let text = translator.template(of: page.body, firstLine: page.bodyFirstLine, titled: titled)
        let name = "imported/" + String(destination.dropFirst("content/".count).dropLast(".md".count)) + ".html"
        plan.templates.append(("templates/" + name, text))
        plan.findings += translator.findings
        plan.converted.merge(translator.converted) { $0 + $1 }
        plan.note(source, .converted, "an HTML page: its Liquid is the template \(name), which its page names as its layout")
        page.body = ""
        page.set("layout", to: .string(name))
    }

    /// `defaults`' values for a file of `type` (`posts`, `pages`, a collection's name).
    static func defaultValues(_ defaults: [AttributeValue], file: String, type: String) -> [String: AttributeValue] {
        var values: [String: AttributeValue] = [:]
        for item in defaults {
            let entry = ForeignValues(["d": item])
            let path = entry.string("d.scope.path") ?? ""
            if let scopeType = entry.string("d.scope.type"), scopeType != type { continue }
            guard path.isEmpty || file.hasPrefix(path) else { continue }
            values.merge(entry.table("d.values")) { _, later in later }
        }
        return values
    }

    /// `template` ended as the permalink style ends (`/` for pretty, `:output_ext` for date):
    /// Jekyll's `add_permalink_suffix`.
    static func suffixed(_ template: String, like style: String) -> String {
        if style.hasSuffix("/") { return template + "/" }
        if style.hasSuffix(":output_ext") { return template + ":output_ext" }
        return template
    }

    /// The URL Jekyll makes of `template` for a file: its placeholders replaced, empty segments
    /// dropped, `index` pages at their folder.
    static func url(_ template: String, source: String, path: String, collection: String?, page: ForeignValues, zone: TimeZone) -> String? {
        let file = (path as NSString).lastPathComponent
        var basename = MarkdownFile.stem(file)
        var date = page.string("date").flatMap(PageDate.init)
        if collection == "posts" || collection == "drafts", basename.count > 11, PageMetadata.isDate(String(basename.prefix(10))), basename.dropFirst(10).first == "-" {
            // A post's name: its date, then its title. A date without a time is midnight in the site's zone.
            if date == nil { date = PageDate(String(basename.prefix(10))) }
            basename = String(basename.dropFirst(11))
        }
        let localDate = date.map { date -> String in
            guard date.hasTime, let placed = date.text(in: zone) else { return date.iso8601 }
            return placed
        } ?? ""
        let day = localDate.count >= 10 ? localDate.prefix(10).split(separator: "-").map(String.init) : ["", "", ""]
        let slugSource = page.string("slug") ?? basename
        var categories = page.list("categories").compactMap { if case .string(let name) = $0 { name.lowercased() } else { nil } }
        if let one = page.string("category") { categories.insert(one.lowercased(), at: 0) }
        let folders = source.split(separator: "/").map(String.init)
        if let posts = folders.firstIndex(where: { $0 == "_posts" || $0 == "_drafts" }) {
            categories = folders[..<posts].map { $0.lowercased() } + categories
        }
        var seen = Set<String>()
        categories = categories.filter { seen.insert($0).inserted }
        let cleanedPath = MarkdownFile.stem(path)
        let folder = SitePaths.folder(of: cleanedPath)
        let placeholders: [(String, String)] = [
            (":categories", categories.joined(separator: "/")), (":collection", collection ?? ""),
            (":output_ext", ".html"), (":path", collection == nil ? folder : cleanedPath),
            (":basename", basename), (":name", ForeignSlug.jekyll(basename)),
            (":title", Self.prettySlug(slugSource)), (":slug", ForeignSlug.jekyll(slugSource)),
            (":year", day[0]), (":month", day[1]), (":day", day[2]),
            (":i_month", day[1].hasPrefix("0") ? String(day[1].dropFirst()) : day[1]),
            (":i_day", day[2].hasPrefix("0") ? String(day[2].dropFirst()) : day[2]),
            (":short_year", String(day[0].suffix(2))),
        ]
        var url = template
        // Longer names first, so that `:i_month` is not `:i` and `:month`.
        for (token, value) in placeholders.sorted(by: { $0.0.count > $1.0.count }) { url = url.replacingOccurrences(of: token, with: value) }
        guard !url.contains(":") else { return nil }
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        if !url.hasPrefix("/") { url = "/" + url }
        // `index.html` is its folder's page.
        if url.hasSuffix("/index.html") { url = String(url.dropLast("index.html".count)) }
        if basename == "index", collection == nil, url.hasSuffix("/index/") { url = String(url.dropLast("index/".count)) }
        return url
    }

    /// Jekyll's `slugify` in its pretty mode, case kept: `:title`.
    static func prettySlug(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for character in text {
            if character.isLetter || character.isNumber || "._~!$&'()+,;=@".contains(character) {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                pendingDash = true
            }
        }
        return result
    }
}
