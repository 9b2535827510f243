import ArgumentParser
import RunwayText
import Formatting
import MarkdownParsing
import SiteContent
import SyntaxHighlighting

/// `--theme <name>`, shared by the commands that render or show styled runs.
struct ThemeOptions: ParsableArguments {
    @Option(name: .customLong("theme"),
            help: ArgumentHelp("A theme from ./themes or Runway's own (plain, default, menlo, times, important). Repeat it to offer several; the first is in force.",
                               valueName: "name"))
    var names: [String] = []

    /// The named themes, loaded with their ancestors; problems are reported, and an error stops.
    func load() throws -> [Theme] {
        let library = ThemeLibrary.standard(site: ".")
        var themes: [Theme] = []
        var diagnostics: [Diagnostic] = []
        for name in names {
            let (theme, found) = library.load(name)
            diagnostics += found
            if let theme { themes.append(theme) }
        }
        Terminal.report(diagnostics)
        if diagnostics.contains(where: { $0.severity == .error }) || themes.count < names.count { throw ExitCode.failure }
        return themes
    }

    /// `text` (parsed from `source`) with its alerts made callouts and its fenced code highlighted when the theme in force
    /// (the first) is styled, as site builds do; `plain` keeps cmark-gfm's HTML. Blocks left plain
    /// for a reason are warned about (a missing tokenizer once).
    static func highlighted(_ text: AttributedText, source: SourceText, themes: [Theme]) -> AttributedText {
        guard themes.first?.isStyled == true else { return text }
        let path = source.path
        let (highlighted, problems) = CodeHighlighter.shared.highlight(GitHubAlerts.mark(text, source: source.text))
        Terminal.report(CodeHighlighter.collapsingUnavailable(problems.map {
            Diagnostic(.warning, $0.message, path: path, position: $0.position)
        }))
        return highlighted
    }
}
