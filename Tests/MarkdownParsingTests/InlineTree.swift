import RunwayText

/// The inline structure of parsed text in the notation of `attribute-cases.md`:
/// `span{raw}[children]` for an attribute span, `em[…]`, `strong[…]`, `code[…]`, `del[…]`,
/// `link(url)[…]`, quoted text; block structure is left out.
func inlineTree(_ text: AttributedText) -> String {
    var output = ""
    var open: [InlineIntent.Component] = []
    var first = [true]

    func separate() {
        if !first[first.count - 1] { output += ", " }
        first[first.count - 1] = false
    }

    for run in text.runs {
        let components = Array((run.attributes.inlineIntent?.components ?? []).reversed())
        var shared = 0
        while shared < min(open.count, components.count) && open[shared] == components[shared] { shared += 1 }
        while open.count > shared {
            open.removeLast()
            first.removeLast()
            output += "]"
        }
        for component in components[shared...] {
            separate()
            output += name(of: component.kind) + "["
            open.append(component)
            first.append(true)
        }
        let piece = String(text[run])
        if !piece.isEmpty {
            separate()
            output += piece.debugDescription
        }
    }
    output += String(repeating: "]", count: open.count)
    return output
}

private func name(of kind: InlineIntent.Kind) -> String {
    switch kind {
    case .attributes(let raw, _): "span{\(raw)}"
    case .emphasized: "em"
    case .stronglyEmphasized: "strong"
    case .code: "code"
    case .strikethrough: "del"
    case .softBreak: "softBreak"
    case .lineBreak: "lineBreak"
    case .link(let destination, _): "link(\(destination))"
    case .image(let source, _): "image(\(source))"
    case .inlineHTML: "html"
    case .blockHTML: "htmlBlock"
    case .footnoteReference(let label, _, _): "footnote(\(label))"
    }
}
