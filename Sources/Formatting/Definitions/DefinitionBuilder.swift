import RunwayText

/// Builds a definition's body from constraints and other definitions, in order.
@resultBuilder
public enum AttributedTextFormattingDefinitionBuilder {
    /// An empty block: no constraint.
    public static func buildBlock() -> EmptyAttributedTextFormattingDefinition { EmptyAttributedTextFormattingDefinition() }

    /// A block's definitions, applied in order.
    public static func buildBlock<each Content: AttributedTextFormattingDefinition>(
        _ content: repeat each Content
    ) -> TupleAttributedTextFormattingDefinition<repeat each Content> {
        TupleAttributedTextFormattingDefinition(repeat each content)
    }

    /// An `if` without `else`: its definitions when it holds.
    public static func buildOptional(_ content: (any AttributedTextFormattingDefinition)?) -> AnyAttributedTextFormattingDefinition {
        guard let content else { return AnyAttributedTextFormattingDefinition(EmptyAttributedTextFormattingDefinition()) }
        return AnyAttributedTextFormattingDefinition(content)
    }

    /// An `if`'s first branch.
    public static func buildEither(first: any AttributedTextFormattingDefinition) -> AnyAttributedTextFormattingDefinition {
        AnyAttributedTextFormattingDefinition(first)
    }

    /// An `if`'s second branch.
    public static func buildEither(second: any AttributedTextFormattingDefinition) -> AnyAttributedTextFormattingDefinition {
        AnyAttributedTextFormattingDefinition(second)
    }
}

/// A definition with no constraints.
public struct EmptyAttributedTextFormattingDefinition: AttributedTextFormattingDefinition {
    /// A definition that changes nothing.
    public init() {}
    public var body: Never { return preconditionFailure("an empty definition has no body") }
    public func collectConstraints(into constraints: inout [FormattingDefinition.Constraint]) {}
}

/// Several definitions, applied in order.
public struct TupleAttributedTextFormattingDefinition<each Content: AttributedTextFormattingDefinition>: AttributedTextFormattingDefinition {
    /// The definitions, in order.
    public let content: (repeat each Content)

    /// The definitions `content`, applied in order.
    public init(_ content: repeat each Content) {
        self.content = (repeat each content)
    }

    public var body: Never { return preconditionFailure("a tuple definition has no body of its own") }

    public func collectConstraints(into constraints: inout [FormattingDefinition.Constraint]) {
        for part in repeat each content { part.collectConstraints(into: &constraints) }
    }
}

/// A type-erased definition.
public struct AnyAttributedTextFormattingDefinition: AttributedTextFormattingDefinition {
    private let collect: @Sendable (inout [FormattingDefinition.Constraint]) -> Void

    /// `definition`, its type erased.
    public init<Definition: AttributedTextFormattingDefinition>(_ definition: Definition) {
        collect = { definition.collectConstraints(into: &$0) }
    }

    public var body: Never { return preconditionFailure("a type-erased definition has no body of its own") }

    public func collectConstraints(into constraints: inout [FormattingDefinition.Constraint]) {
        collect(&constraints)
    }
}
