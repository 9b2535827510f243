public import RunwayText

/// Where a page's title comes from when nothing else gives one.
public enum DocumentTitle {
    /// The plain text of the first heading, if the text has one.
    public static func firstHeading(in text: AttributedText) -> String? {
        var identity: Int?
        var title = ""
        for run in text.runs {
            // A heading is a leaf block: when a run is in one, it is the innermost.
            var heading: PresentationIntent.Component?
            if let innermost = run.attributes.presentationIntent?.innermost, case .header = innermost.kind {
                heading = innermost
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
