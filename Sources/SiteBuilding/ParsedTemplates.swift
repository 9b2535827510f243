import Foundation
import Stencil

/// Each template of a build parsed once, and `extends`, `block` and `include` tags that use those
/// parsed nodes. Stencil's own tags render a parent or an included template through
/// `Template.render`, which parses its tokens again every time (Stencil's parser removes tokens
/// from the front of an array, so a parse costs more than the render): in a 10,000-page build,
/// half of each page's template time went to parsing `base.html` and its partials again.
///
/// The tags behave as Stencil's do: `{% extends "name" %}` once per template with `{% block %}`s
/// that override the parent's, `{{ block.super }}` for the parent's content of a block,
/// `{{ block.NAME }}` for a block already rendered, and `{% include "name" [context] %}`.
final class ParsedTemplates: Loader, @unchecked Sendable {
    private let loader: FileSystemLoader
    private var templates: [String: Template] = [:]
    private var nodes: [String: [any NodeType]] = [:]
    private let lock = NSLock()
    /// Held while a template is parsed: Stencil's tokens split their contents lazily, unguarded.
    private let parseLock = NSLock()

    init(_ loader: FileSystemLoader) {
        self.loader = loader
    }

    /// The extension with the three tags; it goes before Stencil's own so that it wins.
    static func tags() -> Extension {
        let tags = Extension()
        tags.registerTag("extends", parser: ExtendsTag.parse)
        tags.registerTag("block", parser: BlockTag.parse)
        tags.registerTag("include", parser: IncludeTag.parse)
        tags.registerTag(PathVariable.tag, parser: PathVariable.parse)
        return tags
    }

    /// Template `name` rendered with `context`.
    func render(_ name: String, context: [String: Any], environment: Environment) throws -> String {
        try renderNodes(nodes(of: name, environment: environment), Context(dictionary: context, environment: environment))
    }

    /// The nodes of template `name`, parsed the first time they are asked for.
    func nodes(of name: String, environment: Environment) throws -> [any NodeType] {
        if let parsed = lock.withLock({ nodes[name] }) { return parsed }
        return try parseLock.withLock {
            if let parsed = lock.withLock({ nodes[name] }) { return parsed }
            let template = try loadTemplate(name: name, environment: environment)
            let parsed = try TokenParser(tokens: template.tokens.map(PathVariable.token), environment: environment).parse()
            lock.withLock { nodes[name] = parsed }
            return parsed
        }
    }

    /// The nodes of template `name` of the environment a template is rendered in.
    static func nodes(of name: String, context: Context) throws -> [any NodeType] {
        guard let templates = context.environment.loader as? ParsedTemplates else {
            throw TemplateSyntaxError("'\(name)': templates are not loaded by a ParsedTemplates")
        }
        return try templates.nodes(of: name, environment: context.environment)
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        if let template = lock.withLock({ templates[name] }) { return template }
        let template = try loader.loadTemplate(name: name, environment: environment)
        lock.withLock { templates[name] = template }
        return template
    }

    func loadTemplate(names: [String], environment: Environment) throws -> Template {
        for name in names {
            if let template = try? loadTemplate(name: name, environment: environment) { return template }
        }
        throw TemplateDoesNotExist(templateNames: names, loader: self)
    }
}

/// An error from a template rendered inside another: the tokens that led there, innermost first,
/// as Stencil keeps them, so that the error can name the innermost template's line.
private func nested(_ error: any Error) -> any Error {
    guard let error = error as? TemplateSyntaxError else { return error }
    return TemplateSyntaxError(reason: error.reason, stackTrace: error.stackTrace + (error.token.map { [$0] } ?? []))
}

/// The blocks of the templates that extend, by name, the innermost template's first.
private final class BlockStack {
    static let contextKey = "_runway_blocks"
    var blocks: [String: [BlockTag]] = [:]

    func push(_ block: BlockTag, named name: String) {
        blocks[name, default: []].append(block)
    }

    func pop(_ name: String) -> BlockTag? {
        guard var stack = blocks[name], !stack.isEmpty else { return nil }
        let block = stack.removeFirst()
        blocks[name] = stack.isEmpty ? nil : stack
        return block
    }
}

private final class ExtendsTag: NodeType {
    let templateName: Variable
    let blocks: [String: BlockTag]
    let token: Token?

    static func parse(_ parser: TokenParser, token: Token) throws -> any NodeType {
        let bits = token.components
        guard bits.count == 2 else { throw TemplateSyntaxError("'extends' takes one argument, the template file to be extended") }
        let parsed = try parser.parse()
        guard !parsed.contains(where: { $0 is ExtendsTag }) else {
            throw TemplateSyntaxError("'extends' cannot appear more than once in the same template")
        }
        var blocks: [String: BlockTag] = [:]
        for case let block as BlockTag in parsed { blocks[block.name] = block }
        return ExtendsTag(templateName: Variable(bits[1]), blocks: blocks, token: token)
    }

    init(templateName: Variable, blocks: [String: BlockTag], token: Token) {
        self.templateName = templateName
        self.blocks = blocks
        self.token = token
    }

    func render(_ context: Context) throws -> String {
        guard let name = try templateName.resolve(context) as? String else {
            throw TemplateSyntaxError("'\(templateName)' could not be resolved as a string")
        }
        let stack = context[BlockStack.contextKey] as? BlockStack ?? BlockStack()
        for (name, block) in blocks { stack.push(block, named: name) }
        do {
            // Parsed inside: a syntax error in the parent is the parent's, with this tag in its trace.
            let parent = try ParsedTemplates.nodes(of: name, context: context)
            return try context.push(dictionary: [BlockStack.contextKey: stack]) { try renderNodes(parent, context) }
        } catch let error as TemplateSyntaxError where error.templateName != token?.sourceMap.filename {
            throw nested(error)
        }
    }
}

private final class BlockTag: NodeType {
    let name: String
    let nodes: [any NodeType]
    let token: Token?

    static func parse(_ parser: TokenParser, token: Token) throws -> any NodeType {
        let bits = token.components
        guard bits.count == 2 else { throw TemplateSyntaxError("'block' tag takes one argument, the block name") }
        let nodes = try parser.parse(until(["endblock"]))
        _ = parser.nextToken()
        return BlockTag(name: bits[1], nodes: nodes, token: token)
    }

    init(name: String, nodes: [any NodeType], token: Token) {
        self.name = name
        self.nodes = nodes
        self.token = token
    }

    func render(_ context: Context) throws -> String {
        if let stack = context[BlockStack.contextKey] as? BlockStack, let child = stack.pop(name) {
            let inner: [String: Any] = [BlockStack.contextKey: stack, "block": ["super": try render(context)]]
            do {
                return try context.push(dictionary: inner) { try child.render(context) }
            } catch let error as TemplateSyntaxError {
                throw TemplateSyntaxError(reason: error.reason, token: error.token ?? child.token, stackTrace: error.stackTrace)
            } catch {
                throw TemplateSyntaxError(reason: "\(error)", token: child.token)
            }
        }
        let result = try renderNodes(nodes, context)
        context.cacheBlock(name, content: result)
        return result
    }
}

private final class IncludeTag: NodeType {
    let templateName: Variable
    let includeContext: String?
    let token: Token?

    static func parse(_ parser: TokenParser, token: Token) throws -> any NodeType {
        let bits = token.components
        guard bits.count == 2 || bits.count == 3 else {
            throw TemplateSyntaxError("""
                'include' tag requires one argument, the template file to be included. \
                A second optional argument can be used to specify the context that will \
                be passed to the included file
                """)
        }
        return IncludeTag(templateName: Variable(bits[1]), includeContext: bits.count == 3 ? bits[2] : nil, token: token)
    }

    init(templateName: Variable, includeContext: String?, token: Token) {
        self.templateName = templateName
        self.includeContext = includeContext
        self.token = token
    }

    func render(_ context: Context) throws -> String {
        guard let name = try templateName.resolve(context) as? String else {
            throw TemplateSyntaxError("'\(templateName)' could not be resolved as a string")
        }
        do {
            let nodes = try ParsedTemplates.nodes(of: name, context: context)
            let inner = includeContext.flatMap { context[$0] as? [String: Any] } ?? [:]
            return try context.push(dictionary: inner) { try renderNodes(nodes, context) }
        } catch {
            throw nested(error)
        }
    }
}

/// `{{ page.title }}`: a variable that is a plain path of names, rendered without Stencil's
/// general resolution when it leads through `TemplateObject`s to a string (or to nothing), which
/// is what almost every variable in a page template does. Stencil's own resolution tries each name
/// as a literal, splits the path again and casts every step to half a dozen types: it took most of
/// the time of rendering a page. Anything else (a filter, an index, `block.super`, a number) is
/// rendered by Stencil's `VariableNode`, as before.
private final class PathVariable: NodeType {
    static let tag = "_runway_path_variable"
    let names: [String]
    let token: Token?
    let general: VariableNode

    /// A `{{ }}` token that is a plain path of names becomes this tag; other tokens stay as they are.
    static func token(_ token: Token) -> Token {
        guard case .variable = token.kind, isPlainPath(token.contents) else { return token }
        return Token.block(value: tag + " " + token.contents, at: token.sourceMap)
    }

    static func parse(_ parser: TokenParser, token: Token) throws -> any NodeType {
        let path = token.components.count == 2 ? token.components[1] : ""
        guard isPlainPath(path) else { throw TemplateSyntaxError("'\(tag)' is Runway's own tag for variables") }
        return PathVariable(path: path, token: token)
    }

    /// Names (a letter or `_`, then letters, digits and `_`) joined by dots, that Stencil would not
    /// read as a literal (`true`, `inf`, `nan`).
    private static func isPlainPath(_ text: String) -> Bool {
        guard Bool(text) == nil, Float(text) == nil else { return false }
        var atStart = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): atStart = false
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !atStart: break
            case UInt8(ascii: ".") where !atStart: atStart = true
            default: return false
            }
        }
        return !atStart
    }

    init(path: String, token: Token) {
        names = path.split(separator: ".").map(String.init)
        self.token = token
        general = VariableNode(variable: path, token: token)
    }

    func render(_ context: Context) throws -> String {
        var value = context[names[0]]
        for name in names.dropFirst() {
            guard let object = value as? TemplateObject else { return try general.render(context) }
            value = object[dynamicMember: name]
        }
        switch value {
        case let text as String: return text
        case nil: return ""
        default: return try general.render(context)
        }
    }
}
