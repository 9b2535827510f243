import Foundation
import SiteOutput
import Stencil

/// Each template of a build parsed once, with Runway's own tags in place of Stencil's where those
/// were slow. Stencil's own tags render a parent or an included template through
/// `Template.render`, which parses its tokens again every time (Stencil's parser removes tokens
/// from the front of an array, so a parse costs more than the render): in a 10,000-page build,
/// half of each page's template time went to parsing `base.html` and its partials again.
///
/// The tags render what Stencil's do: `extends`, `block` and `include` over the parsed nodes
/// (`TemplateInheritanceTags.swift`), plain-path variables and `if` (`TemplatePathTags.swift`),
/// and `for` (`TemplateForTag.swift`).
final class ParsedTemplates: Loader, @unchecked Sendable {
    /// The folders templates are looked up in, first found first.
    private let folders: [String]
    private var templates: [String: Template] = [:]
    private var nodes: [String: [any NodeType]] = [:]
    private let lock = NSLock()
    /// Held while a template is parsed: Stencil's tokens split their contents lazily, unguarded.
    private let parseLock = NSLock()

    init(folders: [String]) {
        self.folders = folders
    }

    /// Every `for` tag of the templates parsed so far, by token, as Stencil's own node parsed from
    /// its tokens (or the error that parse threw), and whether `ForTag` can take the short way for
    /// it; only touched while `parseLock` is held.
    private var loops: [ObjectIdentifier: (general: Result<any NodeType, any Error>, plain: Bool)] = [:]

    /// The extension with Runway's tags; it goes before Stencil's own so that it wins. Without
    /// `loops`, Stencil's own `for` stays.
    func tags(loops: Bool = true) -> Extension {
        let tags = Extension()
        tags.registerTag("extends", parser: ExtendsTag.parse)
        tags.registerTag("block", parser: BlockTag.parse)
        tags.registerTag("include", parser: IncludeTag.parse)
        tags.registerTag(PathVariable.tag, parser: PathVariable.parse)
        tags.registerTag("if", parser: IfTag.parse)
        if loops {
            tags.registerTag("for") { [unowned self] parser, token in
                try ForTag.parse(parser, token: token, loop: self.loops[ObjectIdentifier(token)])
            }
        }
        return tags
    }

    /// The tokens with plain-path variables turned into `PathVariable`'s tag; each loop's own node
    /// made from Stencil's `for`, for `ForTag`.
    private func shortened(_ tokens: [Token]) -> [Token] {
        let stencilLoops = Environment(loader: self, extensions: [tags(loops: false)])
        for index in tokens.indices {
            guard let end = ForTag.end(ofLoopAt: index, in: tokens) else { continue }
            let range = Array(tokens[index...end])
            let general = Result { () throws -> any NodeType in
                let nodes = try TokenParser(tokens: range, environment: stencilLoops).parse()
                guard nodes.count == 1, let node = nodes.first else { throw TemplateSyntaxError("`endfor` was not found.") }
                return node
            }
            loops[ObjectIdentifier(tokens[index])] = (general, ForTag.isPlain(range))
        }
        return tokens.map(PathVariable.token)
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
            let tokens = shortened(template.tokens)
            let parsed = try TokenParser(tokens: tokens, environment: environment).parse()
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
        let file: String
        switch Self.lookup(name, in: folders) {
        case .found(let found): file = found
        case .outside(let link):
            throw TemplateSyntaxError("'\(name)' is a symbolic link out of its folder (\(link)); Runway follows links only inside it")
        case .missing: throw TemplateDoesNotExist(templateNames: [name], loader: self)
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(validating: data, as: UTF8.self) else {
            throw TemplateSyntaxError("'\(name)' cannot be read as UTF-8 text")
        }
        let template = environment.templateClass.init(templateString: text, environment: environment, name: name)
        lock.withLock { templates[name] = template }
        return template
    }

    /// The file of template `name` in the first folder that has it. A name is a path inside a
    /// folder of templates (`partials/footer.html`): one that could leave it (`../x`, `/etc/x`) is
    /// never looked up, and a link is followed only when it stays inside the folder that holds the
    /// templates (the site, or the theme).
    static func file(named name: String, in folders: [String]) -> String? {
        if case .found(let file) = lookup(name, in: folders) { return file }
        return nil
    }

    enum Lookup {
        case found(String)
        /// The first file of that name is a link out of the folder that holds the templates.
        case outside(String)
        case missing
    }

    static func lookup(_ name: String, in folders: [String]) -> Lookup {
        guard OutputPath.problem(with: name) == nil else { return .missing }
        for folder in folders {
            let candidate = folder + "/" + name
            guard FileManager.default.fileExists(atPath: candidate) else { continue }
            return RealPath.leadsInside(candidate, (folder as NSString).deletingLastPathComponent) ? .found(candidate) : .outside(candidate)
        }
        return .missing
    }

    func loadTemplate(names: [String], environment: Environment) throws -> Template {
        for name in names {
            if let template = try? loadTemplate(name: name, environment: environment) { return template }
        }
        throw TemplateDoesNotExist(templateNames: names, loader: self)
    }
}
