public import RunwayText

/// What a theme's attribute container styles: a block intent, an inline intent, or one value of a
/// custom attribute. Theme files name them `body`, `h1`…`h6`, `emphasized`, `customColor.danger`…
public enum StyleTarget: Hashable, Sendable {
    /// The body (the page), and each kind of block: a paragraph, a heading of a level, a quote, a
    /// code block, a list, an item, a table, its header row, a cell, a thematic break.
    case body, paragraph, heading(Int), quote, codeBlock, list, listItem, table, headerRow, cell, thematicBreak
    /// Each kind of inline element.
    case emphasized, strong, code, strikethrough, link
    /// A custom attribute's value: `customColor.danger`.
    case value(attribute: String, value: String)

    /// The names of the intent targets, as theme files write them.
    public static let intentNames: [String: StyleTarget] = {
        var names: [String: StyleTarget] = [
            "body": .body, "paragraph": .paragraph, "quote": .quote, "codeBlock": .codeBlock, "list": .list,
            "listItem": .listItem, "table": .table, "headerRow": .headerRow, "cell": .cell,
            "thematicBreak": .thematicBreak, "emphasized": .emphasized, "strong": .strong, "code": .code,
            "strikethrough": .strikethrough, "link": .link,
        ]
        for level in 1...6 { names["h\(level)"] = .heading(level) }
        return names
    }()

    /// The target a theme file's `[styles.NAME]` names: an intent, or `attribute.value`.
    public init?(name: String) {
        if let target = Self.intentNames[name] {
            self = target
        } else if let dot = name.firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex {
            self = .value(attribute: String(name[..<dot]), value: String(name[name.index(after: dot)...]))
        } else {
            return nil
        }
    }

    /// The value a custom value target names, typed as `definition` declares its attribute: in
    /// `[styles."level.2"]`, of an attribute declared `integer`, the number 2 (whose class is
    /// `rw-level--__2`, as pages carrying `level: 2` get), not the string "2". Text that is not of
    /// the declared type (and every value of a string or undeclared attribute) is a string; `nil`
    /// for an intent target.
    public func value(in definition: FormattingDefinition) -> AttributeValue? {
        guard case .value(let attribute, let text) = self else { return nil }
        switch definition.scope?[attribute]?.type {
        case .integer?:
            if let number = Int(text) { return .integer(number) }
        case .number?:
            if let number = Int(text) { return .integer(number) }
            if let number = Double(text), number.isFinite { return .number(number) }
        case .bool?:
            if text == "true" || text == "false" { return .bool(text == "true") }
        default:
            break
        }
        return .string(text)
    }

    /// The CSS selector of the target, a custom value's class made from its value typed as
    /// `definition` declares it (``value(in:)``).
    public func selector(in definition: FormattingDefinition) -> String {
        guard case .value(let attribute, _) = self, let value = value(in: definition),
              let className = CSSNaming.className(attribute: attribute, value: value) else { return selector }
        return "." + className
    }

    /// The CSS selector of the target; a custom value's class is made from its value as a string
    /// (``selector(in:)`` types it as its attribute's declaration says).
    public var selector: String {
        switch self {
        case .body: "body"
        case .paragraph: "main p"
        case .heading(let level): "main h\(level)"
        case .quote: "main blockquote"
        case .codeBlock: "main pre"
        case .list: "main ul, main ol"
        case .listItem: "main li"
        case .table: "main table"
        case .headerRow: "main thead th"
        case .cell: "main td, main th"
        case .thematicBreak: "main hr"
        case .emphasized: "main em"
        case .strong: "main strong"
        case .code: "main code"
        case .strikethrough: "main del"
        case .link: "main a"
        case .value(let attribute, let value): "." + CSSNaming.className(attribute: attribute, value: .string(value))!
        }
    }

    /// The order targets apply in: the body, then blocks, then inlines, then custom values.
    var rank: Int {
        switch self {
        case .body: 0
        case .table, .list, .quote: 1
        case .listItem, .headerRow, .cell: 2
        case .paragraph, .heading, .codeBlock, .thematicBreak: 3
        case .link: 4
        case .emphasized, .strong, .code, .strikethrough: 5
        case .value: 6
        }
    }
}
