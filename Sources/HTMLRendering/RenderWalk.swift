import RunwayText
import Formatting

/// The state of one rendering: the elements open now, outermost first, and the output.
struct RenderWalk {
    let options: HTMLRenderer.Options
    /// The size of a local image, by its URL (`HTMLRenderer.imageSize`).
    var imageSize: (@Sendable (String) -> ImageSize?)?
    /// Smaller copies of a local image, by its URL and where it is in the Markdown (`HTMLRenderer.responsiveImage`).
    var responsiveImage: (@Sendable (String, SourcePosition?) -> ResponsiveImage?)?
    /// The copies of the open image, when it has them.
    var openPicture: ResponsiveImage?
    /// A callout's title in the page's language (`HTMLRenderer.calloutTitle`).
    var calloutTitle: (@Sendable (PresentationIntent.Callout) -> String)?
    /// `HTMLRenderer.footnotesPage`.
    var footnotesPage: String?
    var output: HTMLOutput
    var blocks: [PresentationIntent.Component] = []
    var inlines: [InlineIntent.Component] = []
    /// The stack each open element belongs to, parallel to `blocks` and `inlines`: a run that shares
    /// a stack with an open element shares everything around it, so moving costs what it opens and
    /// closes, not the depth.
    var blockStacks: [PresentationIntent] = []
    var inlineStacks: [InlineIntent] = []
    /// The index in `inlines` of the outermost open image: inside it, text is alternative text.
    var imageIndex: Int?
    var inTableHeader = false
    var needsTableBodyClose = false
    var inFootnotes = false
    /// Span opening tags already written, by their values: pages repeat the same few.
    var spanOpenings: [[String: AttributeValue]: String] = [:]
    /// Token span opening tags already written, by their `syntax` value.
    var tokenOpenings: [String: String] = [:]
    /// `HTMLRenderer.components`.
    var components: ComponentRendering?
    /// `HTMLRenderer.hooks`.
    var hooks: RenderHooks?
    /// `HTMLRenderer.math`.
    var math: (@Sendable (MathFormula) -> String?)?
    /// The elements open now that a hook renders, innermost last (``OpenHook``).
    var openHooks: [OpenHook] = []
    /// The components open now, innermost last: the inline element each is, where its content
    /// starts in the output, its call, and whether a span of the other attributes is around the content.
    var openComponents: [(inline: Int, start: Int, name: String, value: AttributeValue, wrapped: Bool, position: SourcePosition?)] = []
    /// Where the run being moved to starts in its Markdown, with components: where a component's text starts.
    var runSource: SourceRange?
    /// In a paragraph written with `<p>`: where it starts, and where its content does.
    var openParagraph: (start: Int, content: Int)?
    /// The last outermost component written: where it starts and ends, and its call (a paragraph
    /// that holds only it is written as its block form).
    var lastComponent: (start: Int, end: Int, call: ComponentCall)?
    /// Whether the open footnote definition's back references are written yet.
    var wroteBackReferences = false
    /// With `Options.headingIDs`: the headings written so far, with their ids (the text's
    /// `HeadingOutline`, made in the same pass); the ids given; and, inside a heading, where its
    /// id goes and its text so far. A heading's id is known at its end, and put in at its start.
    var headings: [HeadingOutline.Heading] = []
    var slugs = HeadingOutline.Slugs()
    var openHeading: (idOffset: Int, text: [UInt8])?
    /// With `Options.labelsTasks`, inside a task list item's first block: where its checkbox's
    /// name goes, its text so far, and the item's depth in `blocks`. Known at the block's end.
    var openTask: (labelOffset: Int, text: [UInt8], depth: Int)?

    init(options: HTMLRenderer.Options, capacity: Int) {
        self.options = options
        output = HTMLOutput(capacity: capacity)
    }

    /// Ids no heading may be given: the footnotes' (``HeadingOutline/footnoteIDs(of:)``).
    mutating func reserveIDs(_ ids: Set<String>) {
        slugs = HeadingOutline.Slugs(reserving: ids)
    }

    /// Closes and opens elements so that exactly those of `attributes` are open.
    mutating func move(to attributes: AttributeContainer) {
        let newBlocks = attributes.presentationIntent
        let newInlines = attributes.inlineIntent
        // Most runs stay in the element of the run before: nothing to close or open.
        let blocksOpen = Self.isOpen(newBlocks, stacks: blockStacks)
        if blocksOpen && Self.isOpen(newInlines, stacks: inlineStacks) { return }
        let keptBlocks = blocksOpen ? blocks.count : Self.kept(blocks, stacks: blockStacks, for: newBlocks)
        let allBlocksKept = blocksOpen || (keptBlocks == blocks.count && (newBlocks?.depth ?? 0) == keptBlocks)
        let keptInlines = allBlocksKept ? Self.kept(inlines, stacks: inlineStacks, for: newInlines) : 0
        while inlines.count > keptInlines { closeInline() }
        while blocks.count > keptBlocks { closeBlock(remaining: keptBlocks) }
        if !allBlocksKept, let newBlocks {
            let first = Self.push(newBlocks, onto: &blockStacks)
            for index in first..<blockStacks.count {
                let following = index + 1 < blockStacks.count ? blockStacks[index + 1].innermost : nil
                openBlock(blockStacks[index].innermost!, following: following)
            }
        }
        if let newInlines, newInlines.depth > inlineStacks.count {
            let first = Self.push(newInlines, onto: &inlineStacks)
            for index in first..<inlineStacks.count { openInline(inlineStacks[index].innermost!) }
        }
    }

    /// Whether exactly the elements of `stack` are open, known when it shares the innermost open one's.
    static func isOpen<Stack: ComponentStack>(_ stack: Stack?, stacks: [Stack]) -> Bool {
        guard let stack, stack.depth > 0 else { return stacks.isEmpty }
        return stacks.count == stack.depth && stacks[stacks.count - 1].isIdentical(to: stack)
    }

    /// How many open elements (outermost first) stay open for the stack `new`: walks down from the
    /// shallower of the two stacks and stops at the first link both share, so a move costs what it
    /// opens and closes, not the depth.
    static func kept<Stack: ComponentStack>(_ open: [Stack.Component], stacks: [Stack], for new: Stack?) -> Int {
        // The usual moves of parsed text: back out to an open stack, or into one element more.
        if let new {
            let depth = new.depth
            if depth <= stacks.count && depth > 0 && stacks[depth - 1].isIdentical(to: new) { return depth }
            if depth == stacks.count + 1, let enclosing = new.enclosing, stacks[depth - 2].isIdentical(to: enclosing) {
                return depth - 1
            }
        }
        var link = new
        while let current = link, current.depth > open.count { link = current.enclosing }
        let top = link?.depth ?? 0
        var kept = top
        var level = top
        while level > 0, let current = link {
            if current.isIdentical(to: stacks[level - 1]) { break }
            if current.innermost != open[level - 1] { kept = level - 1 }
            link = current.enclosing
            level -= 1
        }
        return kept
    }

    /// Puts the stacks of `new` deeper than the open ones on `stacks`, outermost first, and returns
    /// where they start.
    static func push<Stack: ComponentStack>(_ new: Stack, onto stacks: inout [Stack]) -> Int {
        let first = stacks.count
        if new.depth == first + 1 {
            stacks.append(new)
            return first
        }
        var link: Stack? = new
        while let current = link, current.depth > first {
            stacks.append(current)
            link = current.enclosing
        }
        stacks[first...].reverse()
        return first
    }

    mutating func finish() {
        if inFootnotes {
            output.newlineIfNeeded()
            output.write("</ol>\n</section>\n")
            inFootnotes = false
        }
    }

    // MARK: Text

    /// Whether the innermost open block is a code block, whose runs may be tokens of highlighted
    /// code (a code block holds no other block, so a flag tells).
    var inCodeBlock = false

    /// A code block's lines as they are written (`Options.codeLines`): its options, the number of
    /// the line being written (from 1), and whether its span is open.
    var codeLines: (options: CodeBlockOptions, highlighted: CodeBlockOptions.HighlightedLines, line: Int, open: Bool)?

    /// Text of a code block: a token of highlighted code in a span with the class of its `syntax`
    /// value (`<span class="rw-syntax--keyword">`, the rule of every custom value, ``CSSNaming``),
    /// other code escaped; in a block written line by line, each line in its span, a token cut at
    /// line ends.
    mutating func writeCode(_ text: UnsafeBufferPointer<UInt8>, syntax: String?) {
        if !openHooks.isEmpty { collectHookText(text, code: true) }
        guard codeLines != nil else {
            writeTokenSpan(text, syntax: syntax)
            return
        }
        var start = 0
        while start < text.count {
            let newline = text[start...].firstIndex(of: UInt8(ascii: "\n"))
            let end = newline.map { $0 + 1 } ?? text.count
            if !codeLines!.open { openCodeLine() }
            let piece = UnsafeBufferPointer(rebasing: text[start..<(newline ?? text.count)])
            if !piece.isEmpty { writeTokenSpan(piece, syntax: syntax) }
            if newline != nil {
                output.write("\n</span>")
                codeLines!.open = false
                codeLines!.line += 1
            }
            start = end
        }
    }

    mutating func openCodeLine() {
        guard let lines = codeLines else { return }
        let highlighted = lines.highlighted.contains(lines.line)
        output.write(highlighted ? "<span class=\"rw-line rw-line--highlighted\" data-line=\"" : "<span class=\"rw-line\" data-line=\"")
        output.write(String(lines.options.firstLineNumber + lines.line - 1))
        output.write("\">")
        codeLines!.open = true
    }

    mutating func writeTokenSpan(_ text: UnsafeBufferPointer<UInt8>, syntax: String?) {
        guard let syntax else {
            output.writeEscaped(text)
            return
        }
        if let opening = tokenOpenings[syntax] {
            output.write(opening)
        } else {
            var tag = HTMLOutput(capacity: 48)
            tag.write("<span class=\"")
            tag.writeEscaped(CSSNaming.className(attribute: SyntaxKey.name, value: .string(syntax)) ?? "")
            tag.write("\">")
            tokenOpenings[syntax] = tag.string
            output.write(tag.string)
        }
        output.writeEscaped(text)
        output.write("</span>")
    }

    mutating func writeText(_ text: UnsafeBufferPointer<UInt8>) {
        if !openHooks.isEmpty { collectHookText(text) }
        if openTask != nil && imageIndex == nil {
            switch inlines.last?.kind {
            case .softBreak?, .lineBreak?: openTask!.text.append(UInt8(ascii: " "))
            case .inlineHTML?, .blockHTML?: break
            default: openTask!.text.append(contentsOf: text)
            }
        }
        if openHeading != nil && imageIndex == nil {
            switch inlines.last?.kind {
            case .softBreak?, .lineBreak?: openHeading!.text.append(UInt8(ascii: " "))
            case .inlineHTML?, .blockHTML?: break
            default: openHeading!.text.append(contentsOf: text)
            }
        }
        if imageIndex != nil {
            if case .softBreak = inlines.last?.kind { output.write(" ") } else if case .lineBreak = inlines.last?.kind {
                output.write(" ")
            } else {
                output.writeEscaped(text)
            }
            return
        }
        switch inlines.last?.kind {
        case .softBreak: output.write("\n")
        case .lineBreak: output.write("<br />\n")
        case .inlineHTML:
            if !options.allowsRawHTML {
                output.write("<!-- raw HTML omitted -->")
            } else if options.filtersDisallowedTags && !text.isEmpty && TagFilter.isDisallowedTag(text, at: 0) {
                output.write("&lt;")
                output.write(bytes: UnsafeBufferPointer(rebasing: text.dropFirst()))
            } else {
                output.write(bytes: text)
            }
        case .blockHTML:
            if !options.allowsRawHTML {
                output.write("<!-- raw HTML omitted -->")
            } else if options.filtersDisallowedTags {
                TagFilter.write(text, to: &output)
            } else {
                output.write(bytes: text)
            }
        default:
            output.writeEscaped(text)
        }
    }
}
