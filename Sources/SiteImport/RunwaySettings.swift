import RunwayText
import Formatting

/// The `runway.toml` an import writes, each setting as the other generator's configuration gives
/// it; what it leaves at Runway's default it does not write.
struct RunwaySettings {
    var title: String?
    var baseURL: String?
    var language: String?
    var paginate: Int?
    var timezone: String?
    var languages: [Language] = []
    /// `[taxonomies]`, singular and plural, in order.
    var taxonomies: [(singular: String, plural: String)] = []
    var permalinks: [String: String] = [:]
    var unsafe = false
    var highlightCode: Bool?
    var params: [String: AttributeValue] = [:]
    var menus: [String: [MenuEntry]] = [:]
    var author: String?

    /// A taxonomy's singular name for `[taxonomies]`, where each is one key: `written`, else (a
    /// language's taxonomy of the same singular, Hugo's `tag = "frtags"`) one made from the plural.
    static func singular(_ written: String, of plural: String, besides taken: [String]) -> String {
        guard taken.contains(written) else { return written }
        let made = plural.hasSuffix("series") ? plural + "-term" : plural.hasSuffix("ies") ? String(plural.dropLast(3)) + "y" : plural.hasSuffix("s") ? String(plural.dropLast()) : plural + "-term"
        var name = made
        var number = 2
        while taken.contains(name) || name == plural && plural != written {
            name = made + "-\(number)"
            number += 1
        }
        return name
    }

    /// A language other than the default one, or the default one's name.
    struct Language {
        var code: String
        var name: String?
        var title: String?
        var direction: String?
        var params: [String: AttributeValue] = [:]
        var menus: [String: [MenuEntry]] = [:]
    }

    /// An entry of a menu: `[[menus.NAME]]`.
    struct MenuEntry {
        var name: String
        var url: String
        var weight: Int?

        var value: AttributeValue {
            var fields: [String: AttributeValue] = ["name": .string(name), "url": .string(url)]
            if let weight { fields["weight"] = .integer(weight) }
            return .object(fields)
        }
    }

    /// The file's text: the top-level settings in Runway's order, then each table, TOMLKit
    /// writing every value.
    var text: String {
        var top: [(String, AttributeValue)] = []
        if let title { top.append(("title", .string(title))) }
        if let baseURL { top.append(("baseURL", .string(baseURL))) }
        if let language { top.append(("language", .string(language))) }
        if let paginate { top.append(("paginate", .integer(paginate))) }
        if let timezone { top.append(("timezone", .string(timezone))) }
        var text = "# Written by runway import. Every setting is described in Runway's guide (docs/content/guide/configuration.md).\n"
        for (key, value) in top { text += TOMLText.line(key, value) }
        func table(_ name: String, _ values: [String: AttributeValue]) {
            guard !values.isEmpty else { return }
            text += "\n" + TOMLText.document([name: .object(values)])
        }
        if !taxonomies.isEmpty {
            text += "\n[taxonomies]\n"
            for (singular, plural) in taxonomies { text += TOMLText.line(singular, .string(plural)) }
        }
        table("permalinks", permalinks.mapValues(AttributeValue.string))
        var markdown: [String: AttributeValue] = [:]
        if unsafe { markdown["unsafe"] = .bool(true) }
        if let highlightCode { markdown["highlightCode"] = .bool(highlightCode) }
        table("markdown", markdown)
        if let author { table("author", ["name": .string(author)]) }
        table("params", params)
        if !menus.isEmpty { text += "\n" + TOMLText.document(["menus": .object(menus.mapValues { .array($0.map(\.value)) })]) }
        for language in languages {
            var fields: [String: AttributeValue] = [:]
            if let name = language.name { fields["name"] = .string(name) }
            if let title = language.title { fields["title"] = .string(title) }
            if let direction = language.direction { fields["direction"] = .string(direction) }
            if !language.params.isEmpty { fields["params"] = .object(language.params) }
            if !language.menus.isEmpty { fields["menus"] = .object(language.menus.mapValues { .array($0.map(\.value)) }) }
            text += "\n" + TOMLText.document(["languages": .object([language.code: .object(fields)])])
        }
        return text
    }
}
