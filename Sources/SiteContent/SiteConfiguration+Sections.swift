public import RunwayText
import Formatting
import TOMLKit

/// `[author]`: who writes the site, for its feeds.
public struct SiteAuthor: Sendable, Hashable {
    /// The author's name.
    public var name: String
    /// The author's e-mail address, if given.
    public var email: String?

    /// An author named `name`, with an e-mail address or not.
    public init(name: String, email: String? = nil) {
        self.name = name
        self.email = email
    }
}

/// `[feeds]`: how many entries a feed holds (`limit`, 20 by default), and whether each carries
/// the page's whole content (`full = true`) or its summary.
public struct FeedSettings: Sendable, Hashable {
    /// How many entries a feed carries, newest first.
    public var limit = 20
    /// Whether each entry carries its whole page instead of its summary.
    public var full = false

    /// Feed settings of `limit` entries, whole pages when `full`.
    public init(limit: Int = 20, full: Bool = false) {
        self.limit = limit
        self.full = full
    }
}

/// `[related]`: how many related pages a page gets (`limit`, 5 by default), and how much a term
/// shared in each taxonomy counts (`[related.weights]`, 1 for each taxonomy by default; 0 leaves
/// one out).
public struct RelatedSettings: Sendable, Hashable {
    /// The most related pages a page gets.
    public var limit = 5
    /// Each taxonomy's weight, by its plural name; a taxonomy not named weighs 1.
    public var weights: [String: Double] = [:]

    /// Related pages up to `limit`, shared terms weighed by `weights`.
    public init(limit: Int = 5, weights: [String: Double] = [:]) {
        self.limit = limit
        self.weights = weights
    }

    /// The weight of a term shared in `taxonomy`.
    public func weight(of taxonomy: String) -> Double {
        weights[taxonomy] ?? 1
    }
}

/// `[outputs]`: what a build writes besides pages and lists: each page's Markdown twin
/// (`markdown = true`: `index.md` beside its `index.html`, for readers that want text).
public struct OutputSettings: Sendable, Hashable {
    /// Whether each page gets a Markdown twin.
    public var markdown = false

    /// Output settings, with Markdown twins when `markdown`.
    public init(markdown: Bool = false) {
        self.markdown = markdown
    }
}

/// `[assets]`: whether stylesheets are published under names that hold a hash of their text,
/// with their integrity (`fingerprint = true`), for a host that lets browsers keep them; never
/// in the `development` environment, where `serve` swaps a changed stylesheet in place.
public struct AssetSettings: Sendable, Hashable {
    /// `fingerprint` as `runway.toml` sets it.
    public var fingerprint: Bool

    /// Asset settings, fingerprinting when `fingerprint`.
    public init(fingerprint: Bool = false) {
        self.fingerprint = fingerprint
    }

    /// Whether stylesheets are fingerprinted when building for `environment`.
    public func fingerprints(in environment: String) -> Bool {
        fingerprint && environment != SiteConfiguration.development
    }
}

/// `[search]`: the built site indexed for search in the browser by Pagefind (`enabled = true`),
/// with the program that does it (`pagefind`, a command or a path; else `pagefind` on the path,
/// else Python's `pagefind_bin_extended` or `pagefind_bin` module, as PyPI's `pagefind-bin-extended`
/// and `pagefind-bin` install it).
public struct SearchSettings: Sendable, Hashable {
    /// Whether the site is indexed.
    public var enabled: Bool
    /// The Pagefind command `runway.toml` names, if it names one.
    public var command: String?
    /// Where `runway.toml` says it (the `[search]` table, else the file's start), for an error about it.
    public var position: SourcePosition?

    /// Search settings: indexed when `enabled`, by `command` (else the one found).
    public init(enabled: Bool = false, command: String? = nil, position: SourcePosition? = nil) {
        self.enabled = enabled
        self.command = command
        self.position = position
    }
}

/// `[markdown]`: raw HTML kept in pages (`unsafe = true`; GFM's tagfilter still applies),
/// typographic quotes and dashes (`smartPunctuation = true`), fenced code left untokenized
/// (`highlightCode = false`, as Hugo's `codeFences` and Zola's `highlight_code`), and emoji
/// shortcodes (`emoji = true`: `:tada:` as 🎉, as Hugo's `enableEmoji`), and math (`math = true`:
/// `$…$` and `$$…$$` as MathML, written at build time by KaTeX).
public struct MarkdownSettings: Sendable, Hashable {
    /// Whether raw HTML is kept (GFM's tagfilter still applies); else each piece left out is a warning.
    public var unsafe = false
    /// Whether quotes, dashes and ellipses become typographic ones.
    public var smartPunctuation = false
    /// Whether fenced code with a language hint is tokenized under styled themes (its runs carry
    /// `syntax`). Off, no tokenizer runs and no token is kept: the code is written as under
    /// `plain`, for a script in the browser to colour; line numbers and callouts stay.
    public var highlightCode = true
    /// Whether emoji shortcodes in words (`:tada:`) become their emoji (Debian's `python3-emoji`
    /// table); never in code.
    public var emoji = false
    /// Where `emoji` is set in `runway.toml`, for a problem with the table.
    public var emojiPosition: SourcePosition?
    /// Whether `$…$`, `$$…$$` and fenced `math` blocks are formulas, written as MathML (Debian's
    /// `katex`); off, dollars are text.
    public var math = false
    /// Where `math` is set in `runway.toml`, for a problem with the converter.
    public var mathPosition: SourcePosition?

    /// Markdown settings: raw HTML, typographic punctuation and emoji off, code highlighted.
    public init(unsafe: Bool = false, smartPunctuation: Bool = false, highlightCode: Bool = true, emoji: Bool = false,
                emojiPosition: SourcePosition? = nil) {
        self.unsafe = unsafe
        self.smartPunctuation = smartPunctuation
        self.highlightCode = highlightCode
        self.emoji = emoji
        self.emojiPosition = emojiPosition
    }
}

/// An entry of a site's menu: `[[menus.main]]` in `runway.toml` (`name`, `url`, `weight`), or a
/// page whose front matter says `menu: main` (its title and URL, its weight).
public struct MenuItem: Sendable, Hashable {
    /// What the menu shows.
    public var name: String
    /// Where the entry leads.
    public var url: String
    /// Its place: lower first.
    public var weight: Int

    /// An entry `name` leading to `url`, at `weight`.
    public init(name: String, url: String, weight: Int = 0) {
        self.name = name
        self.url = url
        self.weight = weight
    }
}

/// One `[name]` table of `runway.toml` with known keys: each value of the wrong type, and each
/// unknown key, is a diagnostic at its line.
struct SettingsTable {
    let source: TOMLSource
    let name: String
    let known: [String]
    let table: TOMLTable?

    /// The table `name` of `source`, or `nil` (with a diagnostic) when it is not a table.
    init?(_ name: String, of source: TOMLSource, known: [String], diagnostics: inout [Diagnostic]) {
        guard let setting = source.table[name] else { return nil }
        self.source = source
        self.name = name
        self.known = known
        guard let table = setting.table else {
            diagnostics.append(Diagnostic(.error, "'\(name)' must be a table ([\(name)])", path: source.path, position: source.position(of: [name])))
            return nil
        }
        self.table = table
        for key in table.keys.sorted() where !known.contains(key) {
            diagnostics.append(Diagnostic(.warning, "unknown setting '\(key)' in [\(name)] (known: \(known.joined(separator: ", ")))",
                                          path: source.path, position: source.position(of: [name, key])))
        }
    }

    private func problem(_ key: String, _ what: String, _ diagnostics: inout [Diagnostic]) {
        diagnostics.append(Diagnostic(.error, "'\(key)' in [\(name)] must be \(what)", path: source.path, position: source.position(of: [name, key])))
    }

    func string(_ key: String, _ diagnostics: inout [Diagnostic]) -> String? {
        guard let value = table?[key] else { return nil }
        guard let string = value.string else {
            problem(key, "a string", &diagnostics)
            return nil
        }
        return string
    }

    func bool(_ key: String, _ diagnostics: inout [Diagnostic]) -> Bool? {
        guard let value = table?[key] else { return nil }
        guard let bool = value.bool else {
            problem(key, "true or false", &diagnostics)
            return nil
        }
        return bool
    }

    func count(_ key: String, _ diagnostics: inout [Diagnostic]) -> Int? {
        guard let value = table?[key] else { return nil }
        guard let count = value.int, count > 0 else {
            problem(key, "a whole number above 0", &diagnostics)
            return nil
        }
        return count
    }
}

extension SiteConfiguration {
    /// `[params]`: free values for templates.
    static func params(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> [String: AttributeValue] {
        params(source, under: [], diagnostics: &diagnostics)
    }

    /// `[params]`, or a language's `[languages.CODE.params]` (`under` is `["languages", CODE]`).
    static func params(_ source: TOMLSource, under: [String], diagnostics: inout [Diagnostic]) -> [String: AttributeValue] {
        let keyPath = under + ["params"]
        guard let setting = Self.setting(source, keyPath) else { return [:] }
        guard let table = setting.table, case .object(let members)? = AttributeValue(toml: table) else {
            diagnostics.append(Diagnostic(.error, "'params' must be a table of values ([\(keyPath.joined(separator: "."))]), without dates", path: source.path,
                                          position: source.position(of: keyPath)))
            return [:]
        }
        return members
    }

    /// The value at `keyPath` of the file, or `nil`.
    private static func setting(_ source: TOMLSource, _ keyPath: [String]) -> (any TOMLValueConvertible)? {
        var table: TOMLTable? = source.table
        for key in keyPath.dropLast() { table = table?[key]?.table }
        return keyPath.last.flatMap { table?[$0] }
    }

    /// `[[menus.NAME]]` arrays of tables, each entry with a `name`, a `url` and an optional `weight`.
    static func menus(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> [String: [MenuItem]] {
        menus(source, under: [], diagnostics: &diagnostics) ?? [:]
    }

    /// `[[menus.NAME]]`, or a language's `[[languages.CODE.menus.NAME]]` (`under` is
    /// `["languages", CODE]`); `nil` when the file has none there.
    static func menus(_ source: TOMLSource, under: [String], diagnostics: inout [Diagnostic]) -> [String: [MenuItem]]? {
        let keyPath = under + ["menus"]
        let prefix = keyPath.joined(separator: ".")
        guard let setting = Self.setting(source, keyPath) else { return nil }
        let position = source.position(of: keyPath)
        guard let table = setting.table else {
            diagnostics.append(Diagnostic(.error, "'menus' must hold [[\(prefix).NAME]] entries", path: source.path, position: position))
            return [:]
        }
        var menus: [String: [MenuItem]] = [:]
        for name in table.keys.sorted() {
            guard let entries = table[name]?.array else {
                diagnostics.append(Diagnostic(.error, "'\(prefix).\(name)' must be a list of [[\(prefix).\(name)]] entries", path: source.path,
                                              position: source.position(of: keyPath + [name])))
                continue
            }
            menus[name] = []
            for (index, entry) in entries.enumerated() {
                let at = source.position(ofArrayTable: keyPath + [name], index: index)
                guard let entry = entry.table, let title = entry["name"]?.string, let url = entry["url"]?.string else {
                    diagnostics.append(Diagnostic(.error, "a [[\(prefix).\(name)]] entry needs a 'name' and a 'url' (strings)", path: source.path,
                                                  position: at))
                    continue
                }
                if entry["weight"] != nil && entry["weight"]?.int == nil {
                    diagnostics.append(Diagnostic(.error, "'weight' in [[\(prefix).\(name)]] must be a whole number", path: source.path, position: at))
                }
                for key in entry.keys.sorted() where !["name", "url", "weight"].contains(key) {
                    diagnostics.append(Diagnostic(.warning, "unknown setting '\(key)' in [[\(prefix).\(name)]] (known: name, url, weight)",
                                                  path: source.path, position: at))
                }
                menus[name, default: []].append(MenuItem(name: title, url: url, weight: entry["weight"]?.int ?? 0))
            }
        }
        return menus
    }

    /// `[taxonomies]`: `singular = "plural"` pairs (`tag = "tags"`, `series = "series"`), the
    /// plural names in their keys' order; without the table, `tags`.
    static func taxonomies(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> [String] {
        guard let setting = source.table["taxonomies"] else { return ["tags"] }
        guard let table = setting.table else {
            diagnostics.append(Diagnostic(.error, "'taxonomies' must be a table of singular = \"plural\" ([taxonomies] tag = \"tags\")",
                                          path: source.path, position: source.position(of: ["taxonomies"])))
            return ["tags"]
        }
        var plurals: [String] = []
        for key in table.keys.sorted() {
            guard let plural = table[key]?.string, !plural.isEmpty, SiteURL.slug(plural) == plural, !plurals.contains(plural) else {
                diagnostics.append(Diagnostic(.error, "taxonomy '\(key)' must name its plural, a URL folder such as \"tags\" (lower case, once)",
                                              path: source.path, position: source.position(of: ["taxonomies", key])))
                continue
            }
            plurals.append(plural)
        }
        // Tags are always a taxonomy (the table adds others): pages' `tags` stay linked.
        return plurals.contains("tags") ? plurals : ["tags"] + plurals
    }

    static func author(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> SiteAuthor? {
        guard let table = SettingsTable("author", of: source, known: ["name", "email"], diagnostics: &diagnostics) else { return nil }
        guard let name = table.string("name", &diagnostics), !name.isEmpty else {
            diagnostics.append(Diagnostic(.error, "[author] must give a 'name'", path: source.path, position: source.position(of: ["author"])))
            return nil
        }
        return SiteAuthor(name: name, email: table.string("email", &diagnostics))
    }

    static func feeds(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> FeedSettings {
        guard let table = SettingsTable("feeds", of: source, known: ["limit", "full"], diagnostics: &diagnostics) else { return FeedSettings() }
        return FeedSettings(limit: table.count("limit", &diagnostics) ?? 20, full: table.bool("full", &diagnostics) ?? false)
    }

    /// `[related]`: a weight for a taxonomy the site does not have is a warning at it; one that is
    /// not a number of 0 or more, an error.
    static func related(_ source: TOMLSource, taxonomies: [String], diagnostics: inout [Diagnostic]) -> RelatedSettings {
        guard let table = SettingsTable("related", of: source, known: ["limit", "weights"], diagnostics: &diagnostics) else { return RelatedSettings() }
        var settings = RelatedSettings(limit: table.count("limit", &diagnostics) ?? 5)
        guard let setting = table.table?["weights"] else { return settings }
        guard let weights = setting.table else {
            diagnostics.append(Diagnostic(.error, "'weights' in [related] must be a table of taxonomies' weights ([related.weights], tags = 1)",
                                          path: source.path, position: source.position(of: ["related", "weights"])))
            return settings
        }
        for name in weights.keys.sorted() {
            let position = source.position(of: ["related", "weights", name])
            guard let weight = weights[name]?.double ?? weights[name]?.int.map(Double.init), weight >= 0, weight.isFinite else {
                diagnostics.append(Diagnostic(.error, "'\(name)' in [related.weights] must be a number of 0 or more", path: source.path, position: position))
                continue
            }
            if !taxonomies.contains(name) {
                diagnostics.append(Diagnostic(.warning, "[related.weights] names '\(name)', which is not one of the site's taxonomies (\(taxonomies.joined(separator: ", ")))",
                                              path: source.path, position: position))
            }
            settings.weights[name] = weight
        }
        return settings
    }

    static func assets(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> AssetSettings {
        guard let table = SettingsTable("assets", of: source, known: ["fingerprint"], diagnostics: &diagnostics) else { return AssetSettings() }
        return AssetSettings(fingerprint: table.bool("fingerprint", &diagnostics) ?? false)
    }

    static func search(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> SearchSettings {
        guard let table = SettingsTable("search", of: source, known: ["enabled", "pagefind"], diagnostics: &diagnostics) else { return SearchSettings() }
        return SearchSettings(enabled: table.bool("enabled", &diagnostics) ?? false, command: table.string("pagefind", &diagnostics),
                              position: source.position(of: ["search"]))
    }

    static func outputs(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> OutputSettings {
        guard let table = SettingsTable("outputs", of: source, known: ["markdown"], diagnostics: &diagnostics) else { return OutputSettings() }
        return OutputSettings(markdown: table.bool("markdown", &diagnostics) ?? false)
    }

    static func markdown(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> MarkdownSettings {
        guard let table = SettingsTable("markdown", of: source, known: ["unsafe", "smartPunctuation", "highlightCode", "emoji", "math"],
                                        diagnostics: &diagnostics) else {
            return MarkdownSettings()
        }
        var settings = MarkdownSettings(unsafe: table.bool("unsafe", &diagnostics) ?? false,
                                smartPunctuation: table.bool("smartPunctuation", &diagnostics) ?? false,
                                highlightCode: table.bool("highlightCode", &diagnostics) ?? true,
                                emoji: table.bool("emoji", &diagnostics) ?? false, emojiPosition: source.position(of: ["markdown", "emoji"]))
        settings.math = table.bool("math", &diagnostics) ?? false
        settings.mathPosition = source.position(of: ["markdown", "math"])
        return settings
    }
}
