import SiteContent

/// The URL of each published content file, for links between content files (`ContentLinks`):
/// their pages' HTML is written with the destinations as authors wrote them (`../b.md#part`), and
/// each is replaced with the page's URL (`/b/#part`) when the page renders.
struct ContentURLs: Sendable {
    /// The page URL of each published content file (`content/b.md` → `/b/`), its translation
    /// key and its language.
    private let pages: [String: (url: String, translationKey: String, language: String)]
    /// The URL of each page's version in each language, by translation key and language.
    private let versions: [String: String]
    /// The site's default language, that of files named without one (`b.md`).
    private let defaultLanguage: String

    /// `defaultLanguage`: the site's first language.
    init(_ published: [PageRecord], defaultLanguage: String = "") {
        var pages: [String: (url: String, translationKey: String, language: String)] = [:]
        var versions: [String: String] = [:]
        pages.reserveCapacity(published.count)
        for page in published {
            pages[page.file] = (page.url, page.translationKey, page.language)
            versions[page.translationKey + "\u{0}" + page.language] = page.url
        }
        self.pages = pages
        self.versions = versions
        self.defaultLanguage = defaultLanguage
    }

    /// The URL a link of the page of `file` (in `language`) to a content file leads to
    /// (`/b/#part`), or `nil` when the destination names no content file, or one the site does not
    /// publish.
    func resolve(_ destination: String, from file: String, language: String) -> String? {
        ContentLinks.target(of: destination, from: file).flatMap { url(of: $0, language: language) }
    }

    /// The URL a content file and what follows its path (`#part`) lead to from a page in
    /// `language`, when it is published. A page of the default language (`b.md`) named from a page
    /// of another leads to its version in that language when it has one (`/fr/b/`), as Hugo finds
    /// a page in the current language: a translation keeps the links it was translated with.
    func url(of target: (file: String, suffix: String), language: String) -> String? {
        guard let page = pages[target.file] else { return nil }
        if page.language == defaultLanguage, language != page.language, let translated = versions[page.translationKey + "\u{0}" + language] {
            return translated + target.suffix
        }
        return page.url + target.suffix
    }

    /// The links of a page to content files, each with the URL it becomes (percent-encoded, as
    /// HTML writes it), in the page's order: part of the page's key, since the page changes when
    /// one of them does.
    func replacements(of page: PageRecord) -> [(from: String, to: String)] {
        page.links.compactMap { link in
            resolve(link.destination, from: page.file, language: page.language).map { (link.destination, SiteURL.encoded($0)) }
        }
    }

    /// `html`, one of the page's bodies or summaries, with the `href` of each link to a content
    /// file replaced by the page's URL.
    /// A page's body with its links to content files rewritten (`rewrite(_:of:)`).
    func rewrite(_ body: PageBody, of page: PageRecord) -> PageBody {
        PageBody(html: rewrite(body.html, of: page), headings: body.headings)
    }

    func rewrite(_ html: String, of page: PageRecord) -> String {
        let replacements = replacements(of: page)
        return replacements.isEmpty ? html : ContentLinks.rewrite(html, replacements)
    }
}
