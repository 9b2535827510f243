import Foundation
import Stencil

/// The filters Runway gives templates, besides Stencil's own (`upper`, `default`, `join`…):
///
/// - `truncate` / `truncate:N`: at most N characters (80 by default), then `…`;
/// - `slugify`: the text as a URL segment, as Runway makes tag and title slugs;
/// - `date` / `date:"fr"`: a `YYYY-MM-DD` date written out in the page's language (or the one named);
/// - `relURL` / `absURL`: a path under the site's base path, or as an absolute URL;
/// - `markdownify`: Markdown into HTML, with the site's scope;
/// - `t` / `t:"fr"`: the text for a key in the page's language's string table (the key itself when
///   the table has none);
/// - `safe`: text an author vouches for, inserted as HTML instead of escaped.
///
/// Text reaches templates escaped (see `TemplateValue`), so each filter reads the text as the author
/// wrote it and escapes what it returns: truncating `Fish & Chips` never cuts `&amp;` in half.
package struct TemplateFilters: Sendable {
    /// Markdown into trusted HTML.
    package var markdown: @Sendable (String) -> String
    /// Text into a slug.
    package var slug: @Sendable (String) -> String
    /// The site's base URL (`https://example.org/book/`).
    package var baseURL: String
    /// By language code, each key's text.
    package var strings: [String: [String: String]]

    package init(markdown: @escaping @Sendable (String) -> String, slug: @escaping @Sendable (String) -> String, baseURL: String,
                 strings: [String: [String: String]] = [:]) {
        self.markdown = markdown
        self.slug = slug
        self.baseURL = baseURL
        self.strings = strings
    }

    /// Filters without a site: Markdown is escaped as text, slugs keep letters and digits.
    package static let standalone = TemplateFilters(
        markdown: { "<p>" + escape($0) + "</p>" },
        slug: { text in
            text.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
        },
        baseURL: "/")

    /// The site's base path: `/book` for `https://example.org/book/`, empty at a domain's root.
    var basePath: String {
        guard let path = URL(string: baseURL)?.path, path != "/" else { return "" }
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    func register(in tags: Extension) {
        tags.registerFilter("truncate") { value, arguments in
            let limit = try Self.integer(arguments.first ?? nil, filter: "truncate") ?? 80
            let text = unescape(Self.text(value))
            guard text.count > limit else { return escape(text) }
            var cut = String(text.prefix(limit))
            while cut.last?.isWhitespace == true { cut.removeLast() }
            return escape(cut) + "…"
        }
        tags.registerFilter("slugify") { value in escape(slug(unescape(Self.text(value)))) }
        tags.registerFilter("date") { value, arguments, context in
            let language = try Self.string(arguments.first ?? nil, filter: "date") ?? Self.language(of: context)
            let text = unescape(Self.text(value))
            return escape(Self.formatted(date: text, language: language) ?? text)
        }
        tags.registerFilter("relURL") { value in escape(relative(unescape(Self.text(value)))) }
        tags.registerFilter("absURL") { value in
            escape(SitePath.absolute(relative(unescape(Self.text(value))), baseURL: baseURL, basePath: basePath))
        }
        tags.registerFilter("markdownify") { value in markdown(unescape(Self.text(value))) }
        tags.registerFilter("t") { value, arguments, context in
            let language = try Self.string(arguments.first ?? nil, filter: "t") ?? Self.language(of: context)
            let key = unescape(Self.text(value))
            return escape(strings[language]?[key] ?? key)
        }
        tags.registerFilter("safe") { value in unescape(Self.text(value)) }
    }

    /// `path` under the base path: `css/a.css` and `/css/a.css` → `/book/css/a.css`; a URL with
    /// a scheme, or one already under the base path, stays as it is.
    func relative(_ path: String) -> String {
        if path.contains("://") || path.hasPrefix("//") { return path }
        let rooted = path.hasPrefix("/") ? path : "/" + path
        if !basePath.isEmpty, rooted == basePath || rooted.hasPrefix(basePath + "/") { return rooted }
        return basePath + rooted
    }

    /// The language a filter writes in by default: the page's.
    private static func language(of context: Context) -> String {
        ((context["page"] as? TemplateObject)?.members["lang"] as? String).map(unescape) ?? "en"
    }

    private static func text(_ value: Any?) -> String {
        switch value {
        case let text as String: text
        case nil: ""
        case let value?: "\(value)"
        }
    }

    private static func integer(_ argument: Any?, filter: String) throws -> Int? {
        guard let argument else { return nil }
        if let number = argument as? Int { return number }
        if let text = argument as? String, let number = Int(text) { return number }
        throw TemplateSyntaxError("'\(filter)' takes a whole number, not \(argument)")
    }

    private static func string(_ argument: Any?, filter: String) throws -> String? {
        guard let argument else { return nil }
        guard let text = argument as? String else { throw TemplateSyntaxError("'\(filter)' takes a language code, not \(argument)") }
        return unescape(text)
    }

    /// `YYYY-MM-DD` (and anything after it, such as a time) as a long date in `language`:
    /// `3 novembre 2026`, `November 3, 2026`; `nil` for text that does not start with a date.
    static func formatted(date text: String, language: String) -> String? {
        let parts = text.prefix(10).split(separator: "-")
        guard text.count >= 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        var style = Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: language), calendar: calendar)
        style.timeZone = calendar.timeZone
        return date.formatted(style)
    }
}

/// Absolute URLs of the site's paths.
enum SitePath {
    /// `/book/a/` under `https://example.org/book/` → `https://example.org/book/a/`.
    static func absolute(_ rooted: String, baseURL: String, basePath: String) -> String {
        guard let origin = URL(string: baseURL).flatMap({ url -> String? in
            guard let scheme = url.scheme, let host = url.host else { return nil }
            return scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
        }) else { return rooted }
        return origin + rooted
    }
}
