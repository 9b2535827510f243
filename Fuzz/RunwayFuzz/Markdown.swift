import RunwayText
import HTMLRendering
import MarkdownParsing

/// `make fuzz TARGET=markdown` (the default): parse + render of arbitrary bytes, checking the run
/// model's invariants. Seeds: `Fuzz/seeds/markdown/`.
enum MarkdownTarget {
    /// One input: parsed as Markdown, its runs checked to cover the text, rendered in both modes.
    static func exercise(_ bytes: UnsafeRawBufferPointer) {
        let markdown = String(decoding: bytes, as: UTF8.self)
        let parsed = MarkdownParser().parse(markdown, path: "fuzz.md")
        let text = parsed.text
        var end = 0
        for run in text.runs {
            precondition(run.range.lowerBound == end, "runs must cover the text without gaps")
            end = run.range.upperBound
        }
        precondition(end == text.string.utf8.count, "runs must cover the whole text")
        _ = HTMLRenderer().render(text)
        _ = HTMLRenderer(options: .init(allowsRawHTML: true)).render(text)
    }
}
