/// A bag of attribute values: the attributes of one run, or a set of attributes to apply or merge.
///
/// The structural attributes (block and inline intents) are stored fields, so runs of one paragraph
/// share their storage; custom attributes live in a dictionary keyed by name. Read and write
/// attributes through typed keys: `container.link`, `container[CustomColorKey.self]`.
@dynamicMemberLookup
public struct AttributeContainer: Hashable, Sendable {
    /// The blocks around the run, innermost first.
    public var presentationIntent: PresentationIntent?
    /// The inline elements around the run, innermost first.
    public var inlineIntent: InlineIntent?
    /// Custom attributes by name, such as those written `^[text](customColor: 'danger')`.
    public var customAttributes: [String: AttributeValue]

    /// An empty container.
    public init() {
        presentationIntent = nil
        inlineIntent = nil
        customAttributes = [:]
    }

    /// A container with the given structure.
    public init(presentationIntent: PresentationIntent?, inlineIntent: InlineIntent? = nil) {
        self.presentationIntent = presentationIntent
        self.inlineIntent = inlineIntent
        customAttributes = [:]
    }

    /// Inline structure first: neighbouring runs of parsed text share their blocks and differ there.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.inlineIntent == rhs.inlineIntent && lhs.presentationIntent == rhs.presentationIntent
            && lhs.customAttributes == rhs.customAttributes
    }

    /// True when no attribute is set.
    public var isEmpty: Bool {
        presentationIntent == nil && (inlineIntent?.depth ?? 0) == 0 && customAttributes.isEmpty
    }

    /// The value of a typed key.
    public subscript<K: AttributedTextKey>(_ key: K.Type) -> K.Value? {
        get { K.value(in: self) }
        set { K.setValue(newValue, in: &self) }
    }

    /// The value of a key of the Runway scope, as `container.link`.
    public subscript<K: AttributedTextKey>(
        dynamicMember keyPath: KeyPath<RunwayAttributes, K.Type>
    ) -> K.Value? {
        get { K.value(in: self) }
        set { K.setValue(newValue, in: &self) }
    }

    /// Sets every attribute that `other` sets, keeping the rest; `other` wins where both set one.
    public mutating func merge(_ other: AttributeContainer) {
        if let intent = other.presentationIntent { presentationIntent = intent }
        if let intent = other.inlineIntent, intent.depth > 0 {
            // `other`'s elements inside this container's, sharing this container's stack.
            var merged = inlineIntent.flatMap { $0.depth > 0 ? $0 : nil }
            for component in intent.components.reversed() { merged = InlineIntent(component, enclosing: merged) }
            inlineIntent = merged
        }
        customAttributes.merge(other.customAttributes) { _, new in new }
    }

    /// A copy with `other` merged in.
    public func merging(_ other: AttributeContainer) -> AttributeContainer {
        var copy = self
        copy.merge(other)
        return copy
    }
}
