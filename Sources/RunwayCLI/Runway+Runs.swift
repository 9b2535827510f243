import ArgumentParser
import AttributedText
import Foundation
import MarkdownParsing
import SiteBuilding

extension Runway {
    /// `runway runs <file|-> [--json]`: the runs the renderer sees.
    struct Runs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the attributed runs of a Markdown file.",
            discussion: """
                With --json, prints {"runs": [{"text": …, "sourceRange": …, "attributes": {…}}]}, one \
                object per run in order: presentationIntent (blocks, innermost first), \
                inlinePresentationIntent (Foundation's raw value), inlineIntent, link, imageURL, and each \
                custom attribute under its own name.
                """
        )

        @OptionGroup var input: InputOptions

        @Flag(help: "Print the runs as JSON.")
        var json = false

        func run() throws {
            let source = try SourceText.read(input.file)
            let parsed = MarkdownParser().parse(source.text, path: source.path)
            Terminal.report(parsed.diagnostics)
            let text = parsed.text
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                Terminal.print(String(decoding: try encoder.encode(text), as: UTF8.self) + "\n")
            } else {
                Terminal.print(RunListing(text).description)
            }
        }
    }
}
