public import AttributedText
import Foundation
import PathKit
import Stencil

/// The page templates of a build: the site's `templates/` first, then each theme's in the order
/// it extends (a site overrides a theme template by putting a file at the same path). Stencil, with
/// `{% extends %}` and `{% block %}`.
struct TemplateSet {
    let folders: [String]
    private let environment: Environment

    init(folders: [String]) {
        self.folders = folders.filter { FileManager.default.fileExists(atPath: $0) }
        environment = Environment(loader: CachingLoader(FileSystemLoader(paths: self.folders.map { Path($0) })))
    }

    /// The page rendered with template `name`, or a diagnostic at the template's file and line.
    func render(_ name: String, context: [String: Any]) throws(Diagnostic) -> String {
        do {
            return try environment.renderTemplate(name: name, context: context)
        } catch let error as TemplateSyntaxError {
            let template = error.templateName ?? name
            let location = error.token?.sourceMap.location
            let position = location.map { SourcePosition(line: max(Int($0.lineNumber), 1), column: $0.lineOffset + 1) }
            throw Diagnostic(.error, "template error: \(error.reason)", path: path(of: template), position: position)
        } catch let error as TemplateDoesNotExist {
            throw Diagnostic(.error, "no template: \(error.description)", path: name)
        } catch {
            throw Diagnostic(.error, "template error: \(error)", path: path(of: name))
        }
    }

    /// Where a template name comes from, for diagnostics.
    private func path(of name: String) -> String {
        folders.map { $0 + "/" + name }.first { FileManager.default.fileExists(atPath: $0) } ?? name
    }
}

/// Parses each template once per build: Stencil's own loader reads and parses a template (and the
/// one it extends) on every render, which made a 10,000-page build take 50 s.
private final class CachingLoader: Loader, @unchecked Sendable {
    private let loader: FileSystemLoader
    private var templates: [String: Template] = [:]
    private let lock = NSLock()

    init(_ loader: FileSystemLoader) {
        self.loader = loader
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        lock.lock()
        defer { lock.unlock() }
        if let template = templates[name] { return template }
        let template = try loader.loadTemplate(name: name, environment: environment)
        templates[name] = template
        return template
    }

    func loadTemplate(names: [String], environment: Environment) throws -> Template {
        for name in names {
            if let template = try? loadTemplate(name: name, environment: environment) { return template }
        }
        throw TemplateDoesNotExist(templateNames: names, loader: self)
    }
}
