import Foundation
import SiteContent
import SiteOutput
import Templating

/// The list pages a site builds from its pages, per language: one per term of each taxonomy
/// (`tags` by default) and an index of each taxonomy's terms, one
/// per section without an index page of its own (`content/posts/*.md` → `/posts/`), paginated;
/// a section's `_index.md` gives its list a title and an introduction. Pages are listed by
/// weight, then newest first (`listOrder`). A language other than the default one has its lists
/// under its prefix (`/fr/posts/`).
struct SiteLists {
    struct List {
        var url: String
        var title: String
        var language: SiteLanguage
        var pages: [PageRecord]
        /// A taxonomy's index lists its terms, not pages: the taxonomy's plural name.
        var termIndex: String?
        /// The taxonomy (plural name) of a term's list or a taxonomy's index.
        var taxonomy: String?
        /// The section's `_index.md`, whose body introduces the list.
        var index: PageRecord?

        /// A section's or a term's list has an Atom feed of its pages (`URL/atom.xml`) when one of
        /// them is dated: feeds hold dated pages only, and a list of undated ones (a guide) had an
        /// empty feed, updated in 1970, which its page linked to.
        var hasFeed: Bool { termIndex == nil && pages.contains { $0.moment != nil } }
    }

    private(set) var lists: [List] = []
    /// Every term of each taxonomy in each language (by `taxonomy language`), with its page and
    /// count, for the taxonomies' indexes.
    private(set) var termIndex: [String: [(name: String, url: String, count: Int)]] = [:]
    /// The pages before and after each page in its section's order, by the page's URL.
    private(set) var neighbors: [String: Neighbors] = [:]

    /// A page's neighbors in its section (`page.previous`, `page.next`).
    struct Neighbors {
        var previous: PageRecord?
        var next: PageRecord?
    }

    /// `newestFirst`: the published pages, sorted by `SiteLists.newestFirst`; `indexes`: the
    /// published sections' `_index.md` records; `taxonomies`, the site's (plural names); `word`, a
    /// string table's text for a key in a language (the taxonomies' titles: `tags`, and
    /// `taggedWith`, whose `%@` is the tag; for another taxonomy, its name and `NAMETerm`).
    init(newestFirst: [PageRecord], languages: [SiteLanguage], indexes: [PageRecord] = [], taxonomies: [String] = ["tags"],
         word: (_ key: String, _ language: String) -> String? = { _, _ in nil }) {
        let pageURLs = Set(newestFirst.map(\.url))
        // A bundle's folder is its page's, not a section, even when the page has moved (a slug, a
        // permalink): a bundle inside it makes no list at the folder's URL.
        let bundleFolders = Set(newestFirst.compactMap { PageBundle.folder(of: $0.file).map { String($0.dropFirst("content/".count)) } })
        let indexByURL = Dictionary(indexes.map { ($0.url, $0) }) { first, _ in first }
        let ordered = newestFirst.sorted(by: Self.listOrder)
        for language in languages {
            let members = ordered.filter { $0.language == language.code }
            for taxonomy in taxonomies {
                var terms: [String: (name: String, pages: [PageRecord])] = [:]
                var slugs: [String: String] = [:]
                for page in members {
                    for term in page.terms(of: taxonomy) {
                        let slug = slugs[term] ?? SiteURL.termSlug(term)
                        slugs[term] = slug
                        terms[slug, default: (term, [])].pages.append(page)
                    }
                }
                let sorted = terms.sorted { $0.key < $1.key }
                let folder = language.prefix + "/" + taxonomy + "/"
                if !terms.isEmpty {
                    let named = taxonomy.prefix(1).uppercased() + taxonomy.dropFirst()
                    lists.append(List(url: folder, title: Self.title(ofTaxonomy: taxonomy, language: language.code, word: word), language: language, pages: [],
                                      termIndex: taxonomy, taxonomy: taxonomy))
                    let title = word(taxonomy == "tags" ? "taggedWith" : taxonomy + "Term", language.code)
                        ?? (taxonomy == "tags" ? "Tagged “%@”" : named + ": %@")
                    for (slug, term) in sorted {
                        lists.append(List(url: folder + slug + "/", title: title.replacingOccurrences(of: "%@", with: term.name),
                                          language: language, pages: term.pages, taxonomy: taxonomy))
                    }
                }
                termIndex[taxonomy + " " + language.code] = sorted.map { (name: $0.value.name, url: folder + $0.key + "/", count: $0.value.pages.count) }
            }
            var sections: [String: [PageRecord]] = [:]
            for page in members where !page.section.isEmpty {
                sections[language.prefix + "/" + page.section + "/", default: []].append(page)
            }
            for index in indexes where index.language == language.code && sections[index.url] == nil { sections[index.url] = [] }
            for pages in sections.values {
                for (offset, page) in pages.enumerated() {
                    neighbors[page.url] = Neighbors(previous: offset > 0 ? pages[offset - 1] : nil,
                                                    next: offset + 1 < pages.count ? pages[offset + 1] : nil)
                }
            }
            let bundleURLs = Set(bundleFolders.map { language.prefix + "/" + $0 + "/" })
            for (url, pages) in sections.sorted(by: { $0.key < $1.key }) where !pageURLs.contains(url) && !bundleURLs.contains(url) {
                let name = url.split(separator: "/").last.map(String.init) ?? url
                let index = indexByURL[url]
                lists.append(List(url: url, title: index?.title ?? name.prefix(1).uppercased() + name.dropFirst(), language: language,
                                  pages: pages, index: index))
            }
        }
    }

    /// A taxonomy's title in a language: the string table's word for its plural (`tags`), else
    /// the plural capitalized (`Categories`).
    static func title(ofTaxonomy taxonomy: String, language: String, word: (_ key: String, _ language: String) -> String?) -> String {
        word(taxonomy, language) ?? taxonomy.prefix(1).uppercased() + taxonomy.dropFirst()
    }

    /// The order of a list's pages: by `weight`, lower first (pages without one after), then
    /// newest first.
    static func listOrder(_ a: PageRecord, _ b: PageRecord) -> Bool {
        switch (a.metadata.weight, b.metadata.weight) {
        case let (x?, y?) where x != y: x < y
        case (.some, nil): true
        case (nil, .some): false
        default: newestFirst(a, b)
        }
    }

    /// A page's neighbors in its section, found among `published` (a quick rebuild's records) as
    /// a full build finds them.
    static func neighbors(of page: PageRecord, among published: [PageRecord]) -> Neighbors {
        guard !page.section.isEmpty else { return Neighbors() }
        let pages = published.filter { $0.section == page.section && $0.language == page.language && !$0.isSectionIndex }
            .sorted(by: listOrder)
        guard let offset = pages.firstIndex(where: { $0 === page || $0.url == page.url }) else { return Neighbors() }
        return Neighbors(previous: offset > 0 ? pages[offset - 1] : nil, next: offset + 1 < pages.count ? pages[offset + 1] : nil)
    }

    /// Newest first (by the moment each date names, whatever its offset; undated pages last), then
    /// URL, so that the order is the same in every build.
    static func newestFirst(_ a: PageRecord, _ b: PageRecord) -> Bool {
        switch (a.moment, b.moment) {
        case let (x?, y?) where x != y: x > y
        case (.some, nil): true
        case (nil, .some): false
        default: a.url > b.url
        }
    }

    /// What page `number` of a list shows: its share of the list's pages, or, on a taxonomy's
    /// index, every term with its page count.
    func items(of list: List, page number: Int, size: Int, entry: (PageRecord) -> PageEntry) -> [PageEntry] {
        if let taxonomy = list.termIndex {
            return (termIndex[taxonomy + " " + list.language.code] ?? []).map { PageEntry(title: "\($0.name) (\($0.count))", url: SiteURL.encoded($0.url), date: "", summary: "", summaryHTML: "",
                                                                                 readingTime: 0) }
        }
        return list.pages.dropFirst((number - 1) * size).prefix(size).map(entry)
    }

    /// How many pages a list takes.
    func pageCount(_ list: List, size: Int) -> Int {
        Self.pageCount(list.termIndex != nil ? 1 : list.pages.count, size: size)
    }

    /// The URLs of every list page, pagination pages included.
    func urls(paginate: Int) -> [String] {
        lists.flatMap { list in (1...pageCount(list, size: paginate)).map { Self.pageURL(list.url, page: $0) } }
    }

    /// `URL`, then `URL/page/2/`, `URL/page/3/` …
    static func pageURL(_ url: String, page: Int) -> String {
        page == 1 ? url : url + "page/\(page)/"
    }

    /// How many pages of `size` items `items` take, at least one; without overflow for any size a
    /// configuration allows (`paginate = 9223372036854775807`).
    static func pageCount(_ items: Int, size: Int) -> Int {
        items <= 0 ? 1 : (items - 1) / max(size, 1) + 1
    }

}
