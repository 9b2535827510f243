public import RunwayText

/// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` (in any case, alone on its line, not escaped) becomes a callout: its block
/// quote component carries the `PresentationIntent.Callout`, and the marker line leaves the text.
///
/// As on GitHub, only a quote at the top of the document counts, and only one with more than the
/// marker. cmark-gfm knows nothing of alerts, so styled themes apply this to parsed text; the
/// plain theme does not, and keeps cmark-gfm's HTML.
public enum GitHubAlerts {
    /// The text with its alerts made callouts; the text itself when it has none. `source`, the
    /// Markdown `text` was parsed from, tells a marker from one written with an escape or an
    /// entity (`\[!NOTE]`, `&#91;!NOTE]`), which is text; without it, both are markers.
    public static func mark(_ text: AttributedText, source: String? = nil) -> AttributedText {
        // Most pages have no `[!` at all: one pass over the bytes tells.
        var string = text.string
        let mayHaveAlert = string.withUTF8 { bytes in
            bytes.indices.dropLast().contains { bytes[$0] == UInt8(ascii: "[") && bytes[$0 + 1] == UInt8(ascii: "!") }
        }
        guard mayHaveAlert else { return text }
        let runs = text.runs
        var callouts: [Int: PresentationIntent.Callout] = [:]
        var dropped = Set<Int>()
        let source = source.map(Source.init)
        for index in runs.indices {
            guard let (quote, callout) = marker(at: index, in: text, source: source) else { continue }
            let paragraph = runs[index].attributes.presentationIntent
            let next = index + 1 < runs.count ? runs[index + 1] : nil
            if let next, next.attributes.presentationIntent == paragraph,
               let kind = next.attributes.inlineIntent?.innermost?.kind, kind == .softBreak || kind == .lineBreak,
               next.attributes.inlineIntent?.depth == 1 {
                // `[!NOTE]`, a line break, and the paragraph goes on.
                dropped.formUnion([index, index + 1])
            } else if let next, contains(next.attributes.presentationIntent, identity: quote), next.attributes.presentationIntent != paragraph {
                // The marker is the quote's first paragraph: the paragraph goes.
                dropped.insert(index)
            } else {
                continue
            }
            callouts[quote] = callout
        }
        guard !callouts.isEmpty else { return text }
        var builder = AttributedText.Builder(reservingCapacity: text.string.utf8.count, runCount: runs.count)
        var rewritten: [PresentationIntent: PresentationIntent] = [:]
        let utf8 = Array(text.string.utf8)
        for (index, run) in runs.enumerated() where !dropped.contains(index) {
            var attributes = run.attributes
            if let intent = attributes.presentationIntent, let top = intent.componentsInnermostFirst.reversed().first,
               let callout = callouts[top.identity] {
                if let known = rewritten[intent] {
                    attributes.presentationIntent = known
                } else {
                    var components = intent.components
                    components[components.count - 1].kind = .blockQuote(callout: callout)
                    let marked = PresentationIntent(components: components)
                    rewritten[intent] = marked
                    attributes.presentationIntent = marked
                }
            }
            builder.append(bytes: utf8[run.range], attributes: attributes, sourceRange: run.sourceRange)
        }
        return builder.build()
    }

    /// The quote's identity and the callout, when the run at `index` is an alert's marker: plain
    /// text, the first of a paragraph that opens a top-level quote.
    private static func marker(at index: Int, in text: AttributedText, source: Source?) -> (quote: Int, callout: PresentationIntent.Callout)? {
        let run = text.runs[index]
        guard (run.attributes.inlineIntent?.depth ?? 0) == 0, let intent = run.attributes.presentationIntent, intent.depth == 2,
              case .paragraph? = intent.innermost?.kind, let quote = intent.enclosing?.innermost,
              case .blockQuote(nil) = quote.kind,
              index == 0 || !contains(text.runs[index - 1].attributes.presentationIntent, identity: quote.identity)
        else { return nil }
        var word = text[run]
        while let last = word.last, last == " " || last == "\t" { word = word.dropLast() }
        guard word.hasPrefix("[!"), word.hasSuffix("]"), word.count > 3,
              let callout = PresentationIntent.Callout(rawValue: word.dropFirst(2).dropLast().lowercased())
        else { return nil }
        // Written as it reads: an escaped bracket (`\[!NOTE]`) or an entity makes it text, as on
        // GitHub.
        // cmark-gfm gives a paragraph that a table follows the document's start (`1:1-1:1`, or a
        // column 0): such a range, which cannot hold the word, says nothing, and any quote line
        // holding the marker alone as written tells instead.
        if let source, let range = run.sourceRange, !source.has(word, at: range.start) {
            let believable = range.start.column >= 1 && (range.start.line != range.end.line
                || range.end.column - range.start.column >= word.utf8.count)
            guard !believable, source.lines.contains(where: { source.quoteLine($0, holdsOnly: word) }) else { return nil }
        }
        return (quote.identity, callout)
    }

    /// The Markdown a text was parsed from, its lines found when first needed.
    private final class Source {
        let utf8: [UInt8]
        /// Where each line starts, in bytes.
        lazy var lineStarts: [Int] = [0] + utf8.indices.filter { utf8[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }

        init(_ text: String) {
            utf8 = Array(text.utf8)
        }

        /// Whether the source has `word`'s bytes at `position`.
        func has(_ word: Substring, at position: SourcePosition) -> Bool {
            guard position.line >= 1, position.line <= lineStarts.count, position.column >= 1 else { return false }
            let start = lineStarts[position.line - 1] + position.column - 1
            return start + word.utf8.count <= utf8.count && utf8[start..<start + word.utf8.count].elementsEqual(word.utf8)
        }

        /// The numbers of its lines, from 1.
        var lines: ClosedRange<Int> { 1...lineStarts.count }

        /// Whether line `line` (from 1) is a quote's line holding `word` alone (`> [!NOTE]`, up to
        /// three spaces before the `>`).
        func quoteLine(_ line: Int, holdsOnly word: Substring) -> Bool {
            guard line >= 1, line <= lineStarts.count else { return false }
            let end = line < lineStarts.count ? lineStarts[line] - 1 : utf8.count
            var bytes = utf8[lineStarts[line - 1]..<end]
            let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
            let indented = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            bytes = bytes.dropFirst(indented)
            guard indented <= 3, bytes.first == UInt8(ascii: ">") else { return false }
            bytes = bytes.dropFirst().drop(while: blank)
            while let last = bytes.last, blank(last) { bytes = bytes.dropLast() }
            return bytes.elementsEqual(word.utf8)
        }
    }

    private static func contains(_ intent: PresentationIntent?, identity: Int) -> Bool {
        intent?.componentsInnermostFirst.contains { $0.identity == identity } ?? false
    }
}
