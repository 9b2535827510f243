import RunwayText
import Foundation
@testable import MarkdownParsing
import CCmarkGFM
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

    /// A parse inside another parse's walk (a template filter that renders Markdown, say) gets an
    /// arena of its own, and the outer walk's arena is current again after it.
    @Test func aParseInsideAParseKeepsTheOuterArena() {
        let outer = "Outer [link](https://x.io \"title\") and more text.\n"
        let expected = MarkdownParser().parse(outer)
        let text = CmarkDocument.withDocument(outer, options: .default) { root in
            #expect(MarkdownParser().parse("*inner*").texts == ["inner"])
            // Reading the outer tree may allocate from its arena: the literal of a text node points
            // into its paragraph's buffer, and cmark copies it to end it with a NUL.
            let text = root.pointee.first_child?.pointee.first_child
            #expect(text.flatMap { cmark_node_get_literal($0) }.map { String(cString: $0) } == "Outer ")
            var converter = RunConverter(extensions: CmarkDocument.extensionIdentities, sourceSize: outer.utf8.count,
                                         path: "<outer>", scope: nil)
            return converter.convert(root)
        }
        #expect(text == expected)
    }
}
