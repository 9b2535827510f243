import Stencil

/// `{% for NAME in PATH %}…{% empty %}…{% endfor %}` where the path is plain and the loop has no
/// label, no `where`, and no `break`, `continue` or `include` inside: over an array of
/// `TemplateObject`s or strings (what pages and lists are), it renders each item as Stencil does
/// (`forloop.first`, `last`, `counter`, `counter0`, `length`) without reflecting on every item
/// and looking up loop state after each. Inside another loop, over anything else, and for every
/// other `for` tag, Stencil's own node, parsed from the same tokens, renders it.
final class ForTag: NodeType {
    let variable: String
    let path: PlainPath
    let nodes: [any NodeType]
    let emptyNodes: [any NodeType]
    let general: any NodeType
    let token: Token?

    /// The index of the `endfor` of the loop that starts at `tokens[index]`, if a loop does.
    static func end(ofLoopAt index: Int, in tokens: [Token]) -> Int? {
        guard isLoopStart(tokens[index]) else { return nil }
        var depth = 0
        for end in tokens.indices.dropFirst(index + 1) where tokens[end].kind == .block {
            if tokens[end].components.first == "endfor" {
                if depth == 0 { return end }
                depth -= 1
            } else if isLoopStart(tokens[end]) {
                depth += 1
            }
        }
        return nil
    }

    /// `for …` or `label: for …`.
    private static func isLoopStart(_ token: Token) -> Bool {
        guard token.kind == .block, let first = token.components.first else { return false }
        return first == "for" || (first.hasSuffix(":") && token.components.dropFirst().first == "for")
    }

    /// Whether the loop in `tokens` (its `for` first, its `endfor` last) can take the short way.
    static func isPlain(_ tokens: [Token]) -> Bool {
        let words = tokens[0].components
        guard words.count == 4, words[0] == "for", words[2] == "in", !words[1].contains("."),
              PlainPath(words[1]) != nil, PlainPath(words[3]) != nil
        else { return false }
        return !tokens.contains { $0.kind == .block && ["break", "continue", "include"].contains($0.components.first ?? "") }
    }

    static func parse(_ parser: TokenParser, token: Token,
                      loop: (general: Result<any NodeType, any Error>, plain: Bool)?) throws -> any NodeType {
        guard let loop else { throw TemplateSyntaxError("`endfor` was not found.") }
        let general = try loop.general.get()
        // The body is parsed here too, to keep the parser where Stencil's own `for` leaves it.
        let nodes = try parser.parse(until(["endfor", "empty"]))
        var emptyNodes: [any NodeType] = []
        if parser.nextToken()?.contents == "empty" {
            emptyNodes = try parser.parse(until(["endfor"]))
            _ = parser.nextToken()
        }
        let words = token.components
        guard loop.plain, let path = PlainPath(words[3]) else { return general }
        return ForTag(variable: words[1], path: path, nodes: nodes, emptyNodes: emptyNodes, general: general, token: token)
    }

    init(variable: String, path: PlainPath, nodes: [any NodeType], emptyNodes: [any NodeType], general: any NodeType, token: Token) {
        self.variable = variable
        self.path = path
        self.nodes = nodes
        self.emptyNodes = emptyNodes
        self.general = general
        self.token = token
    }

    func render(_ context: Context) throws -> String {
        guard case .found(let found) = path.value(in: context), context["forloop"] == nil else { return try general.render(context) }
        let items: [Any]
        switch found {
        case let objects as [TemplateObject]: items = objects
        case let strings as [String]: items = strings
        case nil: items = []
        default: return try general.render(context)
        }
        guard !items.isEmpty else { return try context.push { try renderNodes(emptyNodes, context) } }
        var result = ""
        for (index, item) in items.enumerated() {
            let loop: [String: Any] = [
                "first": index == 0, "last": index == items.count - 1, "counter": index + 1, "counter0": index, "length": items.count,
            ]
            result += try context.push(dictionary: ["forloop": loop, variable: item]) { try renderNodes(nodes, context) }
        }
        return result
    }
}
