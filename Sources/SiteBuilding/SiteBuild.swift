public import AttributedText
import Formatting
public import Foundation
import HTMLRendering
import MarkdownParsing
import Synchronization

/// `runway build`: a folder of Markdown into a complete website. Pages are parsed (under cmark's
/// lock) and rendered in parallel; the output is written into a staging folder and swapped in only
/// when the build has no error, so a failed build leaves the previous site as it was. The output
/// is deterministic: the same sources give byte-identical files.
public struct SiteBuild: Sendable {
    public var site: String
    public var output: String?
    public var theme: String?
    public var drafts = false
    /// Warnings count as errors: they stop the build, and nothing is written.
    public var strict = false
    /// The date future-dated pages are compared with, as `YYYY-MM-DD`.
    public var today: String
    /// Told how many pages of how many are parsed and rendered, from any thread.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    public init(site: String, output: String? = nil, theme: String? = nil, drafts: Bool = false, today: Date = Date()) {
        self.site = site
        self.output = output
        self.theme = theme
        self.drafts = drafts
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        self.today = formatter.string(from: today)
    }

    public struct Report: Sendable {
        public var pageCount: Int
        public var diagnostics: [Diagnostic]
        public var output: String
        public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
    }

    /// One content file, parsed and rendered.
    struct Page {
        var source: String
        var url: String
        var metadata: PageMetadata
        var title: String
        var body: String
        var values: [(attribute: String, value: AttributeValue)]
        var text: AttributedText
    }

    public func run() -> Report {
        let destination = output ?? SitePaths.join(site, "_site")
        var diagnostics: [Diagnostic] = []
        let (loaded, configurationDiagnostics) = SiteConfiguration.load(site: site)
        diagnostics += configurationDiagnostics
        guard var configuration = loaded else { return Report(pageCount: 0, diagnostics: diagnostics, output: destination) }
        if let theme { configuration.theme = theme }
        let library = ThemeLibrary.standard(site: site)
        let (theme, themeDiagnostics) = library.load(configuration.theme)
        diagnostics += themeDiagnostics
        guard let theme else { return Report(pageCount: 0, diagnostics: diagnostics, output: destination) }
        let scope = configuration.contentScope(theme: theme)
        let templates = TemplateSet(folders: [SitePaths.join(site, "templates")] + library.folders(of: theme.name).map { $0 + "/templates" })

        let pages = renderPages(scope: scope, definition: theme.definition, diagnostics: &diagnostics)
        let published = pages.filter { drafts || (!$0.metadata.draft && ($0.metadata.date.map { String($0.prefix(10)) <= today } ?? true)) }
        let lists = SiteLists(pages: published)
        var targets = Set(published.map(\.url)).union(lists.urls(paginate: configuration.paginate))
        targets.formUnion(["/404.html", "/theme.css", "/sitemap.xml", "/robots.txt", "/index.xml", "/atom.xml"])
        targets.formUnion(SitePaths.staticFiles(site: site).map { "/" + $0 })
        let links = LinkCheck(targets: targets)
        for page in published { diagnostics += links.brokenLinks(in: page.text, pageURL: page.url, path: page.source) }
        let folder: OutputFolder
        do throws(Diagnostic) {
            folder = try OutputFolder(destination: destination)
        } catch {
            return Report(pageCount: 0, diagnostics: diagnostics + [error], output: destination)
        }
        do throws(Diagnostic) {
            // Stencil does not escape: every value but the rendered body is escaped here.
            let siteContext: [String: String] = ["title": escape(configuration.title), "baseURL": escape(configuration.baseURL),
                                              "language": escape(configuration.language), "theme": escape(theme.name)]
            let listing = published.sorted { ($0.metadata.date ?? "", $0.url) > ($1.metadata.date ?? "", $1.url) }
                .map { ["title": escape($0.title), "url": escape($0.url), "date": escape($0.metadata.date ?? ""),
                        "summary": escape($0.metadata.summary ?? "")] }
            // Pages render and write in parallel; the first error, in page order, stops the build.
            let failures = Mutex([Diagnostic?](repeating: nil, count: published.count))
            let language = configuration.language
            DispatchQueue.concurrentPerform(iterations: published.count) { index in
                let page = published[index]
                let context: [String: Any] = ["site": siteContext, "pages": listing, "page": [
                    "title": escape(page.title), "content": page.body, "url": escape(page.url),
                    "date": escape(page.metadata.date ?? ""), "tags": page.metadata.tags.map(escape),
                    "summary": escape(page.metadata.summary ?? ""), "lang": escape(page.metadata.lang ?? language),
                    "params": page.metadata.params.mapValues(\.templateValue),
                ]]
                do throws(Diagnostic) {
                    let html = try templates.render(page.metadata.layout ?? "page.html", context: context)
                    try folder.write(html, to: String(page.url.dropFirst()) + "index.html")
                } catch {
                    failures.withLock { $0[index] = error }
                }
            }
            if let failure = failures.withLock({ $0.compactMap { $0 }.first }) { throw failure }
            for list in lists.lists {
                let size = configuration.paginate
                let total = SiteLists.pageCount(list.pages.count, size: size)
                for number in 1...total {
                    let url = SiteLists.pageURL(list.url, page: number)
                    let items = list.pages.dropFirst((number - 1) * size).prefix(size).map { page in
                        ["title": escape(page.title), "url": escape(page.url), "date": escape(page.metadata.date ?? ""),
                         "summary": escape(page.metadata.summary ?? "")]
                    }
                    var context: [String: Any] = ["site": siteContext, "pages": listing, "items": items, "page": [
                        "title": escape(list.title), "content": "", "url": escape(url), "lang": escape(configuration.language),
                    ]]
                    context["pagination"] = [
                        "number": number, "total": total,
                        "previous": number > 1 ? SiteLists.pageURL(list.url, page: number - 1) : "",
                        "next": number < total ? SiteLists.pageURL(list.url, page: number + 1) : "",
                    ]
                    if list.url == "/tags/" {
                        context["items"] = lists.tagIndex.map { ["title": escape("\($0.name) (\($0.count))"), "url": escape($0.url), "date": "", "summary": ""] }
                    }
                    try folder.write(try templates.render("list.html", context: context), to: String(url.dropFirst()) + "index.html")
                }
            }
            try folder.write(Feeds.rss(published, title: configuration.title, baseURL: configuration.baseURL), to: "index.xml")
            try folder.write(Feeds.atom(published, title: configuration.title, baseURL: configuration.baseURL), to: "atom.xml")
            let notFound = ["site": siteContext, "pages": listing,
                            "page": ["title": "Page not found", "content": "", "url": "/404.html", "lang": escape(configuration.language)]] as [String: Any]
            try folder.write(try templates.render("404.html", context: notFound), to: "404.html")
            try folder.write(ThemeStylesheet(theme: theme).css(usedValues: published.flatMap(\.values)), to: "theme.css")
            let listURLs = lists.urls(paginate: configuration.paginate)
            try folder.write(Self.sitemap((published.map(\.url) + listURLs).sorted(), baseURL: configuration.baseURL), to: "sitemap.xml")
            try folder.write("User-agent: *\nAllow: /\nSitemap: \(Self.absolute("/sitemap.xml", baseURL: configuration.baseURL))\n", to: "robots.txt")
            try folder.copyFolder(SitePaths.join(site, "static"))
        } catch {
            diagnostics.append(error)
        }
        if strict { diagnostics = diagnostics.map(\.promotedToError) }
        if diagnostics.contains(where: { $0.severity == .error }) {
            folder.discard()
        } else {
            do throws(Diagnostic) { try folder.commit() } catch { diagnostics.append(error) }
        }
        return Report(pageCount: published.count, diagnostics: diagnostics, output: destination)
    }

    /// Every content file parsed, constrained and rendered to its body HTML, in file order.
    private func renderPages(scope: CustomAttributeScope, definition: FormattingDefinition, diagnostics: inout [Diagnostic]) -> [Page] {
        let files = SitePaths.contentFiles(site: site)
        let parser = MarkdownParser(scope: scope)
        let renderer = HTMLRenderer()
        let results = Mutex([(Page?, [Diagnostic])](repeating: (nil, []), count: files.count))
        let done = Mutex(0)
        let progress = self.progress
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            defer {
                let count = done.withLock { count in
                    count += 1
                    return count
                }
                progress?(count, files.count)
            }
            let path = SitePaths.join(site, files[index])
            var found: [Diagnostic] = []
            var page: Page?
            do throws(Diagnostic) {
                let source = try SourceText.read(path)
                let (frontMatter, body) = FrontMatter.split(source.text)
                let (metadata, metadataDiagnostics) = PageMetadata.read(frontMatter, path: path)
                found += metadataDiagnostics
                let parsed = parser.parse(body, path: path)
                found += parsed.diagnostics
                let text = definition.apply(to: parsed.text)
                let name = String(files[index].dropFirst("content/".count).dropLast(3))
                page = Page(source: path, url: Self.url(for: name, slug: metadata.slug), metadata: metadata,
                            title: metadata.title ?? DocumentTitle.firstHeading(in: text) ?? Self.title(from: name),
                            body: renderer.render(text), values: text.spanValues, text: text)
            } catch {
                found.append(error)
            }
            results.withLock { $0[index] = (page, found) }
        }
        let all = results.withLock { $0 }
        diagnostics += all.flatMap(\.1)
        return all.compactMap(\.0)
    }

    /// `index` → `/`, `about` → `/about/`, `posts/index` → `/posts/`, `posts/a` → `/posts/a/`.
    static func url(for name: String, slug: String?) -> String {
        var parts = name.split(separator: "/").map(String.init)
        if parts.last == "index" { parts.removeLast() } else if let slug, !parts.isEmpty { parts[parts.count - 1] = slug }
        return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
    }

    static func title(from name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        return last.replacingOccurrences(of: "-", with: " ").capitalized
    }

    static func absolute(_ url: String, baseURL: String) -> String {
        (baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL) + url
    }

    static func sitemap(_ urls: [String], baseURL: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in urls {
            let escaped = absolute(url, baseURL: baseURL).replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;")
            xml += "  <url><loc>\(escaped)</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }
}

/// Text for an HTML template: `&`, `<`, `>`, `"` and `'` as entities.
func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"": escaped += "&quot;"
        case "'": escaped += "&#39;"
        default: escaped.append(character)
        }
    }
    return escaped
}

extension AttributeValue {
    /// The value as Stencil sees it, strings escaped.
    var templateValue: Any {
        switch self {
        case .string(let value): escape(value)
        case .integer(let value): value
        case .number(let value): value
        case .bool(let value): value
        case .null: ""
        case .array(let values): values.map(\.templateValue)
        case .object(let values): values.mapValues(\.templateValue)
        }
    }
}
