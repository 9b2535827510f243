import Formatting
import RunwayText
import SiteContent
import SiteOutput
import Templating

/// The home page of a language that has no page of its own there: as Hugo and Zola do, a site
/// without `content/index.md` (or a language without `content/index.LANG.md`) still has a page at
/// the URL its header and language switcher link to, rendered with `home.html` (the default
/// theme's when the site's theme has none).
extension SiteBuild {
    /// A job for each language whose home (`/`, `/fr/`) nothing else makes: no page, list, alias
    /// or static file there. `taken`: the outputs planned so far; `aliased`: the pages whose
    /// aliases take their paths too; `statics`: the static files by output path.
    func homeJobs(taken: Set<OutputPath>, aliased: [PageRecord], statics: [String: String], contexts: TemplateContexts,
                  templates: TemplateSet, configuration: SiteConfiguration, version: ContentHash) -> [OutputJob] {
        var taken = taken
        for page in aliased {
            for alias in page.metadata.aliases { if let (_, path) = SiteURL.alias(alias, pageURL: page.url) { taken.insert(path) } }
        }
        let versions = Self.homeVersions(configuration)
        return configuration.languages.flatMap { language -> [OutputJob] in
            let url = language.prefix + "/"
            guard let path = SiteURL.outputPath(ofURL: url), !taken.contains(path), statics[path.value] == nil else { return [] }
            var key = version
            key.add("generated home " + language.code)
            key.add(contexts.menuHashes[language.code]?.description ?? "-")
            key.add(contexts.listingHash("home.html", language: language.code, templates: templates)?.description ?? "-")
            key.add(contexts.dataHash("home.html", templates: templates)?.description ?? "-")
            key.add(contexts.stylesheet(of: nil).url)
            for version in versions { key.add(version.language.code + " " + version.url) }
            let total = templates.readsItems("home.html") ? contexts.homePageCount(language.code, home: url, size: configuration.paginate) : 1
            return (1...total).compactMap { number in
                guard let path = number == 1 ? path : SiteURL.outputPath(ofURL: SiteLists.pageURL(url, page: number)) else { return nil }
                return OutputJob(path: path, key: Self.homePageKey(key, number: number, total: total, language: language.code, home: url,
                                                                   templates: templates, layout: "home.html", contexts: contexts,
                                                                   size: configuration.paginate),
                                 kind: .home(language, translations: versions, number: number),
                                 claimant: number == 1 ? "the home page \(url)" : "page \(number) of the home page \(url)")
            }
        }
    }

    /// The key of page `number` of `total` of a home whose `layout` shows its language's pages a
    /// list's share at a time (`items`): `key` and that share. Without such a layout, `key`.
    static func homePageKey(_ key: ContentHash, number: Int, total: Int, language: String, home: String, templates: TemplateSet,
                            layout: String, contexts: TemplateContexts, size: Int) -> ContentHash {
        guard templates.readsItems(layout) else { return key }
        var key = key
        key.add("home page \(number)/\(total)")
        key.add(TemplateContexts.hash(contexts.homeItems(language, home: home, number: number, size: size)))
        return key
    }
}

extension SiteConfiguration {
    /// Whether `page` is its language's home page (`/`, `/fr/`).
    func isHome(_ page: PageRecord) -> Bool {
        page.url == (language(page.language)?.prefix ?? "") + "/"
    }
}

extension TemplateContexts {
    /// A generated home's context: titled with the string table's `home` (else "Home"), without
    /// content, with its language's pages.
    func home(_ language: SiteLanguage, translations: [TranslationLink], templates: TemplateSet) -> TemplateContext {
        let url = language.prefix + "/"
        return TemplateContext(
            site: site(language.code),
            page: PageContext(title: templates.word("home", language: language.code) ?? "Home", url: url, permalink: SiteURL.absolute(url, baseURL: configuration.baseURL),
                              lang: language.code, translations: translations, stylesheet: stylesheet(of: nil).url),
            pages: listing(language.code))
    }

    /// The pages of `language` a home at `home` shows, newest first: all but itself, which is at
    /// `skipped` in `all` (when it is there). Not a copy of the list without it: a paginated home of
    /// 10,000 pages has 500 pages, each of which copied all of them.
    private func homeEntries(_ language: String, home: String) -> (all: [PageEntry], skipped: Int?) {
        let url = SiteURL.encoded(home)
        let all = entries(of: language)
        return (all, all.firstIndex { $0.url == url })
    }

    /// How many pages of `size` entries a home shows its language's pages on.
    func homePageCount(_ language: String, home: String, size: Int) -> Int {
        let (all, skipped) = homeEntries(language, home: home)
        return SiteLists.pageCount(all.count - (skipped == nil ? 0 : 1), size: size)
    }

    /// The entries page `number` of a home shows.
    func homeItems(_ language: String, home: String, number: Int, size: Int) -> [PageEntry] {
        let (all, skipped) = homeEntries(language, home: home)
        let count = all.count - (skipped == nil ? 0 : 1)
        let start = max(0, (number - 1) * size)
        guard start < count else { return [] }
        return (start..<min(count, start + size)).map { index in all[skipped.map { index >= $0 ? index + 1 : index } ?? index] }
    }

    /// A home's context as page `number` of its language's pages: its `items` and `pagination`
    /// (`/`, `/page/2/`…), and on a later page, that page's URL.
    func paginateHome(_ context: inout TemplateContext, language: String, number: Int, size: Int) {
        let home = configuration.language(language).map { $0.prefix + "/" } ?? "/"
        let total = homePageCount(language, home: home, size: size)
        context.items = homeItems(language, home: home, number: number, size: size)
        context.pagination = Pagination(number: number, total: total,
                                        previous: number > 1 ? SiteURL.encoded(SiteLists.pageURL(home, page: number - 1)) : "",
                                        next: number < total ? SiteURL.encoded(SiteLists.pageURL(home, page: number + 1)) : "")
        if number > 1 {
            context.page.url = SiteURL.encoded(SiteLists.pageURL(home, page: number))
            context.page.permalink = SiteURL.absolute(context.page.url, baseURL: configuration.baseURL)
        }
    }
}
