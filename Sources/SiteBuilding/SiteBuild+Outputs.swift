import AttributedText
import Formatting
import Foundation

/// Every file a build makes, each with the key of what it is made from, so that a rebuild renders
/// only those whose key changed.
extension SiteBuild {
    /// The template a page renders with: its `layout`, else `home.html` for a language's home page
    /// (when there is one), else `page.html`.
    static func layout(of page: PageRecord, configuration: SiteConfiguration, templates: TemplateSet) -> String {
        let home = page.url == (configuration.language(page.language)?.prefix ?? "") + "/"
        return page.metadata.layout ?? (home && templates.exists("home.html") ? "home.html" : "page.html")
    }

    /// The key of a page's output: the build's version, the page's file and URL, its layout, its
    /// translations, and the listing of its language when its templates read `pages`.
    static func pageKey(version: ContentHash, page: PageRecord, layout: String, translations: [TemplateContexts.Version],
                        listing: ContentHash?) -> ContentHash {
        var key = version
        key.add(page.hash)
        key.add(page.url)
        key.add(layout)
        for version in translations { key.add(version.language.code + " " + version.url) }
        key.add(listing?.description ?? "-")
        return key
    }

    static func outputPath(of page: PageRecord) -> String {
        String(page.url.dropFirst()) + "index.html"
    }


    /// One file of the output and the key of what it is made from.
    struct OutputJob {
        enum Kind {
            case page(Int, layout: String, translations: [TemplateContexts.Version])
            case list(Int, number: Int, translations: [TemplateContexts.Version])
            case notFound
            case text(String)
        }

        var path: String
        var key: ContentHash
        var kind: Kind
    }

    func outputJobs(published: [PageRecord], newest: [PageRecord], lists: SiteLists, reader: PageReader, contexts: TemplateContexts, templates: TemplateSet,
                            configuration: SiteConfiguration, theme: Theme, version: ContentHash) -> [OutputJob] {
        /// The listing of a language, when a template reads `pages` (which the template set remembers).
        func listing(_ layout: String, _ language: String) -> ContentHash? {
            templates.mentions("pages", in: layout) ? contexts.listingHashes[language] ?? ContentHash() : nil
        }
        func listingKey(_ layout: String, _ language: String, into key: inout ContentHash) {
            key.add(listing(layout, language)?.description ?? "-")
        }
        func versions<T>(_ items: [T], key: (T) -> String, url: (T) -> String, language: (T) -> String) -> [String: [TemplateContexts.Version]] {
            var grouped: [String: [TemplateContexts.Version]] = [:]
            for item in items {
                guard let site = configuration.language(language(item)) else { continue }
                grouped[key(item), default: []].append(.init(language: site, url: url(item)))
            }
            return grouped.mapValues { $0.sorted { a, b in
                (configuration.languages.firstIndex(of: a.language) ?? 0, a.url) < (configuration.languages.firstIndex(of: b.language) ?? 0, b.url) } }
        }
        let pageVersions = versions(published, key: \.translationKey, url: \.url, language: \.language)
        let listVersions = versions(lists.lists, key: { String($0.url.dropFirst($0.language.prefix.count)) }, url: \.url,
                                    language: \.language.code)

        var jobs: [OutputJob] = []
        for (index, page) in published.enumerated() {
            let layout = Self.layout(of: page, configuration: configuration, templates: templates)
            let translations = (pageVersions[page.translationKey] ?? []).count > 1 ? pageVersions[page.translationKey]! : []
            let key = Self.pageKey(version: version, page: page, layout: layout, translations: translations,
                                   listing: listing(layout, page.language))
            jobs.append(OutputJob(path: Self.outputPath(of: page), key: key,
                                  kind: .page(index, layout: layout, translations: translations)))
        }
        for (index, list) in lists.lists.enumerated() {
            let total = lists.pageCount(list, size: configuration.paginate)
            let unprefixed = String(list.url.dropFirst(list.language.prefix.count))
            let translations = (listVersions[unprefixed] ?? []).count > 1 ? listVersions[unprefixed]! : []
            for number in 1...total {
                var key = version
                key.add(list.url)
                key.add("\(number)/\(total)")
                key.add(list.title)
                for version in translations { key.add(version.language.code + " " + version.url) }
                if list.isTagIndex {
                    for tag in lists.tagIndex[list.language.code] ?? [] { key.add("\(tag.name) \(tag.url) \(tag.count)") }
                } else {
                    let size = configuration.paginate
                    for page in list.pages.dropFirst((number - 1) * size).prefix(size) { TemplateContexts.addEntry(page, to: &key) }
                }
                listingKey("list.html", list.language.code, into: &key)
                jobs.append(OutputJob(path: String(SiteLists.pageURL(list.url, page: number).dropFirst()) + "index.html", key: key,
                                      kind: .list(index, number: number, translations: translations)))
            }
        }
        var notFoundKey = version
        listingKey("404.html", configuration.languages[0].code, into: &notFoundKey)
        jobs.append(OutputJob(path: "404.html", key: notFoundKey, kind: .notFound))

        var texts: [(String, String)] = []
        for language in configuration.languages {
            let pages = newest.filter { $0.language == language.code }
            let home = language.prefix + "/"
            texts.append((String((language.prefix + "/index.xml").dropFirst()),
                          Feeds.rss(pages, title: language.title, baseURL: configuration.baseURL, home: home)))
            texts.append((String((language.prefix + "/atom.xml").dropFirst()),
                          Feeds.atom(pages, title: language.title, baseURL: configuration.baseURL, home: home)))
        }
        let used = published.filter { $0.metadata.theme == nil }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
        texts.append(("theme.css", ThemeStylesheet(theme: theme).css(usedValues: used)))
        // A stylesheet for each theme pages chose for themselves.
        for name in Set(published.compactMap(\.metadata.theme)).sorted() {
            guard let own = reader.themes.theme(name) else { continue }
            let values = published.filter { $0.metadata.theme == name }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
            texts.append(("themes/\(name).css", ThemeStylesheet(theme: own).css(usedValues: values)))
        }
        texts.append(("sitemap.xml", Self.sitemap((published.map(\.url) + lists.urls(paginate: configuration.paginate)).sorted(),
                                                  baseURL: configuration.baseURL)))
        texts.append(("robots.txt", "User-agent: *\nAllow: /\nSitemap: \(Self.absolute("/sitemap.xml", baseURL: configuration.baseURL))\n"))
        for (path, text) in texts { jobs.append(OutputJob(path: path, key: ContentHash(text.utf8), kind: .text(text))) }
        return jobs
    }
}
