public import RunwayText
import Formatting
import Foundation
import SiteOutput
import TOMLKit
import Yams

/// What a page's front matter says: title, date, draft, tags, slug, summary, layout, lang, theme
/// (a theme of its own instead of the site's), weight, and free params.
public struct PageMetadata: Sendable, Codable, Hashable {
    /// The page's title; else its first heading, else its file name.
    public var title: String?
    /// `YYYY-MM-DD` (or a full date and time), as written.
    public var date: String?
    /// Whether the page is a draft, left out of builds without `--drafts`.
    public var draft = false
    /// The page's tags.
    public var tags: [String] = []
    /// The last segment of the page's URL, instead of its file name.
    public var slug: String?
    /// The page's summary, in Markdown, for lists, feeds and the description.
    public var summary: String?
    /// A template for the page instead of `page.html`.
    public var layout: String?
    /// The page's language, instead of the one its file name gives.
    public var lang: String?
    /// A theme for this page instead of the site's: its definition and stylesheet (not its templates).
    public var theme: String?
    /// Its place in its section's list: lower first; pages without one come after, by date.
    public var weight: Int?
    /// When it last changed (the sitemap's `lastmod`, the feeds' `updated`), as written.
    public var lastmod: String?
    /// The day it stops being published.
    public var expiryDate: String?
    /// When the page may be published (Hugo's `publishDate`): a page whose day has not come is
    /// left out as a page dated after today is. It is the page's date when it has no `date`.
    public var publishDate: String?
    /// Other URLs that lead to it (old ones): each gets a redirect page.
    public var aliases: [String] = []
    /// Its whole URL, instead of the one its file's name and the permalinks give (`/docs/a/`).
    public var url: String?
    /// Its description (meta description, `og:description`).
    public var description: String?
    /// Who wrote it.
    public var authors: [String] = []
    /// The images that stand for it where it is shared (`og:image`), the first first: Hugo's
    /// `images`, Jekyll's and Zola's `image`.
    public var images: [String] = []
    /// A URL the page sends its readers to instead of showing its text.
    public var redirectTo: String?
    /// The menus it is an entry of (`menu: main`), with its title, URL and weight.
    public var menus: [String] = []
    /// Whether the site's search (`[search]`) indexes it; `search: false` leaves it out (Zola's
    /// `in_search_index`).
    public var search = true
    /// Everything else, for templates.
    public var params: [String: AttributeValue] = [:]

    /// The names of the keys Runway reads (``FrontMatterKey/all``).
    static let knownKeys = Set(FrontMatterKey.all.map(\.name))

    /// Metadata with nothing said.
    public init() {}

    /// Reads YAML or TOML front matter; problems are diagnostics at their line in the page's file.
    public static func read(_ frontMatter: FrontMatter?, path: String) -> (PageMetadata, [Diagnostic]) {
        guard let frontMatter else { return (PageMetadata(), []) }
        var diagnostics: [Diagnostic] = []
        var values: [String: AttributeValue]
        switch frontMatter.format {
        case .yaml: values = yaml(frontMatter, path: path, diagnostics: &diagnostics)
        case .toml: values = toml(frontMatter, path: path, diagnostics: &diagnostics)
        }
        var metadata = PageMetadata()
        // Each known key as the page spells it (`Draft` for `draft`, `redirect_from` for `aliases`), for its position.
        var spelled: [String: String] = [:]
        func problem(_ key: String, _ message: String) {
            diagnostics.append(Diagnostic(.error, message, path: path, position: frontMatter.position(ofKey: spelled[key] ?? key)))
        }
        var rest = values
        // A key written as Runway names it first: another spelling of it is the one said to be again.
        let rank = { (written: String) in FrontMatterKey.byLowercase[written.lowercased()]?.name == written ? 0 : 1 }
        for written in values.keys.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            guard let key = FrontMatterKey.byLowercase[written.lowercased()], let value = rest.removeValue(forKey: written) else { continue }
            if let earlier = spelled[key.name] {
                let other = earlier.lowercased() == written.lowercased() ? "keys are read in any case" : "'\(written)' is another generator's name for it"
                diagnostics.append(Diagnostic(.error, "'\(written)' is '\(earlier)' written again (\(other))", path: path,
                                              position: frontMatter.position(ofKey: written)))
                continue
            }
            spelled[key.name] = written
            assign(value, to: key, in: &metadata) { problem(key.name, "'\(written)' must be \($0)") }
        }
        // Jekyll's `published: false` is a draft.
        if let written = rest.keys.first(where: { $0.lowercased() == "published" }), spelled["draft"] == nil {
            if case .bool(let published)? = rest.removeValue(forKey: written) { metadata.draft = !published } else { problem(written, "'\(written)' must be true or false") }
        }
        // Jekyll's singular `category` is one term of `categories`.
        if let written = rest.keys.first(where: { $0.lowercased() == "category" }), let value = rest.removeValue(forKey: written) {
            var terms: [AttributeValue] = if case .array(let listed)? = rest["categories"] { listed } else if let one = rest["categories"] { [one] } else { [] }
            terms.insert(value, at: 0)
            rest["categories"] = .array(terms)
        }
        // Zola's `[taxonomies]` table: each taxonomy's terms, as a key of its own (the table stays,
        // which says which keys are taxonomies).
        if let written = rest.keys.first(where: { $0.lowercased() == "taxonomies" }), case .object(let taxonomies)? = rest[written] {
            for (taxonomy, terms) in taxonomies where rest[taxonomy] == nil { rest[taxonomy] = terms }
        }
        // An empty tag would be a link without text to a list of no name.
        if metadata.tags.contains(where: isBlank) {
            problem("tags", "'tags' has an empty tag: each must be a word such as swift")
            metadata.tags.removeAll(where: isBlank)
        }
        metadata.params = rest
        if let slug = metadata.slug, slug.contains("/") || OutputPath.problem(with: slug) != nil {
            problem("slug", "'slug' must be one path segment, not \"\(slug)\"" + (OutputPath.problem(with: slug).map { ": \($0)" } ?? ""))
            metadata.slug = nil
        }
        for (key, value) in [("date", metadata.date), ("lastmod", metadata.lastmod), ("expiryDate", metadata.expiryDate), ("publishDate", metadata.publishDate)] {
            guard let value, let reason = dateProblem(value) else { continue }
            problem(key, "'\(spelled[key] ?? key)' \(reason)")
            switch key {
            case "date": metadata.date = nil
            case "lastmod": metadata.lastmod = nil
            case "publishDate": metadata.publishDate = nil
            default: metadata.expiryDate = nil
            }
        }
        if metadata.date == nil { metadata.date = metadata.publishDate }
        if let url = metadata.url, let reason = urlProblem(url) {
            problem("url", "'\(spelled["url"] ?? "url")' must be the page's URL, a path such as /docs/a/, not \"\(url)\": \(reason)")
            metadata.url = nil
        }
        if let layout = metadata.layout, let reason = OutputPath.problem(with: layout) {
            problem("layout", "'layout' must name a template inside the templates folder (such as post.html), not \"\(layout)\": \(reason)")
            metadata.layout = nil
        }
        if let theme = metadata.theme, let reason = ThemeLibrary.problem(withName: theme) {
            problem("theme", "'theme' must be a theme's name, not \"\(theme)\": \(reason)")
            metadata.theme = nil
        }
        return (metadata, diagnostics)
    }

    /// `value` into the property `key` keeps, when it is of the key's kind; else `wrong` is told
    /// what it must be.
    private static func assign(_ value: AttributeValue, to key: FrontMatterKey, in metadata: inout PageMetadata, wrong: (String) -> Void) {
        switch key.field {
        case .text(let property), .date(let property):
            switch value {
            case .string(let text): metadata[keyPath: property] = text
            // A date a format reads as a number (TOML's `2026`), or a number as text.
            case .integer, .number: metadata[keyPath: property] = value.jsonText
            default: wrong("a string")
            }
        case .flag(let property):
            guard case .bool(let flag) = value else { return wrong("true or false") }
            metadata[keyPath: property] = flag
        case .number(let property):
            guard case .integer(let number) = value else { return wrong("a whole number") }
            metadata[keyPath: property] = number
        case .words(let property):
            // A number is a word too (`tags: [2026]`), in one Unicode form (NFC): `café` typed
            // with a combining accent is the same tag.
            let word = { (item: AttributeValue) -> String? in
                switch item {
                case .string(let text): text.precomposedStringWithCanonicalMapping
                case .integer(let number): String(number)
                default: nil
                }
            }
            let items: [AttributeValue] = if case .array(let listed) = value { listed } else { [value] }
            let words = items.compactMap(word)
            metadata[keyPath: property] = words
            if words.count != items.count { wrong("a list of words such as [swift, markdown]") }
        case .menus(let property):
            let names: [String]
            switch value {
            case .string(let name): names = [name]
            case .array(let listed):
                names = listed.compactMap { if case .string(let name) = $0 { name } else { nil } }
                if names.count != listed.count { return wrong("a menu's name (main), or a list of them ([main, footer])") }
            case .object(let menus): names = menus.keys.sorted()
            default: return wrong("a menu's name (main), or a list of them ([main, footer])")
            }
            metadata[keyPath: property] = names
        case .texts(let property):
            let items: [AttributeValue] = if case .array(let listed) = value { listed } else { [value] }
            let texts = items.compactMap { if case .string(let text) = $0 { text } else { nil } }
            metadata[keyPath: property] = texts
            if texts.count != items.count { wrong(key.name == "aliases" ? "a list of URLs such as /old/path/" : "a list of names, or one") }
        }
    }

    /// What is wrong with a page's own URL, or `nil`: a path of the site, from `/`, of folders,
    /// or of an HTML file (`/about.html`).
    static func urlProblem(_ url: String) -> String? {
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return "it must begin with /" }
        guard !url.contains("?"), !url.contains("#") else { return "a '?' or '#' would end its path" }
        if SiteURL.isFileURL(url) { return OutputPath.problem(with: String(url.dropFirst())) }
        let folder = url.hasSuffix("/") ? url : url + "/"
        if folder == "/" { return nil }
        return OutputPath.problem(with: String(folder.dropFirst()) + "index.html")
    }
}
