import RunwayText
import Formatting
import Foundation
import HTMLRendering
import MarkdownParsing
import SyntaxHighlighting

/// Each figure is the best of this many passes.
let passes = 5

/// What one stage measured in its process: the best pass, the bytes of Markdown it went through, the
/// runs the parse made (parse stages) and the bytes it made (kept, so that no pass is optimized away).
struct Measurement {
    var seconds: Double
    var bytes: Int
    var runs: Int = 0
    var output: Int = 0

    var megabytes: Double { Double(bytes) / 1_000_000 }
    var rate: Double { megabytes / seconds }

    /// One line for the parent process: `seconds bytes runs output`.
    var line: String { "\(seconds) \(bytes) \(runs) \(output)" }

    init(seconds: Double, bytes: Int, runs: Int = 0, output: Int = 0) {
        (self.seconds, self.bytes, self.runs, self.output) = (seconds, bytes, runs, output)
    }

    init?(line: String) {
        let fields = line.split(separator: " ")
        guard fields.count == 4, let seconds = Double(fields[0]), let bytes = Int(fields[1]),
              let runs = Int(fields[2]), let output = Int(fields[3]) else { return nil }
        self.init(seconds: seconds, bytes: bytes, runs: runs, output: output)
    }
}

/// A stage of `make bench`. `RunwayBenchmarks <stage>` runs one alone (for a profiler such as perf);
/// `make bench` runs each in a process of its own, so that the process's peak memory is the stage's.
/// The `real-` stages go through the real-text corpus (RealCorpus), the others through the generated
/// one (Corpus); the baselines only build their corpus, to tell how much of a peak is the corpus itself.
enum Stage: String, CaseIterable {
    case baseline, parse, render, endToEnd = "end-to-end", cmark, attributes, themed
    case realBaseline = "real-baseline", realParse = "real-parse", realRender = "real-render"
    case realEndToEnd = "real-end-to-end", realCmark = "real-cmark"
    /// The code-heavy corpus (`CodeCorpus`): parse, callouts and render as a styled theme does,
    /// without highlighting; with it, from no cache and new Pygments processes each pass; and with
    /// every block's tokens cached.
    case codePlain = "code-plain", codeHighlighted = "code-highlighted", codeCached = "code-cached"

    var usesRealCorpus: Bool { rawValue.hasPrefix("real-") || rawValue.hasPrefix("code-") }

    var title: String {
        switch self {
        case .baseline, .realBaseline: "corpus only (baseline)"
        case .parse, .realParse: "parse → runs"
        case .render, .realRender: "runs → HTML"
        case .endToEnd, .realEndToEnd: "end to end (parse + render)"
        case .cmark, .realCmark: "cmark-gfm parse + HTML (reference)"
        case .attributes: "end to end, attributes in most sentences"
        case .themed: "end to end, attributes, default theme"
        case .codePlain: "code: parse + render, no highlighting"
        case .codeHighlighted: "code: highlighted, cold (new Pygments)"
        case .codeCached: "code: highlighted, tokens cached"
        }
    }

    /// Builds only what this stage needs, then times it.
    func measure(realCorpus folder: String) throws -> Measurement {
        let pages: [String]
        switch self {
        case .attributes, .themed: pages = Corpus(pageCount: 3000, attributes: true).pages
        case .codePlain, .codeHighlighted, .codeCached: pages = CodeCorpus(try RealCorpus(folder: folder)).pages
        case _ where usesRealCorpus: pages = try RealCorpus(folder: folder).pages
        default: pages = Corpus(pageCount: 3000).pages
        }
        let bytes = pages.reduce(0) { $0 + $1.utf8.count }
        let parser = MarkdownParser()
        let renderer = HTMLRenderer()
        var output = 0
        var runs = 0
        let seconds: Double
        switch self {
        case .baseline, .realBaseline:
            seconds = .nan
        case .parse, .realParse:
            var texts: [AttributedText] = []
            seconds = best { texts = pages.map(parser.parse) }
            runs = texts.reduce(0) { $0 + $1.runs.count }
        case .render, .realRender:
            let texts = pages.map(parser.parse)
            seconds = best { output = texts.reduce(0) { $0 &+ renderer.render($1).utf8.count } }
        case .endToEnd, .realEndToEnd, .attributes:
            seconds = best { output = pages.reduce(0) { $0 &+ renderer.render(parser.parse($1)).utf8.count } }
        case .cmark, .realCmark:
            /// cmark-gfm as it comes: every GFM extension and footnotes, without Runway's attribute extension.
            let cmarkOnly = MarkdownParser.Options(footnotes: true, extendedAttributes: false)
            seconds = best { output = pages.reduce(0) { $0 &+ CmarkReference.html($1, options: cmarkOnly).utf8.count } }
        case .codePlain, .codeHighlighted, .codeCached:
            // As a site under a styled theme renders: callouts, code lines; and the highlighter.
            let lines = HTMLRenderer(options: .init(codeLines: true))
            let warm = CodeHighlighter(cache: TokenCache())
            if self == .codeCached { for page in pages { _ = warm.highlight(parser.parse(page)) } }
            let requestsBefore = warm.tokenizer.requestCount
            seconds = best {
                let highlighter: CodeHighlighter? = switch self {
                case .codeHighlighted: CodeHighlighter(tokenizer: PygmentsTokenizer(), cache: TokenCache())
                case .codeCached: warm
                default: nil
                }
                output = pages.reduce(0) { total, page in
                    var text = GitHubAlerts.mark(parser.parse(page))
                    if let highlighter { text = highlighter.highlight(text).text }
                    return total &+ lines.render(text).utf8.count
                }
            }
            // Runs: how many blocks the cached passes sent to the tokenizer (none, if the cache works).
            runs = self == .codeCached ? warm.tokenizer.requestCount - requestsBefore : 0
        case .themed:
            // Themed: the default theme's scope and constraints, its stylesheet, and a page around the body.
            let themeFolder = BundledResources.locate("themes", containing: "default/theme.toml").folder!
            let theme = ThemeLibrary(folders: [themeFolder]).load("default").theme!
            let themedParser = MarkdownParser(scope: theme.definition.scope)
            seconds = best {
                // A site writes its theme's stylesheet once; every page is parsed, constrained, rendered and wrapped.
                let css = ThemeStylesheet(theme: theme).css(usedValues: [])
                output = pages.reduce(css.utf8.count) { total, page in
                    let text = theme.definition.apply(to: themedParser.parse(page))
                    return total &+ HTMLDocument(title: "page", body: renderer.render(text)).html.utf8.count
                }
            }
        }
        return Measurement(seconds: seconds, bytes: bytes, runs: runs, output: output)
    }
}

func best(_ body: () -> Void) -> Double {
    var fastest = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<passes {
        let elapsed = clock.measure(body)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        fastest = min(fastest, seconds)
    }
    return fastest
}
