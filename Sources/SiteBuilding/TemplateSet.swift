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
        environment = Environment(loader: FileSystemLoader(paths: self.folders.map { Path($0) }))
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
