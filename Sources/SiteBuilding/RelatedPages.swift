import SiteContent
import Synchronization

/// Each page's related pages (`page.related`), as Hugo's `.Related` finds them: the pages of its
/// language that share the most of its terms, each shared term counting its taxonomy's weight
/// (`[related.weights]`), the newest first among equals, at most `[related] limit`. Found through
/// an index of terms, so that a page looks only at the pages it shares a term with.
struct RelatedPages: Sendable {
    /// The pages, newest first: a page's place here is its rank among equals.
    private let pages: [PageRecord]
    /// The pages (their places in `pages`, ascending) of each term: by language, taxonomy and
    /// term's slug, with the taxonomy's weight.
    private let index: [String: (weight: Double, pages: [Int])]
    /// Each page's place in `pages`, by its source.
    private let places: [String: Int]
    private let settings: RelatedSettings
    private let taxonomies: [String]
    /// What `related(to:)` found, by page: a page's key and its render both ask.
    private let found = Found()
    private final class Found: Sendable {
        let pages = Mutex<[String: [PageRecord]]>([:])
    }

    /// The related pages among `published` (sections' `_index.md` left out).
    init(_ published: [PageRecord], taxonomies: [String], settings: RelatedSettings) {
        pages = published.filter { !$0.isSectionIndex }.sorted(by: SiteLists.newestFirst)
        self.settings = settings
        self.taxonomies = taxonomies.filter { settings.weight(of: $0) > 0 }
        var index: [String: (weight: Double, pages: [Int])] = [:]
        var places: [String: Int] = [:]
        for (place, page) in pages.enumerated() {
            places[page.source] = place
            for (key, taxonomy) in Self.keys(of: page, taxonomies: self.taxonomies) {
                index[key, default: (settings.weight(of: taxonomy), [])].pages.append(place)
            }
        }
        self.index = index
        self.places = places
    }

    /// The keys of `page`'s terms in the index, each once, with their taxonomies.
    private static func keys(of page: PageRecord, taxonomies: [String]) -> [(key: String, taxonomy: String)] {
        var keys: [(String, String)] = []
        var seen = Set<String>()
        for taxonomy in taxonomies {
            for term in page.terms(of: taxonomy) {
                let key = page.language + "\u{0}" + taxonomy + "\u{0}" + SiteURL.termSlug(term)
                if seen.insert(key).inserted { keys.append((key, taxonomy)) }
            }
        }
        return keys
    }

    /// `page`'s related pages, most related first. Scores add up in an array by place (a tag
    /// that thousands of pages share gives thousands of candidates to every one of them: sorting
    /// them all, by dates, held a 10,000-page build for eight minutes), and the best few are kept
    /// as they come, by score, then place.
    func related(to page: PageRecord) -> [PageRecord] {
        if let known = found.pages.withLock({ $0[page.source] }) { return known }
        let related = find(page)
        found.pages.withLock { $0[page.source] = related }
        return related
    }

    private func find(_ page: PageRecord) -> [PageRecord] {
        let keys = Self.keys(of: page, taxonomies: taxonomies)
        guard !keys.isEmpty, settings.limit > 0 else { return [] }
        let own = places[page.source]
        var scores = [Double](repeating: 0, count: pages.count)
        var touched: [Int] = []
        for (key, _) in keys {
            guard let entry = index[key] else { continue }
            for other in entry.pages where other != own {
                if scores[other] == 0 { touched.append(other) }
                scores[other] += entry.weight
            }
        }
        // The best `limit`, best first: a higher score, else an earlier place (newer).
        var best: [Int] = []
        func better(_ a: Int, _ b: Int) -> Bool { scores[a] != scores[b] ? scores[a] > scores[b] : a < b }
        for candidate in touched {
            if best.count == settings.limit, let last = best.last, !better(candidate, last) { continue }
            let at = best.firstIndex { better(candidate, $0) } ?? best.endIndex
            best.insert(candidate, at: at)
            if best.count > settings.limit { best.removeLast() }
        }
        return best.map { pages[$0] }
    }
}
