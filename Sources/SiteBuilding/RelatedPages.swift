import SiteContent

/// Each page's related pages (`page.related`), as Hugo's `.Related` finds them: the pages of its
/// language that share the most of its terms, each shared term counting its taxonomy's weight
/// (`[related.weights]`), the newest first among equals, at most `[related] limit`. Found through
/// an index of terms, so that a page looks only at the pages it shares a term with.
struct RelatedPages: Sendable {
    private let pages: [PageRecord]
    /// The pages (their indexes in `pages`) of each term: by language, taxonomy and term's slug.
    private let index: [String: [Int]]
    private let settings: RelatedSettings
    private let taxonomies: [String]

    /// The related pages among `published` (sections' `_index.md` left out).
    init(_ published: [PageRecord], taxonomies: [String], settings: RelatedSettings) {
        pages = published.filter { !$0.isSectionIndex }
        self.settings = settings
        self.taxonomies = taxonomies.filter { settings.weight(of: $0) > 0 }
        var index: [String: [Int]] = [:]
        for (position, page) in pages.enumerated() {
            for key in Self.keys(of: page, taxonomies: self.taxonomies) { index[key, default: []].append(position) }
        }
        self.index = index
    }

    /// The keys of `page`'s terms in the index, each once, with their taxonomies.
    private static func keys(of page: PageRecord, taxonomies: [String]) -> [String] {
        var keys: [String] = []
        var seen = Set<String>()
        for taxonomy in taxonomies {
            for term in page.terms(of: taxonomy) {
                let key = page.language + "\u{0}" + taxonomy + "\u{0}" + SiteURL.termSlug(term)
                if seen.insert(key).inserted { keys.append(key) }
            }
        }
        return keys
    }

    /// `page`'s related pages, most related first.
    func related(to page: PageRecord) -> [PageRecord] {
        var scores: [Int: Double] = [:]
        for key in Self.keys(of: page, taxonomies: taxonomies) {
            let taxonomy = key.split(separator: "\u{0}", omittingEmptySubsequences: false)[1]
            let weight = settings.weight(of: String(taxonomy))
            for other in index[key] ?? [] where pages[other].source != page.source { scores[other, default: 0] += weight }
        }
        return scores.sorted { a, b in
            a.value != b.value ? a.value > b.value : SiteLists.newestFirst(pages[a.key], pages[b.key])
        }.prefix(settings.limit).map { pages[$0.key] }
    }
}
