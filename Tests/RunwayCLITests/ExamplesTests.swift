import Foundation
import Testing

/// Issue 17, points 1 and 2: every Swift example in the README and in `docs/` is a program of
/// `Examples/` (which `make test` builds, beside Foundation), shown whole, and what it prints is
/// what `expected-output.txt` beside it says; every Swift block of the API documentation (`///`
/// comments, DocC articles) is part of one.
@Suite struct ExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    static let marker = "<!-- example: "

    /// The Markdown files whose Swift blocks are examples: the README and every page of `docs/`.
    static var documents: [String] {
        let docs = (FileManager.default.enumerator(atPath: root + "/docs/content")?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { root + "/docs/content/" + $0 }
        return [root + "/README.md"] + docs
    }

    /// Each fenced Swift block (`swift` and nothing after it) of `lines`: the index of its fence and
    /// its lines. A `nil` line (not part of the text) ends a block, as its closing fence does.
    static func fencedSwift(_ lines: [String?]) -> [(fence: Int, code: [String])] {
        var blocks: [(Int, [String])] = []
        var index = 0
        while index < lines.count {
            if lines[index] == "```swift" {
                var end = index + 1
                while end < lines.count, let line = lines[end], line != "```" { end += 1 }
                blocks.append((index, lines[(index + 1)..<end].compactMap { $0 }))
                index = end
            }
            index += 1
        }
        return blocks
    }

    /// Each fenced Swift block of `file`, with the example the line above it names (or nil).
    static func swiftBlocks(in file: String) throws -> [(example: String?, code: String, line: Int)] {
        let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        return fencedSwift(lines).map { fence, code in
            let above = fence > 0 ? lines[fence - 1] : ""
            let example = above.hasPrefix(marker) && above.hasSuffix(" -->") ? String(above.dropFirst(marker.count).dropLast(4)) : nil
            return (example, code.map { $0 + "\n" }.joined(), fence + 1)
        }
    }

    @Test func everySwiftBlockIsAnExampleShownWhole() throws {
        var shown = Set<String>()
        for file in Self.documents {
            for block in try Self.swiftBlocks(in: file) {
                let place = "\(file):\(block.line)"
                let example = try #require(block.example, "\(place): a Swift block that is not an example (put <!-- example: Examples/NAME/main.swift --> above it)")
                let source = try String(contentsOfFile: Self.root + "/" + example, encoding: .utf8)
                #expect(block.code == source, "\(place) differs from \(example)")
                #expect(block.code.hasPrefix("import Foundation\n"), "\(place): examples import Foundation, as real programs do")
                shown.insert(example)
            }
        }
        #expect(shown.count >= 2 && shown.contains("Examples/LibraryTour/main.swift"), "\(shown)")
    }

    /// The Swift blocks (fenced `swift`, nothing after it) of the libraries' `///` comments and DocC
    /// articles, with where each starts.
    static func apiDocumentationBlocks() throws -> [(code: [String], place: String)] {
        let sources = (FileManager.default.enumerator(atPath: root + "/Sources")?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") || ($0.contains(".docc/") && $0.hasSuffix(".md")) }.sorted()
        var blocks: [(code: [String], place: String)] = []
        for source in sources {
            let article = source.hasSuffix(".md")
            // A comment's lines without their `///` (and the space after it); an article's as they are.
            let lines = try String(contentsOfFile: root + "/Sources/" + source, encoding: .utf8).components(separatedBy: "\n").map { line -> String? in
                if article { return line }
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("///") else { return nil }
                let text = trimmed.dropFirst(3)
                return String(text.hasPrefix(" ") ? text.dropFirst() : text)
            }
            blocks += fencedSwift(lines).map { ($0.code, "Sources/\(source):\($0.fence + 1)") }
        }
        return blocks
    }

    /// A program's lines as a block is compared with them: indentation and blank lines left out.
    static func significantLines(_ lines: [String]) -> [String] {
        lines.map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty }
    }

    @Test func everySwiftBlockOfTheAPIDocumentationIsPartOfAnExample() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Examples").sorted().map {
            Self.significantLines(try String(contentsOfFile: Self.root + "/Examples/\($0)/main.swift", encoding: .utf8).components(separatedBy: "\n"))
        }
        let blocks = try Self.apiDocumentationBlocks()
        #expect(blocks.count >= 8, "\(blocks.map(\.place))")
        for block in blocks {
            let wanted = Self.significantLines(block.code)
            let found = !wanted.isEmpty && examples.contains { lines in
                lines.count >= wanted.count && (0...(lines.count - wanted.count)).contains { Array(lines[$0..<($0 + wanted.count)]) == wanted }
            }
            #expect(found, "\(block.place): a Swift block that no program of Examples/ holds line for line (add it to Examples/DocumentationSnippets)")
        }
    }

    @Test(arguments: ["LibraryTour", "ContactsDefinition", "DocumentationSnippets"])
    func anExamplePrintsWhatItSays(name: String) throws {
        let program = RunwayProcess.executable.deletingLastPathComponent().appendingPathComponent(name).path
        let result = try RunwayProcess.runTool(program, [])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let expected = try String(contentsOfFile: Self.root + "/Examples/\(name)/expected-output.txt", encoding: .utf8)
        #expect(result.stdout == expected)
    }

    /// Every example folder is listed above and built by the package.
    @Test func everyExampleIsRun() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Examples").sorted()
        #expect(folders == ["ContactsDefinition", "DocumentationSnippets", "LibraryTour"])
        let package = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        for folder in folders { #expect(package.contains("path: \"Examples/\(folder)\"")) }
    }
}
