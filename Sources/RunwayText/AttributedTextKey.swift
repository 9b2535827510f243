/// A typed attribute key, like Foundation's `AttributedStringKey`: a caseless enum with a `Value`
/// and a `name`, that knows where its value lives in an ``AttributeContainer``.
public protocol AttributedTextKey: Sendable {
    /// The type of the attribute's values.
    associatedtype Value: Hashable & Sendable
    /// The attribute's name, as used in JSON and in theme files.
    static var name: String { get }
    /// The key's value in `container`, if it has one.
    static func value(in container: AttributeContainer) -> Value?
    /// Sets the key's value in `container`; `nil` removes it.
    static func setValue(_ value: Value?, in container: inout AttributeContainer)
}

/// A key whose value is stored among the container's custom attributes under ``AttributedTextKey/name``.
///
/// Declare one for each attribute a site or library uses:
/// ```swift
/// enum CustomColorKey: CustomAttributedTextKey {
///     typealias Value = String
///     static let name = "customColor"
/// }
/// ```
public protocol CustomAttributedTextKey: AttributedTextKey where Value: AttributeValueConvertible {}

extension CustomAttributedTextKey {
    /// The value stored under the key's name among the custom attributes, when it is of the key's type.
    public static func value(in container: AttributeContainer) -> Value? {
        container.customAttributes[name].flatMap(Value.init(attributeValue:))
    }

    /// Stores the value under the key's name among the custom attributes; `nil` removes it.
    public static func setValue(_ value: Value?, in container: inout AttributeContainer) {
        container.customAttributes[name] = value?.attributeValue
    }
}

/// The attributes Runway's parser sets, as Foundation's `AttributeScopes.FoundationAttributes`
/// lists its own. Extend it with computed properties to reach your own keys through dynamic member
/// lookup: `extension RunwayAttributes { var customColor: CustomColorKey.Type { CustomColorKey.self } }`.
public struct RunwayAttributes: Sendable {
    /// The blocks a run is in (`container.presentationIntent`).
    public let presentationIntent = PresentationIntentKey.self
    /// The inline elements a run is in, with their identities.
    public let inlineIntent = InlineIntentKey.self
    /// Foundation's flat view of the inline styles.
    public let inlinePresentationIntent = InlinePresentationIntentKey.self
    /// The innermost link's destination.
    public let link = LinkKey.self
    /// The image's source.
    public let imageURL = ImageURLKey.self
}

/// The block structure of a run.
public enum PresentationIntentKey: AttributedTextKey {
    public static let name = "presentationIntent"
    public static func value(in container: AttributeContainer) -> PresentationIntent? { container.presentationIntent }
    public static func setValue(_ value: PresentationIntent?, in container: inout AttributeContainer) {
        container.presentationIntent = value
    }
}

/// The inline structure of a run, with identities.
public enum InlineIntentKey: AttributedTextKey {
    public static let name = "inlineIntent"
    public static func value(in container: AttributeContainer) -> InlineIntent? { container.inlineIntent }
    public static func setValue(_ value: InlineIntent?, in container: inout AttributeContainer) {
        container.inlineIntent = value
    }
}

/// The flat inline styles of a run. Setting it replaces the styling elements with anonymous ones
/// and keeps links, images and footnote references.
public enum InlinePresentationIntentKey: AttributedTextKey {
    public static let name = "inlinePresentationIntent"

    public static func value(in container: AttributeContainer) -> InlinePresentationIntent? {
        let intent = container.inlineIntent?.inlinePresentationIntent ?? []
        return intent.isEmpty ? nil : intent
    }

    public static func setValue(_ value: InlinePresentationIntent?, in container: inout AttributeContainer) {
        let kept = (container.inlineIntent?.components ?? []).filter { $0.kind.presentationIntent.isEmpty }
        let styles: [(InlinePresentationIntent, InlineIntent.Kind)] = [
            (.emphasized, .emphasized), (.stronglyEmphasized, .stronglyEmphasized),
            (.strikethrough, .strikethrough), (.code, .code), (.softBreak, .softBreak),
            (.lineBreak, .lineBreak), (.inlineHTML, .inlineHTML), (.blockHTML, .blockHTML),
        ]
        let value = value ?? []
        let added = styles.filter { value.contains($0.0) }.map { InlineIntent.Component(kind: $0.1, identity: 0) }
        let components = added.reversed() + kept
        container.inlineIntent = components.isEmpty ? nil : InlineIntent(components: components)
    }
}

/// The destination of the innermost link around a run. Setting it replaces that link.
public enum LinkKey: AttributedTextKey {
    public static let name = "link"
    public static func value(in container: AttributeContainer) -> String? { container.inlineIntent?.link }
    public static func setValue(_ value: String?, in container: inout AttributeContainer) {
        container.replaceInnermost(where: { if case .link = $0 { true } else { false } },
                                   with: value.map { .link(destination: $0, title: nil) })
    }
}

/// The source of the image a run belongs to (its text is the image's alternative text).
public enum ImageURLKey: AttributedTextKey {
    public static let name = "imageURL"
    public static func value(in container: AttributeContainer) -> String? { container.inlineIntent?.imageURL }
    public static func setValue(_ value: String?, in container: inout AttributeContainer) {
        container.replaceInnermost(where: { if case .image = $0 { true } else { false } },
                                   with: value.map { .image(source: $0, title: nil) })
    }
}

extension AttributeContainer {
    /// Replaces (or removes, or adds outermost) the innermost inline element matching `matches`.
    mutating func replaceInnermost(where matches: (InlineIntent.Kind) -> Bool, with kind: InlineIntent.Kind?) {
        var components = inlineIntent?.components ?? []
        if let index = components.firstIndex(where: { matches($0.kind) }) {
            if let kind { components[index].kind = kind } else { components.remove(at: index) }
        } else if let kind {
            components.append(InlineIntent.Component(kind: kind, identity: 0))
        }
        inlineIntent = components.isEmpty ? nil : InlineIntent(components: components)
    }
}
