package import RunwayText
import Foundation
package import HTMLRendering

/// What lists and feeds show of a page: its summary as HTML and as plain text. It is the front
/// matter's `summary` (Markdown); else the content before a `<!--more-->` marker (a leading title
/// heading left out); else the first paragraph.
package struct PageSummary: Sendable, Hashable {
    package var html: String
    package var text: String

    package init(html: String, text: String) {
        self.html = html
        self.text = text
    }

    /// The marker that ends a summary written in the content.
    static let marker = "<!--more-->"

    /// The summary of a page whose runs are `text` (the summary its front matter writes, parsed,
    /// when it writes one: `written`), rendered by `renderer`.
    /// Its links and images, written relative to the page at `pageURL`, are made relative to the
    /// site's root, and its footnote references lead to the page's footnotes: the summary is
    /// shown on other pages (lists, feeds).
    package static func of(_ text: AttributedText, written: AttributedText?, renderer: HTMLRenderer, pageURL: String = "/") -> PageSummary {
        let part = self.part(of: text, written: written)
        var renderer = renderer
        if written == nil { renderer.footnotesPage = pageURL }
        return PageSummary(html: renderer.render(rooted(part, at: pageURL)), text: plainText(of: part))
    }

    /// `text` with its relative links and images made relative to the site's root (``SiteURL/rootRelative(_:from:)``).
    static func rooted(_ text: AttributedText, at pageURL: String) -> AttributedText {
        var needed = false
        text.forEachNewInlineComponent(climbing: { !needed && $0.containsLink }) { component, _ in
            switch component.kind {
            case .link(let destination, _), .image(let destination, _): needed = needed || SiteURL.rootRelative(destination, from: pageURL) != nil
            default: break
            }
        }
        guard needed else { return text }
        var rooting = InlineIntent.Rewriting { component in
            switch component.kind {
            case .link(let destination, let title):
                guard let rooted = SiteURL.rootRelative(destination, from: pageURL) else { return component }
                return InlineIntent.Component(kind: .link(destination: rooted, title: title), identity: component.identity)
            case .image(let source, let title):
                guard let rooted = SiteURL.rootRelative(source, from: pageURL) else { return component }
                return InlineIntent.Component(kind: .image(source: rooted, title: title), identity: component.identity)
            default:
                return component
            }
        }
        return text.mappingAttributes { original in
            var attributes = original
            if let intent = attributes.inlineIntent { attributes.inlineIntent = rooting(intent) }
            return attributes
        }
    }

    /// Whether the text marks where its summary ends (`<!--more-->`).
    package static func hasMarker(_ text: AttributedText) -> Bool {
        text.runs.contains { isHTML($0) && text[$0].contains(Self.marker) }
    }

    /// The runs a summary shows (see ``of(_:written:renderer:)``).
    package static func part(of text: AttributedText, written: AttributedText?) -> AttributedText {
        if let written {
            return written
        } else if let marker = text.runs.first(where: { isHTML($0) && text[$0].contains(Self.marker) }) {
            return text[titleEnd(of: text)..<max(titleEnd(of: text), marker.range.lowerBound)]
        } else if let range = firstParagraph(of: text) {
            return text[range]
        }
        return AttributedText()
    }

    /// Where a text's leading top-level heading (its title, which a summary leaves out) ends, or
    /// 0 when it does not begin with one.
    static func titleEnd(of text: AttributedText) -> Int {
        guard let first = text.runs.first?.attributes.presentationIntent?.innermost, case .header(1, _) = first.kind else { return 0 }
        var end = 0
        for run in text.runs {
            guard run.attributes.presentationIntent?.innermost?.identity == first.identity else { break }
            end = run.range.upperBound
        }
        return end
    }

    /// The UTF-8 range of the first paragraph that is not inside another block.
    static func firstParagraph(of text: AttributedText) -> Range<Int>? {
        var identity: Int?
        var range: Range<Int>?
        for run in text.runs {
            guard let intent = run.attributes.presentationIntent, intent.depth == 1, let block = intent.innermost,
                  case .paragraph = block.kind, identity == nil || identity == block.identity else {
                if identity != nil { break }
                continue
            }
            identity = block.identity
            range = (range?.lowerBound ?? run.range.lowerBound)..<run.range.upperBound
        }
        return range
    }

    /// The text of `text`'s runs as a reader sees it: breaks and the ends of blocks as spaces, raw
    /// HTML left out, runs of white space as one space.
    package static func plainText(of text: AttributedText) -> String {
        var plain = ""
        var block: Int?
        for run in text.runs where !isHTML(run) {
            let innermost = run.attributes.presentationIntent?.innermost?.identity
            if innermost != block { plain += " " }
            block = innermost
            switch run.attributes.inlineIntent?.innermost?.kind {
            case .softBreak?, .lineBreak?: plain += " "
            default: plain += text[run]
            }
        }
        // Runs of white space as one space, over the scalars (splitting Characters costs more),
        // into UTF-8 bytes; ASCII without looking up Unicode properties.
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(plain.utf8.count)
        var space = true
        for scalar in plain.unicodeScalars {
            let isWhitespace = scalar.isASCII
                ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)
                : scalar.properties.isWhitespace
            if isWhitespace {
                if !space { collapsed.append(0x20) }
                space = true
            } else if scalar.isASCII {
                collapsed.append(UInt8(scalar.value))
                space = false
            } else {
                collapsed.append(contentsOf: scalar.utf8)
                space = false
            }
        }
        if collapsed.last == 0x20 { collapsed.removeLast() }
        return String(decoding: collapsed, as: UTF8.self)
    }

    static func isHTML(_ run: AttributedText.Run) -> Bool {
        switch run.attributes.inlineIntent?.innermost?.kind {
        case .inlineHTML?, .blockHTML?: true
        default: false
        }
    }
}

/// How long a page is to read: `wordCount` counts each CJK character as a word (those scripts do
/// not separate words with spaces), and `readingTime` is in minutes, at 213 words a minute (Hugo's
/// rate) and 500 CJK characters a minute, at least 1.
package struct PageLength: Sendable, Hashable {
    package var words: Int
    package var cjkCharacters: Int

    package init(words: Int, cjkCharacters: Int) {
        self.words = words
        self.cjkCharacters = cjkCharacters
    }

    /// The length of the text of `text`'s runs, raw HTML left out: over the string's UTF-8
    /// bytes, ASCII without decoding (most text is ASCII), letters and digits without looking up
    /// Unicode properties.
    package init(_ text: AttributedText) {
        var words = 0, cjk = 0
        var string = text.string
        string.withUTF8 { utf8 in
            // Through the runs' buffer: no run is copied.
            text.runs.withUnsafeBufferPointer { runs in
                for position in runs.indices where !PageSummary.isHTML(runs[position]) {
                    var inWord = false
                    var index = max(0, runs[position].range.lowerBound)
                    let end = min(utf8.count, runs[position].range.upperBound)
                    while index < end {
                        let byte = utf8[index]
                        if byte < 0x80 {
                            let lower = byte | 0x20
                            if (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                                if !inWord { words += 1 }
                                inWord = true
                            } else if !inWord || !(byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-")) {
                                inWord = false
                            }
                            index += 1
                            continue
                        }
                        var bytes = UnsafeBufferPointer(rebasing: utf8[index..<end]).makeIterator()
                        var decoder = Unicode.UTF8()
                        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else {
                            inWord = false
                            index += 1
                            continue
                        }
                        index += UTF8.width(scalar)
                        if Self.isCJK(scalar) {
                            cjk += 1
                            inWord = false
                        } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                            if !inWord { words += 1 }
                            inWord = true
                        } else if !inWord || scalar != "’" {
                            inWord = false
                        }
                    }
                }
            }
        }
        self.init(words: words, cjkCharacters: cjk)
    }

    package var wordCount: Int { words + cjkCharacters }

    package var readingTime: Int {
        max(1, Int((Double(words) / 213 + Double(cjkCharacters) / 500).rounded(.up)))
    }

    /// Han ideographs, kana and hangul.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xAC00...0xD7AF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}
