public import RunwayText

/// Renders attributed text to HTML, from its runs alone.
///
/// Each run's block and inline components are elements; walking the runs in order, the renderer
/// closes the elements the previous run had and this one does not, opens the new ones, and writes
/// the text. With the default options, the HTML of parsed Markdown equals cmark-gfm's own renderer.
public struct HTMLRenderer: Sendable {
    /// What the renderer writes for raw HTML, dangerous links and headings.
    public var options: Options
    /// The pixel size of the image at a URL, when the caller can tell (a site build reads its
    /// local files): such an image gets `width`, `height` and `loading="lazy"`. Without it, images
    /// are as cmark-gfm writes them.
    public var imageSize: (@Sendable (String) -> ImageSize?)?
    /// Smaller copies of the image at a URL (`[images]` of a site build), given where the image is
    /// in the Markdown (the start of its text, when the text has positions): such an image is
    /// written with them (``ResponsiveImage``), and with their original's size in place of
    /// ``imageSize``'s. `nil`, or `nil` for an image: it is written as without.
    public var responsiveImage: (@Sendable (String, SourcePosition?) -> ResponsiveImage?)?
    /// A callout's title (`Note`, `Remarque`…), from the site's string tables; without it, the
    /// English word (`PresentationIntent.Callout.englishTitle`).
    public var calloutTitle: (@Sendable (PresentationIntent.Callout) -> String)?
    /// The URL of the page whose footnotes the text's footnote references lead to, for a part of
    /// it shown elsewhere (a summary in a list or a feed, without the footnotes): each reference
    /// links to `URL#fn-N` and has no `id` (two summaries on a list would share it). `nil`: the
    /// footnotes are in the text, as cmark-gfm writes them.
    public var footnotesPage: String?
    /// The components a template writes (`ComponentRendering`): each in place of its span, and in
    /// its paragraph's place when the paragraph holds only it. `nil`: components are spans.
    public var components: ComponentRendering?
    /// The elements a hook writes (``RenderHooks``): each in place of Runway's HTML for it.
    /// `nil`: every element is written as Runway writes it.
    public var hooks: RenderHooks?
    /// The MathML of a formula (a run with the `math` attribute, ``RunwayText/MathKey``), or `nil`
    /// to show its TeX as code. Without it, every formula is shown as code.
    public var math: (@Sendable (MathFormula) -> String?)?

    /// A renderer with these options, and a way to know a local image's size.
    public init(options: Options = Options(), imageSize: (@Sendable (String) -> ImageSize?)? = nil) {
        self.options = options
        self.imageSize = imageSize
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
        /// Writes a code block with options (`CodeBlockOptions`: numbered or highlighted lines) as
        /// `<pre class="rw-code">` with each line a `<span class="rw-line" data-line="N">`, the
        /// highlighted ones `rw-line--highlighted`; a theme shows the numbers from `data-line`, so
        /// that they are not part of the code's text (what a copy button copies). Off by default:
        /// cmark-gfm's HTML has no lines.
        public var codeLines: Bool
        /// Gives a task list item's checkbox an accessible name, its task's text
        /// (`aria-label="Write the tests"`): without one, a screen reader says only "checkbox", and
        /// axe fails the page (rule `label`). Off by default: cmark-gfm's HTML has none.
        public var labelsTasks: Bool

        /// Options as cmark-gfm's safe mode has them unless said otherwise.
        public init(allowsRawHTML: Bool = false, filtersDisallowedTags: Bool = true, headingIDs: Bool = false, codeLines: Bool = false,
                    labelsTasks: Bool = false) {
            self.allowsRawHTML = allowsRawHTML
            self.filtersDisallowedTags = filtersDisallowedTags
            self.headingIDs = headingIDs
            self.codeLines = codeLines
            self.labelsTasks = labelsTasks
        }
    }

    /// A URL as the renderer writes it in an `href` (percent-encoded as cmark does, `&` as an
    /// entity), for finding a link in rendered HTML.
    public static func escapedHref(_ url: String) -> String {
        var output = HTMLOutput(capacity: url.utf8.count + 8)
        URLEscaping.writeHref(url, to: &output)
        return output.string
    }

    /// The HTML fragment for `text`.
    public func render(_ text: AttributedText) -> String {
        renderWithOutline(text).html
    }

    /// The HTML fragment for `text`, and its headings with the ids the HTML gives them (with
    /// `headingIDs`; else none), made in one pass: equal to `HeadingOutline(text)`.
    public func renderWithOutline(_ text: AttributedText) -> (html: String, outline: HeadingOutline) {
        var string = text.string
        return string.withUTF8 { bytes in
            var walk = RenderWalk(options: options, capacity: bytes.count * 5 / 4 + 64)
            walk.imageSize = imageSize
            walk.responsiveImage = responsiveImage
            walk.calloutTitle = calloutTitle
            walk.footnotesPage = footnotesPage
            walk.components = components
            walk.hooks = hooks
            walk.math = math
            if options.headingIDs { walk.reserveIDs(HeadingOutline.footnoteIDs(of: text.runs)) }
            // Runs are read in place: copying each one out would retain and release its attributes.
            text.runs.withUnsafeBufferPointer { runs in
                for index in runs.indices {
                    if walk.components != nil || walk.responsiveImage != nil { walk.runSource = runs[index].sourceRange }
                    walk.move(to: runs[index].attributes)
                    let text = UnsafeBufferPointer(rebasing: bytes[runs[index].range])
                    if !runs[index].attributes.customAttributes.isEmpty,
                       let kind = MathKey.value(in: runs[index].attributes) {
                        walk.writeMath(text, kind: kind, position: runs[index].sourceRange?.start)
                    } else if walk.inCodeBlock {
                        // Code, perhaps a token of highlighted code.
                        let syntax: String? = if case .string(let name)? = runs[index].attributes.customAttributes[SyntaxKey.name] {
                            name
                        } else {
                            nil
                        }
                        walk.writeCode(text, syntax: syntax)
                    } else {
                        walk.writeText(text)
                    }
                }
            }
            walk.move(to: AttributeContainer())
            walk.finish()
            return (walk.output.string, HeadingOutline(headings: walk.headings))
        }
    }
}
