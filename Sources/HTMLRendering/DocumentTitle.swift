public import AttributedText

/// Where a page's title comes from when nothing else gives one.
public enum DocumentTitle {
    /// The plain text of the first heading, if the text has one.
    public static func firstHeading(in text: AttributedText) -> String? {
        var identity: Int?
        var title = ""
        for run in text.runs {
            let heading = run.attributes.presentationIntent?.components.first { component in
                if case .header = component.kind { true } else { false }
            }
            if let heading, identity == nil || identity == heading.identity {
                identity = heading.identity
                title += text[run]
            } else if identity != nil {
                break
            }
        }
        return identity == nil ? nil : title
    }
}
