public import RunwayText

/// How a renderer hands elements to hooks (a theme's `render/NAME.html` templates): which
/// elements have one, and what writes one in place of Runway's own HTML for it. Without it, or
/// for an element without a hook, the HTML is the renderer's own.
public struct RenderHooks: Sendable {
    /// The elements with a hook; a code block's only when ``codeLanguages`` names its language.
    public var elements: Set<RenderHook.Element>
    /// The languages of code blocks with a hook of their own (`codeblock-mermaid.html`): a block
    /// in one of them has a hook even when ``elements`` holds no ``RenderHook/Element/codeBlock``.
    public var codeLanguages: Set<String>
    /// The HTML of one element.
    public var render: @Sendable (RenderHook) -> String

    /// Hooks for `elements` and the code blocks of `codeLanguages`, written by `render`.
    public init(elements: Set<RenderHook.Element>, codeLanguages: Set<String> = [], render: @escaping @Sendable (RenderHook) -> String) {
        self.elements = elements
        self.codeLanguages = codeLanguages
        self.render = render
    }

    /// Whether a code block in `language` (its info string's first word) has a hook.
    public func hooksCode(in language: String?) -> Bool {
        if let language, codeLanguages.contains(language) { return true }
        return elements.contains(.codeBlock)
    }
}

/// One element handed to a hook: its typed values, its content rendered, its text, and the HTML
/// Runway writes for it (which a hook may wrap instead of replacing it).
public struct RenderHook: Hashable, Sendable {
    /// The kinds of element a hook may render.
    public enum Element: String, CaseIterable, Hashable, Sendable {
        /// `![alt](src "title")`.
        case image
        /// `[text](destination "title")` and autolinks.
        case link
        /// `# Heading` and setext headings.
        case heading
        /// Fenced and indented code (`codeblock.html`, or `codeblock-LANG.html` for one language).
        case codeBlock = "codeblock"
        /// `> quote` that is not a callout.
        case blockQuote = "blockquote"
        /// `> [!NOTE]` and the other GFM alerts.
        case callout
    }

    /// An element's own values.
    public enum Values: Hashable, Sendable {
        /// An image's source, its title, and its size when the renderer can tell it.
        case image(source: String, title: String?, size: ImageSize?)
        /// A link's destination and title.
        case link(destination: String, title: String?)
        /// A heading's level (1–6) and its id (with heading ids; else `nil`).
        case heading(level: Int, id: String?)
        /// A code block's language (its info string's first word) and its options (numbered and
        /// highlighted lines), when it has any.
        case codeBlock(language: String?, options: CodeBlockOptions?)
        /// A block quote.
        case blockQuote
        /// A callout's kind and its title in the page's language.
        case callout(PresentationIntent.Callout, title: String)
    }

    /// What the element is.
    public var values: Values
    /// Its content as Runway renders it (trusted HTML): a link's or heading's text with its
    /// inline elements, a quote's blocks, a code block's code with its tokens and lines; empty
    /// for an image.
    public var content: String
    /// Its text without markup: an image's alternative text, a link's or heading's words, a code
    /// block's code as written.
    public var text: String
    /// The HTML Runway writes for the whole element without a hook.
    public var html: String

    /// The element `values` with its content, text and Runway's HTML.
    public init(_ values: Values, content: String, text: String, html: String) {
        self.values = values
        self.content = content
        self.text = text
        self.html = html
    }

    /// The kind of element.
    public var element: Element {
        switch values {
        case .image: .image
        case .link: .link
        case .heading: .heading
        case .codeBlock: .codeBlock
        case .blockQuote: .blockQuote
        case .callout: .callout
        }
    }
}
