import ArgumentParser
import RunwayText
import Formatting
import HTMLRendering
import MarkdownParsing
import SiteContent

extension Runway {
    /// `runway render <file|->`: Markdown to HTML.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a Markdown file to HTML.",
            discussion: """
                Prints a standalone HTML document with each theme's CSS embedded, or with --fragment only \
                the body's HTML. Without a theme, or with plain, the HTML of plain Markdown equals \
                cmark-gfm's own renderer.
                """
        )

        @OptionGroup var input: InputOptions

        @OptionGroup var theme: ThemeOptions

        @Flag(help: "Print only the body HTML of the document.")
        var fragment = false

        @Flag(help: "Write raw HTML and javascript:-style links as they are (unsafe; off by default).")
        var unsafe = false

        @Flag(help: "Give headings ids (GitHub-style slugs, unique in the document, or their own: ## Setup {#install}) and anchor links, as site builds do.")
        var headingIds = false

        func run() throws {
            let themes = try theme.load()
            let source = try SourceText.read(input.file)
            // The first theme's definition decides the HTML; every theme shares that HTML.
            let definition = themes.first?.definition
            let parsed = MarkdownParser(options: .init(headingIDs: headingIds), scope: definition?.scope).parse(source.text, path: source.path)
            Terminal.report(parsed.diagnostics)
            // An error (a table too large to parse) leaves nothing to show.
            if parsed.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
            let text = ThemeOptions.highlighted(definition.map { $0.apply(to: parsed.text) } ?? parsed.text, source: source,
                                                themes: themes)
            let styled = themes.first?.isStyled ?? false
            let body = HTMLRenderer(options: .init(allowsRawHTML: unsafe, headingIDs: headingIds, codeLines: styled)).render(text)
            if fragment {
                Terminal.print(body)
            } else {
                let title = DocumentTitle.firstHeading(in: text) ?? input.defaultTitle
                let used = text.spanValues
                let stylesheets = themes.map { ($0.name, ThemeStylesheet(theme: $0).css(usedValues: used)) }
                Terminal.print(HTMLDocument(title: title, stylesheets: stylesheets, body: body).html)
            }
        }
    }
}

/// The input file argument every command that reads one Markdown file shares.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The Markdown file to read, or - for standard input.", valueName: "file"))
    var file: String

    /// The file's name without its extension, for a document without a heading.
    var defaultTitle: String {
        guard file != "-" else { return "Untitled" }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.split(separator: ".").dropLast().joined(separator: ".").isEmpty
            ? name : name.split(separator: ".").dropLast().joined(separator: ".")
    }
}
