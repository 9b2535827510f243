import RunwayText
import Formatting

/// The walk's blocks: paragraphs, headings with their ids, callouts, lists and tasks, code
/// (line by line when numbered), tables and footnotes, opened and closed as the runs say.
extension RenderWalk {
    mutating func openBlock(_ component: PresentationIntent.Component, following: PresentationIntent.Component?) {
        let index = blocks.count
        blocks.append(component)
        switch component.kind {
        case .paragraph:
            if isTightParagraph(at: index) { return }
            output.newlineIfNeeded()
            let start = output.count
            output.write("<p>")
            if components != nil {
                openParagraph = (start, output.count)
                lastComponent = nil
            }
        case .header(let level, _):
            output.newlineIfNeeded()
            let start = output.count
            output.write("<h\(level)")
            if options.headingIDs { openHeading = (output.count, []) }
            output.write(">")
            if hooks?.elements.contains(.heading) == true { openHook(block: index, start: start) }
        case .blockQuote(let callout?):
            // A callout: the class of its value (``CSSNaming``), its kind as data, and its title.
            output.newlineIfNeeded()
            let start = output.count
            let className = CSSNaming.className(attribute: PresentationIntent.Callout.attributeName, value: .string(callout.rawValue)) ?? ""
            output.write("<blockquote class=\"rw-callout \(className)\" data-callout=\"\(callout.rawValue)\">\n")
            output.write("<p class=\"rw-callout-title\">")
            output.writeEscaped(calloutTitle?(callout) ?? callout.englishTitle)
            output.write("</p>\n")
            if hooks?.elements.contains(.callout) == true { openHook(block: index, start: start) }
        case .blockQuote(nil):
            output.newlineIfNeeded()
            let start = output.count
            output.write("<blockquote>\n")
            if hooks?.elements.contains(.blockQuote) == true { openHook(block: index, start: start) }
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
            let start = output.count
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
            if hooks?.hooksCode(in: hint) == true { openHook(block: index, start: start) }
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
    mutating func closeBlock(remaining: Int) {
        let index = blocks.count - 1
        let component = blocks[index]
        blockStacks.removeLast()
        if !openHooks.isEmpty { endHookTextLine(closing: index) }
        // The end of a task item's first block (or of the item): its checkbox is named.
        if let task = openTask, index <= task.depth + 1 {
            let words = String(decoding: task.text, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !words.isEmpty {
                var attribute = HTMLOutput(capacity: words.utf8.count + 14)
                attribute.write(" aria-label=\"")
                attribute.writeEscaped(words)
                attribute.write("\"")
                output.insert(attribute.bytes, at: task.labelOffset)
                shiftOpenHooks(from: task.labelOffset, by: attribute.count)
            }
            openTask = nil
        }
        switch component.kind {
        case .paragraph:
            if isTightParagraph(at: index) { break }
            if !inFootnotes, let paragraph = openParagraph, let component = lastComponent, component.start == paragraph.content,
               component.end == output.count {
                // The paragraph holds only a component: its block form is written in its place.
                var call = component.call
                call.block = true
                output.truncate(to: paragraph.start)
                output.write(components!.render(call))
                output.newlineIfNeeded()
                openParagraph = nil
                lastComponent = nil
                break
            }
            openParagraph = nil
            if index > 0, case .footnoteDefinition(let label, let count) = blocks[index - 1].kind, remaining < index {
                output.write(" ")
                writeBackReferences(label: label, count: count)
            }
            output.write("</p>\n")
        case .header(let level, _):
            // Taken before the id goes in at the start.
            let hookContent = hookContent(ofBlock: index)
            var givenID: String?
            if let heading = openHeading {
                let text = String(decoding: heading.text, as: UTF8.self)
                let id = HeadingOutline.explicitID(of: component.kind).map { slugs.claim($0) } ?? slugs.unique(for: text)
                headings.append(HeadingOutline.Heading(level: level, text: text, id: id))
                givenID = id
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
            if let hookContent { finishHook(.heading(level: level, id: givenID), content: hookContent) }
        case .blockQuote(let callout):
            output.newlineIfNeeded()
            let hookContent = hookContent(ofBlock: index)
            output.write("</blockquote>\n")
            if let hookContent {
                finishHook(callout.map { .callout($0, title: calloutTitle?($0) ?? $0.englishTitle) } ?? .blockQuote, content: hookContent)
            }
        case .orderedList:
            output.write("</ol>\n")
        case .unorderedList:
            output.write("</ul>\n")
        case .listItem:
            output.write("</li>\n")
        case .codeBlock(let language, let blockOptions):
            inCodeBlock = false
            if codeLines?.open == true { output.write("</span>") }
            codeLines = nil
            let hookContent = hookContent(ofBlock: index)
            output.write("</code></pre>\n")
            if let hookContent { finishHook(.codeBlock(language: language, options: blockOptions), content: hookContent) }
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
    func isTightParagraph(at index: Int) -> Bool {
        guard index >= 2 else { return false }
        switch blocks[index - 2].kind {
        case .orderedList(let tight), .unorderedList(let tight): return tight
        default: return false
        }
    }

    func tableColumns() -> [PresentationIntent.TableColumn]? {
        for component in blocks.reversed() { if case .table(let columns) = component.kind { return columns } }
        return nil
    }

    /// cmark's back references from a footnote to each reference to it, once per footnote.
    @discardableResult
    mutating func writeBackReferences(label: String, count: Int) -> Bool {
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
}
