package import RunwayText
import Foundation
import MarkdownParsing

/// The problems a page's text and front matter have that only the site's settings tell: raw HTML
/// left out, and taxonomies' terms that are not words.
extension PageReader {
    /// A warning at each piece of raw HTML a page without `[markdown] unsafe` leaves out (an HTML
    /// block once, an inline tag each time), comments excepted: they show nothing either way.
    static func omittedHTML(in text: AttributedText, path: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var lastBlock: Int?
        // Only raw HTML's runs are copied: most runs are looked at through the buffer.
        let html = text.runs.withUnsafeBufferPointer { runs in
            runs.indices.filter { index in
                switch runs[index].attributes.inlineIntent?.innermost?.kind {
                case .inlineHTML?, .blockHTML?: true
                default: false
                }
            }
        }
        for index in html {
            let run = text.runs[index]
            if case .blockHTML? = run.attributes.inlineIntent?.innermost?.kind {
                let block = run.attributes.presentationIntent?.innermost?.identity
                if block != nil && block == lastBlock { continue }
                lastBlock = block
            }
            let piece = text[run].trimmingCharacters(in: .whitespacesAndNewlines)
            if piece.hasPrefix("<!--") { continue }
            let shown = piece.split(separator: "\n").first.map { $0.count > 40 ? $0.prefix(40) + "…" : $0 } ?? ""
            diagnostics.append(Diagnostic(.warning, "raw HTML left out: \(shown) (to keep raw HTML, set unsafe = true under [markdown] in runway.toml)",
                                          path: path, position: run.sourceRange?.start))
        }
        return diagnostics
    }

    /// Under `unsafe`, a warning for raw HTML that opens a document's own `<html>`, `<head>` or
    /// `<body>`: the page's template has them, and a second (a Hugo `highlight` shortcode wrapping
    /// an HTML document) put one `<html><head>` inside another.
    static func documentHTML(in text: AttributedText, path: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for run in text.runs {
            switch run.attributes.inlineIntent?.innermost?.kind {
            case .inlineHTML?, .blockHTML?: break
            default: continue
            }
            let piece = text[run].lowercased()
            guard let tag = ["<html", "<head", "<body"].first(where: { tag in
                piece.ranges(of: tag).contains { range in
                    range.upperBound == piece.endIndex || [">", " ", "\t", "\n", "/"].contains(piece[range.upperBound])
                }
            }) else { continue }
            diagnostics.append(Diagnostic(.warning, "this raw HTML opens a \(tag)> of its own, inside the page's: the page's template writes "
                                          + "the document around the content (a code block shows HTML as code: ```html)",
                                          path: path, position: run.sourceRange?.start))
        }
        return diagnostics
    }

    /// The source ranges of the text's code spans and code blocks, where nothing is read as
    /// another generator's syntax.
    /// The source ranges of the code spans and blocks of Markdown `markdown` (GFM, as pages are
    /// read): where another generator's syntax is code, not a call.
    package static func codeRanges(inMarkdown markdown: String) -> [SourceRange] {
        codeRanges(of: MarkdownParser().parse(markdown))
    }

    static func codeRanges(of text: AttributedText) -> [SourceRange] {
        text.runs.compactMap { run in
            guard let range = run.sourceRange else { return nil }
            if case .code? = run.attributes.inlineIntent?.innermost?.kind { return range }
            if run.attributes.presentationIntent?.components.contains(where: { if case .codeBlock = $0.kind { true } else { false } }) == true {
                return range
            }
            return nil
        }
    }

    /// An error for each custom taxonomy of the site whose value in `metadata` is not words, as
    /// tags are (a number is one): it would be dropped from every list; or has an empty term.
    func termProblems(of metadata: PageMetadata, path: String, frontMatter: FrontMatter?) -> [Diagnostic] {
        configuration.taxonomies.filter { $0 != "tags" }.compactMap { taxonomy in
            let words: Bool = switch metadata.params[taxonomy] {
            case nil, .string?, .integer?: true
            case .array(let items)?: items.allSatisfy { if case .string = $0 { true } else if case .integer = $0 { true } else { false } }
            default: false
            }
            let blank = switch metadata.params[taxonomy] {
            case .string(let term)?: PageMetadata.isBlank(term)
            case .array(let items)?: items.contains { if case .string(let term) = $0 { PageMetadata.isBlank(term) } else { false } }
            default: false
            }
            let message = !words ? "'\(taxonomy)' must be a list of words such as [swift, markdown] (it is a taxonomy of the site)"
                : blank ? "'\(taxonomy)' has an empty term: each must be a word such as swift" : nil
            return message.map { Diagnostic(.error, $0, path: path, position: frontMatter?.position(ofKey: taxonomy)) }
        }
    }
}
