public import RunwayText
public import Formatting
public import Foundation
import TOMLKit
import SiteOutput

/// A site's `runway.toml`: what the site is called, where it lives, and which custom attributes
/// its content may use.
public struct SiteConfiguration: Sendable {
    /// The configuration file's name in a site's folder.
    public static let fileName = "runway.toml"

    /// The site's title.
    public var title: String
    /// The site's address: its scheme, host and path (a path is a base path every link gets).
    public var baseURL: String
    /// The default language's code, at the site's root.
    public var language: String
    /// The theme's name.
    public var theme: String
    /// Where `runway.toml` names the theme (`nil` when it does not): where a theme that is not
    /// there is reported.
    public var themePosition: SourcePosition?
    /// How many pages a list page shows before the next page of the list.
    public var paginate: Int
    /// The custom attributes the site's Markdown may use, from `[attributes.NAME]` tables.
    public var scope: CustomAttributeScope
    /// The site's languages, the default one (`language`) first, then `[languages.CODE]` in code order.
    public var languages: [SiteLanguage]
    /// URL patterns by section (`[permalinks]`: `posts = "/:year/:slug/"`).
    public var permalinks: [String: Permalink]
    /// `[author]`: the feeds' author (the site's title when there is none).
    public var author: SiteAuthor?
    /// `[feeds]`: entries per feed, summaries or whole pages.
    public var feeds = FeedSettings()
    /// `[related]`: how many related pages a page gets, and how much each taxonomy's terms count.
    public var related = RelatedSettings()
    /// `[outputs]`: Markdown twins of pages.
    public var outputs = OutputSettings()
    /// `[search]`: the site indexed by Pagefind for search in the browser.
    public var search = SearchSettings()
    /// `[images]`: smaller copies of the images pages show; `nil`: images are published as they are.
    public var images: ImageSettings?
    /// `[assets]`: fingerprinted stylesheets.
    public var assets = AssetSettings()
    /// Whether this build's stylesheets are fingerprinted (`[assets]`, by its environment).
    public var fingerprints: Bool { assets.fingerprints(in: environment) }
    /// `[markdown]`: raw HTML and smart punctuation.
    public var markdown = MarkdownSettings()
    /// `[params]`: free values for templates (`site.params`), over the theme's.
    public var params: [String: AttributeValue] = [:]
    /// `[[menus.NAME]]` entries, by menu.
    public var menus: [String: [MenuItem]] = [:]
    /// `[languages.CODE.params]`, by language: its values over `[params]` in its pages.
    public var languageParams: [String: [String: AttributeValue]] = [:]
    /// `[[languages.CODE.menus.NAME]]`, by language: a menu a language gives in place of the
    /// site's menu of that name.
    public var languageMenus: [String: [String: [MenuItem]]] = [:]
    /// `timezone` (an IANA name such as `Europe/Berlin`): a date's time without an offset is
    /// read in it, and a time with one is shown, listed and placed (a permalink's day) in it, as
    /// Jekyll does; `nil`, each date keeps the offset it was written with (UTC without one).
    public var timeZone: TimeZone?
    /// The taxonomies pages are classified by, as their plural names (front matter keys, URL
    /// folders): `[taxonomies]` (`category = "categories"`), else `tags` alone.
    public var taxonomies = ["tags"]
    /// Where `[taxonomies]` names each plural (`category = "categories"`): where a clash of its
    /// lists with another page is said.
    public var taxonomyPositions: [String: SourcePosition] = [:]

    /// The environment the site is built for (`production`, `development`, or a name of the
    /// site's): its `[environments.NAME]` table is merged over the rest of `runway.toml`, and
    /// templates see it as `site.environment`.
    public var environment = SiteConfiguration.production

    /// The environment `runway build` and `check` build for unless told otherwise.
    public static let production = "production"
    /// The environment `runway serve` and `watch` build for unless told otherwise.
    public static let development = "development"

    /// The settings the file may hold at its top level.
    static let knownKeys: Set<String> = ["title", "baseURL", "language", "theme", "paginate", "attributes", "components", "languages", "permalinks",
                                         "author", "feeds", "markdown", "params", "menus", "taxonomies", "timezone", "environments", "related", "outputs", "assets", "search", "images"]

    /// The custom attributes the site's content may use: those its theme's definition declares and
    /// those `runway.toml` adds (which win).
    public func contentScope(theme: Theme?) -> CustomAttributeScope {
        var merged = CustomAttributeScope(name: "\(Self.fileName) and theme \(self.theme)", declarations: [])
        for declaration in theme?.definition.scope?.declarations ?? [] { merged.declare(declaration) }
        for declaration in scope.declarations { merged.declare(declaration) }
        return merged
    }

    /// The error of a folder without `runway.toml`: no site (`nil` when it has one).
    public static func missing(site: String) -> Diagnostic? {
        let path = SitePaths.join(site, fileName)
        guard !FileManager.default.fileExists(atPath: path) else { return nil }
        return Diagnostic(.error, "no \(fileName) here: this is not a Runway site (make one with runway new <dir>)", path: path)
    }

    /// Reads `<site>/runway.toml` for `environment` (its `[environments.NAME]` over the rest),
    /// with `baseURL` (`--base-url`) over the file's when it is given, else `origin`
    /// (`http://127.0.0.1:8000`, the address `serve` answers on) in place of its scheme and host. The configuration is `nil`
    /// when the file is missing or not TOML; problems with single settings are diagnostics, and
    /// the rest of the file still counts.
    public static func load(site: String, environment: String = production, baseURL: String? = nil, origin: String? = nil)
        -> (configuration: SiteConfiguration?, diagnostics: [Diagnostic]) {
        if let missing = missing(site: site) { return (nil, [missing]) }
        let path = SitePaths.join(site, fileName)
        var source: TOMLSource
        do throws(Diagnostic) {
            source = try TOMLSource(path: path, text: try SourceText.read(path, pipes: false, kind: "TOML").text)
        } catch {
            return (nil, [error])
        }
        var diagnostics = environmentProblems(source, active: environment)
        source.overlay(["environments", environment])
        var (configuration, settingDiagnostics) = read(source)
        diagnostics += settingDiagnostics
        configuration.environment = environment
        if let baseURL {
            configuration.baseURL = baseURL
        } else if let origin {
            // The server's own address, under the path the site is served at.
            configuration.baseURL = origin + BasePath(baseURL: configuration.baseURL).prefix + "/"
        }
        return (configuration, diagnostics)
    }

    /// An `environments` that is not a table of tables (`[environments.development]`), at its
    /// key; an unknown setting in an environment the build is not for (the `active` one's are
    /// said as the file's own), so that a misspelt staging setting is found before staging.
    static func environmentProblems(_ source: TOMLSource, active: String) -> [Diagnostic] {
        guard let setting = source.table["environments"] else { return [] }
        guard let table = setting.table else {
            return [Diagnostic(.error, "'environments' must be a table of environments ([environments.development])", path: source.path,
                               position: source.position(of: ["environments"]))]
        }
        var diagnostics: [Diagnostic] = []
        for name in table.keys.sorted() {
            guard let settings = table[name]?.table else {
                diagnostics.append(Diagnostic(.error, "'environments.\(name)' must be a table of settings ([environments.\(name)]) that go over "
                                              + "the rest of the file when building for \(name)", path: source.path,
                                              position: source.position(of: ["environments", name])))
                continue
            }
            guard name != active else { continue }
            for key in settings.keys.sorted() where !knownKeys.contains(key) || key == "environments" {
                diagnostics.append(Diagnostic(.warning, "unknown setting '\(key)' in [environments.\(name)] (known: "
                                              + knownKeys.subtracting(["environments"]).sorted().joined(separator: ", ") + ")",
                                              path: source.path, position: source.position(of: ["environments", name, key])))
            }
        }
        return diagnostics
    }

    /// Why `baseURL` cannot be a site's base URL (`--base-url`), or `nil` when it can be.
    public static func problem(withBaseURLOption baseURL: String) -> String? {
        problem(withBaseURL: baseURL)
    }

    /// The configuration a parsed `runway.toml` holds; problems with single settings are
    /// diagnostics, and the rest of the file still counts.
    public static func read(_ source: TOMLSource) -> (configuration: SiteConfiguration, diagnostics: [Diagnostic]) {
        let path = source.path
        var diagnostics: [Diagnostic] = []
        func string(_ key: String, default value: String) -> String {
            guard let setting = source.table[key] else { return value }
            guard let string = setting.string else {
                diagnostics.append(Diagnostic(.error, "'\(key)' must be a string", path: path, position: source.position(of: [key])))
                return value
            }
            return string
        }
        for key in source.table.keys.sorted() where !knownKeys.contains(key) {
            diagnostics.append(Diagnostic(.warning, "unknown setting '\(key)' (known: \(knownKeys.sorted().joined(separator: ", ")))",
                                          path: path, position: source.position(of: [key])))
        }
        var paginate = 10
        if let setting = source.table["paginate"] {
            if let size = setting.int, size > 0 { paginate = size } else {
                diagnostics.append(Diagnostic(.error, "'paginate' must be a whole number above 0", path: path, position: source.position(of: ["paginate"])))
            }
        }
        let declared = CustomAttributeScope.declared(in: source, name: fileName)
        diagnostics += declared.diagnostics
        let title = string("title", default: "Untitled site")
        let language = string("language", default: "en")
        if !SiteLanguage.isValidCode(language) {
            diagnostics.append(Diagnostic(.error, "'language' must be a language tag such as en or pt-BR", path: path,
                                          position: source.position(of: ["language"])))
        }
        let defaultEntry = source.table["languages"]?.table?[language]?.table
        let languages = [SiteLanguage(code: language, name: languageName(defaultEntry) ?? language, title: title, prefix: "",
                                      direction: direction(defaultEntry))]
            + otherLanguages(source, default: language, title: title, diagnostics: &diagnostics)
        var theme = string("theme", default: "default")
        if let problem = ThemeLibrary.problem(withName: theme) {
            diagnostics.append(Diagnostic(.error, "'theme' must be a theme's name, not \"\(theme)\": \(problem)", path: path,
                                          position: source.position(of: ["theme"])))
            theme = "default"
        }
        var baseURL = string("baseURL", default: "/")
        if source.table["baseURL"] != nil, let problem = Self.problem(withBaseURL: baseURL) {
            diagnostics.append(Diagnostic(.error, "'baseURL' must be the site's address, such as https://example.org/ or https://example.org/blog/, "
                                          + "not \"\(baseURL)\": \(problem)", path: path, position: source.position(of: ["baseURL"])))
            baseURL = "/"
        }
        var configuration = SiteConfiguration(
            title: title, baseURL: baseURL,
            language: language, theme: theme,
            paginate: paginate, scope: declared.scope, languages: languages,
            permalinks: permalinks(source, diagnostics: &diagnostics))
        configuration.themePosition = source.table["theme"] != nil ? source.position(of: ["theme"]) : nil
        configuration.author = author(source, diagnostics: &diagnostics)
        configuration.feeds = feeds(source, diagnostics: &diagnostics)
        configuration.markdown = markdown(source, diagnostics: &diagnostics)
        configuration.params = params(source, diagnostics: &diagnostics)
        configuration.menus = menus(source, diagnostics: &diagnostics)
        for language in configuration.languages {
            let under = ["languages", language.code]
            let params = params(source, under: under, diagnostics: &diagnostics)
            if !params.isEmpty { configuration.languageParams[language.code] = params }
            if let menus = menus(source, under: under, diagnostics: &diagnostics) { configuration.languageMenus[language.code] = menus }
        }
        configuration.timeZone = timeZone(source, diagnostics: &diagnostics)
        configuration.taxonomies = taxonomies(source, diagnostics: &diagnostics)
        configuration.related = related(source, taxonomies: configuration.taxonomies, diagnostics: &diagnostics)
        configuration.outputs = outputs(source, diagnostics: &diagnostics)
        configuration.assets = assets(source, diagnostics: &diagnostics)
        configuration.search = search(source, diagnostics: &diagnostics)
        configuration.images = images(source, diagnostics: &diagnostics)
        for key in source.table["taxonomies"]?.table?.keys ?? [] {
            if let plural = source.table["taxonomies"]?.table?[key]?.string { configuration.taxonomyPositions[plural] = source.position(of: ["taxonomies", key]) }
        }
        return (configuration, diagnostics)
    }

    /// What is wrong with a base URL, or `nil`: it is an `http` or `https` URL with a host (or a
    /// path alone, `/`) and neither a query nor a fragment, written as a URL is (no spaces, no quotes), since every
    /// page's canonical URL, feed and sitemap entry starts with it.
    static func problem(withBaseURL baseURL: String) -> String? {
        if let bad = baseURL.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F || "\"<>\\^`{|}".unicodeScalars.contains($0) }) {
            return bad == " " ? "a space must be written %20" : "\(bad.value < 0x20 ? "a control character" : "'\(bad)'") must be percent-encoded"
        }
        // A path alone (`/`, `/blog/`), as when `baseURL` is left out: the site without its domain yet.
        let isPath = baseURL.hasPrefix("/") && !baseURL.hasPrefix("//")
        guard let components = URLComponents(string: baseURL), isPath || components.host.map({ !$0.isEmpty }) == true
                && ["http", "https"].contains(components.scheme?.lowercased() ?? "") else {
            return "it needs http:// or https:// and a host (or is a path alone, such as /)"
        }
        if components.query != nil || components.fragment != nil { return "it cannot have a query (?) or a fragment (#)" }
        return nil
    }

    private static func languageName(_ table: TOMLTable?) -> String? {
        table?["name"]?.string
    }

    private static func direction(_ table: TOMLTable?) -> TextDirection? {
        table?["direction"]?.string.flatMap(TextDirection.init(rawValue:))
    }

    /// `timezone`: a time zone's IANA name (`America/Los_Angeles`, `UTC`).
    private static func timeZone(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> TimeZone? {
        guard let setting = source.table["timezone"] else { return nil }
        guard let name = setting.string, let zone = TimeZone(identifier: name) else {
            diagnostics.append(Diagnostic(.error, "'timezone' must name a time zone, such as Europe/Berlin or UTC", path: source.path,
                                          position: source.position(of: ["timezone"])))
            return nil
        }
        return zone
    }

    /// `[languages.CODE]` tables (`name`, `title`) other than the default language's.
    private static func otherLanguages(_ source: TOMLSource, default language: String, title: String,
                                       diagnostics: inout [Diagnostic]) -> [SiteLanguage] {
        guard let setting = source.table["languages"] else { return [] }
        guard let table = setting.table else {
            diagnostics.append(Diagnostic(.error, "'languages' must be a table of [languages.CODE] tables", path: source.path,
                                          position: source.position(of: ["languages"])))
            return []
        }
        var languages: [SiteLanguage] = []
        // Each table's settings, the default language's too: of the right type, and known.
        for code in table.keys.sorted() {
            guard let entry = table[code]?.table else {
                diagnostics.append(Diagnostic(.error, "'languages.\(code)' must be a table ([languages.\(code)] with name and title)",
                                              path: source.path, position: source.position(of: ["languages", code])))
                continue
            }
            for key in entry.keys.sorted() {
                let position = source.position(of: ["languages", code, key])
                if !["name", "title", "direction", "params", "menus"].contains(key) {
                    diagnostics.append(Diagnostic(.warning, "unknown language setting '\(key)' (known: name, title, direction, params, menus)",
                                                  path: source.path, position: position))
                } else if key == "params" || key == "menus" {
                    continue
                } else if entry[key]?.string == nil {
                    diagnostics.append(Diagnostic(.error, "'\(key)' must be a string", path: source.path, position: position))
                } else if key == "direction" && TextDirection(rawValue: entry[key]?.string ?? "") == nil {
                    diagnostics.append(Diagnostic(.error, "'direction' must be \"ltr\" or \"rtl\"", path: source.path, position: position))
                } else if key == "title" && code == language {
                    diagnostics.append(Diagnostic(.warning, "the default language's title is the site's: set 'title' at the top of the file instead",
                                                  path: source.path, position: position))
                }
            }
        }
        for code in table.keys.sorted() where code != language && table[code]?.table != nil {
            guard SiteLanguage.isValidCode(code) else {
                diagnostics.append(Diagnostic(.error, "'\(code)' is not a language tag such as fr or pt-BR", path: source.path,
                                              position: source.position(of: ["languages", code])))
                continue
            }
            let entry = table[code]?.table
            languages.append(SiteLanguage(code: code, name: languageName(entry) ?? code,
                                          title: entry?["title"]?.string ?? title, prefix: "/" + code, direction: direction(entry)))
        }
        return languages
    }

    /// `[permalinks]`: a pattern per section, each checked for unknown tokens.
    private static func permalinks(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> [String: Permalink] {
        guard let setting = source.table["permalinks"] else { return [:] }
        guard let table = setting.table else {
            diagnostics.append(Diagnostic(.error, "'permalinks' must be a table of section = \"/pattern/\"", path: source.path,
                                          position: source.position(of: ["permalinks"])))
            return [:]
        }
        var permalinks: [String: Permalink] = [:]
        for section in table.keys.sorted() {
            let position = source.position(of: ["permalinks", section])
            guard let pattern = table[section]?.string else {
                diagnostics.append(Diagnostic(.error, "permalink for '\(section)' must be a string", path: source.path, position: position))
                continue
            }
            switch Permalink.parse(pattern) {
            case .success(let permalink): permalinks[section] = permalink
            case .failure(let error): diagnostics.append(Diagnostic(.error, error.message, path: source.path, position: position))
            }
        }
        return permalinks
    }
}
