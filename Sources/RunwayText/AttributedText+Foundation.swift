public import Foundation

// A bridge to Foundation's AttributedString. Linux Foundation has `link` and `imageURL` but no
// presentation intents, so those travel under Runway's own keys. AttributedString has no empty
// runs, so elements without text are dropped on the way there.

/// Foundation keys that carry Runway's structure inside a `Foundation.AttributedString`.
public enum RunwayFoundationAttributes {
    /// The flat inline styles, as `InlinePresentationIntent` raw values.
    public enum InlinePresentationIntentAttribute: CodableAttributedStringKey {
        public typealias Value = Int
        public static let name = "RunwayInlinePresentationIntent"
    }

    /// The block structure.
    public enum PresentationIntentAttribute: CodableAttributedStringKey {
        public typealias Value = PresentationIntent
        public static let name = "RunwayPresentationIntent"
    }

    /// The inline structure with identities.
    public enum InlineIntentAttribute: CodableAttributedStringKey {
        public typealias Value = InlineIntent
        public static let name = "RunwayInlineIntent"
    }

    /// The custom attributes.
    public enum CustomAttributes: CodableAttributedStringKey {
        public typealias Value = [String: AttributeValue]
        public static let name = "RunwayCustomAttributes"
    }

    /// Where the run came from in its source.
    public enum SourceRangeAttribute: CodableAttributedStringKey {
        public typealias Value = SourceRange
        public static let name = "RunwaySourceRange"
    }
}

extension AttributedString {
    /// Foundation's attributed string with the same text and attributes, and each run's source
    /// range. Foundation holds no empty run: a run without text (a thematic break, an empty table
    /// cell) is left out.
    public init(_ text: AttributedText) {
        var result = AttributedString()
        for run in text.runs where !run.range.isEmpty {
            var piece = AttributedString(String(text[run]))
            let attributes = run.attributes
            if let intent = attributes.presentationIntent {
                piece[RunwayFoundationAttributes.PresentationIntentAttribute.self] = intent
            }
            if let intent = attributes.inlineIntent {
                piece[RunwayFoundationAttributes.InlineIntentAttribute.self] = intent
                let flat = intent.inlinePresentationIntent.rawValue
                if flat != 0 { piece[RunwayFoundationAttributes.InlinePresentationIntentAttribute.self] = flat }
            }
            if let link = attributes.link { piece.link = URL(string: link) }
            if let image = attributes.imageURL { piece.imageURL = URL(string: image) }
            if !attributes.customAttributes.isEmpty {
                piece[RunwayFoundationAttributes.CustomAttributes.self] = attributes.customAttributes
            }
            if let range = run.sourceRange { piece[RunwayFoundationAttributes.SourceRangeAttribute.self] = range }
            result.append(piece)
        }
        self = result
    }
}

extension AttributedText {
    /// Runway's attributed text with the same text and attributes as a Foundation attributed string.
    public init(_ string: AttributedString) {
        var builder = Builder()
        for run in string.runs {
            var attributes = AttributeContainer()
            attributes.presentationIntent = run[RunwayFoundationAttributes.PresentationIntentAttribute.self]
            if let intent = run[RunwayFoundationAttributes.InlineIntentAttribute.self] {
                attributes.inlineIntent = intent
            } else {
                if let raw = run[RunwayFoundationAttributes.InlinePresentationIntentAttribute.self] {
                    attributes.inlinePresentationIntent = InlinePresentationIntent(rawValue: raw)
                }
                if let link = run.link { attributes.link = link.absoluteString }
                if let image = run.imageURL { attributes.imageURL = image.absoluteString }
            }
            attributes.customAttributes = run[RunwayFoundationAttributes.CustomAttributes.self] ?? [:]
            builder.append(String(string.characters[run.range]), attributes: attributes,
                           sourceRange: run[RunwayFoundationAttributes.SourceRangeAttribute.self])
        }
        self = builder.build()
    }
}
