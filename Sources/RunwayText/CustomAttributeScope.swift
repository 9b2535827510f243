/// The custom attributes that exist for a site or a theme: only those in scope survive into
/// rendering, as in SwiftUI's `AttributedTextFormattingDefinition`.
///
/// ```swift
/// let scope = CustomAttributeScope(name: "site") {
///     AttributeDeclaration("customColor", .oneOf(["danger", "highlight"]), summary: "A colour role.")
///     AttributeDeclaration("factor", .number)
/// }
/// ```
public struct CustomAttributeScope: Hashable, Sendable {
    /// What the scope is called in messages: a site's config file or a theme's name.
    public var name: String
    /// The declarations, in the order they were given.
    public private(set) var declarations: [AttributeDeclaration]
    private var byName: [String: Int]

    /// A scope named `name` (diagnostics say it) with these declarations.
    public init(name: String, declarations: [AttributeDeclaration]) {
        self.name = name
        self.declarations = []
        self.byName = [:]
        for declaration in declarations { declare(declaration) }
    }

    /// A scope named `name`, its declarations listed in a builder block.
    public init(name: String, @CustomAttributeScopeBuilder _ declarations: () -> [AttributeDeclaration]) {
        self.init(name: name, declarations: declarations())
    }

    /// Adds a declaration, replacing one of the same name.
    public mutating func declare(_ declaration: AttributeDeclaration) {
        if let index = byName[declaration.name] {
            declarations[index] = declaration
        } else {
            byName[declaration.name] = declarations.count
            declarations.append(declaration)
        }
    }

    /// The declaration of an attribute, if the scope has one.
    public subscript(name: String) -> AttributeDeclaration? {
        byName[name].map { declarations[$0] }
    }

    /// Why a value may not be set, or `nil` when it may.
    public func problem(with name: String, value: AttributeValue) -> String? {
        guard let declaration = self[name] else {
            let isComponent = { (declaration: AttributeDeclaration) in if case .component = declaration.type { true } else { false } }
            let attributes = declarations.filter { !isComponent($0) }.map(\.name).sorted()
            let components = declarations.filter(isComponent).map(\.name).sorted()
            var list = attributes.isEmpty && components.isEmpty ? "it declares none" : "it declares " + attributes.joined(separator: ", ")
            if !components.isEmpty { list += (attributes.isEmpty ? "" : ", and ") + "the components " + components.joined(separator: ", ") }
            return "unknown attribute '\(name)' is not in the scope of \(self.name) (\(list)); the attribute is dropped"
        }
        if case .component(let signature) = declaration.type, let problem = signature.problem(with: value) {
            return "the component '\(name)' \(problem); it is dropped, and its text shown as it is"
        }
        guard declaration.type.accepts(value) else {
            return "attribute '\(name)' is \(value.jsonText) but must be \(declaration.type); the attribute is dropped"
        }
        return nil
    }
}

/// Builds the declarations of an ``CustomAttributeScope``.
@resultBuilder
public enum CustomAttributeScopeBuilder {
    /// One declaration.
    public static func buildExpression(_ declaration: AttributeDeclaration) -> [AttributeDeclaration] { [declaration] }
    /// The declarations of a block, in order.
    public static func buildBlock(_ parts: [AttributeDeclaration]...) -> [AttributeDeclaration] { parts.flatMap { $0 } }
    /// The declarations of an `if` without `else`, when it holds.
    public static func buildOptional(_ part: [AttributeDeclaration]?) -> [AttributeDeclaration] { part ?? [] }
    /// The declarations of an `if`'s first branch.
    public static func buildEither(first: [AttributeDeclaration]) -> [AttributeDeclaration] { first }
    /// The declarations of an `if`'s second branch.
    public static func buildEither(second: [AttributeDeclaration]) -> [AttributeDeclaration] { second }
    /// The declarations of a `for` loop.
    public static func buildArray(_ parts: [[AttributeDeclaration]]) -> [AttributeDeclaration] { parts.flatMap { $0 } }
}
