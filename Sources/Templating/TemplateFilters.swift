import Foundation
import Synchronization
import SiteOutput

/// What templates can do to text, besides writing it: Mustache's transforms, `{{ name(value) }}`,
/// on any text value (transforms take no arguments):
///
/// - `slugify`: the text as a URL segment, as Runway makes tag and title slugs;
/// - `truncate`: at most 80 characters, then `…`;
/// - `date`: a `YYYY-MM-DD` date written out in the page's language (`3 novembre 2026`);
/// - `relURL` / `absURL`: a site path under the site's base path, or as an absolute URL;
/// - `markdownify`: Markdown into HTML as the site's pages are, in the page's language (write it
///   with `{{{ }}}`);
/// - `uppercased`, `lowercased`, `capitalized`; `empty` (for `{{^empty(x)}}`);
/// - `asset` and `integrity`, on a static file's path written in the tag (`{{asset("js/app.js")}}`):
///   its URL, under a name that holds a hash of its bytes when the site fingerprints its assets,
///   and its Subresource Integrity then (`sha384-…`; empty otherwise);
/// - `image`, on an image's path as a page names it (`{{#image(params.src)}}…{{/image(params.src)}}`),
///   in a component's or a render hook's template, or as its front matter does
///   (`image(page.params.cover)`) in a page's or a list's: its smaller copies (`[images]`), as
///   ``TemplateTransform/image`` says; false when there are none, for `{{^image(params.src)}}`;
/// - `resize_600`, `fit_600x400`, `fill_600x400`, there too: the image's copy in that box
///   (``TemplateImageBox``), in each of `[images] formats`, as ``TemplateTransform/box(_:)`` says.
///
/// And `t`, the string table of the page's language: `{{ t.newer }}` is the text for the key
/// `newer`; a key the language's table lacks is taken from the English table (`en`), and a key
/// no table has is written as it is.
package struct TemplateFilters: Sendable {
    /// Markdown into trusted HTML, for a page in a language (its code).
    package var markdown: @Sendable (_ markdown: String, _ language: String) -> String
    /// Text into a slug.
    package var slug: @Sendable (String) -> String
    /// The site's base URL (`https://example.org/book/`).
    package var baseURL: String
    /// By language code, each key's text (English's where the language's table has none).
    package let strings: [String: [String: String]]
    /// Safe mode (`[markdown] unsafe` off): a URL attribute's value that begins with a dangerous
    /// scheme (`javascript:`…) is not written, as Markdown's links are emptied.
    package var safeURLs = true
    /// A static file's URL and integrity, by its path in the output (`js/app.js`); `nil` when the
    /// site has no such file.
    package var assets: @Sendable (String) -> (url: String, integrity: String)? = { _ in nil }
    /// A site image's copies, by its path as the page being rendered names it: its smaller copies
    /// (``TemplateTransform/image``) without a box, its copy in the box otherwise
    /// (``TemplateTransform/box(_:)``); `nil` when it has none.
    package var images: @Sendable (_ source: String, _ box: TemplateImageBox?) -> TemplateValue? = { _, _ in nil }
    /// The dates `date` wrote, by language and date: a build writes the same few hundred dates on
    /// thousands of pages and lists, and making a calendar and a format for each took 2% of it.
    let writtenDates = WrittenDates()

    package init(markdown: @escaping @Sendable (_ markdown: String, _ language: String) -> String, slug: @escaping @Sendable (String) -> String, baseURL: String,
                 strings: [String: [String: String]] = [:]) {
        self.markdown = markdown
        self.slug = slug
        self.baseURL = baseURL
        let english = strings[Self.fallbackLanguage] ?? [:]
        self.strings = strings.mapValues { english.merging($0) { $1 } }
    }

    /// The language whose table gives the keys another language's lacks.
    static let fallbackLanguage = "en"

    /// Filters without a site: Markdown is escaped as text, slugs keep letters and digits.
    package static let standalone = TemplateFilters(
        markdown: { text, _ in "<p>" + escape(text) + "</p>" },
        slug: { text in text.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "-") },
        baseURL: "/")

    /// Every transform's name but the image boxes', for checking templates.
    static var transforms: Set<String> { Set(TemplateTransform.names.keys) }

    /// How many characters `truncate` keeps.
    static let truncation = 80

    /// The filters for the pages of one language.
    func bound(language: String) -> Bound {
        Bound(filters: self, language: language)
    }

    /// The filters with the language their pages are in.
    final class Bound: Sendable {
        let filters: TemplateFilters
        let language: String
        /// The language's string table, as `t` (a key no table has is written as it is).
        let table: [String: String]

        init(filters: TemplateFilters, language: String) {
            self.filters = filters
            self.language = language
            table = filters.strings[language] ?? filters.strings[TemplateFilters.fallbackLanguage] ?? [:]
        }

        /// What `transform` makes of text, or `nil` when it does not apply to text.
        func transform(_ transform: TemplateTransform, _ text: String) -> TemplateValue? {
            switch transform {
            case .slugify: .text(filters.slug(text))
            case .truncate: .text(TemplateFilters.truncated(text, to: TemplateFilters.truncation))
            case .date: .text(filters.writtenDates.date(text, language: language))
            case .relURL: .text(filters.relative(text))
            case .absURL: .text(filters.absolute(filters.relative(text)))
            case .markdownify: .html(filters.markdown(text, language))
            case .uppercased: .text(text.uppercased())
            case .lowercased: .text(text.lowercased())
            case .capitalized: .text(text.capitalized)
            case .empty: .bool(text.isEmpty)
            case .asset: filters.assets(TemplateFilters.assetPath(text)).map { .text($0.url) }
            case .integrity: filters.assets(TemplateFilters.assetPath(text)).map { .text($0.integrity) }
            case .image: filters.images(text, nil)
            case .box(let box): filters.images(text, box)
            default: nil
            }
        }
    }

    /// An asset's path as the output has it: `js/app.js` for `/js/app.js` too.
    package static func assetPath(_ text: String) -> String {
        String(text.drop { $0 == "/" })
    }

    /// The site's base path: `/book` for `https://example.org/book/`, empty at a domain's root.
    var basePath: String { BasePath(baseURL: baseURL).prefix }

    /// `path` under the base path: `css/a.css` and `/css/a.css` → `/book/css/a.css`; a URL with
    /// a scheme, or one already under the base path, stays as it is.
    func relative(_ path: String) -> String {
        if Self.hasSchemeOrHost(path) { return path }
        let rooted = path.hasPrefix("/") ? path : "/" + path
        if !basePath.isEmpty, rooted == basePath || rooted.hasPrefix(basePath + "/") { return rooted }
        return basePath + rooted
    }

    /// A path of the site (`/book/a/`) as an absolute URL under the base URL's origin; a URL that
    /// already has a scheme or a host (`https://other.org/x`, `mailto:me@x.org`, `//cdn.org/x`) as
    /// it is, as `relURL` leaves it.
    func absolute(_ rooted: String) -> String {
        if Self.hasSchemeOrHost(rooted) { return rooted }
        guard let url = URL(string: baseURL), let scheme = url.scheme, let host = url.host else { return rooted }
        return scheme + "://" + host + (url.port.map { ":\($0)" } ?? "") + rooted
    }

    /// Whether `url` has a scheme (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then
    /// `:` before any `/`, `?` or `#`: `https:`, `mailto:`, `tel:`) or a host (`//cdn.org/x`).
    static func hasSchemeOrHost(_ url: String) -> Bool {
        if url.hasPrefix("//") { return true }
        guard let colon = url.firstIndex(of: ":"), let first = url.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
            return false
        }
        return url[..<colon].unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    /// At most `limit` characters, cut at the last space before it when there is one, then `…`.
    static func truncated(_ text: String, to limit: Int) -> String {
        // Only the first `limit` characters are counted: a summary can be a long paragraph.
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else { return text }
        var cut = String(text[..<end])
        if let space = cut.lastIndex(where: \.isWhitespace), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return cut + "…"
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

/// `TemplateFilters.formatted(date:language:)`, each date and language made once.
final class WrittenDates: Sendable {
    private let made = Mutex<[String: String]>([:])

    /// `text` written out in `language`, or as it is when it is not a date.
    func date(_ text: String, language: String) -> String {
        let key = language + " " + text
        if let written = made.withLock({ $0[key] }) { return written }
        let written = TemplateFilters.formatted(date: text, language: language) ?? text
        made.withLock { $0[key] = written }
        return written
    }
}
