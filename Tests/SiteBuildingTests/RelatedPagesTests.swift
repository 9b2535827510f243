import RunwayText
import Foundation
import SiteOutput
@testable import SiteBuilding
@testable import SiteContent
import Testing

/// `RelatedPages` (the index of terms, scores added up by place, the best few kept as they come)
/// against the definition written plainly: every other page of the language, scored by the
/// weights of the terms it shares, sorted by score, then newest first.
@Suite struct RelatedPagesTests {
    static func page(_ number: Int, tags: [String], categories: [String], date: String?, language: String) -> PageRecord {
        var metadata = PageMetadata()
        metadata.tags = tags
        metadata.date = date
        if !categories.isEmpty { metadata.params["categories"] = .array(categories.map { .string($0) }) }
        return PageRecord(file: "content/p\(number).md", source: "/s/content/p\(number).md", hash: ContentHash(), url: "/p\(number)/",
                          title: "P\(number)", metadata: metadata, language: language, translationKey: "p\(number)", section: "",
                          values: [], links: [], anchors: [], summary: PageSummary(html: "", text: ""),
                          length: PageLength(words: 0, cjkCharacters: 0), images: [], diagnostics: [])
    }

    static func plainly(_ page: PageRecord, among pages: [PageRecord], taxonomies: [String], settings: RelatedSettings) -> [String] {
        func terms(_ page: PageRecord, _ taxonomy: String) -> Set<String> { Set(page.terms(of: taxonomy).map(SiteURL.termSlug)) }
        let scored = pages.filter { $0.source != page.source && $0.language == page.language }.map { other in
            (other, taxonomies.reduce(0.0) { $0 + settings.weight(of: $1) * Double(terms(page, $1).intersection(terms(other, $1)).count) })
        }
        return scored.filter { $0.1 > 0 }.sorted { a, b in a.1 != b.1 ? a.1 > b.1 : SiteLists.newestFirst(a.0, b.0) }
            .prefix(settings.limit).map(\.0.url)
    }

    @Test(arguments: 0..<6) func theIndexFindsWhatTheDefinitionSays(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let words = ["swift", "Swift", "rust", "go", "web", "cli", "tests", "Tests ", "docs"]
        let pages = (0..<300).map { number in
            Self.page(number, tags: (0..<next(4)).map { _ in words[next(words.count)] }, categories: (0..<next(2)).map { _ in ["a", "b", "c"][next(3)] },
                      date: next(5) == 0 ? nil : "2026-0\(1 + next(9))-1\(next(10))", language: next(4) == 0 ? "fr" : "en")
        }
        let settings = RelatedSettings(limit: [0, 1, 3, 5, 12][seed % 5], weights: ["categories": Double(seed % 3)])
        let taxonomies = ["tags", "categories"]
        let related = RelatedPages(pages, taxonomies: taxonomies, settings: settings)
        for page in pages {
            let active = taxonomies.filter { settings.weight(of: $0) > 0 }
            #expect(related.related(to: page).map(\.url) == Self.plainly(page, among: pages, taxonomies: active, settings: settings), "\(page.url)")
        }
    }
}
