import RunwayText
import MarkdownParsing
import Testing

/// cmark-gfm's inline special-character table is process-global: without Runway's lock, parsing on
/// several threads at once loses strikethrough in a large share of documents.
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
}
