import Foundation

/// A value as rendering sees it: a ``TemplateValue``, or one of the few that only rendering makes
/// (the root of the context, the string table, a list shown backwards, a list's place). What each
/// has as members, which transforms it takes, whether a section shows it and how it is written are
/// defined here, once, as swift-mustache 2.1 defined them for the values Runway gave it (and so
/// tested against it).
enum RenderValue {
    case value(TemplateValue)
    /// A string table's text (`t.newer`) or what a transform made of it: written as it is.
    case string(String)
    /// `t`, the string table of the page's language.
    case table
    /// The bottom of the stack: `site`, `page`, `pages`…
    case root
    /// A list shown last to first (`reversed(page.tags)`).
    case reversed([TemplateValue])
    /// The place of the item being shown in a list (`first()`, `index()`…).
    case place(SequencePlace)
    /// A value as JSON (`jsonify`): written as it is in a script, escaped as text elsewhere.
    case json(String)
}

/// Where an item is in the list a section shows.
struct SequencePlace {
    var first: Bool
    var last: Bool
    var index: Int
}

extension RenderValue {
    /// The member `name` of an object, the root or the string table; nothing for other values.
    func member(_ name: String, root: RootValues) -> RenderValue? {
        switch self {
        case .value(.object(let members)): members.first { $0.0 == name }.map { .value($0.1) }
        case .root: root.member(name)
        case .table: .string(root.filters.table[name] ?? name)
        default: nil
        }
    }

    /// The value `transform` makes of this one, or `nil` when it does not apply to it.
    func transformed(_ transform: TemplateTransform, filters: TemplateFilters.Bound) -> RenderValue? {
        if transform == .jsonify { return .json(json) }
        switch self {
        case .value(.text(let text)):
            return filters.transform(transform, text).map(RenderValue.value)
        case .value(.integer(let value)):
            switch transform {
            case .equalzero: return .value(.bool(value == 0))
            case .plusone: return .value(.integer(value &+ 1))
            case .minusone: return .value(.integer(value &- 1))
            case .even: return .value(.bool(value & 1 == 0))
            case .odd: return .value(.bool(value & 1 == 1))
            default: return nil
            }
        case .value(.list(let values)):
            switch transform {
            case .first: return values.first.map(RenderValue.value)
            case .last: return values.last.map(RenderValue.value)
            case .reversed: return .reversed(values)
            case .count: return .value(.integer(values.count))
            case .empty: return .value(.bool(values.isEmpty))
            default: return nil
            }
        case .reversed(let values):
            switch transform {
            case .first: return values.last.map(RenderValue.value)
            case .last: return values.first.map(RenderValue.value)
            case .reversed: return .value(.list(values))
            case .count: return .value(.integer(values.count))
            case .empty: return .value(.bool(values.isEmpty))
            default: return nil
            }
        case .string(let text):
            switch transform {
            case .empty: return .value(.bool(text.isEmpty))
            case .capitalized: return .string(text.capitalized)
            case .lowercased: return .string(text.lowercased())
            case .uppercased: return .string(text.uppercased())
            case .reversed: return .string(String(text.reversed()))
            default: return nil
            }
        case .place(let place):
            switch transform {
            case .first: return .value(.bool(place.first))
            case .last: return .value(.bool(place.last))
            case .index: return .value(.integer(place.index))
            case .even: return .value(.bool(place.index & 1 == 0))
            case .odd: return .value(.bool(place.index & 1 == 1))
            default: return nil
            }
        case .value(.html), .value(.bool), .value(.number), .value(.object), .table, .root, .json:
            return nil
        }
    }

    /// Text and HTML: written as they are (text escaped by `{{ }}`); empty ones show no section.
    var renderable: String? {
        switch self {
        case .value(.text(let text)), .value(.html(let text)), .json(let text): text
        default: nil
        }
    }

    /// The value as a JSON literal, safe inside HTML and a script: a string's `<`, `>`, `&`, `'`
    /// (and line and paragraph separators) as `\u` escapes, so that it can neither end a
    /// `<script>` element nor a string.
    var json: String {
        switch self {
        case .value(let value): Self.json(value)
        case .string(let text): Self.quoted(text)
        case .reversed(let values): Self.json(.list(values.reversed()))
        case .json(let text): Self.quoted(text)
        case .table, .root, .place: "null"
        }
    }

    private static func json(_ value: TemplateValue) -> String {
        switch value {
        case .text(let text), .html(let text): quoted(text)
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .number(let value): value.isFinite ? "\(value)" : "null"
        case .list(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { quoted($0.0) + ":" + json($0.1) }.joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string, in quotes.
    static func quoted(_ text: String) -> String {
        "\"" + escapedForScript(text) + "\""
    }

    /// `text` as the inside of a JSON or JavaScript string, quoted with `"`, `'` or a backquote:
    /// every character that could end it, the element or the line, or begin a substitution, as a
    /// `\u` escape (`\\` for a backslash).
    static func escapedForScript(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"", "'", "`", "<", ">", "&", "$", "\u{2028}", "\u{2029}":
                result += "\\u" + hex(scalar.value)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u" + hex(scalar.value)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// What `{{ }}` writes of a value that is not text: Swift's description of what the engine
    /// held (`true`, `3`, `1.5`, a list as `[a, b]`), an object as its type's name.
    var written: String {
        switch self {
        case .value(let value): Self.describe(value)
        case .string(let text): text
        case .table: "Templating.TemplateFilters.TranslationTable"
        case .root: "Templating.RootObject"
        case .reversed(let values): "ReversedCollection<Array<Any>>(_base: \(Self.describe(.list(values))))"
        case .place(let place): "MustacheSequenceContext(first: \(place.first), last: \(place.last), index: \(place.index))"
        case .json(let text): text
        }
    }

    private static func describe(_ value: TemplateValue) -> String {
        switch value {
        case .text(let text), .html(let text): text
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .number(let value): "\(value)"
        case .list(let values): "[" + values.map(describe).joined(separator: ", ") + "]"
        case .object: "Templating.TemplateObject"
        }
    }
}

/// The members of the bottom of the stack, each made the first time a template names it: a
/// page's context has a score of them, and a template reads a few.
final class RootValues {
    let context: TemplateContext
    let filters: TemplateFilters.Bound
    private var made: [String: RenderValue?] = [:]

    init(context: TemplateContext, filters: TemplateFilters.Bound) {
        self.context = context
        self.filters = filters
    }

    func member(_ name: String) -> RenderValue? {
        if let value = made[name] { return value }
        let value: RenderValue? = switch name {
        case "site": .value(context.site.templateValue(current: context.page.url))
        case "page": .value(context.page.templateValue)
        case "pages": .value(.list(context.pages.values()))
        case "otherPages": .value(.list(context.pages.values(excluding: context.page.url)))
        case "taxonomies": .value(context.pages.taxonomiesValue())
        case "sections": .value(context.pages.sectionsValue())
        case "items": .value(.list(context.items.map(\.templateValue)))
        case "pagination": context.pagination.map { .value($0.templateValue) }
        case "t": .table
        case "params": context.component.map { component in .value(.object(component.params.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })) }
        case "content": context.component.map { .value(.html($0.content)) } ?? context.hook.map { .value(.html($0.content)) }
        case "block": context.component.map { .value(.bool($0.block)) }
        default: context.hook?.member(name).map { .value($0) }
        }
        made[name] = .some(value)
        return value
    }
}
