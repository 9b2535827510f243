import ArgumentParser
import AttributedText
import HTMLRendering
import MarkdownParsing
import SiteBuilding

extension Runway {
    /// `runway render <file|->`: Markdown to HTML.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a Markdown file to HTML.",
            discussion: """
                Prints a standalone HTML document, or with --fragment only the body's HTML. \
                With the built-in plain theme, the fragment equals cmark-gfm's own HTML renderer.
                """
        )

        @OptionGroup var input: InputOptions

        @Flag(help: "Print only the body HTML of the document.")
        var fragment = false

        @Flag(help: "Write raw HTML and javascript:-style links as they are (unsafe; off by default).")
        var unsafe = false

        func run() throws {
            let source = try SourceText.read(input.file)
            let parsed = MarkdownParser().parse(source.text, path: source.path)
            Terminal.report(parsed.diagnostics)
            let text = parsed.text
            let body = HTMLRenderer(options: .init(allowsRawHTML: unsafe)).render(text)
            if fragment {
                Terminal.print(body)
            } else {
                let title = DocumentTitle.firstHeading(in: text) ?? input.defaultTitle
                Terminal.print(HTMLDocument(title: title, body: body).html)
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
