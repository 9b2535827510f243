import Stencil

// `extends`, `block` and `include` over the nodes `ParsedTemplates` keeps, as Stencil's own
// tags behave.

/// An error from a template rendered inside another: the tokens that led there, innermost first,
/// as Stencil keeps them, so that the error can name the innermost template's line.
func nested(_ error: any Error) -> any Error {
    guard let error = error as? TemplateSyntaxError else { return error }
    return TemplateSyntaxError(reason: error.reason, stackTrace: error.stackTrace + (error.token.map { [$0] } ?? []))
}

/// The name of the template an `extends` or `include` tag names, resolved in `context`.
private func templateName(_ variable: Variable, in context: Context) throws -> String {
    guard let name = try variable.resolve(context) as? String else {
        throw TemplateSyntaxError("'\(variable)' could not be resolved as a string")
    }
    return name
}

/// The templates being rendered inside one another (`extends` and `include`), outermost first, so
/// that a template that extends itself (or a → b → a) is an error naming the cycle, and includes
/// nest only so deep, instead of overflowing the stack.
enum TemplateNesting {
    static let contextKey = "_runway_nesting"
    /// How deep includes and extends may nest; a recursive include (a menu of menus) stops there.
    static let limit = 64

    /// The chain with `name` added as rendered from the tag at `token`, or the error that says
    /// why it cannot be.
    static func entering(_ name: String, from token: Token?, kind: String, in context: Context) throws -> [String] {
        var chain = context[contextKey] as? [String] ?? []
        if chain.isEmpty, let outer = token?.sourceMap.filename { chain = [outer] }
        if kind == "extends", chain.contains(name) {
            throw TemplateSyntaxError("'extends' makes a cycle: \((chain + [name]).joined(separator: " → "))")
        }
        guard chain.count < limit else {
            throw TemplateSyntaxError("templates nest more than \(limit) deep through 'include' and 'extends' (\(chain.suffix(4).joined(separator: " → ")) → \(name) …): does a template include itself?")
        }
        return chain + [name]
    }
}

/// The blocks of the templates that extend, by name, the innermost template's first.
final class BlockStack {
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

final class ExtendsTag: NodeType {
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
        let name = try Templating.templateName(self.templateName, in: context)
        let stack = context[BlockStack.contextKey] as? BlockStack ?? BlockStack()
        for (name, block) in blocks { stack.push(block, named: name) }
        do {
            // Parsed inside: a syntax error in the parent is the parent's, with this tag in its trace.
            let chain = try TemplateNesting.entering(name, from: token, kind: "extends", in: context)
            let parent = try ParsedTemplates.nodes(of: name, context: context)
            return try context.push(dictionary: [BlockStack.contextKey: stack, TemplateNesting.contextKey: chain]) {
                try renderNodes(parent, context)
            }
        } catch let error as TemplateSyntaxError where error.templateName != token?.sourceMap.filename {
            throw nested(error)
        }
    }
}

final class BlockTag: NodeType {
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

final class IncludeTag: NodeType {
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
        let name = try Templating.templateName(self.templateName, in: context)
        do {
            let chain = try TemplateNesting.entering(name, from: token, kind: "include", in: context)
            let nodes = try ParsedTemplates.nodes(of: name, context: context)
            var inner = includeContext.flatMap { context[$0] as? [String: Any] } ?? [:]
            inner[TemplateNesting.contextKey] = chain
            return try context.push(dictionary: inner) { try renderNodes(nodes, context) }
        } catch {
            throw nested(error)
        }
    }
}
