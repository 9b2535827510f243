import Foundation
import SiteOutput
import Stencil

/// Every template of a build, read and parsed once, up front and in one thread, then only read:
/// rendering from many threads shares the parsed nodes. Stencil's own `extends` and `include`
/// parse the parent and the included template again at every render (in a 10,000-page build, half
/// of each page's template time went there); Runway's own `extends`, `block` and `include`
/// (`TemplateInheritanceTags.swift`), registered through Stencil's extension API like any custom
/// tag, render from these nodes instead. Everything else (variables, filters, `if`, `for`) is
/// Stencil's own.
final class ParsedTemplates: Loader, @unchecked Sendable {
    /// The folders templates are looked up in, first found first.
    let folders: [String]
    /// Each template by name, as the first folder that has it holds it, or why it cannot be used
    /// (thrown when a render needs it). Written only while `parseAll` runs, before any render.
    private var parsed: [String: Result<Parsed, any Error>] = [:]

    struct Parsed {
        let template: Template
        let nodes: [any NodeType]
        /// The file it was read from.
        let file: String
    }

    init(folders: [String]) {
        self.folders = folders
    }

    /// The extension with Runway's tags; it goes before Stencil's own so that they win.
    static func tags() -> Extension {
        let tags = Extension()
        tags.registerTag("extends", parser: ExtendsTag.parse)
        tags.registerTag("block", parser: BlockTag.parse)
        tags.registerTag("include", parser: IncludeTag.parse)
        return tags
    }

    /// Reads and parses every file under the folders, each name once (the first folder's file).
    func parseAll(environment: Environment) {
        for folder in folders {
            for name in Self.names(under: folder) where parsed[name] == nil {
                parsed[name] = Result { try parse(name, environment: environment) }
            }
        }
    }

    private func parse(_ name: String, environment: Environment) throws -> Parsed {
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
        return Parsed(template: template, nodes: try TokenParser(tokens: template.tokens, environment: environment).parse(), file: file)
    }

    /// Every file under `folder`, relative to it, sorted.
    private static func names(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var names: [String] = []
        while let name = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                names.append(name)
            }
        }
        return names.sorted()
    }

    /// The name of every template file, parsed or not.
    var names: Dictionary<String, Result<Parsed, any Error>>.Keys { parsed.keys }

    /// Template `name` as parsed, or the error that stops it from rendering.
    func template(_ name: String) throws -> Parsed {
        guard let result = parsed[name] else { throw TemplateDoesNotExist(templateNames: [name], loader: self) }
        return try result.get()
    }

    /// The nodes of template `name` of the environment a template is rendered in.
    static func nodes(of name: String, context: Context) throws -> [any NodeType] {
        guard let templates = context.environment.loader as? ParsedTemplates else {
            throw TemplateSyntaxError("'\(name)': templates are not loaded by a ParsedTemplates")
        }
        return try templates.template(name).nodes
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        try template(name).template
    }

    func loadTemplate(names: [String], environment: Environment) throws -> Template {
        for name in names {
            if let template = try? template(name).template { return template }
        }
        throw TemplateDoesNotExist(templateNames: names, loader: self)
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
}
