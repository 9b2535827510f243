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
        tags.registerTag("if", parser: IfTag.parse)
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
