package import AttributedText
import Foundation
import Stencil

/// The page templates of a build: the site's `templates/` first, then each theme's in the order
/// it extends (a site overrides a theme template by putting a file at the same path). Stencil, with
/// `{% extends %}` and `{% block %}`. Every template is parsed once, when the set is made.
package struct TemplateSet: @unchecked Sendable {
    let folders: [String]
    private let environment: Environment
    private let templates: ParsedTemplates
    /// By template: the first word of each path its tags name (`pages` for `pages.0.title`), and the
    /// templates it extends or includes (`nil`: one it names through a variable, not followed).
    private let names: [String: (variables: Set<Substring>, references: [String]?)]

    package init(folders: [String], filters: TemplateFilters = .standalone) {
        self.folders = folders.filter { FileManager.default.fileExists(atPath: $0) }
        templates = ParsedTemplates(folders: self.folders)
        let tags = ParsedTemplates.tags()
        filters.register(in: tags)
        environment = Environment(loader: templates, extensions: [tags])
        templates.parseAll(environment: environment)
        var names: [String: (variables: Set<Substring>, references: [String]?)] = [:]
        for name in templates.names {
            guard let parsed = try? templates.template(name) else { continue }
            names[name] = Self.names(in: parsed.template.tokens)
        }
        self.names = names
    }

    /// The page rendered with template `name`, or a diagnostic at the template's file and line.
    package func render(_ name: String, context: TemplateContext) throws(Diagnostic) -> String {
        try render(name, engineValues: context.engineValues)
    }

    /// The problems of every template that does not parse, at its file and line (`theme check`).
    package var problems: [Diagnostic] {
        templates.names.sorted().compactMap { name in
            do throws(Diagnostic) {
                _ = try locate(name) { try templates.template(name) }
                return nil
            } catch {
                return error
            }
        }
    }

    /// The page rendered with template `name` from the engine's own values.
    func render(_ name: String, engineValues: [String: Any]) throws(Diagnostic) -> String {
        try locate(name) { try renderNodes(templates.template(name).nodes, Context(dictionary: engineValues, environment: environment)) }
    }

    /// What `body` returns, or its error as a diagnostic at the file and line of template `name`
    /// (or of the template it extends or includes where the error is).
    private func locate<T>(_ name: String, _ body: () throws -> T) throws(Diagnostic) -> T {
        do {
            return try body()
        } catch let error as TemplateSyntaxError {
            // An error inside an extended or included template carries the tokens that led to it,
            // innermost first; the innermost one is where the writer has to look.
            let token = error.stackTrace.first ?? error.token
            let template = token?.sourceMap.filename ?? name
            let location = token?.sourceMap.location
            let position = location.map { SourcePosition(line: max(Int($0.lineNumber), 1), column: $0.lineOffset + 1) }
            throw Diagnostic(.error, "template error: \(error.reason)", path: path(of: template), position: position)
        } catch let error as TemplateDoesNotExist {
            throw Diagnostic(.error, "no template: \(error.description)", path: name)
        } catch {
            throw Diagnostic(.error, "template error: \(error)", path: path(of: name))
        }
    }

    /// Whether a template of that name exists in any folder.
    package func exists(_ name: String) -> Bool {
        ParsedTemplates.file(named: name, in: folders) != nil
    }

    /// Whether template `name`, a template it extends or one it includes, names `variable` inside a
    /// `{{ }}` or `{% %}` tag, as Stencil's lexer splits the template. Conservative: a template it
    /// cannot follow (an include of a variable, one that does not parse) counts as yes. A build uses
    /// this to know which pages must be redone when every page's list (`pages`) changes.
    package func mentions(_ variable: String, in name: String) -> Bool {
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            guard let found = names[next] else {
                if templates.names.contains(next) { return true }   // there, but it does not parse
                continue
            }
            if found.variables.contains(Substring(variable)) { return true }
            guard let references = found.references else { return true }
            pending += references
        }
        return false
    }

    /// The first word of each path the variable and block tokens name, and the templates the
    /// `extends` and `include` tags name.
    private static func names(in tokens: [Token]) -> (variables: Set<Substring>, references: [String]?) {
        var variables: Set<Substring> = []
        var references: [String]? = []
        for token in tokens where token.kind == .variable || token.kind == .block {
            let words = token.contents.split(whereSeparator: {
                !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "\"" || $0 == "'" || $0 == "." || $0 == "/" || $0 == "-")
            })
            for word in words { variables.insert(word.prefix { $0 != "." }) }
            if let keyword = words.first, keyword == "extends" || keyword == "include" {
                guard words.count > 1, let quote = words[1].first, quote == "\"" || quote == "'" else {
                    references = nil
                    continue
                }
                references?.append(String(words[1].dropFirst().dropLast()))
            }
        }
        return (variables, references)
    }

    /// Where a template name comes from, for diagnostics.
    private func path(of name: String) -> String {
        ParsedTemplates.file(named: name, in: folders) ?? name
    }
}
