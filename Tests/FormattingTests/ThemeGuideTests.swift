import Foundation
@testable import Formatting
import Testing

/// docs/content/themes.md against the code, so that the guide cannot drift: every key a theme file takes,
/// every style target and every styling attribute the code knows is in the guide, and the guide
/// names nothing the code does not take.
@Suite struct ThemeGuideTests {
    static let guide: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/content/themes.md").standardized
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The text of the guide's section under `heading`, up to the next heading of its level.
    static func section(_ heading: String) -> String {
        guard let start = guide.range(of: heading + "\n") else { return "" }
        let rest = guide[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func everyTopLevelKeyIsInTheExample() {
        let example = Self.section("## Theme files")
        #expect(!example.isEmpty)
        for key in ThemeFile.topLevelKeys {
            #expect(example.contains("\n\(key) =") || example.contains("[\(key).") || example.contains("[\(key)]") || example.contains("[[\(key)]]"),
                    "\(key)")
        }
    }

    @Test func everyStyleTargetIsListed() {
        let targets = Self.section("## Theme files")
        for name in StyleTarget.intentNames.keys where !name.hasPrefix("h") || name.count > 2 {
            #expect(targets.contains("`\(name)`"), "\(name)")
        }
        #expect(targets.contains("`h1` … `h6`"))
    }

    @Test func theVocabularyTableIsTheCodesVocabulary() {
        let rows = Self.section("## The styling vocabulary and its CSS").split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst()
        let documented = Set(rows.flatMap { row in
            row.split(separator: "|").first.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        })
        #expect(documented == Set(StyleAttribute.allCases.map(\.rawValue)))
    }

    @Test func everyTextStyleIsNamed() {
        let vocabulary = Self.section("## The styling vocabulary and its CSS")
        for style in TextStyle.allCases { #expect(vocabulary.contains("`\(style.rawValue)`"), "\(style)") }
    }
}
