import RunwayText
import Foundation

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
