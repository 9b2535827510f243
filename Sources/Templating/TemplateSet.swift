package import AttributedText
import Foundation
import Stencil

/// The page templates of a build: the site's `templates/` first, then each theme's in the order
/// it extends (a site overrides a theme template by putting a file at the same path). Stencil, with
/// `{% extends %}` and `{% block %}`.
package struct TemplateSet: @unchecked Sendable {
    let folders: [String]
    private let environment: Environment
    private let templates: ParsedTemplates
    /// What `mentions` found, by variable and template, for this build.
    private let mentionsMemo = Memo()

    package init(folders: [String]) {
        self.folders = folders.filter { FileManager.default.fileExists(atPath: $0) }
        templates = ParsedTemplates(folders: self.folders)
        environment = Environment(loader: templates, extensions: [templates.tags()])
    }

    /// The page rendered with template `name`, or a diagnostic at the template's file and line.
    package func render(_ name: String, context: [String: Any]) throws(Diagnostic) -> String {
        do {
            return try templates.render(name, context: context, environment: environment)
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
    /// `{{ }}` or `{% %}` tag. Conservative: a name it cannot follow (an include of a variable)
    /// counts as yes. A build uses this to know which pages must be redone when every page's list
    /// (`pages`) changes.
    package func mentions(_ variable: String, in name: String) -> Bool {
        let key = variable + " " + name
        if let known = mentionsMemo.withLock({ $0[key] }) { return known }
        let found = findMentions(variable, in: name)
        mentionsMemo.withLock { $0[key] = found }
        return found
    }

    private func findMentions(_ variable: String, in name: String) -> Bool {
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            guard let file = ParsedTemplates.file(named: next, in: folders), let text = try? String(contentsOfFile: file, encoding: .utf8)
            else { continue }
            for tag in Self.tags(in: text) {
                let words = tag.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "\"" || $0 == "'" || $0 == "." || $0 == "/" || $0 == "-") })
                if words.contains(where: { $0 == variable || $0.hasPrefix(variable + ".") }) { return true }
                if let keyword = words.first, keyword == "extends" || keyword == "include" {
                    guard words.count > 1, let quote = words[1].first, quote == "\"" || quote == "'" else { return true }
                    pending.append(String(words[1].dropFirst().dropLast()))
                }
            }
        }
        return false
    }

    /// The insides of every `{{ … }}` and `{% … %}` in a template.
    private static func tags(in text: String) -> [Substring] {
        var tags: [Substring] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            guard after < rest.endIndex, rest[after] == "{" || rest[after] == "%" else {
                rest = rest[after...]
                continue
            }
            let close = rest[after] == "{" ? "}}" : "%}"
            let inside = rest[rest.index(after: after)...]
            guard let end = inside.range(of: close) else { break }
            tags.append(inside[..<end.lowerBound])
            rest = inside[end.upperBound...]
        }
        return tags
    }

    /// Where a template name comes from, for diagnostics.
    private func path(of name: String) -> String {
        ParsedTemplates.file(named: name, in: folders) ?? name
    }
}

/// A dictionary behind a lock, shared by the copies of a `TemplateSet`.
private final class Memo: @unchecked Sendable {
    private var values: [String: Bool] = [:]
    private let lock = NSLock()

    func withLock<T>(_ body: (inout [String: Bool]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}
