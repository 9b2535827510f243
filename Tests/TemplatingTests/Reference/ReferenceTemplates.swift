import Foundation
import Mustache
@testable import Templating

/// The reference for Runway's template engine: swift-mustache 2.1 rendering the same templates
/// over the same context, as Runway did before its engine was its own. The adapters are those
/// Runway used (each value made into the engine's, text escaped byte-wise through a pragma line),
/// so a difference between the two is a difference of the engines. Tests only.
struct ReferenceTemplates {
    private let library: MustacheLibrary
    private let filters: TemplateFilters

    /// Every `.html` file under `folders` (the first folder's wins, as a site's over its theme's).
    init(folders: [String], filters: TemplateFilters = .standalone) throws {
        var templates: [String: MustacheTemplate] = [:]
        for folder in folders {
            for name in (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
            where name.hasSuffix(".html") && templates[name] == nil {
                let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                templates[name] = try MustacheTemplate(string: ReferenceEscaping.pragma + text)
            }
        }
        library = MustacheLibrary(templates: templates)
        self.filters = filters
    }

    /// Templates by name and text.
    init(templates: [String: String], filters: TemplateFilters = .standalone) throws {
        library = MustacheLibrary(templates: try templates.mapValues { try MustacheTemplate(string: ReferenceEscaping.pragma + $0) })
        self.filters = filters
    }

    /// The page swift-mustache renders with template `name`.
    func render(_ name: String, context: TemplateContext) -> String? {
        let bound = filters.bound(language: context.page.lang)
        return library.render(ReferenceRoot(members: ReferenceMembers(context: context, filters: bound)), withTemplate: name)
    }
}

/// Runway's escaping for the reference engine: its `{{% CONTENT_TYPE: … }}` is the line put before
/// every template's text (a tag alone on its line, which the engine drops).
struct ReferenceEscaping: MustacheContentType {
    func escapeText(_ text: String) -> String {
        escape(text)
    }

    static let pragma: String = {
        MustacheContentTypes.register(ReferenceEscaping(), named: "RUNWAY_HTML")
        return "{{% CONTENT_TYPE: RUNWAY_HTML}}\n"
    }()
}

/// A template value as the reference engine takes it.
func referenceValue(_ value: TemplateValue, _ filters: TemplateFilters.Bound) -> Any {
    switch value {
    case .text(let text): ReferenceText(text: text, filters: filters)
    case .html(let html): ReferenceHTML(html: html)
    case .bool(let value): value
    case .integer(let value): value
    case .number(let value): value
    case .list(let values): values.map { referenceValue($0, filters) }
    case .object(let members): ReferenceObject(members: members, filters: filters)
    }
}

/// An object: its members, made into the engine's values when named.
struct ReferenceObject: MustacheParent, CustomStringConvertible, @unchecked Sendable {
    let members: [(String, TemplateValue)]
    let filters: TemplateFilters.Bound

    func child(named name: String) -> Any? {
        members.first { $0.0 == name }.map { referenceValue($0.1, filters) }
    }

    var description: String { "Templating.TemplateObject" }
}

/// Text: escaped where written, false in a section when empty, with Runway's transforms.
struct ReferenceText: MustacheCustomRenderable, MustacheTransformable, MustacheParent, CustomStringConvertible, @unchecked Sendable {
    let text: String
    let filters: TemplateFilters.Bound

    func child(named name: String) -> Any? { nil }

    var renderText: String { text }
    var isNull: Bool { text.isEmpty }
    var description: String { text }

    func transform(_ name: String) -> Any? {
        // `jsonify`, which came after swift-mustache: text as a JSON string, as the engine writes it.
        if name == "jsonify" { return ReferenceHTML(html: RenderValue.quoted(text)) }
        return TemplateTransform(name: name).flatMap { filters.transform($0, text) }.map { referenceValue($0, filters) }
    }
}

/// Trusted HTML.
struct ReferenceHTML: MustacheCustomRenderable, MustacheParent, CustomStringConvertible, Sendable {
    let html: String

    func child(named name: String) -> Any? { nil }

    var renderText: String { html }
    var isNull: Bool { html.isEmpty }
    var description: String { html }
}

/// `t`: a key's text, or the key.
struct ReferenceTable: MustacheParent, CustomStringConvertible, Sendable {
    let strings: [String: String]

    var description: String { "Templating.TemplateFilters.TranslationTable" }

    func child(named name: String) -> Any? {
        strings[name] ?? name
    }
}

/// The bottom of the context stack.
struct ReferenceRoot: MustacheParent, CustomStringConvertible, Sendable {
    let members: ReferenceMembers

    func child(named name: String) -> Any? { members.child(named: name) }

    var description: String { "Templating.RootObject" }
}

/// The root's members, each made the first time a template names it.
final class ReferenceMembers: @unchecked Sendable {
    let context: TemplateContext
    let filters: TemplateFilters.Bound
    private var made: [String: Any] = [:]

    init(context: TemplateContext, filters: TemplateFilters.Bound) {
        self.context = context
        self.filters = filters
    }

    func child(named name: String) -> Any? {
        if let value = made[name] { return value }
        let value: Any? = switch name {
        case "site": referenceValue(context.site.templateValue(current: context.page.url), filters)
        case "page": referenceValue(context.page.templateValue, filters)
        case "pages": context.pages.values().map { referenceValue($0, filters) }
        case "otherPages": context.pages.values(excluding: context.page.url).map { referenceValue($0, filters) }
        case "items": context.items.map { referenceValue($0.templateValue, filters) }
        case "pagination": context.pagination.map { referenceValue($0.templateValue, filters) }
        case "t": ReferenceTable(strings: filters.table)
        default: nil
        }
        made[name] = value
        return value
    }
}
