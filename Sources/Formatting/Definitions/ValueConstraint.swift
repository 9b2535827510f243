public import RunwayText

/// SwiftUI's `ValueConstraint(for:values:default:)`: the attribute may only take `values` (`nil`
/// among them allows it to be absent); any other value becomes `default`, or is removed when the
/// default is `nil`.
public struct ValueConstraint<Key: AttributedTextKey>: AttributedTextValueConstraint {
    public let values: [Key.Value?]
    public let defaultValue: Key.Value?

    public init(for keyPath: KeyPath<RunwayAttributes, Key.Type>, values: [Key.Value?], default defaultValue: Key.Value?) {
        self.values = values
        self.defaultValue = defaultValue
    }

    public init(for key: Key.Type, values: [Key.Value?], default defaultValue: Key.Value?) {
        self.values = values
        self.defaultValue = defaultValue
    }

    public func constrain(_ container: inout Attributes) {
        if !values.contains(container[Key.self]) { container[Key.self] = defaultValue }
    }
}
