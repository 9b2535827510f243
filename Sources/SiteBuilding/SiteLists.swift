import Foundation
import SiteContent
import SiteOutput
import Templating

/// The list pages a site builds from its pages, per language: one per term of each taxonomy
/// (`tags` by default) and an index of each taxonomy's terms, one
/// per section without an index page of its own (`content/posts/*.md` → `/posts/`), paginated;
/// a section's `_index.md` gives its list a title and an introduction. Pages are listed by
/// weight, then newest first (`listOrder`); a section's list also lists its subsections (as
/// Hugo's does), each dated by its newest page, so that their pages are reached from it. A
/// language other than the default one has its lists under its prefix (`/fr/posts/`).
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
        /// A section's subsections (the folders inside it that have lists of their own), in list
        /// order; they are listed among its pages (``SiteLists/entries(of:)``).
        var subsections: [Subsection] = []

        /// A section's or a term's list has an Atom feed of its pages (`URL/atom.xml`) when one of
        /// them is dated: feeds hold dated pages only, and a list of undated ones (a guide) had an
        /// empty feed, updated in 1970, which its page linked to.
        var hasFeed: Bool { termIndex == nil && pages.contains { $0.moment != nil } }
    }

    /// A section inside another, as its parent's list shows it: its list's URL and title, its
    /// `_index.md` (which may give it a weight, a date and a summary), and the moment of the
    /// newest page in it or in its own subsections, which dates it otherwise.
    struct Subsection {
        var url: String
        var title: String
        var index: PageRecord?
        var newest: PageRecord?

        /// The date it is listed by: its `_index.md`'s own, else its newest page's.
        var dated: PageRecord? { index?.moment != nil ? index : newest }
    }

    /// One item of a list: a page, or a subsection on a section's list.
    enum Entry {
        case page(PageRecord)
        case section(Subsection)
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
            let first = lists.count
            for (url, pages) in sections.sorted(by: { $0.key < $1.key }) where !pageURLs.contains(url) && !bundleURLs.contains(url) {
                let name = url.split(separator: "/").last.map(String.init) ?? url
                let index = indexByURL[url]
                lists.append(List(url: url, title: index?.title ?? name.prefix(1).uppercased() + name.dropFirst(), language: language,
                                  pages: pages, index: index))
            }
            addSubsections(to: first..<lists.count)
        }
    }

    /// Gives each section's list in `range` (one language's) its subsections: the lists of the
    /// folders right inside it. The deepest are dated first, so that a section's newest page may
    /// be in a subsection of its own.
    private mutating func addSubsections(to range: Range<Int>) {
        let byURL = Dictionary(range.map { (lists[$0].url, $0) }) { first, _ in first }
        for position in range.sorted(by: { lists[$0].url.count > lists[$1].url.count }) {
            let list = lists[position]
            let found = ([list.pages.min(by: Self.newestFirst)] + list.subsections.map(\.newest)).compactMap { $0 }.min(by: Self.newestFirst)
            guard let parent = Self.parentFolder(of: list.url), let parentPosition = byURL[parent] else { continue }
            lists[parentPosition].subsections.append(Subsection(url: list.url, title: list.title, index: list.index, newest: found))
        }
        for position in range {
            lists[position].subsections.sort { Self.listOrder(Self.orderKey(of: .section($0)), Self.orderKey(of: .section($1))) }
        }
    }

    /// `/posts/papermod/` → `/posts/`; `nil` for a top-level folder's URL.
    static func parentFolder(of url: String) -> String? {
        let parts = url.split(separator: "/")
        guard parts.count > 1 else { return nil }
        return "/" + parts.dropLast().joined(separator: "/") + "/"
    }

    /// What a list shows, in order: its pages and its subsections, by weight, then newest first.
    func entries(of list: List) -> [Entry] {
        guard !list.subsections.isEmpty else { return list.pages.map(Entry.page) }
        var merged: [Entry] = []
        merged.reserveCapacity(list.pages.count + list.subsections.count)
        var pages = list.pages[...], sections = list.subsections[...]
        while let page = pages.first, let section = sections.first {
            if Self.listOrder(Self.orderKey(of: .section(section)), Self.orderKey(of: .page(page))) {
                merged.append(.section(section))
                sections = sections.dropFirst()
            } else {
                merged.append(.page(page))
                pages = pages.dropFirst()
            }
        }
        merged += pages.map(Entry.page) + sections.map(Entry.section)
        return merged
    }

    /// How many items a list shows over its pages.
    func entryCount(of list: List) -> Int { list.pages.count + list.subsections.count }

    /// What orders an entry among others: its weight, its moment and its URL.
    struct OrderKey {
        var weight: Int?
        var moment: PageDate?
        var url: String
    }

    static func orderKey(of entry: Entry) -> OrderKey {
        switch entry {
        case .page(let page): OrderKey(weight: page.metadata.weight, moment: page.moment, url: page.url)
        case .section(let section): OrderKey(weight: section.index?.metadata.weight, moment: section.dated?.moment, url: section.url)
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
        listOrder(OrderKey(weight: a.metadata.weight, moment: a.moment, url: a.url), OrderKey(weight: b.metadata.weight, moment: b.moment, url: b.url))
    }

    /// ``listOrder(_:_:)`` of any entries.
    static func listOrder(_ a: OrderKey, _ b: OrderKey) -> Bool {
        switch (a.weight, b.weight) {
        case let (x?, y?) where x != y: x < y
        case (.some, nil): true
        case (nil, .some): false
        default: newestFirst(a.moment, a.url, b.moment, b.url)
        }
    }

    /// A page's neighbors in its section, found among `published` (a quick rebuild's records) as
    /// a full build finds them: the page just before it in ``listOrder(_:_:)`` and the one just
    /// after, in one pass (sorting the section for each saved page was a third of a save's
    /// rebuild on 10,000 pages). No neighbors when the page is not among them.
    static func neighbors(of page: PageRecord, among published: [PageRecord]) -> Neighbors {
        guard !page.section.isEmpty else { return Neighbors() }
        var (found, previous, next): (Bool, PageRecord?, PageRecord?) = (false, nil, nil)
        for other in published where other.section == page.section && other.language == page.language && !other.isSectionIndex {
            if other === page || other.url == page.url {
                found = true
            } else if listOrder(other, page) {
                if previous.map({ listOrder($0, other) }) ?? true { previous = other }
            } else if next.map({ listOrder(other, $0) }) ?? true {
                next = other
            }
        }
        return found ? Neighbors(previous: previous, next: next) : Neighbors()
    }

    /// Newest first (by the moment each date names, whatever its offset; undated pages last), then
    /// URL, so that the order is the same in every build.
    static func newestFirst(_ a: PageRecord, _ b: PageRecord) -> Bool {
        newestFirst(a.moment, a.url, b.moment, b.url)
    }

    private static func newestFirst(_ a: PageDate?, _ aURL: String, _ b: PageDate?, _ bURL: String) -> Bool {
        switch (a, b) {
        case let (x?, y?) where x != y: x > y
        case (.some, nil): true
        case (nil, .some): false
        default: aURL > bURL
        }
    }

    /// What page `number` of a list shows: its share of the list's pages, or, on a taxonomy's
    /// index, every term with its page count.
    func items(of list: List, page number: Int, size: Int, entry: (PageRecord) -> PageEntry) -> [PageEntry] {
        if let taxonomy = list.termIndex {
            return (termIndex[taxonomy + " " + list.language.code] ?? []).map { PageEntry(title: "\($0.name) (\($0.count))", url: SiteURL.encoded($0.url), date: "", summary: "", summaryHTML: "",
                                                                                 readingTime: 0) }
        }
        guard !list.subsections.isEmpty else { return list.pages.dropFirst((number - 1) * size).prefix(size).map(entry) }
        return entries(of: list).dropFirst((number - 1) * size).prefix(size).map { item in
            switch item {
            case .page(let page): return entry(page)
            case .section(let section):
                // Its `_index.md`'s summary when it has one; its date is its own or its newest page's.
                var shown = section.index.map(entry) ?? PageEntry(title: section.title, url: SiteURL.encoded(section.url), date: "",
                                                                  summary: "", summaryHTML: "", readingTime: 0)
                shown.title = section.title
                shown.url = SiteURL.encoded(section.url)
                shown.date = section.dated.map(entry)?.date ?? ""
                shown.readingTime = 0
                shown.isSection = true
                return shown
            }
        }
    }

    /// How many pages a list takes.
    func pageCount(_ list: List, size: Int) -> Int {
        Self.pageCount(list.termIndex != nil ? 1 : entryCount(of: list), size: size)
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
