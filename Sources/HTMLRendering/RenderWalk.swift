import RunwayText
import Formatting

/// The state of one rendering: the elements open now, outermost first, and the output.
struct RenderWalk {
    let options: HTMLRenderer.Options
    /// The size of a local image, by its URL (`HTMLRenderer.imageSize`).
    var imageSize: (@Sendable (String) -> ImageSize?)?
    /// A callout's title in the page's language (`HTMLRenderer.calloutTitle`).
    var calloutTitle: (@Sendable (PresentationIntent.Callout) -> String)?
    /// `HTMLRenderer.footnotesPage`.
    var footnotesPage: String?
    var output: HTMLOutput
    private var blocks: [PresentationIntent.Component] = []
    private var inlines: [InlineIntent.Component] = []
    /// The stack each open element belongs to, parallel to `blocks` and `inlines`: a run that shares
    /// a stack with an open element shares everything around it, so moving costs what it opens and
    /// closes, not the depth.
    private var blockStacks: [PresentationIntent] = []
    private var inlineStacks: [InlineIntent] = []
    /// The index in `inlines` of the outermost open image: inside it, text is alternative text.
    private var imageIndex: Int?
    private var inTableHeader = false
    private var needsTableBodyClose = false
    private var inFootnotes = false
    /// Span opening tags already written, by their values: pages repeat the same few.
    private var spanOpenings: [[String: AttributeValue]: String] = [:]
    /// Token span opening tags already written, by their `syntax` value.
    private var tokenOpenings: [String: String] = [:]
    /// Whether the open footnote definition's back references are written yet.
    private var wroteBackReferences = false
    /// With `Options.headingIDs`: the headings written so far, with their ids (the text's
    /// `HeadingOutline`, made in the same pass); the ids given; and, inside a heading, where its
    /// id goes and its text so far. A heading's id is known at its end, and put in at its start.
    private(set) var headings: [HeadingOutline.Heading] = []
    private var slugs = HeadingOutline.Slugs()
    private var openHeading: (idOffset: Int, text: [UInt8])?
    /// With `Options.labelsTasks`, inside a task list item's first block: where its checkbox's
    /// name goes, its text so far, and the item's depth in `blocks`. Known at the block's end.
    private var openTask: (labelOffset: Int, text: [UInt8], depth: Int)?

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
    private static func isOpen<Stack: ComponentStack>(_ stack: Stack?, stacks: [Stack]) -> Bool {
        guard let stack, stack.depth > 0 else { return stacks.isEmpty }
        return stacks.count == stack.depth && stacks[stacks.count - 1].isIdentical(to: stack)
    }

    /// How many open elements (outermost first) stay open for the stack `new`: walks down from the
    /// shallower of the two stacks and stops at the first link both share, so a move costs what it
    /// opens and closes, not the depth.
    private static func kept<Stack: ComponentStack>(_ open: [Stack.Component], stacks: [Stack], for new: Stack?) -> Int {
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
    private static func push<Stack: ComponentStack>(_ new: Stack, onto stacks: inout [Stack]) -> Int {
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
    private(set) var inCodeBlock = false

    /// A code block's lines as they are written (`Options.codeLines`): its options, the number of
    /// the line being written (from 1), and whether its span is open.
    private var codeLines: (options: CodeBlockOptions, highlighted: CodeBlockOptions.HighlightedLines, line: Int, open: Bool)?

    /// Text of a code block: a token of highlighted code in a span with the class of its `syntax`
    /// value (`<span class="rw-syntax--keyword">`, the rule of every custom value, ``CSSNaming``),
    /// other code escaped; in a block written line by line, each line in its span, a token cut at
    /// line ends.
    mutating func writeCode(_ text: UnsafeBufferPointer<UInt8>, syntax: String?) {
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

    private mutating func openCodeLine() {
        guard let lines = codeLines else { return }
        let highlighted = lines.highlighted.contains(lines.line)
        output.write(highlighted ? "<span class=\"rw-line rw-line--highlighted\" data-line=\"" : "<span class=\"rw-line\" data-line=\"")
        output.write(String(lines.options.firstLineNumber + lines.line - 1))
        output.write("\">")
        codeLines!.open = true
    }

    private mutating func writeTokenSpan(_ text: UnsafeBufferPointer<UInt8>, syntax: String?) {
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

    // MARK: Blocks

    private mutating func openBlock(_ component: PresentationIntent.Component, following: PresentationIntent.Component?) {
        let index = blocks.count
        blocks.append(component)
        switch component.kind {
        case .paragraph:
            if isTightParagraph(at: index) { return }
            output.newlineIfNeeded()
            output.write("<p>")
        case .header(let level, _):
            output.newlineIfNeeded()
            output.write("<h\(level)")
            if options.headingIDs { openHeading = (output.count, []) }
            output.write(">")
        case .blockQuote(let callout?):
            // A callout: the class of its value (``CSSNaming``), its kind as data, and its title.
            output.newlineIfNeeded()
            let className = CSSNaming.className(attribute: PresentationIntent.Callout.attributeName, value: .string(callout.rawValue)) ?? ""
            output.write("<blockquote class=\"rw-callout \(className)\" data-callout=\"\(callout.rawValue)\">\n")
            output.write("<p class=\"rw-callout-title\">")
            output.writeEscaped(calloutTitle?(callout) ?? callout.englishTitle)
            output.write("</p>\n")
        case .blockQuote(nil):
            output.newlineIfNeeded()
            output.write("<blockquote>\n")
        case .orderedList:
            output.newlineIfNeeded()
            if case .listItem(let start, _) = following?.kind, start != 1 {
                output.write("<ol start=\"\(start)\">\n")
            } else {
                output.write("<ol>\n")
            }
        case .unorderedList:
            output.newlineIfNeeded()
            output.write("<ul>\n")
        case .listItem(_, let checkbox):
            output.newlineIfNeeded()
            output.write("<li>")
            if checkbox != nil {
                output.write("<input type=\"checkbox\"")
                if options.labelsTasks && openTask == nil { openTask = (output.count, [], blocks.count - 1) }
                output.write(checkbox == .checked ? " checked=\"\" disabled=\"\" /> " : " disabled=\"\" /> ")
            }
        case .codeBlock(let hint, let blockOptions):
            inCodeBlock = true
            output.newlineIfNeeded()
            if options.codeLines, let blockOptions {
                // Line by line: a class for the theme's line rules, numbered ones told apart.
                codeLines = (blockOptions, blockOptions.orderedHighlightedLines, 1, false)
                output.write(blockOptions.lineNumbers ? "<pre class=\"rw-code rw-code--numbered\">" : "<pre class=\"rw-code\">")
            } else {
                output.write("<pre>")
            }
            if let hint {
                output.write("<code class=\"language-")
                output.writeEscaped(hint)
                output.write("\">")
            } else {
                output.write("<code>")
            }
        case .thematicBreak:
            output.newlineIfNeeded()
            output.write("<hr />\n")
        case .table:
            output.newlineIfNeeded()
            output.write("<table>")
            needsTableBodyClose = false
        case .tableHeaderRow:
            output.newlineIfNeeded()
            output.write("<thead>")
            output.newlineIfNeeded()
            output.write("<tr>")
            inTableHeader = true
        case .tableRow:
            output.newlineIfNeeded()
            if !needsTableBodyClose {
                output.write("<tbody>")
                output.newlineIfNeeded()
                needsTableBodyClose = true
            }
            output.write("<tr>")
        case .tableCell(let column):
            output.newlineIfNeeded()
            output.write(inTableHeader ? "<th" : "<td")
            if let alignment = tableColumns()?.dropFirst(column).first?.alignment {
                output.write(" align=\"\(alignment.rawValue)\"")
            }
            output.write(">")
        case .footnoteDefinition(let label, _):
            wroteBackReferences = false
            if !inFootnotes {
                output.newlineIfNeeded()
                output.write("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
                inFootnotes = true
            }
            output.newlineIfNeeded()
            output.write("<li id=\"fn-")
            URLEscaping.writeHref(label, to: &output)
            output.write("\">\n")
        }
    }

    /// Closes the innermost block; `remaining` is how many blocks stay open after this move.
    private mutating func closeBlock(remaining: Int) {
        let index = blocks.count - 1
        let component = blocks[index]
        blockStacks.removeLast()
        // The end of a task item's first block (or of the item): its checkbox is named.
        if let task = openTask, index <= task.depth + 1 {
            let words = String(decoding: task.text, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !words.isEmpty {
                var attribute = HTMLOutput(capacity: words.utf8.count + 14)
                attribute.write(" aria-label=\"")
                attribute.writeEscaped(words)
                attribute.write("\"")
                output.insert(attribute.bytes, at: task.labelOffset)
            }
            openTask = nil
        }
        switch component.kind {
        case .paragraph:
            if isTightParagraph(at: index) { break }
            if index > 0, case .footnoteDefinition(let label, let count) = blocks[index - 1].kind, remaining < index {
                output.write(" ")
                writeBackReferences(label: label, count: count)
            }
            output.write("</p>\n")
        case .header(let level, _):
            if let heading = openHeading {
                let text = String(decoding: heading.text, as: UTF8.self)
                let id = HeadingOutline.explicitID(of: component.kind).map { slugs.claim($0) } ?? slugs.unique(for: text)
                headings.append(HeadingOutline.Heading(level: level, text: text, id: id))
                var attribute = HTMLOutput(capacity: id.utf8.count + 6)
                attribute.write(" id=\"")
                attribute.writeEscaped(id)
                attribute.write("\"")
                output.insert(attribute.bytes, at: heading.idOffset)
                // The anchor a theme can show beside the heading (`.rw-anchor::before`): empty, so
                // the heading's text stays its own; hidden from assistive technology, which
                // reaches the heading itself.
                output.write("<a class=\"rw-anchor\" href=\"")
                URLEscaping.writeHref("#" + id, to: &output)
                output.write("\" aria-hidden=\"true\" tabindex=\"-1\"></a>")
                openHeading = nil
            }
            output.write("</h\(level)>\n")
        case .blockQuote:
            output.newlineIfNeeded()
            output.write("</blockquote>\n")
        case .orderedList:
            output.write("</ol>\n")
        case .unorderedList:
            output.write("</ul>\n")
        case .listItem:
            output.write("</li>\n")
        case .codeBlock:
            inCodeBlock = false
            if codeLines?.open == true { output.write("</span>") }
            codeLines = nil
            output.write("</code></pre>\n")
        case .thematicBreak:
            break
        case .table:
            if needsTableBodyClose {
                output.newlineIfNeeded()
                output.write("</tbody>")
                output.newlineIfNeeded()
            }
            needsTableBodyClose = false
            output.newlineIfNeeded()
            output.write("</table>")
            output.newlineIfNeeded()
        case .tableHeaderRow:
            output.newlineIfNeeded()
            output.write("</tr>")
            output.newlineIfNeeded()
            output.write("</thead>")
            inTableHeader = false
        case .tableRow:
            output.newlineIfNeeded()
            output.write("</tr>")
        case .tableCell:
            output.write(inTableHeader ? "</th>" : "</td>")
        case .footnoteDefinition(let label, let count):
            if writeBackReferences(label: label, count: count) { output.write("\n") }
            output.write("</li>\n")
        }
        blocks.removeLast()
    }

    /// A paragraph directly in an item of a tight list is written without `<p>`.
    private func isTightParagraph(at index: Int) -> Bool {
        guard index >= 2 else { return false }
        switch blocks[index - 2].kind {
        case .orderedList(let tight), .unorderedList(let tight): return tight
        default: return false
        }
    }

    private func tableColumns() -> [PresentationIntent.TableColumn]? {
        for component in blocks.reversed() { if case .table(let columns) = component.kind { return columns } }
        return nil
    }

    /// cmark's back references from a footnote to each reference to it, once per footnote.
    @discardableResult
    private mutating func writeBackReferences(label: String, count: Int) -> Bool {
        guard !wroteBackReferences else { return false }
        wroteBackReferences = true
        for occurrence in 1...max(count, 1) {
            if occurrence > 1 { output.write(" ") }
            output.write("<a href=\"#fnref-")
            URLEscaping.writeHref(label, to: &output)
            if occurrence > 1 { output.write("-\(occurrence)") }
            output.write("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩")
            if occurrence > 1 { output.write("<sup class=\"footnote-ref\">\(occurrence)</sup>") }
            output.write("</a>")
        }
        return true
    }

    // MARK: Inlines

    private mutating func openInline(_ component: InlineIntent.Component) {
        let index = inlines.count
        inlines.append(component)
        if imageIndex != nil { return }
        switch component.kind {
        case .emphasized: output.write("<em>")
        case .stronglyEmphasized: output.write("<strong>")
        case .strikethrough: output.write("<del>")
        case .code: output.write("<code>")
        case .softBreak, .lineBreak, .inlineHTML: break
        case .attributes(_, let values): writeSpanOpening(values)
        case .blockHTML: output.newlineIfNeeded()
        case .link(let destination, let title):
            output.write("<a href=\"")
            writeURL(destination)
            if let title {
                output.write("\" title=\"")
                output.writeEscaped(title)
            }
            output.write("\">")
        case .image(let source, _):
            output.write("<img src=\"")
            writeURL(source)
            output.write("\" alt=\"")
            imageIndex = index
        case .footnoteReference(let label, _, let occurrence):
            output.write("<sup class=\"footnote-ref\"><a href=\"")
            if let footnotesPage {
                URLEscaping.writeHref(footnotesPage, to: &output)
                output.write("#fn-")
                URLEscaping.writeHref(label, to: &output)
                output.write("\" data-footnote-ref>")
                return
            }
            output.write("#fn-")
            URLEscaping.writeHref(label, to: &output)
            output.write("\" id=\"fnref-")
            URLEscaping.writeHref(label, to: &output)
            if occurrence > 1 { output.write("-\(occurrence)") }
            output.write("\" data-footnote-ref>")
        }
    }

    private mutating func closeInline() {
        let index = inlines.count - 1
        let component = inlines.removeLast()
        inlineStacks.removeLast()
        if let image = imageIndex {
            guard image == index, case .image(let source, let title) = component.kind else { return }
            if let title {
                output.write("\" title=\"")
                output.writeEscaped(title)
            }
            if let size = imageSize?(source) {
                output.write("\" width=\"\(size.width)\" height=\"\(size.height)\" loading=\"lazy")
            }
            output.write("\" />")
            imageIndex = nil
            return
        }
        switch component.kind {
        case .emphasized: output.write("</em>")
        case .stronglyEmphasized: output.write("</strong>")
        case .strikethrough: output.write("</del>")
        case .code: output.write("</code>")
        case .softBreak, .lineBreak, .inlineHTML, .image: break
        case .attributes: output.write("</span>")
        case .blockHTML: output.newlineIfNeeded()
        case .link: output.write("</a>")
        case .footnoteReference: output.write("</a></sup>")
        }
    }

    /// An attribute span: a class per value (``CSSNaming``) and a `data-*` attribute per value.
    private mutating func writeSpanOpening(_ values: [String: AttributeValue]) {
        if let opening = spanOpenings[values] {
            output.write(opening)
            return
        }
        var tag = HTMLOutput(capacity: 128)
        Self.writeSpanOpening(values, to: &tag)
        let opening = tag.string
        spanOpenings[values] = opening
        output.write(opening)
    }

    private static func writeSpanOpening(_ values: [String: AttributeValue], to output: inout HTMLOutput) {
        output.write("<span")
        let sorted = values.sorted { $0.key < $1.key }
        let classes = sorted.compactMap { CSSNaming.className(attribute: $0.key, value: $0.value) }
        if !classes.isEmpty {
            output.write(" class=\"")
            output.writeEscaped(classes.joined(separator: " "))
            output.write("\"")
        }
        for (name, value) in sorted {
            output.write(" ")
            output.write(CSSNaming.dataAttribute(name))
            output.write("=\"")
            output.writeEscaped(CSSNaming.dataValue(value))
            output.write("\"")
        }
        output.write(">")
    }

    private mutating func writeURL(_ url: String) {
        if options.allowsRawHTML || !DangerousURL.isDangerous(url) { URLEscaping.writeHref(url, to: &output) }
    }
}
