import Foundation
import SiteContent
import SiteOutput
import Templating

/// The list pages a site builds from its pages, per language: one per tag and a tags index, one
/// per section without an index page of its own (`content/posts/*.md` → `/posts/`), paginated.
/// A language other than the default one has its lists under its prefix (`/fr/posts/`).
struct SiteLists {
    struct List {
        var url: String
        var title: String
        var language: SiteLanguage
        var pages: [PageRecord]
        /// The tags index lists tags, not pages.
        var isTagIndex = false
    }

    private(set) var lists: [List] = []
    /// Every tag of each language with its page and count, for the tags indexes.
    private(set) var tagIndex: [String: [(name: String, url: String, count: Int)]] = [:]

    /// `newestFirst`: the published pages, sorted by `SiteLists.newestFirst`.
    init(newestFirst: [PageRecord], languages: [SiteLanguage]) {
        let pageURLs = Set(newestFirst.map(\.url))
        for language in languages {
            let members = newestFirst.filter { $0.language == language.code }
            var tags: [String: (name: String, pages: [PageRecord])] = [:]
            var slugs: [String: String] = [:]
            for page in members {
                for tag in page.metadata.tags {
                    let slug = slugs[tag] ?? SiteURL.slug(tag)
                    slugs[tag] = slug
                    tags[slug, default: (tag, [])].pages.append(page)
                }
            }
            let sortedTags = tags.sorted { $0.key < $1.key }
            if !tags.isEmpty {
                lists.append(List(url: language.prefix + "/tags/", title: "Tags", language: language, pages: [], isTagIndex: true))
                for (slug, tag) in sortedTags {
                    lists.append(List(url: language.prefix + "/tags/\(slug)/", title: "Tagged “\(tag.name)”", language: language, pages: tag.pages))
                }
            }
            tagIndex[language.code] = sortedTags.map { (name: $0.value.name, url: language.prefix + "/tags/\($0.key)/", count: $0.value.pages.count) }
            var sections: [String: [PageRecord]] = [:]
            for page in members where !page.section.isEmpty {
                sections[language.prefix + "/" + page.section + "/", default: []].append(page)
            }
            for (url, pages) in sections.sorted(by: { $0.key < $1.key }) where !pageURLs.contains(url) {
                let name = url.split(separator: "/").last.map(String.init) ?? url
                lists.append(List(url: url, title: name.prefix(1).uppercased() + name.dropFirst(), language: language, pages: pages))
            }
        }
    }

    /// Newest date first, then URL, so that the order is the same in every build.
    static func newestFirst(_ a: PageRecord, _ b: PageRecord) -> Bool {
        (a.metadata.date ?? "", a.url) > (b.metadata.date ?? "", b.url)
    }

    /// What page `number` of a list shows: its share of the list's pages, or, on a tags index,
    /// every tag with its page count.
    func items(of list: List, page number: Int, size: Int, entry: (PageRecord) -> PageEntry) -> [PageEntry] {
        guard !list.isTagIndex else {
            return (tagIndex[list.language.code] ?? []).map { PageEntry(title: "\($0.name) (\($0.count))", url: $0.url, date: "", summary: "", summaryHTML: "",
                                                                                 readingTime: 0) }
        }
        return list.pages.dropFirst((number - 1) * size).prefix(size).map(entry)
    }

    /// How many pages a list takes.
    func pageCount(_ list: List, size: Int) -> Int {
        Self.pageCount(list.isTagIndex ? 1 : list.pages.count, size: size)
    }

    /// The URLs of every list page, pagination pages included.
    func urls(paginate: Int) -> [String] {
        lists.flatMap { list in (1...pageCount(list, size: paginate)).map { Self.pageURL(list.url, page: $0) } }
    }

    /// `URL`, then `URL/page/2/`, `URL/page/3/` …
    static func pageURL(_ url: String, page: Int) -> String {
        page == 1 ? url : url + "page/\(page)/"
    }

    static func pageCount(_ items: Int, size: Int) -> Int {
        max(1, (items + size - 1) / max(size, 1))
    }

}
