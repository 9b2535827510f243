import Stencil

/// A variable that is a plain path of names (`page.title`), looked up without Stencil's general
/// resolution while it leads through `TemplateObject`s, which is what almost every variable in a
/// page template does. Stencil's own resolution tries each name as a literal, splits the path
/// again and casts every step to half a dozen types: it took most of the time of rendering a
/// page. Where the short way does not reach (a dictionary, an array, an index, `block.super`, a
/// number), Stencil's own resolution answers, as before.
struct PlainPath {
    let names: [String]

    /// `nil` for text that is not names (a letter or `_`, then letters, digits and `_`) joined by
    /// dots, or that Stencil would read as a literal (`true`, `inf`, `nan`).
    init?(_ text: String) {
        guard Bool(text) == nil, Float(text) == nil else { return nil }
        var atStart = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): atStart = false
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !atStart: break
            case UInt8(ascii: ".") where !atStart: atStart = true
            default: return nil
            }
        }
        guard !atStart else { return nil }
        names = text.split(separator: ".").map(String.init)
    }

    enum Lookup {
        /// The value, or nothing: the path stayed among `TemplateObject`s.
        case found(Any?)
        /// The path went through something else: Stencil must resolve it.
        case general
    }

    func value(in context: Context) -> Lookup {
        var value = context[names[0]]
        for name in names.dropFirst() {
            guard let object = value as? TemplateObject else { return value == nil ? .found(nil) : .general }
            value = object[dynamicMember: name]
        }
        return .found(value)
    }
}

/// `{{ page.title }}` when the variable is a plain path: a string or nothing is written as it is,
/// anything else by Stencil's `VariableNode`.
final class PathVariable: NodeType {
    static let tag = "_runway_path_variable"
    let path: PlainPath
    let token: Token?
    let general: VariableNode

    /// A `{{ }}` token that is a plain path becomes this tag; other tokens stay as they are.
    static func token(_ token: Token) -> Token {
        guard case .variable = token.kind, PlainPath(token.contents) != nil else { return token }
        return Token.block(value: tag + " " + token.contents, at: token.sourceMap)
    }

    static func parse(_ parser: TokenParser, token: Token) throws -> any NodeType {
        guard token.components.count == 2, let path = PlainPath(token.components[1]) else {
            throw TemplateSyntaxError("'\(tag)' is Runway's own tag for variables")
        }
        return PathVariable(path: path, text: token.components[1], token: token)
    }

    init(path: PlainPath, text: String, token: Token) {
        self.path = path
        self.token = token
        general = VariableNode(variable: text, token: token)
    }

    func render(_ context: Context) throws -> String {
        switch path.value(in: context) {
        case .found(let text as String): return text
        case .found(nil): return ""
        default: return try general.render(context)
        }
    }
}

/// `{% if %}`, `{% elif %}`, `{% else %}`, `{% endif %}` as Stencil parses and renders them, with
/// the short way for a condition that is a plain path (`{% if page.tags %}`): a string is true
/// when it is not empty, a boolean is itself, nothing is false; any other value, and any other
/// condition, is Stencil's own expression.
final class IfTag: NodeType {
    let branches: [(condition: (any Expression)?, nodes: [any NodeType])]
    let token: Token?

    static func parse(_ parser: TokenParser, token: Token) throws -> any NodeType {
        var branches: [(condition: (any Expression)?, nodes: [any NodeType])] = []
        var current: Token? = token
        while let branch = current, branch === token || branch.contents.hasPrefix("elif") {
            let condition = try Self.condition(Array(branch.components.dropFirst()), parser: parser, token: branch)
            branches.append((condition, try parser.parse(until(["endif", "elif", "else"]))))
            current = parser.nextToken()
        }
        if let branch = current, branch.contents == "else" {
            branches.append((nil, try parser.parse(until(["endif"]))))
            current = parser.nextToken()
        }
        guard let end = current, end.contents == "endif" else { throw TemplateSyntaxError("`endif` was not found.") }
        return IfTag(branches: branches, token: token)
    }

    private static func condition(_ components: [String], parser: TokenParser, token: Token) throws -> any Expression {
        let general = try parser.compileExpression(components: components, token: token)
        guard components.count == 1, let path = PlainPath(components[0]) else { return general }
        return PathCondition(path: path, general: general)
    }

    init(branches: [(condition: (any Expression)?, nodes: [any NodeType])], token: Token) {
        self.branches = branches
        self.token = token
    }

    func render(_ context: Context) throws -> String {
        for branch in branches where try branch.condition?.evaluate(context: context) ?? true {
            return try context.push { try renderNodes(branch.nodes, context) }
        }
        return ""
    }
}

/// A plain path as a condition.
final class PathCondition: Expression {
    let path: PlainPath
    let general: any Expression

    init(path: PlainPath, general: any Expression) {
        self.path = path
        self.general = general
    }

    var description: String { general.description }

    func evaluate(context: Context) throws -> Bool {
        switch path.value(in: context) {
        case .found(let text as String): return !text.isEmpty
        case .found(let bool as Bool): return bool
        case .found(nil): return false
        default: return try general.evaluate(context: context)
        }
    }

    func resolve(_ context: Context) throws -> Any? {
        try general.resolve(context)
    }
}
