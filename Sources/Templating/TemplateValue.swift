package import RunwayText
package import SiteOutput

/// A value as templates see it, typed by how it is written into a page: `text` is escaped for
/// HTML when it reaches the engine, so that nothing an author wrote is ever inserted as markup by
/// mistake; `html` is trusted markup (a page's rendered body) and is written as it is.
package enum TemplateValue: Sendable {
    case text(String)
    case html(String)
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case list([TemplateValue])
    /// Members by name, in the order given (the order keys are hashed in).
    case object([(String, TemplateValue)])

    /// The value into a content hash, kind and all: the key of an output made from it.
    package func add(to hash: inout ContentHash) {
        switch self {
        case .text(let text): hash.add("t"); hash.add(text)
        case .html(let html): hash.add("h"); hash.add(html)
        case .bool(let value): hash.add(value ? "b1" : "b0")
        case .integer(let value): hash.add("i\(value)")
        case .number(let value): hash.add("n\(value)")
        case .list(let values):
            hash.add("l\(values.count)")
            for value in values { value.add(to: &hash) }
        case .object(let members):
            hash.add("o\(members.count)")
            for (name, value) in members {
                hash.add(name)
                value.add(to: &hash)
            }
        }
    }

    /// A front matter or configuration value: strings are text.
    package init(_ value: AttributeValue) {
        switch value {
        case .string(let text): self = .text(text)
        case .integer(let value): self = .integer(value)
        case .number(let value): self = .number(value)
        case .bool(let value): self = .bool(value)
        case .null: self = .text("")
        case .array(let values): self = .list(values.map(TemplateValue.init))
        case .object(let members): self = .object(members.sorted { $0.key < $1.key }.map { ($0.key, TemplateValue($0.value)) })
        }
    }
}

/// A typed value that templates see as an object with members.
package protocol TemplateRepresentable: Sendable {
    var templateValue: TemplateValue { get }
}
