/// How a formula is set: in the line of text (`$…$`), or as a block of its own (`$$…$$`, a
/// fenced `math` block).
public enum MathKind: String, CaseIterable, Hashable, Sendable, AttributeValueConvertible {
    /// `$…$`: in the line.
    case inline
    /// `$$…$$` and ```` ```math ````: on its own, centred.
    case display

    /// The value of a stored attribute value, when it names a kind.
    public init?(attributeValue: AttributeValue) {
        guard case .string(let name) = attributeValue else { return nil }
        self.init(rawValue: name)
    }

    /// The kind's name as a string value.
    public var attributeValue: AttributeValue { .string(rawValue) }
}

/// The `math` attribute: a run whose text is a formula in TeX, as written (``MathKind``). The
/// parser sets it under `[markdown] math = true`; content cannot set it, and a scope never drops it.
public enum MathKey: CustomAttributedTextKey {
    /// How the formula is set.
    public typealias Value = MathKind
    /// `math`.
    public static let name = "math"
}

extension RunwayAttributes {
    /// How a run's formula is set (`container.math`), when the run is one.
    public var math: MathKey.Type { MathKey.self }
}
