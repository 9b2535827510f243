public import AttributedText

/// Parses Markdown (CommonMark with the GFM extensions) into ``AttributedText`` runs.
///
/// Parsing is safe from any thread: the part of cmark-gfm that uses process-global state runs
/// under one lock, and the conversion to runs runs outside it.
public struct MarkdownParser: Sendable {
    /// What the parser recognizes.
    public var options: Options

    public init(options: Options = .default) {
        self.options = options
    }

    /// The runs of a Markdown document.
    public func parse(_ markdown: String) -> AttributedText {
        CmarkDocument.withDocument(markdown, options: options) { root in
            var converter = RunConverter(extensions: CmarkDocument.extensionIdentities, sourceSize: markdown.utf8.count)
            return converter.convert(root)
        }
    }
}

extension MarkdownParser {
    /// The syntax a parser recognizes.
    public struct Options: Hashable, Sendable {
        /// The GFM extensions enabled.
        public var extensions: Set<Extension>
        /// GFM footnotes: `[^label]` references and `[^label]: text` definitions.
        public var footnotes: Bool
        /// Straight quotes to curly, `--` to en dash, `---` to em dash, `...` to ellipsis.
        public var smartPunctuation: Bool

        public init(extensions: Set<Extension> = Set(Extension.allCases), footnotes: Bool = true,
                    smartPunctuation: Bool = false) {
            self.extensions = extensions
            self.footnotes = footnotes
            self.smartPunctuation = smartPunctuation
        }

        /// Every GFM extension and footnotes.
        public static let `default` = Options()

        /// What `cmark-gfm -e table -e strikethrough -e autolink -e tagfilter -e tasklist` parses:
        /// every extension, no footnotes.
        public static let gfmCommandLine = Options(footnotes: false)
    }

    /// The GFM extensions of cmark-gfm, by their cmark names.
    public enum Extension: String, CaseIterable, Hashable, Sendable {
        case table, strikethrough, autolink, tagfilter, tasklist
    }
}
