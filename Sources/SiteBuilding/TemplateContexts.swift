import SiteContent
import SiteOutput
import Synchronization
import Templating

/// What templates see, built from a build's records: `site`, `page`, `pages` (the page's language's
/// pages, newest first), `items` and `pagination` on list pages. Every value but a page's rendered
/// body is escaped here, because Stencil does not escape.
final class TemplateContexts: Sendable {
    let configuration: SiteConfiguration
    let themeName: String
    let sites: [String: TemplateObject]
    /// Each language's pages, newest first.
    private let newest: [String: [PageRecord]]
    /// Each language's listing as templates see it, made the first time a template needs it.
    private let listings = Mutex<[String: [TemplateObject]]>([:])
    /// A hash of each language's listing, which pages whose templates read `pages` depend on.
    let listingHashes: [String: ContentHash]

    /// `newestFirst`: the published pages, sorted by `SiteLists.newestFirst`.
    init(configuration: SiteConfiguration, themeName: String, newestFirst: [PageRecord]) {
        self.configuration = configuration
        self.themeName = themeName
        let languages = configuration.languages.map { language in
            TemplateObject(["code": escape(language.code), "name": escape(language.name), "url": escape(language.prefix + "/")])
        }
        var newest: [String: [PageRecord]] = [:]
        for page in newestFirst { newest[page.language, default: []].append(page) }
        self.newest = newest
        var sites: [String: TemplateObject] = [:]
        var listingHashes: [String: ContentHash] = [:]
        for language in configuration.languages {
            sites[language.code] = TemplateObject([
                "title": escape(language.title), "baseURL": escape(configuration.baseURL), "language": escape(language.code),
                "theme": escape(themeName), "languages": languages, "home": escape(language.prefix + "/"),
            ])
            var hash = ContentHash()
            for page in newest[language.code] ?? [] { Self.addEntry(page, to: &hash) }
            listingHashes[language.code] = hash
        }
        self.sites = sites
        self.listingHashes = listingHashes
    }

    /// A page as an item of a list: title, url, date, summary.
    static func entry(_ page: PageRecord) -> TemplateObject {
        TemplateObject(["title": escape(page.title), "url": escape(page.url), "date": escape(page.metadata.date ?? ""),
                        "summary": escape(page.metadata.summary ?? "")])
    }

    /// What a list shows of a page, into a hash: when it changes, the lists the page is in are redone.
    static func addEntry(_ page: PageRecord, to hash: inout ContentHash) {
        hash.add(page.title)
        hash.add(page.url)
        hash.add(page.metadata.date ?? "")
        hash.add(page.metadata.summary ?? "")
    }

    func site(_ language: String) -> TemplateObject {
        sites[language] ?? sites[configuration.languages[0].code]!
    }

    func listing(_ language: String) -> [TemplateObject] {
        listings.withLock { listings in
            if let listing = listings[language] { return listing }
            let listing = (newest[language] ?? []).map(Self.entry)
            listings[language] = listing
            return listing
        }
    }

    /// A page or list in one language.
    struct Version {
        var language: SiteLanguage
        var url: String
    }

    /// The versions of a page or list in each language, itself included, in the site's language order.
    func translations(_ versions: [Version], current: String) -> [TemplateObject] {
        versions.map { version in
            TemplateObject(["lang": escape(version.language.code), "name": escape(version.language.name),
                            "url": escape(version.url), "current": version.url == current,
                            "permalink": escape(SiteURL.absolute(version.url, baseURL: configuration.baseURL))])
        }
    }

    /// A page's context; `pages` only when its template reads it (making it costs ten thousand
    /// objects on a large site).
    func page(_ record: PageRecord, body: String, translations: [TemplateObject], withListing: Bool) -> [String: Any] {
        [
            "site": site(record.language), "pages": withListing ? listing(record.language) : [],
            "page": TemplateObject([
                "title": escape(record.title), "content": body, "url": escape(record.url),
                "permalink": escape(SiteURL.absolute(record.url, baseURL: configuration.baseURL)),
                "date": escape(record.metadata.date ?? ""), "tags": record.metadata.tags.map(escape),
                "summary": escape(record.metadata.summary ?? ""), "lang": escape(record.metadata.lang ?? record.language),
                "section": escape(record.section), "translations": translations,
                "stylesheet": escape(ThemeSet.stylesheet(of: record.metadata.theme)),
                "params": TemplateObject(record.metadata.params.mapValues(\.templateValue)),
            ]),
        ]
    }

    func list(title: String, url: String, language: String, items: [TemplateObject], translations: [TemplateObject],
              pagination: TemplateObject) -> [String: Any] {
        [
            "site": site(language), "pages": listing(language), "items": items, "pagination": pagination,
            "page": TemplateObject([
                "title": escape(title), "content": "", "url": escape(url), "lang": escape(language),
                "permalink": escape(SiteURL.absolute(url, baseURL: configuration.baseURL)), "translations": translations,
                "stylesheet": ThemeSet.stylesheet(of: nil),
            ]),
        ]
    }

    func notFound() -> [String: Any] {
        let language = configuration.languages[0].code
        return ["site": site(language), "pages": listing(language), "page": TemplateObject([
            "title": "Page not found", "content": "", "url": "/404.html", "lang": escape(language), "translations": [TemplateObject](),
            "stylesheet": ThemeSet.stylesheet(of: nil),
        ])]
    }
}
