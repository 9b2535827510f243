import AttributedText

/// What a build knows about one content file once it is parsed: everything lists, feeds, link
/// checks and other pages need, without its body. Kept in the build cache, so an unchanged file is
/// not parsed again.
struct PageRecord: Sendable, Codable, Equatable {
    /// The file relative to the site: `content/…`.
    var file: String
    /// The file, as the site's path joined with `content/…`.
    var source: String
    /// The hash of the file's bytes.
    var hash: ContentHash
    var url: String
    var title: String
    var metadata: PageMetadata
    var language: String
    /// The file's name without its language suffix: pages with the same key are translations.
    var translationKey: String
    /// The folder under `content/` (`posts`), or `""` for a top-level page.
    var section: String
    /// The custom attribute values the page uses, each once, for the stylesheet.
    var values: [SpanValue]
    /// The links and images of the page, for the link check.
    var links: [PageLink]
    /// What parsing the file reported.
    var diagnostics: [Diagnostic]

    struct SpanValue: Sendable, Codable, Hashable {
        var attribute: String
        var value: AttributeValue
    }

    struct PageLink: Sendable, Codable, Hashable {
        var destination: String
        var position: SourcePosition?
    }
}

extension AttributedText {
    /// Every link and image destination, once per link, with where it starts.
    var pageLinks: [PageRecord.PageLink] {
        var links: [PageRecord.PageLink] = []
        var seen = Set<Int>()
        for run in runs {
            for component in run.attributes.inlineIntent?.components ?? [] where seen.insert(component.identity).inserted {
                switch component.kind {
                case .link(let target, _): links.append(.init(destination: target, position: run.sourceRange?.start))
                case .image(let source, _): links.append(.init(destination: source, position: run.sourceRange?.start))
                default: continue
                }
            }
        }
        return links
    }
}
