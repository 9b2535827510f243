import AttributedText
import Formatting
import HTMLRendering
import MarkdownParsing
import Foundation

// `make bench`: throughput of each stage on a generated corpus, next to cmark-gfm's own parse and
// render of the same text in the same run. Each figure is the best of several passes.

let passes = 5
let corpus = Corpus(pageCount: 3000)
let megabytes = Double(corpus.byteCount) / 1_000_000
let parser = MarkdownParser()
/// cmark-gfm as it comes: every GFM extension and footnotes, without Runway's attribute extension.
let cmarkOnly = MarkdownParser.Options(footnotes: true, extendedAttributes: false)
let renderer = HTMLRenderer()

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

func report(_ name: String, _ seconds: Double) {
    let rate = megabytes / seconds
    let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
    print("\(padded) \(String(format: "%8.1f", rate)) MB/s  \(String(format: "%7.1f", seconds * 1000)) ms")
}

// `RunwayBenchmarks parse` (or render, end-to-end, cmark, attributes, themed) runs one stage only,
// for a profiler; `RunwayBenchmarks site [pages]` is `make bench-site`; `RunwayBenchmarks generate
// [pages]` only writes the generated site (and its Hugo twin), for `make bench-serve`.
let only = CommandLine.arguments.dropFirst().first
if only == "generate" {
    try SiteBenchmark.generate(pageCount: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10_000)
    exit(0)
}
if only == "site" {
    try SiteBenchmark.run(pageCount: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10_000)
    exit(0)
}

print("corpus: \(corpus.pages.count) pages, \(String(format: "%.2f", megabytes)) MB, best of \(passes) passes")
var texts: [AttributedText] = []
var sink = 0
func stage(_ name: String, _ body: () -> Void) -> Double {
    only == nil || only == name || (name == "parse" && only == "render") ? best(body) : .nan
}
let parse = stage("parse") { texts = corpus.pages.map(parser.parse) }
let render = stage("render") { sink = texts.reduce(0) { $0 &+ renderer.render($1).utf8.count } }
let endToEnd = stage("end-to-end") { sink = corpus.pages.reduce(0) { $0 &+ renderer.render(parser.parse($1)).utf8.count } }
let cmark = stage("cmark") { sink = corpus.pages.reduce(0) { $0 &+ CmarkReference.html($1, options: cmarkOnly).utf8.count } }

let attributed = Corpus(pageCount: 3000, attributes: true)
let attributedMegabytes = Double(attributed.byteCount) / 1_000_000
let attributedEndToEnd = stage("attributes") {
    sink = attributed.pages.reduce(0) { $0 &+ renderer.render(parser.parse($1)).utf8.count }
}

// Themed: the default theme's scope and constraints, its stylesheet, and a page around the body.
let themeFolder = BundledResources.locate("themes", containing: "default/theme.toml").folder!
let theme = ThemeLibrary(folders: [themeFolder]).load("default").theme!
let themedParser = MarkdownParser(scope: theme.definition.scope)
let themedEndToEnd = stage("themed") {
    // A site writes its theme's stylesheet once; every page is parsed, constrained, rendered and wrapped.
    let css = ThemeStylesheet(theme: theme).css(usedValues: [])
    sink = attributed.pages.reduce(css.utf8.count) { total, page in
        let text = theme.definition.apply(to: themedParser.parse(page))
        return total &+ HTMLDocument(title: "page", body: renderer.render(text)).html.utf8.count
    }
}

report("parse → runs", parse)
report("runs → HTML", render)
report("end to end (parse + render)", endToEnd)
report("cmark-gfm parse + HTML (reference)", cmark)
let attributedRate = attributedMegabytes / attributedEndToEnd
print("""
    end to end, attributes in most sentences \(String(format: "%8.1f", attributedRate)) MB/s  \
    (\(String(format: "%.2f", attributedMegabytes)) MB; \(String(format: "%.0f", 100 * (1 - attributedRate / (megabytes / endToEnd))))% slower than plain, goal ≤ 20%)
    """)
let themedRate = attributedMegabytes / themedEndToEnd
print("""
    end to end, attributes, default theme    \(String(format: "%8.1f", themedRate)) MB/s  \
    (\(String(format: "%.0f", 100 * (1 - themedRate / attributedRate)))% slower than unthemed, goal ≤ 25%)
    """)
print("end to end / cmark-gfm: \(String(format: "%.2f", cmark / endToEnd)) (goal ≥ 0.50); runs: \(texts.reduce(0) { $0 + $1.runs.count })")
