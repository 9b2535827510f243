package import RunwayText
import TOMLKit

/// Values written as TOML, by TOMLKit (toml++): what `runway import` writes into `runway.toml` and
/// into TOML front matter, with TOML's quoting and escapes.
package enum TOMLText {
    /// `values` as a TOML document: plain keys first, then each table (`[name]`, nested
    /// `[name.sub]`), then arrays of tables (`[[name]]`), as toml++ orders them. `null` (YAML's
    /// `~`) has no TOML form and is left out.
    package static func document(_ values: [String: AttributeValue]) -> String {
        let table = TOMLTable()
        for (key, value) in values { if let converted = value.tomlConvertible { table[key] = converted } }
        let text = table.convert(to: .toml, options: [.allowUnicodeStrings, .allowMultilineStrings, .indentations])
        return text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }

    /// One `key = value` line (a table's value inline): for a key of front matter.
    package static func line(_ key: String, _ value: AttributeValue) -> String {
        let table = TOMLTable()
        guard let converted = value.inlineConvertible else { return "" }
        table[key] = converted
        let text = table.convert(to: .toml, options: [.allowUnicodeStrings])
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}

extension AttributeValue {
    /// The value as TOMLKit takes it; `nil` for `null`.
    fileprivate var tomlConvertible: (any TOMLValueConvertible)? {
        convertible(inline: false)
    }

    fileprivate var inlineConvertible: (any TOMLValueConvertible)? {
        convertible(inline: true)
    }

    private func convertible(inline: Bool) -> (any TOMLValueConvertible)? {
        switch self {
        case .string(let text): text
        case .integer(let number): number
        case .number(let number): number
        case .bool(let flag): flag
        case .null: nil
        case .array(let items):
            // A list of tables is an array of tables (`[[menus.main]]`), but inside an inline value.
            TOMLArray(items.compactMap { item in
                if case .object = item { item.convertible(inline: inline) } else { item.convertible(inline: true) }
            })
        case .object(let fields):
            {
                let table = TOMLTable(inline: inline)
                for (key, value) in fields { if let converted = value.convertible(inline: inline) { table[key] = converted } }
                return table
            }()
        }
    }
}
