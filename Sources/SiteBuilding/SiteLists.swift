import Foundation

/// The pages a site builds from its pages: one per tag and a tags index, one per section without an
/// index page of its own (`content/posts/*.md` → `/posts/`), paginated.
struct SiteLists {
    struct List {
        var url: String
        var title: String
        var pages: [SiteBuild.Page]
    }

    let lists: [List]

    init(pages: [SiteBuild.Page]) {
        let newestFirst = pages.sorted { ($0.metadata.date ?? "", $0.url) > ($1.metadata.date ?? "", $1.url) }
        var lists: [List] = []
        var tags: [String: (name: String, pages: [SiteBuild.Page])] = [:]
        for page in newestFirst {
            for tag in page.metadata.tags {
                tags[Self.slug(tag), default: (tag, [])].pages.append(page)
            }
        }
        if !tags.isEmpty {
            lists.append(List(url: "/tags/", title: "Tags", pages: []))
            for (slug, tag) in tags.sorted(by: { $0.key < $1.key }) {
                lists.append(List(url: "/tags/\(slug)/", title: "Tagged “\(tag.name)”", pages: tag.pages))
            }
        }
        let pageURLs = Set(pages.map(\.url))
        var sections: [String: [SiteBuild.Page]] = [:]
        for page in newestFirst {
            let parts = page.url.split(separator: "/")
            guard parts.count >= 2 else { continue }
            sections["/" + parts.dropLast().joined(separator: "/") + "/", default: []].append(page)
        }
        for (url, members) in sections.sorted(by: { $0.key < $1.key }) where !pageURLs.contains(url) {
            let name = url.split(separator: "/").last.map(String.init) ?? url
            lists.append(List(url: url, title: name.prefix(1).uppercased() + name.dropFirst(), pages: members))
        }
        self.lists = lists
        tagIndex = tags.sorted(by: { $0.key < $1.key }).map { (name: $0.value.name, url: "/tags/\($0.key)/", count: $0.value.pages.count) }
    }

    /// Every tag with its page and count, for the tags index.
    let tagIndex: [(name: String, url: String, count: Int)]

    /// The URLs of every list page, pagination pages included.
    func urls(paginate: Int) -> [String] {
        lists.flatMap { list in (1...Self.pageCount(list.pages.count, size: paginate)).map { Self.pageURL(list.url, page: $0) } }
    }

    /// `URL`, then `URL/page/2/`, `URL/page/3/` …
    static func pageURL(_ url: String, page: Int) -> String {
        page == 1 ? url : url + "page/\(page)/"
    }

    static func pageCount(_ items: Int, size: Int) -> Int {
        max(1, (items + size - 1) / max(size, 1))
    }

    /// A tag as a URL segment: lowercase letters and digits, other runs of characters as `-`.
    static func slug(_ tag: String) -> String {
        var slug = ""
        for character in tag.lowercased() {
            if character.isLetter || character.isNumber { slug.append(character) } else if !slug.hasSuffix("-") { slug.append("-") }
        }
        slug = String(slug.drop(while: { $0 == "-" }))
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "tag" : (slug.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? slug)
    }
}
