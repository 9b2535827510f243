public import RunwayText

/// SwiftUI's `ValueConstraint(for:values:default:)`: the attribute may only take `values` (`nil`
/// among them allows it to be absent); any other value becomes `default`, or is removed when the
/// default is `nil`.
public struct ValueConstraint<Key: AttributedTextKey>: AttributedTextValueConstraint {
    /// The values the attribute may take; `nil` among them lets it be absent.
    public let values: [Key.Value?]
    /// What any other value becomes; `nil` removes it.
    public let defaultValue: Key.Value?

    /// A constraint on the key at `keyPath` (`\.underlineStyle`), as SwiftUI writes it.
    public init(for keyPath: KeyPath<RunwayAttributes, Key.Type>, values: [Key.Value?], default defaultValue: Key.Value?) {
        self.values = values
        self.defaultValue = defaultValue
    }

    /// A constraint on `key`.
    public init(for key: Key.Type, values: [Key.Value?], default defaultValue: Key.Value?) {
        self.values = values
        self.defaultValue = defaultValue
    }

    public func constrain(_ container: inout Attributes) {
        if !values.contains(container[Key.self]) { container[Key.self] = defaultValue }
    }
}
