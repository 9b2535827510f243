import RunwayText
import Formatting
import SiteContent
import SiteOutput
import Synchronization
import Templating

/// The typed contexts templates see (`Templating`'s `TemplateContext`), made from a build's
/// records: `site`, `page`, `pages` (the page's language's pages, newest first), `items` and
/// `pagination` on list pages.
final class TemplateContexts: Sendable {
    let configuration: SiteConfiguration
    let themeName: String
    let sites: [String: SiteContext]
    /// Each taxonomy's title in each language (by `taxonomy language`), as its index is titled.
    private let taxonomyTitles: [String: String]
    /// Each language's listing, newest first.
    private let listings: [String: TemplateListing]
    /// Each language's listing's entries, newest first.
    private let entries: [String: [PageEntry]]
    /// Each published page's entry and its ``digest(_:)``, by its file, made once: every page's key
    /// holds its neighbors' and its related pages' (a no-change build of 4,000 pages made 28,000
    /// entries for them, a fifth of its time).
    private let madeEntries: [String: (record: PageRecord, entry: PageEntry, digest: ContentHash)]
    /// The digests of each language's entries, in their order.
    private let entryDigests: [String: [ContentHash]]
    /// A hash of each language's listing, which pages whose templates read `pages` depend on: made
    /// when the first such layout asks for it (the default theme's home page, whose key is made
    /// among the others, on every processor), not before the plan on one thread, and never when no
    /// template reads `pages`.
    private let listingHashes = Mutex<[String: ContentHash]>([:])
    /// A hash of each language's menus, which every page shows.
    let menuHashes: [String: ContentHash]
    /// The URLs links to content files become (`../b.md` → `/b/`).
    let contentURLs: ContentURLs
    /// A page's neighbors in its section.
    let neighbors: @Sendable (PageRecord) -> SiteLists.Neighbors
    /// The site's data files, whose hashes the keys of the outputs that show them hold.
    let data: SiteData
    /// A page's related pages (`page.related`).
    let related: @Sendable (PageRecord) -> [PageRecord]
    /// The stylesheets pages link to, fingerprinted or not.
    let stylesheets: Stylesheets?
    /// The URLs of the assets templates name, fingerprinted (for `_headers`); empty when they are not.
    let assetURLs: [String]
    /// The copies of the images the pages' and the sections' front matter names, by the
    /// original's URL from the site's root, as a list's items give them (``PageEntry/params``).
    let listedImages: [String: [TemplateImage]]
    /// The front matter keys whose images the pages' and lists' templates ask copies of
    /// (``SiteContent/TemplateImageRequest``): an entry gives their relative paths from the
    /// site's root, made into copies or not, so that a listed page's cover is never taken for
    /// the listing page's own of the same name.
    private let imageKeys: Set<String>

    /// `newestFirst`: the published pages, sorted by `SiteLists.newestFirst`; `contentURLs` and
    /// `menuPages` (the pages in menus), those of the published pages when they are not all given
    /// (a quick rebuild's); `neighbors`, where a page's section puts it; `theme`, the site's;
    /// `listed`, the records whose front matter images lists show (else the pages and `indexes`);
    /// `imageKeys`, the front matter keys templates ask images of.
    init(configuration: SiteConfiguration, theme: Theme, newestFirst: [PageRecord], indexes: [PageRecord] = [], listed: [PageRecord]? = nil,
         imageKeys: Set<String> = [], contentURLs: ContentURLs? = nil,
         menuPages: [PageRecord]? = nil, neighbors: @escaping @Sendable (PageRecord) -> SiteLists.Neighbors,
         data: SiteData = SiteData(), related: @escaping @Sendable (PageRecord) -> [PageRecord] = { _ in [] },
         stylesheets: Stylesheets? = nil, assetURLs: [String] = [], word: (_ key: String, _ language: String) -> String? = { _, _ in nil }) {
        self.configuration = configuration
        self.stylesheets = stylesheets
        self.assetURLs = assetURLs
        self.data = data
        self.related = related
        self.imageKeys = imageKeys
        var listedImages: [String: [TemplateImage]] = [:]
        for record in listed ?? newestFirst + indexes {
            for image in record.templateImages where listedImages[image.url]?.contains(image) != true { listedImages[image.url, default: []].append(image) }
        }
        self.listedImages = listedImages
        let dataValue = TemplateValue(.object(data.values))
        var taxonomyTitles: [String: String] = [:]
        for language in configuration.languages {
            for taxonomy in configuration.taxonomies {
                taxonomyTitles[taxonomy + " " + language.code] = SiteLists.title(ofTaxonomy: taxonomy, language: language.code, word: word)
            }
        }
        self.taxonomyTitles = taxonomyTitles
        themeName = theme.name
        self.neighbors = neighbors
        let contentURLs = contentURLs ?? ContentURLs(newestFirst, defaultLanguage: configuration.languages[0].code)
        self.contentURLs = contentURLs
        var entries: [String: [PageEntry]] = [:]
        var pagesOf: [String: [PageRecord]] = [:]
        var madeEntries: [String: (record: PageRecord, entry: PageEntry, digest: ContentHash)] = [:]
        var entryDigests: [String: [ContentHash]] = [:]
        let made = ConcurrentWork.map(newestFirst) { page in
            let entry = Self.entry(page, contentURLs: contentURLs, imageKeys: imageKeys)
            return (entry, Self.digest(entry))
        }
        for (page, (entry, digest)) in zip(newestFirst, made) {
            entries[page.language, default: []].append(entry)
            pagesOf[page.language, default: []].append(page)
            entryDigests[page.language, default: []].append(digest)
            madeEntries[page.file] = (page, entry, digest)
        }
        self.madeEntries = madeEntries
        self.entryDigests = entryDigests
        var sites: [String: SiteContext] = [:]
        var listings: [String: TemplateListing] = [:]
        var menuHashes: [String: ContentHash] = [:]
        let inMenus = (menuPages ?? newestFirst).filter { !$0.metadata.menus.isEmpty }
        for language in configuration.languages {
            // A language's own menu of a name is in place of the site's, and its params over the site's.
            let configured = configuration.menus.merging(configuration.languageMenus[language.code] ?? [:]) { _, own in own }
            let menus = Self.menus(configured, pages: inMenus.filter { $0.language == language.code })
            var menuHash = ContentHash()
            for (name, entries) in menus.sorted(by: { $0.key < $1.key }) {
                menuHash.add(name)
                for entry in entries { menuHash.add("\(entry.weight) \(entry.url) \(entry.name)") }
            }
            menuHashes[language.code] = menuHash
            sites[language.code] = Self.site(language, configuration: configuration, theme: theme, menus: menus, data: dataValue)
            let listing = entries[language.code] ?? []
            let (terms, sections) = Self.groups(pagesOf[language.code] ?? [], taxonomies: configuration.taxonomies)
            listings[language.code] = TemplateListing(listing, terms: terms, sections: sections)
        }
        self.sites = sites
        self.listings = listings
        self.entries = entries
        self.menuHashes = menuHashes
    }

    /// The site as templates see it in `language`: its params the theme's, under `runway.toml`'s,
    /// under the language's own.
    static func site(_ language: SiteLanguage, configuration: SiteConfiguration, theme: Theme, menus: [String: [MenuEntry]],
                     data: TemplateValue) -> SiteContext {
        let params = theme.params.merging(configuration.params) { _, site in site }
            .merging(configuration.languageParams[language.code] ?? [:]) { _, own in own }.mapValues(TemplateValue.init)
        let languages = configuration.languages.map { LanguageLink(code: $0.code, name: $0.name, url: $0.prefix + "/") }
        return SiteContext(title: language.title, baseURL: configuration.baseURL, language: language.code, direction: language.direction.rawValue,
                           theme: theme.name, languages: languages, home: language.prefix + "/", params: params, menus: menus, data: data,
                           environment: configuration.environment, search: configuration.search.enabled)
    }

    /// A language's pages (newest first) grouped by each taxonomy's terms (a term as its first
    /// page writes it, terms in the order of their slugs) and by top-level section (by name, a page
    /// in the section of its top folder), each group the pages' positions.
    static func groups(_ pages: [PageRecord], taxonomies: [String])
        -> (terms: [(taxonomy: String, terms: [(term: String, members: [Int])])], sections: [(section: String, members: [Int])]) {
        var terms: [(taxonomy: String, terms: [(term: String, members: [Int])])] = []
        for taxonomy in taxonomies {
            var bySlug: [String: (term: String, members: [Int])] = [:]
            for (position, page) in pages.enumerated() {
                for term in page.terms(of: taxonomy) { bySlug[SiteURL.termSlug(term), default: (term, [])].members.append(position) }
            }
            terms.append((taxonomy, bySlug.sorted { $0.key < $1.key }.map(\.value)))
        }
        var sections: [String: [Int]] = [:]
        for (position, page) in pages.enumerated() where !page.section.isEmpty {
            // A page is in its top folder's section: a page of `posts/2024` in `posts` (a template names no `/`).
            sections[String(page.section.prefix { $0 != "/" }), default: []].append(position)
        }
        return (terms, sections.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Each menu's entries: `runway.toml`'s and the pages that name it, by weight, then name.
    /// `main` is always there, empty when the site has no such menu (a theme tests it with `empty`).
    static func menus(_ configured: [String: [MenuItem]], pages: [PageRecord]) -> [String: [MenuEntry]] {
        var menus = configured.mapValues { $0.map { MenuEntry(name: $0.name, url: SiteURL.escapedAsWritten($0.url), weight: $0.weight) } }
        if menus["main"] == nil { menus["main"] = [] }
        for page in pages {
            for menu in page.metadata.menus { menus[menu, default: []].append(MenuEntry(name: page.title, url: SiteURL.encoded(page.url), weight: page.metadata.weight ?? 0)) }
        }
        return menus.mapValues { $0.sorted { ($0.weight, $0.name, $0.url) < ($1.weight, $1.name, $1.url) } }
    }

    /// A page as an item of a list.
    func entry(_ page: PageRecord) -> PageEntry {
        if let made = madeEntries[page.file], made.record === page { return made.entry }
        return Self.entry(page, contentURLs: contentURLs, imageKeys: imageKeys)
    }

    /// The ``digest(_:)`` of a page's entry.
    func entryDigest(_ page: PageRecord) -> ContentHash {
        if let made = madeEntries[page.file], made.record === page { return made.digest }
        return Self.digest(Self.entry(page, contentURLs: contentURLs, imageKeys: imageKeys))
    }

    /// A front matter date as templates get it: ISO 8601, as `<time datetime>` takes it
    /// (`2013-05-08 23:46:11 +0200` is `2013-05-08T23:46:11+02:00`; a day alone stays as it is).
    static func iso8601(_ date: String?) -> String {
        guard let date else { return "" }
        return PageDate(date)?.iso8601 ?? date
    }

    private static func entry(_ page: PageRecord, contentURLs: ContentURLs, imageKeys: Set<String>) -> PageEntry {
        var entry = PageEntry(title: page.title, url: SiteURL.encoded(page.url), date: Self.iso8601(page.metadata.date), summary: page.summary.text,
                              summaryHTML: contentURLs.rewrite(page.summary.html, of: page), readingTime: page.length.readingTime)
        entry.params = page.metadata.params.mapValues(TemplateValue.init)
        guard !imageKeys.isEmpty || !page.templateImages.isEmpty else { return entry }
        // An image a template asks copies of, from the site's root: a list's page is elsewhere.
        // Copies or not: a cover that could not be made is not the listing page's own of that name.
        let made = Dictionary(page.templateImages.map { ($0.source, $0.url) }) { first, _ in first }
        let rooted = { (source: String) -> String? in
            made[source] ?? (source.hasPrefix("/") ? nil : SiteURL.resolve(source, from: page.url).map(SiteURL.encoded))
        }
        for (key, value) in entry.params where imageKeys.contains(key) || !made.isEmpty {
            switch value {
            case .text(let source): if let url = rooted(source), imageKeys.contains(key) || made[source] != nil { entry.params[key] = .text(url) }
            case .list(var values):
                if case .text(let source)? = values.first, let url = rooted(source), imageKeys.contains(key) || made[source] != nil {
                    values[0] = .text(url)
                    entry.params[key] = .list(values)
                }
            default: break
            }
        }
        entry.imagesKey = page.templateImages.flatMap { $0.formats.flatMap { $0.candidates.map(\.url) } }.joined(separator: " ")
        return entry
    }

    /// What a list shows of one page, as a hash.
    static func digest(_ entry: PageEntry) -> ContentHash {
        var hash = ContentHash()
        entry.templateValue.add(to: &hash)
        hash.add(entry.imagesKey)
        return hash
    }

    /// What a list shows of its pages, as a hash: when it changes, the list is rendered again.
    static func hash(_ entries: [PageEntry]) -> ContentHash {
        combined(entries.map(digest))
    }

    /// The hash of the entries of these digests, in their order.
    static func combined(_ digests: [ContentHash]) -> ContentHash {
        var hash = ContentHash()
        for digest in digests { hash.add(digest) }
        return hash
    }

    /// The hash of a language's listing when `layout` shows it (a page rendered with it depends on
    /// every entry), else `nil`.
    func listingHash(_ layout: String, language: String, templates: TemplateSet) -> ContentHash? {
        guard templates.readsListing(layout) else { return nil }
        if let known = listingHashes.withLock({ $0[language] }) { return known }
        var hash = Self.combined(entryDigests[language] ?? [])
        // What `taxonomies` and `sections` group: a page joining a term changes the pages that show it.
        let listing = listing(language)
        for (taxonomy, terms) in listing.terms {
            hash.add(taxonomy)
            for (term, members) in terms { hash.add(term + " " + members.map(String.init).joined(separator: ",")) }
        }
        for (section, members) in listing.sections { hash.add(section + " " + members.map(String.init).joined(separator: ",")) }
        listingHashes.withLock { $0[language] = hash }
        return hash
    }

    /// A hash of the data files template `layout` shows (its parents and partials with it), or
    /// `nil` when it shows none.
    func dataHash(_ layout: String, templates: TemplateSet) -> ContentHash? {
        guard let names = templates.dataRead(by: layout) else { return nil }
        return data.hash(of: names)
    }

    func site(_ language: String) -> SiteContext {
        sites[language] ?? sites[configuration.languages[0].code]!
    }

    func listing(_ language: String) -> TemplateListing {
        listings[language] ?? .empty
    }

    /// A language's pages as lists show them, newest first.
    func entries(of language: String) -> [PageEntry] {
        entries[language] ?? []
    }

    /// A page or list in one language.
    struct Version {
        var language: SiteLanguage
        var url: String
    }

    /// The versions of a page or list in each language, itself included, in the site's language order.
    func translations(_ versions: [Version], current: String) -> [TranslationLink] {
        versions.map { version in
            TranslationLink(lang: version.language.code, name: version.language.name, url: SiteURL.encoded(version.url), current: version.url == current,
                            permalink: SiteURL.absolute(SiteURL.encoded(version.url), baseURL: configuration.baseURL))
        }
    }

    /// A page's context; `pages` and `page.related` only when its template reads them.
    func page(_ record: PageRecord, body: PageBody, translations: [TranslationLink], withListing: Bool, withRelated: Bool = false) -> TemplateContext {
        let body = contentURLs.rewrite(body, of: record)
        let around = neighbors(record)
        let (titleHTML, afterTitle) = body.splitAtTitle
        let terms = terms(of: record)
        let taxonomies = configuration.taxonomies.compactMap { taxonomy in
            terms[taxonomy].flatMap { $0.isEmpty ? nil : TaxonomyTerms(name: taxonomy, title: taxonomyTitles[taxonomy + " " + record.language] ?? taxonomy, terms: $0) }
        }
        var context = TemplateContext(
            site: site(record.language),
            page: PageContext(
                title: record.title, content: body.html, titleHTML: titleHTML, contentAfterTitle: afterTitle, url: SiteURL.encoded(record.url),
                permalink: SiteURL.absolute(SiteURL.encoded(record.url), baseURL: configuration.baseURL), date: Self.iso8601(record.metadata.date),
                lastmod: Self.iso8601(record.metadata.lastmod), tags: record.metadata.tags, summary: record.summary.text,
                summaryHTML: contentURLs.rewrite(record.summary.html, of: record), description: record.metadata.description ?? "",
                authors: record.metadata.authors,
                wordCount: record.length.wordCount, readingTime: record.length.readingTime, lang: record.metadata.lang ?? record.language,
                section: record.section, translations: translations, stylesheet: stylesheet(of: record.metadata.theme).url,
                params: record.metadata.params.mapValues(TemplateValue.init),
                toc: TableOfContents(headings: body.contents), terms: terms, taxonomies: taxonomies,
                previous: around.previous.map(entry), next: around.next.map(entry)),
            pages: withListing ? listing(record.language) : .empty)
        if withRelated { context.page.related = related(record).map(entry) }
        context.page.image = shareImage(of: record)
        context.page.stylesheetIntegrity = stylesheet(of: record.metadata.theme).integrity
        return context
    }

    /// The stylesheet of a page with theme `name` (`nil`: the site's): where it is published,
    /// and its integrity when it is fingerprinted.
    func stylesheet(of name: String?) -> (url: String, integrity: String) {
        guard let stylesheets else { return (ThemeSet.stylesheet(of: name), "") }
        let sheet = stylesheets.sheet(of: name)
        return (sheet.url, sheet.integrity)
    }

    /// The absolute URL of the image that stands for `page` where it is shared: its front
    /// matter's first `image`, else the first image it shows, else the site's `[params] image`;
    /// a path is the page's (`cover.jpg` beside it, `/img/a.png` from the site's root). Empty when
    /// there is none, or it is no http(s) URL or path.
    func shareImage(of page: PageRecord) -> String {
        var site: String?
        if case .string(let image)? = configuration.params["image"] { site = image }
        for candidate in [page.metadata.images.first, page.firstImage, site].compactMap({ $0 }) where !candidate.isEmpty {
            let lower = candidate.lowercased()
            if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return candidate }
            guard let path = SiteURL.resolve(candidate, from: page.url) else { continue }
            return SiteURL.absolute(SiteURL.encoded(path), baseURL: configuration.baseURL)
        }
        return ""
    }

    /// A hash of a page's related pages' entries, when its template `layout` shows them.
    func relatedHash(_ page: PageRecord, layout: String, templates: TemplateSet) -> ContentHash? {
        guard templates.readsRelated(layout) else { return nil }
        return Self.combined(related(page).map(entryDigest))
    }

    /// A page's terms of each of the site's taxonomies, with their lists' URLs.
    func terms(of page: PageRecord) -> [String: [TermLink]] {
        let prefix = configuration.language(page.language)?.prefix ?? ""
        var terms: [String: [TermLink]] = [:]
        for taxonomy in configuration.taxonomies {
            terms[taxonomy] = page.terms(of: taxonomy).map { TermLink(name: $0, url: SiteURL.encoded(prefix + "/" + taxonomy + "/" + SiteURL.termSlug($0) + "/")) }
        }
        return terms
    }

    /// A list page's context; `intro`, the body of its section's `_index.md` (when it has one).
    /// `url`, `feed` and the pagination's URLs are site paths as the output's files are named.
    func list(title: String, url: String, language: String, intro: (record: PageRecord, body: PageBody)?, feed: String, items: [PageEntry],
              translations: [TranslationLink], pagination: Pagination) -> TemplateContext {
        let body = intro.map { contentURLs.rewrite($0.body, of: $0.record) }
        let (titleHTML, afterTitle) = body?.splitAtTitle ?? ("", "")
        return TemplateContext(
            site: site(language),
            page: PageContext(title: title, content: body?.html ?? "", titleHTML: titleHTML, contentAfterTitle: afterTitle, url: SiteURL.encoded(url),
                              permalink: SiteURL.absolute(SiteURL.encoded(url), baseURL: configuration.baseURL),
                              summary: intro?.record.summary.text ?? "", lang: language, translations: translations,
                              stylesheet: stylesheet(of: nil).url, feed: SiteURL.encoded(feed),
                              params: intro?.record.metadata.params.mapValues(TemplateValue.init) ?? [:]),
            pages: listing(language), items: items,
            pagination: Pagination(number: pagination.number, total: pagination.total, previous: SiteURL.encoded(pagination.previous),
                                   next: SiteURL.encoded(pagination.next)))
    }

    /// A language's 404 page's context; its title is the language's string table's `pageNotFound`, when it
    /// has one.
    func notFound(_ language: SiteLanguage, templates: TemplateSet) -> TemplateContext {
        let code = language.code
        return TemplateContext(
            site: site(code),
            page: PageContext(title: templates.word("pageNotFound", language: code) ?? "Page not found", url: language.prefix + "/404.html",
                              permalink: "", lang: code, stylesheet: stylesheet(of: nil).url),
            pages: listing(code))
    }
}
