import AttributedText
import Foundation
import MarkdownParsing
import Testing

/// Each parse allocates its cmark tree from an arena of its own, current on its thread: parses on
/// many threads at once must neither share nor lose one (a tree read after its arena is gone, or
/// from another thread's arena, would give wrong runs or crash).
@Suite struct ArenaTests {
    @Test func parallelParsesGiveWhatOneParseGives() async {
        let documents = (0..<64).map { index in
            (0..<(index % 7 + 1)).map { "# Title \(index)\n\n- a [link \($0)](https://x.io/\($0) \"t\") `code` *em*\n\n| a | b |\n|---|---|\n| \($0) | ^[x](k: \($0)) |\n" }.joined()
        }
        let expected = documents.map { MarkdownParser().parse($0) }
        let results = await withTaskGroup(of: (Int, AttributedText).self) { group in
            for _ in 0..<4 {
                for (index, document) in documents.enumerated() {
                    group.addTask { (index, MarkdownParser().parse(document)) }
                }
            }
            var results: [(Int, AttributedText)] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == documents.count * 4)
        for (index, text) in results { #expect(text == expected[index], "document \(index)") }
    }

    /// A document far larger than the first slab, and one that is empty.
    @Test func largeAndEmptyDocuments() {
        let large = String(repeating: "Some *text* with `code` and [a link](u).\n\n", count: 50_000)
        let text = MarkdownParser().parse(large)
        #expect(text.runs.count == 50_000 * 7)
        #expect(MarkdownParser().parse("").runs.isEmpty)
    }
}
