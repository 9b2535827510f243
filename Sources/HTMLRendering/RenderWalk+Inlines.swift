import RunwayText
import Formatting

/// The walk's inline elements: emphasis, code, links and images (with their sizes), breaks,
/// raw HTML, footnote references and the spans of custom attributes.
extension RenderWalk {
    mutating func openInline(_ component: InlineIntent.Component) {
        let index = inlines.count
        inlines.append(component)
        if imageIndex != nil { return }
        switch component.kind {
        case .emphasized: output.write("<em>")
        case .stronglyEmphasized: output.write("<strong>")
        case .strikethrough: output.write("<del>")
        case .code: output.write("<code>")
        case .softBreak, .lineBreak, .inlineHTML: break
        case .attributes(_, let values):
            if let components, let name = values.keys.filter(components.names.contains).min() {
                // A component: its content is written, then taken back and given to its template.
                var others = values
                others[name] = nil
                openComponents.append((index, output.count, name, values[name]!, !others.isEmpty, runSource?.start))
                if !others.isEmpty { writeSpanOpening(others) }
            } else {
                writeSpanOpening(values)
            }
        case .blockHTML: output.newlineIfNeeded()
        case .link(let destination, let title):
            let start = output.count
            output.write("<a href=\"")
            writeURL(destination)
            if let title {
                output.write("\" title=\"")
                output.writeEscaped(title)
            }
            output.write("\">")
            if hooks?.elements.contains(.link) == true { openHook(inline: index, start: start) }
        case .image(let source, _):
            let start = output.count
            let picture = responsiveImage?(source, runSource?.start)
            if let picture { writePictureOpening(picture) }
            openPicture = picture
            output.write("<img src=\"")
            writeURL(source)
            if let picture { writeImageSourceSet(picture) }
            output.write("\" alt=\"")
            imageIndex = index
            if hooks?.elements.contains(.image) == true { openHook(inline: index, start: start) }
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

    mutating func closeInline() {
        let index = inlines.count - 1
        let component = inlines.removeLast()
        inlineStacks.removeLast()
        if let image = imageIndex {
            guard image == index, case .image(let source, let title) = component.kind else { return }
            if let title {
                output.write("\" title=\"")
                output.writeEscaped(title)
            }
            let size = openPicture?.size ?? imageSize?(source)
            if let size {
                output.write("\" width=\"\(size.width)\" height=\"\(size.height)\" loading=\"lazy")
            }
            output.write("\" />")
            if let picture = openPicture, picture.sources.count > 1 { output.write("</picture>") }
            openPicture = nil
            imageIndex = nil
            if hookContent(ofInline: index) != nil { finishHook(.image(source: source, title: title, size: size), content: "") }
            return
        }
        switch component.kind {
        case .emphasized: output.write("</em>")
        case .stronglyEmphasized: output.write("</strong>")
        case .strikethrough: output.write("</del>")
        case .code: output.write("</code>")
        case .softBreak, .lineBreak, .inlineHTML, .image: break
        case .attributes:
            guard let open = openComponents.last, open.inline == index else { return output.write("</span>") }
            openComponents.removeLast()
            if open.wrapped { output.write("</span>") }
            let call = ComponentCall(name: open.name, value: open.value, content: output.string(from: open.start), block: false,
                                     position: open.position)
            output.truncate(to: open.start)
            output.write(components!.render(call))
            if openComponents.isEmpty { lastComponent = (open.start, output.count, call) }
        case .blockHTML: output.newlineIfNeeded()
        case .link(let destination, let title):
            let hookContent = hookContent(ofInline: index)
            output.write("</a>")
            if let hookContent { finishHook(.link(destination: destination, title: title), content: hookContent) }
        case .footnoteReference: output.write("</a></sup>")
        }
    }

    /// An attribute span: a class per value (``CSSNaming``) and a `data-*` attribute per value.
    mutating func writeSpanOpening(_ values: [String: AttributeValue]) {
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

    static func writeSpanOpening(_ values: [String: AttributeValue], to output: inout HTMLOutput) {
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

    mutating func writeURL(_ url: String) {
        if options.allowsRawHTML || !DangerousURL.isDangerous(url) { URLEscaping.writeHref(url, to: &output) }
    }
}
