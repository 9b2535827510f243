public import RunwayText

/// Parses Markdown (CommonMark with the GFM extensions) into `AttributedText` runs.
///
/// Parsing is safe from any thread: the part of cmark-gfm that uses process-global state runs
/// under one lock, and the conversion to runs runs outside it.
public struct MarkdownParser: Sendable {
    /// What the parser recognizes.
    public var options: Options
    /// The custom attributes that exist; `nil` keeps every attribute as written.
    public var scope: CustomAttributeScope?
    /// Emoji shortcodes (`:tada:`) to replace in the text's words; `nil` leaves them as written.
    public var emoji: EmojiShortcodes?

    /// A parser with these options; given a scope, it checks custom attributes against it.
    public init(options: Options = .default, scope: CustomAttributeScope? = nil) {
        self.options = options
        self.scope = scope
    }

    /// The runs of a Markdown document. Problems with extended attributes are dropped silently;
    /// use ``parse(_:path:)`` to hear about them.
    public func parse(_ markdown: String) -> AttributedText {
        parse(markdown, path: "<input>").text
    }

    /// The runs of a Markdown document and the problems found in it, located in `path`. A pipe
    /// table of more than 500,000 cells is an error, and the text is not parsed (see `TableLimit`).
    public func parse(_ markdown: String, path: String) -> ParsedMarkdown {
        // A table too large for cmark-gfm's memory is an error, and nothing of the text is parsed.
        if options.extensions.contains(.table), let problem = TableLimit.problem(in: markdown, path: path) {
            return ParsedMarkdown(text: AttributedText(), diagnostics: [problem])
        }
        return CmarkDocument.withDocument(markdown, options: options) { root in
            var converter = RunConverter(
                extensions: CmarkDocument.extensionIdentities, sourceSize: markdown.utf8.count,
                path: path, scope: scope, headingIDs: options.headingIDs, math: options.math)
            let text = converter.convert(root)
            var diagnostics = converter.diagnostics
            // A formula with a space inside its dollars is text: said where it is.
            if options.math {
                let spaced = SpacedDollars.warnings(in: text, source: markdown, path: path)
                if !spaced.isEmpty {
                    diagnostics = (diagnostics + spaced).enumerated().sorted { a, b in
                        let (x, y) = (a.element.position ?? SourcePosition(line: 0, column: 0), b.element.position ?? SourcePosition(line: 0, column: 0))
                        return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
                    }.map(\.element)
                }
            }
            return ParsedMarkdown(text: emoji?.replaced(in: text) ?? text, diagnostics: diagnostics)
        }
    }
}

/// A parsed document: its runs and what was wrong in it.
public struct ParsedMarkdown: Hashable, Sendable {
    /// The parsed text.
    public var text: AttributedText
    /// Warnings about extended attributes (invalid text, unknown keys, values of the wrong type),
    /// in source order.
    public var diagnostics: [Diagnostic]
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
        /// Extended attributes, `^[text](key: 'value')`.
        public var extendedAttributes: Bool
        /// A heading's id written after its text, `## Setup {#install}` (Hugo's, Zola's, kramdown's
        /// and pandoc's syntax): the heading gets that id (`PresentationIntent.Kind.header`'s),
        /// and its text ends before it. Off, the braces are text, as in CommonMark.
        public var headingIDs: Bool
        /// Math, `$…$` inline and `$$…$$` display (pandoc's rules): runs of the formula's text as
        /// written, with the `math` attribute (``RunwayText/MathKey``). Off, dollars are text.
        public var math = false

        /// Options with the GFM extensions, footnotes and extended attributes on, smart punctuation
        /// and heading ids off.
        public init(extensions: Set<Extension> = Set(Extension.allCases), footnotes: Bool = true,
                    smartPunctuation: Bool = false, extendedAttributes: Bool = true, headingIDs: Bool = false) {
            self.extensions = extensions
            self.footnotes = footnotes
            self.smartPunctuation = smartPunctuation
            self.extendedAttributes = extendedAttributes
            self.headingIDs = headingIDs
        }

        /// Every GFM extension, footnotes and extended attributes.
        public static let `default` = Options()

        /// What `cmark-gfm -e table -e strikethrough -e autolink -e tagfilter -e tasklist` parses:
        /// every extension, no footnotes, no extended attributes.
        public static let gfmCommandLine = Options(footnotes: false, extendedAttributes: false)
    }

    /// The GFM extensions of cmark-gfm, by their cmark names.
    public enum Extension: String, CaseIterable, Hashable, Sendable {
        /// Pipe tables.
        case table
        /// `~~text~~`.
        case strikethrough
        /// Bare `www.` and `https://` links, and e-mail addresses.
        case autolink
        /// Raw HTML's dangerous tags (`<script>`, `<iframe>`…) neutralized, where raw HTML is kept.
        case tagfilter
        /// `- [ ]` and `- [x]` items.
        case tasklist
    }
}
