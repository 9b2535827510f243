import RunwayText
import MarkdownParsing
import Testing

/// cmark-gfm's inline special-character table is process-global: without Runway's lock, parsing on
/// several threads at once loses strikethrough in a large share of documents. The lock covers only
/// finishing a document; making and feeding parsers (block structure, tables, task lists, link
/// reference definitions) runs on every thread at once.
@Suite struct ConcurrencyTests {
    static let documents: [String] = (0..<400).map { index in
        "# Doc \(index)\n\n~~gone \(index)~~ and *kept* www.x\(index).com | `c`\n\n| a | b |\n|---|---|\n| ~~\(index)~~ | [^n] |\n\n[^n]: note \(index)\n"
    }

    @Test func parsingOnManyThreadsGivesTheSerialResult() async {
        let parser = MarkdownParser()
        let serial = Self.documents.map(parser.parse)
        for _ in 0..<3 {
            let parallel = await withTaskGroup(of: (Int, AttributedText).self) { group in
                for (index, document) in Self.documents.enumerated() {
                    group.addTask { (index, parser.parse(document)) }
                }
                var results = [AttributedText?](repeating: nil, count: Self.documents.count)
                for await (index, text) in group { results[index] = text }
                return results
            }
            #expect(parallel == serial)
        }
        #expect(serial.allSatisfy { $0.flatIntents.contains(32) })
    }

    /// Documents of many sizes, so that some are fed while others finish: spans (whose extension
    /// keeps its state in globals while inlines are parsed), reference definitions (read while a
    /// document is fed), tables, task lists and autolinks each come out as a serial parse gives them.
    @Test func feedingWhileOthersFinishGivesTheSerialResult() async {
        let documents: [String] = (0..<300).map { index in
            let block = "- [x] ^[task \(index)](customColor: 'danger') ~~old~~ [ref \(index)][r\(index)]\n"
                + "| a | ^[b](customColor: 'warning') |\n|---|---|\n| www.x\(index).org | ~~\(index)~~ |\n\n"
                + "[r\(index)]: /target-\(index) \"Title \(index)\"\n\n"
            return String(repeating: block, count: 1 + index % 17)
        }
        let parser = MarkdownParser()
        let serial = documents.map { parser.parse($0, path: "doc.md") }
        for _ in 0..<3 {
            let parallel = await withTaskGroup(of: (Int, ParsedMarkdown).self) { group in
                for (index, document) in documents.enumerated() {
                    group.addTask { (index, parser.parse(document, path: "doc.md")) }
                }
                var results = [ParsedMarkdown?](repeating: nil, count: documents.count)
                for await (index, parsed) in group { results[index] = parsed }
                return results
            }
            #expect(parallel == serial)
        }
        let spans = serial.map { $0.text.runs.filter { !$0.attributes.customAttributes.isEmpty }.count }
        #expect(spans.enumerated().allSatisfy { index, count in count == 2 * (1 + index % 17) }, "\(spans.prefix(5))")
        #expect(serial.allSatisfy { $0.text.runs.contains { $0.attributes.link?.hasPrefix("/target-") == true } })
    }
}
