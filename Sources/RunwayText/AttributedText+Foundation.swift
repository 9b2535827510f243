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

/// A custom attribute that is a Foundation attribute too: one caseless enum conforming to both
/// protocols, whose `name` and `Value` serve both.
///
/// ```swift
/// enum CustomColorKey: CustomAttributedTextKey, AttributedStringKey {
///     typealias Value = String
///     static let name = "customColor"
/// }
/// ```
///
/// Such keys are what the bridge's `including:` lists: there a custom attribute becomes the
/// Foundation attribute of the same name, which a Foundation `AttributeScope` can declare and
/// dynamic member lookup can reach (`run.customColor`).
public typealias FoundationBridgedKey = CustomAttributedTextKey & AttributedStringKey

extension AttributedString {
    /// Foundation's attributed string with the same text and attributes, and each run's source
    /// range. Foundation holds no empty run: a run without text (a thematic break, an empty table
    /// cell) is left out. Custom attributes travel together under
    /// ``RunwayFoundationAttributes/CustomAttributes``; see ``init(_:including:)`` to give some
    /// their own Foundation keys.
    public init(_ text: AttributedText) {
        self.init(text, lifting: [])
    }

    /// Foundation's attributed string with the same text and attributes, where each custom
    /// attribute named by one of `keys` is that Foundation attribute (`run[CustomColorKey.self]`,
    /// or `run.customColor` through a scope), when its value is of the key's type. The other custom
    /// attributes travel under ``RunwayFoundationAttributes/CustomAttributes`` as without keys, so
    /// ``AttributedText/init(_:including:)`` with the same keys gives the text back whole.
    public init<each Key: FoundationBridgedKey>(_ text: AttributedText, including keys: repeat (each Key).Type) {
        var lifts: [@Sendable (inout [String: AttributeValue], inout AttributedString) -> Void] = []
        for key in repeat each keys { lifts.append(Self.lift(key)) }
        self.init(text, lifting: lifts)
    }

    /// Moves the custom attribute `Key` names, when it has the key's type, from the custom
    /// attributes into the piece as the Foundation attribute.
    private static func lift<Key: FoundationBridgedKey>(_: Key.Type) -> @Sendable (inout [String: AttributeValue], inout AttributedString) -> Void {
        { custom, piece in
            guard let stored = custom[Key.name], let value = Key.Value(attributeValue: stored) else { return }
            piece[Key.self] = value
            custom[Key.name] = nil
        }
    }

    private init(_ text: AttributedText, lifting lifts: [@Sendable (inout [String: AttributeValue], inout AttributedString) -> Void]) {
        var result = AttributedString()
        for run in text.runs where !run.range.isEmpty {
            var piece = AttributedString(String(text[run]))
            var attributes = run.attributes
            for lift in lifts { lift(&attributes.customAttributes, &piece) }
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
        self.init(string, lowering: [])
    }

    /// Runway's attributed text with the same text and attributes as a Foundation attributed
    /// string, where each of `keys` that a run has becomes the custom attribute of its name: the
    /// way back of `AttributedString(_:including:)`.
    public init<each Key: FoundationBridgedKey>(_ string: AttributedString, including keys: repeat (each Key).Type) {
        var lowers: [@Sendable (AttributedString.Runs.Run, inout [String: AttributeValue]) -> Void] = []
        for key in repeat each keys { lowers.append(Self.lower(key)) }
        self.init(string, lowering: lowers)
    }

    /// Moves the Foundation attribute `Key` of a run into the custom attributes, under its name.
    private static func lower<Key: FoundationBridgedKey>(_: Key.Type) -> @Sendable (AttributedString.Runs.Run, inout [String: AttributeValue]) -> Void {
        { run, custom in
            if let value = run[Key.self] { custom[Key.name] = value.attributeValue }
        }
    }

    private init(_ string: AttributedString, lowering lowers: [@Sendable (AttributedString.Runs.Run, inout [String: AttributeValue]) -> Void]) {
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
            for lower in lowers { lower(run, &attributes.customAttributes) }
            builder.append(String(string.characters[run.range]), attributes: attributes,
                           sourceRange: run[RunwayFoundationAttributes.SourceRangeAttribute.self])
        }
        self = builder.build()
    }
}
