import Foundation
import SiteContent
import Testing

/// docs/content/guide/front-matter.md against ``FrontMatterKey/all``, so that the guide cannot
/// drift: each key Runway reads has its row, with the other names it is read as, and the table
/// lists no key the code does not read.
@Suite struct FrontMatterGuideTests {
    static let rows: [String: String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/content/guide/front-matter.md").standardized
        let guide = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var rows: [String: String] = [:]
        for line in guide.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[2]
        }
        return rows
    }()

    @Test func everyKeyHasItsRowWithItsOtherNames() {
        #expect(Self.rows.count >= 10, "the guide's table was not found")
        for key in FrontMatterKey.all {
            let other = Self.rows[key.name]
            #expect(other != nil, "no row for \(key.name)")
            for alias in key.aliases { #expect(other?.contains("`\(alias)`") == true, "\(key.name)'s row does not name \(alias)") }
        }
    }

    @Test func theTableNamesOnlyKeysThatAreRead() {
        let read = Set(FrontMatterKey.all.map(\.name))
        for name in Self.rows.keys { #expect(read.contains(name), "the guide lists \(name), which Runway does not read") }
    }
}
