import RunwayText
import MarkdownParsing

/// Compact views of parsed runs, for tests that read like the examples.
extension AttributedText {
    var texts: [String] { runs.map { String(self[$0]) } }
    var flatIntents: [Int] { runs.map { $0.attributes.inlinePresentationIntent?.rawValue ?? 0 } }

    /// Each run's blocks, innermost first, as `kind:identity`.
    var blockPaths: [[String]] {
        runs.map { ($0.attributes.presentationIntent?.components ?? []).map { "\($0.kind.name):\($0.identity)" } }
    }
}

func parse(_ markdown: String, options: MarkdownParser.Options = .default) -> AttributedText {
    MarkdownParser(options: options).parse(markdown)
}
