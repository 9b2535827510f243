import Foundation
import RunwayTestSupport
import SiteOutput
@testable import SiteBuilding
@testable import SiteContent
import Testing

/// A quick rebuild's neighbors (`SiteLists.neighbors(of:among:)`, one pass) against their
/// definition written plainly: the page's section in its language sorted by `listOrder`, and
/// the pages on either side of it.
@Suite struct NeighborsTests {
    static func page(_ number: Int, section: String, language: String, weight: Int?, date: String?) -> PageRecord {
        var metadata = PageMetadata()
        metadata.weight = weight
        metadata.date = date
        let file = section.isEmpty ? "p\(number)" : section + "/p\(number)"
        return PageRecord(file: "content/\(file).md", source: "/s/content/\(file).md", hash: ContentHash(), url: "/\(language)/\(file)/",
                          title: "P\(number)", metadata: metadata, language: language, translationKey: file, section: section,
                          values: [], links: [], anchors: [], summary: PageSummary(html: "", text: ""),
                          length: PageLength(words: 0, cjkCharacters: 0), images: [], diagnostics: [])
    }

    static func plainly(_ page: PageRecord, among pages: [PageRecord]) -> (String?, String?) {
        guard !page.section.isEmpty else { return (nil, nil) }
        let sorted = pages.filter { $0.section == page.section && $0.language == page.language && !$0.isSectionIndex }.sorted(by: SiteLists.listOrder)
        guard let offset = sorted.firstIndex(where: { $0.url == page.url }) else { return (nil, nil) }
        return (offset > 0 ? sorted[offset - 1].url : nil, offset + 1 < sorted.count ? sorted[offset + 1].url : nil)
    }

    @Test(arguments: 1...20)
    func onePassFindsWhatSortingFinds(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        // Few weights and days, so that ties fall to the next key; some undated or unweighted.
        let pages = (0..<60).map { number in
            Self.page(number, section: ["", "posts", "notes"][Int.random(in: 0..<3, using: &generator)],
                      language: ["en", "fr"][Int.random(in: 0..<2, using: &generator)],
                      weight: Bool.random(using: &generator) ? Int.random(in: 1...3, using: &generator) : nil,
                      date: Int.random(in: 0..<4, using: &generator) == 0 ? nil : "2026-01-0\(Int.random(in: 1...3, using: &generator))")
        }
        for page in pages {
            let found = SiteLists.neighbors(of: page, among: pages)
            let expected = Self.plainly(page, among: pages)
            #expect(found.previous?.url == expected.0 && found.next?.url == expected.1, "\(page.url)")
        }
        // A page not among them has none.
        let stranger = Self.page(99, section: "posts", language: "en", weight: nil, date: nil)
        let none = SiteLists.neighbors(of: stranger, among: pages)
        #expect(none.previous == nil && none.next == nil)
    }
}
