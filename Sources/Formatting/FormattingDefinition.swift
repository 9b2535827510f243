public import RunwayText

/// What a formatting definition compiles to, whether declared in Swift (see
/// ``AttributedTextFormattingDefinition``) or in a theme file: a scope (which custom attributes
/// exist; all others are dropped) and value constraints, applied in order.
public struct FormattingDefinition: Sendable {
    /// The attributes that exist; `nil` keeps every attribute.
    public var scope: CustomAttributeScope?
    /// The constraints, applied in order to every run.
    public var constraints: [Constraint]

    /// A definition of `scope` (`nil`: any attribute) and `constraints`.
    public init(scope: CustomAttributeScope? = nil, constraints: [Constraint] = []) {
        self.scope = scope
        self.constraints = constraints
    }

    /// One rule about the values in an attribute container.
    public enum Constraint: Sendable {
        /// `attribute` may only take `values`; any other value becomes `default`, or is removed when
        /// there is none (SwiftUI's `ValueConstraint(for:values:default:)`).
        case values(attribute: String, allowed: [AttributeValue], default: AttributeValue?)
        /// When every attribute of `when` has its value, `set` is applied; otherwise `otherwise` is.
        case rule(when: [String: AttributeValue], set: [String: AttributeValue], otherwise: Otherwise)
        /// A constraint written in Swift.
        case custom(@Sendable (inout AttributeContainer) -> Void)
    }

    /// What a rule does when its condition does not hold.
    public enum Otherwise: Sendable, Equatable {
        /// Nothing.
        case leave
        /// Removes the attributes the rule would set ("contacts are purple, others have no colour").
        case remove
        /// Sets these values.
        case set([String: AttributeValue])
    }

    /// Drops attributes outside the scope and applies every constraint to one container.
    public func constrain(_ container: inout AttributeContainer) {
        if let scope {
            // Runway's own attributes (`syntax`, `math`) are no content's to declare: they stay.
            container.customAttributes = container.customAttributes.filter { scope[$0.key] != nil || runwaySetAttributeNames.contains($0.key) }
        }
        for constraint in constraints {
            switch constraint {
            case .values(let attribute, let allowed, let fallback):
                if let value = container.customAttributes[attribute], !allowed.contains(value) {
                    container.customAttributes[attribute] = fallback
                }
            case .rule(let condition, let values, let otherwise):
                let holds = condition.allSatisfy { container.customAttributes[$0.key] == $0.value }
                if holds {
                    container.customAttributes.merge(values) { _, new in new }
                } else {
                    switch otherwise {
                    case .leave: break
                    case .remove: for key in values.keys { container.customAttributes[key] = nil }
                    case .set(let other): container.customAttributes.merge(other) { _, new in new }
                    }
                }
            case .custom(let constrain):
                constrain(&container)
            }
        }
    }

    /// The values of a custom attribute container after the definition, for span elements.
    public func constrain(values: [String: AttributeValue]) -> [String: AttributeValue] {
        var container = AttributeContainer()
        container.customAttributes = values
        constrain(&container)
        return container.customAttributes
    }

    /// The text with every run's custom attributes, and every attribute span's own values,
    /// constrained. Text and structure are unchanged.
    public func apply(to text: AttributedText) -> AttributedText {
        // Without Swift constraints (which may read any attribute) the result depends only on the
        // custom attributes, and pages repeat the same few sets: constrain each set once.
        let memoize = !constraints.contains { if case .custom = $0 { true } else { false } }
        // Each set constrained, and whether that left it as it was.
        var constrainedValues: [[String: AttributeValue]: (values: [String: AttributeValue], same: Bool)] = [:]
        func constrained(_ input: [String: AttributeValue]) -> (values: [String: AttributeValue], same: Bool) {
            if let known = constrainedValues[input] { return known }
            let result = constrain(values: input)
            let entry = (result, result == input)
            constrainedValues[input] = entry
            return entry
        }
        func values(_ input: [String: AttributeValue]) -> [String: AttributeValue] {
            memoize ? constrained(input).values : constrain(values: input)
        }
        // Most prose has no custom attribute and no span: when no values stay no values, it is
        // left as it is (one check per run instead of a copy of every run), and so are the runs
        // without values of a text with spans (no dictionary hashed for them).
        let none = memoize ? values([:]) : [:]
        if memoize, none.isEmpty,
           !text.runs.contains(where: { !$0.attributes.customAttributes.isEmpty || $0.attributes.inlineIntent?.containsAttributeSpan == true }) {
            return text
        }
        // Each span's own values, constrained once per element: runs share their stacks.
        var constrainedIntents = InlineIntent.Rewriting { component in
            guard case .attributes(let raw, let spanValues) = component.kind else { return component }
            return InlineIntent.Component(kind: .attributes(raw: raw, values: values(spanValues)), identity: component.identity)
        }
        // Most pages' values are ones the definition allows: when constraining leaves every run's
        // values and spans as they are, so is the text (no run copied, no new array of runs).
        if memoize {
            // Neighbouring runs of a span hold equal sets: the last one checked is compared first.
            var lastSame: [String: AttributeValue]?
            var unchanged = text.runs.withUnsafeBufferPointer { runs in
                runs.allSatisfy { run in
                    let values = run.attributes.customAttributes
                    if values.isEmpty { return none.isEmpty }
                    if let lastSame, lastSame == values { return true }
                    guard constrained(values).same else { return false }
                    lastSame = values
                    return true
                }
            }
            // Each span once, not each stack of spans (`constrainedIntents` makes new stacks).
            text.forEachNewInlineComponent(climbing: { unchanged && $0.containsAttributeSpan }) { component, _ in
                if case .attributes(_, let values) = component.kind, !constrained(values).same { unchanged = false }
            }
            if unchanged { return text }
        }
        return text.mappingAttributes { original in
            var attributes = original
            if memoize {
                attributes.customAttributes = attributes.customAttributes.isEmpty ? none : values(attributes.customAttributes)
            } else {
                constrain(&attributes)
            }
            if let intent = attributes.inlineIntent, intent.containsAttributeSpan {
                attributes.inlineIntent = constrainedIntents(intent)
            }
            return attributes
        }
    }

    /// Every (attribute, value) pair the constraints can produce: the stylesheet styles them.
    public var producedValues: [(attribute: String, value: AttributeValue)] {
        var pairs: [(String, AttributeValue)] = []
        for constraint in constraints {
            switch constraint {
            case .values(let attribute, let allowed, let fallback):
                pairs += allowed.map { (attribute, $0) }
                if let fallback { pairs.append((attribute, fallback)) }
            case .rule(_, let values, let otherwise):
                pairs += values.map { ($0.key, $0.value) }
                if case .set(let other) = otherwise { pairs += other.map { ($0.key, $0.value) } }
            case .custom:
                break
            }
        }
        return pairs
    }
}
