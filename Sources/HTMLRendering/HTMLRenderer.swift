public import AttributedText

/// Renders attributed text to HTML, from its runs alone.
///
/// Each run's block and inline components are elements; walking the runs in order, the renderer
/// closes the elements the previous run had and this one does not, opens the new ones, and writes
/// the text. With the default options, the HTML of parsed Markdown equals cmark-gfm's own renderer.
public struct HTMLRenderer: Sendable {
    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// What the renderer writes for raw HTML and dangerous links.
    public struct Options: Hashable, Sendable {
        /// Writes raw HTML and `javascript:`-style URLs as they are. Off by default, as in cmark's
        /// safe mode: raw HTML becomes `<!-- raw HTML omitted -->` and dangerous URLs are emptied.
        public var allowsRawHTML: Bool
        /// GFM's tagfilter on allowed raw HTML (`<script>`, `<iframe>`… are neutralized).
        public var filtersDisallowedTags: Bool
        /// Gives each heading its `id` (`HeadingOutline`) and, at its end, an anchor link to it
        /// (an empty `<a class="rw-anchor" href="#id">`, which a theme shows), as site builds do. Off by default: cmark-gfm's
        /// HTML has neither.
        public var headingIDs: Bool

        public init(allowsRawHTML: Bool = false, filtersDisallowedTags: Bool = true, headingIDs: Bool = false) {
            self.allowsRawHTML = allowsRawHTML
            self.filtersDisallowedTags = filtersDisallowedTags
            self.headingIDs = headingIDs
        }
    }

    /// The HTML fragment for `text`.
    public func render(_ text: AttributedText) -> String {
        render(text, outline: options.headingIDs ? HeadingOutline(text) : nil)
    }

    /// The HTML fragment for `text`, whose headings (when `headingIDs`) are `outline`'s.
    public func render(_ text: AttributedText, outline: HeadingOutline?) -> String {
        var string = text.string
        let ids = options.headingIDs ? (outline ?? HeadingOutline(text)).headings.map(\.id) : []
        return string.withUTF8 { bytes in
            var walk = RenderWalk(options: options, capacity: bytes.count * 5 / 4 + 64, headingIDs: ids)
            // Runs are read in place: copying each one out would retain and release its attributes.
            text.runs.withUnsafeBufferPointer { runs in
                for index in runs.indices {
                    walk.move(to: runs[index].attributes)
                    walk.writeText(UnsafeBufferPointer(rebasing: bytes[runs[index].range]))
                }
            }
            walk.move(to: AttributeContainer())
            walk.finish()
            return walk.output.string
        }
    }
}
