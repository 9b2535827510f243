public import RunwayText

/// A formatting definition declared in Swift, as SwiftUI's `AttributedTextFormattingDefinition`:
/// a scope (the custom attributes that exist) and a body of value constraints built with
/// ``AttributedTextFormattingDefinitionBuilder``.
///
/// ```swift
/// struct ContactsDefinition: AttributedTextFormattingDefinition {
///     typealias Scope = ContactsScope
///     var body: some AttributedTextFormattingDefinition {
///         ValueConstraint(for: \.underlineStyle, values: [nil, .single], default: .single)
///         ContactsArePurple()
///     }
/// }
/// let definition = ContactsDefinition().compiled   // the same FormattingDefinition a theme file gives
/// ```
public protocol AttributedTextFormattingDefinition: Sendable {
    /// The attributes that exist; ``AllAttributes`` keeps every one.
    associatedtype Scope: FormattingScope = AllAttributes
    /// The definition this one is made of.
    associatedtype Body: AttributedTextFormattingDefinition
    /// The constraints and definitions this one is made of, in order, as SwiftUI's `body`.
    @AttributedTextFormattingDefinitionBuilder var body: Body { get }

    /// Appends this definition's constraints, in order. Definitions made of others use the default.
    func collectConstraints(into constraints: inout [FormattingDefinition.Constraint])
}

extension AttributedTextFormattingDefinition {
    public func collectConstraints(into constraints: inout [FormattingDefinition.Constraint]) {
        body.collectConstraints(into: &constraints)
    }

    /// What the definition compiles to: the scope's declarations and every constraint in order.
    public var compiled: FormattingDefinition {
        var constraints: [FormattingDefinition.Constraint] = []
        collectConstraints(into: &constraints)
        return FormattingDefinition(scope: Scope.declarations, constraints: constraints)
    }

    /// Applies every constraint of the definition to one container, in order.
    public func constrain(_ container: inout AttributeContainer) {
        compiled.constrain(&container)
    }
}

/// The custom attributes a Swift definition allows.
public protocol FormattingScope: Sendable {
    /// The declarations; `nil` keeps every attribute.
    static var declarations: CustomAttributeScope? { get }
}

/// A scope that keeps every attribute.
public enum AllAttributes: FormattingScope {
    public static var declarations: CustomAttributeScope? { nil }
}

/// One constraint, as SwiftUI's `AttributedTextValueConstraint`: it changes a container in place.
/// It may read several attributes ("contacts are purple").
public protocol AttributedTextValueConstraint: AttributedTextFormattingDefinition where Body == Never {
    /// The attributes a constraint reads and changes.
    typealias Attributes = AttributeContainer
    func constrain(_ container: inout Attributes)
}

extension AttributedTextValueConstraint {
    /// A constraint is a definition of its own: it has no body.
    public var body: Never { return preconditionFailure("a value constraint has no body; it constrains") }

    public func collectConstraints(into constraints: inout [FormattingDefinition.Constraint]) {
        let constraint = self
        constraints.append(.custom { constraint.constrain(&$0) })
    }
}

extension Never: AttributedTextFormattingDefinition {
    public typealias Body = Never
    public var body: Never { return preconditionFailure("Never has no body") }
    public func collectConstraints(into constraints: inout [FormattingDefinition.Constraint]) {}
}
