import RunwayText

/// The human-readable form of `runway runs`: one line a run, its source range, its text, and its
/// attributes in a compact notation (`paragraph#1 > stronglyEmphasized#2`, a custom attribute's
/// value as JSON: `customColor="danger"`).
struct RunListing: CustomStringConvertible {
    let text: AttributedText

    init(_ text: AttributedText) { self.text = text }

    var description: String {
        var result = ""
        write { result += $0 }
        return result
    }

    /// Writes the listing line by line, so a long listing is never held whole.
    func write(to output: (String) -> Void) {
        for run in text.runs {
            let range = run.sourceRange.map(\.description) ?? "-"
            var parts = [range, String(text[run]).debugDescription]
            let attributes = run.attributes
            // A callout's kind beside its quote (`blockQuote(note)#1`), as `--json` says `"callout": "note"`.
            let blocks = (attributes.presentationIntent?.components ?? []).reversed().map { component in
                if case .blockQuote(let callout?) = component.kind { return "blockQuote(\(callout.rawValue))#\(component.identity)" }
                return "\(component.kind.name)#\(component.identity)"
            }
            let inlines = (attributes.inlineIntent?.components ?? []).reversed().map { "\($0.kind.name)#\($0.identity)" }
            parts.append((blocks + inlines).joined(separator: " > "))
            if let link = attributes.link { parts.append("link=\(link)") }
            if let image = attributes.imageURL { parts.append("imageURL=\(image)") }
            for (name, value) in attributes.customAttributes.sorted(by: { $0.key < $1.key }) {
                parts.append("\(name)=\(value.jsonText)")
            }
            output(parts.joined(separator: "  ") + "\n")
        }
    }
}
