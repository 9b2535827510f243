/// What templates see, built from a build's records: `site`, `page`, `pages` (the page's language's
/// pages, newest first), `items` and `pagination` on list pages. Every value but a page's rendered
/// body is escaped here, because Stencil does not escape.
struct TemplateContexts {
    let configuration: SiteConfiguration
    let themeName: String
    private(set) var sites: [String: TemplateObject] = [:]
    private(set) var listings: [String: [TemplateObject]] = [:]
    /// A hash of each language's listing, which pages whose templates read `pages` depend on.
    private(set) var listingHashes: [String: ContentHash] = [:]

    init(configuration: SiteConfiguration, themeName: String, published: [PageRecord]) {
        self.configuration = configuration
        self.themeName = themeName
        let languages = configuration.languages.map { language in
            TemplateObject(["code": escape(language.code), "name": escape(language.name), "url": escape(language.prefix + "/")])
        }
        let newestFirst = published.sorted(by: SiteLists.newestFirst)
        for language in configuration.languages {
            sites[language.code] = TemplateObject([
                "title": escape(language.title), "baseURL": escape(configuration.baseURL), "language": escape(language.code),
                "theme": escape(themeName), "languages": languages, "home": escape(language.prefix + "/"),
            ])
            var hash = ContentHash()
            listings[language.code] = newestFirst.filter { $0.language == language.code }.map { page in
                hash.add(Self.entryDigest(page))
                return Self.entry(page)
            }
            listingHashes[language.code] = hash
        }
    }

    /// A page as an item of a list: title, url, date, summary.
    static func entry(_ page: PageRecord) -> TemplateObject {
        TemplateObject(["title": escape(page.title), "url": escape(page.url), "date": escape(page.metadata.date ?? ""),
                        "summary": escape(page.metadata.summary ?? "")])
    }

    /// What a list shows of a page: when it changes, the lists the page is in are redone.
    static func entryDigest(_ page: PageRecord) -> String {
        [page.title, page.url, page.metadata.date ?? "", page.metadata.summary ?? ""].joined(separator: "\u{1F}")
    }

    func site(_ language: String) -> TemplateObject {
        sites[language] ?? sites[configuration.languages[0].code]!
    }

    func listing(_ language: String) -> [TemplateObject] {
        listings[language] ?? []
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
                            "permalink": escape(SiteBuild.absolute(version.url, baseURL: configuration.baseURL))])
        }
    }

    func page(_ record: PageRecord, body: String, translations: [TemplateObject]) -> [String: Any] {
        [
            "site": site(record.language), "pages": listing(record.language),
            "page": TemplateObject([
                "title": escape(record.title), "content": body, "url": escape(record.url),
                "permalink": escape(SiteBuild.absolute(record.url, baseURL: configuration.baseURL)),
                "date": escape(record.metadata.date ?? ""), "tags": record.metadata.tags.map(escape),
                "summary": escape(record.metadata.summary ?? ""), "lang": escape(record.metadata.lang ?? record.language),
                "section": escape(record.section), "translations": translations,
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
                "permalink": escape(SiteBuild.absolute(url, baseURL: configuration.baseURL)), "translations": translations,
            ]),
        ]
    }

    func notFound() -> [String: Any] {
        let language = configuration.languages[0].code
        return ["site": site(language), "pages": listing(language), "page": TemplateObject([
            "title": "Page not found", "content": "", "url": "/404.html", "lang": escape(language), "translations": [TemplateObject](),
        ])]
    }
}
