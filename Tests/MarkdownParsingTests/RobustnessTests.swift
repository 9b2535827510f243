import RunwayText
import MarkdownParsing
import Testing

/// Pathological inputs parse without crashing and in linear time (checked by `make bench`-style
/// inspection, not timed here): nesting is walked iteratively and intents are built lazily.
@Suite struct RobustnessTests {
    @Test(arguments: [
        String(repeating: ">", count: 20_000) + " deep",
        String(repeating: "- ", count: 5_000) + "deep",
        String(repeating: "[", count: 50_000) + "a" + String(repeating: "]", count: 50_000),
        String(repeating: "*", count: 50_000) + "a" + String(repeating: "*", count: 50_000),
        String(repeating: "a\u{0}b ", count: 1_000),
    ])
    func pathologicalInputParses(markdown: String) {
        let text = parse(markdown)
        #expect(!text.runs.isEmpty)
        #expect(text.runs.last!.range.upperBound == text.string.utf8.count)
    }

    @Test func deepQuotesKeepEveryLevel() {
        let text = parse(String(repeating: ">", count: 1_000) + " deep")
        #expect(text.runs.count == 1)
        #expect(text.runs[0].attributes.presentationIntent?.components.count == 1_001)
    }
}
