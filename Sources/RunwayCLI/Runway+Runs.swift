import ArgumentParser
import RunwayText
import Formatting
import Foundation
import MarkdownParsing
import SiteContent

extension Runway {
    /// `runway runs <file|-> [--json]`: the runs the renderer sees.
    struct Runs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the attributed runs of a Markdown file.",
            discussion: """
                With --json, prints {"runs": [{"text": …, "sourceRange": …, "attributes": {…}}]}, one \
                object per run in order: presentationIntent (blocks, innermost first), \
                inlinePresentationIntent (Foundation's raw value), inlineIntent, link, imageURL, math (with \
                --math: inline or display), and each custom attribute under its own name. Without --theme the attributes are as parsed; with \
                --theme, after the theme's scope, constraints and attribute containers.
                """
        )

        @OptionGroup var input: InputOptions

        @OptionGroup var theme: ThemeOptions

        @Flag(help: "Print the runs as JSON.")
        var json = false

        @Flag(help: "Read $…$, $$…$$ and fenced math blocks as formulas (runs with the math attribute), as [markdown] math = true does.")
        var math = false

        func run() throws {
            let themes = try theme.load()
            let source = try SourceText.read(input.file)
            // As a site reads it: a heading's own id (`{#install}`) is its intent's.
            var options = MarkdownParser.Options(headingIDs: true)
            options.math = math
            let parsed = MarkdownParser(options: options, scope: themes.first?.definition.scope).parse(source.text, path: source.path)
            Terminal.report(parsed.diagnostics)
            // An error (a table too large to parse) leaves nothing to show.
            if parsed.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
            // With a theme: after its scope, constraints and containers.
            let highlighted = ThemeOptions.highlighted(parsed.text, source: source, themes: themes)
            let text = themes.first.map { $0.resolve(highlighted) } ?? parsed.text
            if json {
                try Terminal.stream { try RunJSON.write(text, to: $0) }
            } else {
                Terminal.stream { RunListing(text).write(to: $0) }
            }
        }
    }
}
