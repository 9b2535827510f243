import Foundation
import SiteContent
import SiteOutput

/// RSS 2.0 (`/index.xml`) and Atom (`/atom.xml`) feeds of a site's dated pages, newest first.
/// The pages come in newest first (`SiteLists.newestFirst`). Each entry carries text: the page's
/// summary (as HTML), or its whole content with `[feeds] full = true`; the Atom feed names its
/// author (`[author]`, else the site's title), as Atom requires.
struct Feeds {
    /// The feed's title, the site's base URL and the home page of its language.
    var title: String
    var baseURL: String
    var home = "/"
    /// The language of its pages (`en`, `fr`): RSS's `<language>`, Atom's `xml:lang`.
    var language: String? = nil
    var author: SiteAuthor?
    var settings = FeedSettings()
    /// Where links to content files lead, in summaries.
    var contentURLs = ContentURLs([])
    /// Every path the site serves, for the base path (`BasePath.apply(toHTML:serves:)`).
    var served = ServedPaths([])
    /// A page's whole content as HTML, for `settings.full`, its relative URLs made relative to the
    /// site's root (`resolvingRelativeURLs(in:of:)`).
    var content: (PageRecord) -> String? = { _ in nil }

    /// The HTML an entry carries: the whole content or the summary, its root-relative URLs under
    /// the site's base path as its page's are; the title when the page has no text to summarize.
    private func text(of page: PageRecord, under basePath: BasePath) -> String {
        if settings.full, let content = content(page) {
            return basePath.apply(toHTML: content, serves: served.contains)
        }
        return page.summary.html.isEmpty ? xmlEscape(page.title)
            : basePath.apply(toHTML: contentURLs.rewrite(page.summary.html, of: page), serves: served.contains)
    }

    func rss(_ pages: [PageRecord]) -> String {
        let basePath = BasePath(baseURL: baseURL)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\">\n<channel>\n"
        xml += "<title>\(xmlEscape(title))</title>\n<link>\(xmlEscape(SiteURL.absolute(SiteURL.encoded(home), baseURL: baseURL)))</link>\n"
        xml += "<description>\(xmlEscape(title))</description>\n"
        if let language { xml += "<language>\(xmlEscape(language))</language>\n" }
        for page in dated(pages) {
            let link = xmlEscape(SiteURL.absolute(SiteURL.encoded(page.url), baseURL: baseURL))
            xml += "<item><title>\(xmlEscape(page.title))</title><link>\(link)</link><guid>\(link)</guid>"
            if let date = page.moment { xml += "<pubDate>\(date.rfc822)</pubDate>" }
            xml += "<description>\(xmlEscape(text(of: page, under: basePath)))</description>"
            xml += "</item>\n"
        }
        return xml + "</channel>\n</rss>\n"
    }

    func atom(_ pages: [PageRecord]) -> String {
        let items = dated(pages), basePath = BasePath(baseURL: baseURL)
        // The feed changed when its latest entry did.
        let updated = items.compactMap { $0.metadata.lastmod.flatMap(PageDate.init) ?? $0.moment }.max()?.rfc3339 ?? "1970-01-01T00:00:00Z"
        let homeURL = xmlEscape(SiteURL.absolute(SiteURL.encoded(home), baseURL: baseURL))
        let lang = language.map { " xml:lang=\"\(xmlEscape($0))\"" } ?? ""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"\(lang)>\n"
        xml += "<title>\(xmlEscape(title))</title>\n<id>\(homeURL)</id>\n"
        xml += "<link href=\"\(homeURL)\"/>\n<link rel=\"self\" href=\"\(xmlEscape(SiteURL.absolute(SiteURL.encoded(home + "atom.xml"), baseURL: baseURL)))\"/>\n"
        xml += "<updated>\(updated)</updated>\n"
        xml += "<author><name>\(xmlEscape(author?.name ?? title))</name>"
            + (author?.email.map { "<email>\(xmlEscape($0))</email>" } ?? "") + "</author>\n"
        for page in items {
            let link = xmlEscape(SiteURL.absolute(SiteURL.encoded(page.url), baseURL: baseURL))
            let date = page.moment?.rfc3339 ?? updated
            let changed = page.metadata.lastmod.flatMap(PageDate.init)?.rfc3339 ?? date
            xml += "<entry><title>\(xmlEscape(page.title))</title><id>\(link)</id><link href=\"\(link)\"/>"
                + "<published>\(date)</published><updated>\(changed)</updated>"
            // Its own authors, where the front matter names them (else the feed's is theirs).
            for name in page.metadata.authors { xml += "<author><name>\(xmlEscape(name))</name></author>" }
            let element = settings.full ? "content" : "summary"
            xml += "<\(element) type=\"html\">\(xmlEscape(text(of: page, under: basePath)))</\(element)>"
            xml += "</entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// `html`, a page's whole content, with its relative URLs (`trail.png` in a bundle, `#notes`,
    /// `../b/`) made relative to the site's root as a summary's are (`SiteURL.rootRelative`): a
    /// feed reader resolves them against the feed's own URL, where they lead nowhere.
    static func resolvingRelativeURLs(in html: String, of url: String) -> String {
        let pageURL = SiteURL.encoded(url)
        return URLAttributes.rewrite(html) { written in
            SiteURL.rootRelative(String(decoding: written, as: UTF8.self), from: pageURL).map { Array($0.utf8) }
        }
    }

    /// The newest dated pages, from pages already newest first.
    private func dated(_ pages: [PageRecord]) -> [PageRecord] {
        Array(pages.lazy.filter { $0.moment != nil }.prefix(settings.limit))
    }
}

/// Pages' whole content for feeds (`[feeds] full`), each page read once for all the feeds it is
/// in (the site's, its section's, its terms').
final class FeedContents {
    private let read: (PageRecord) -> String?
    private var made: [String: String?] = [:]

    init(read: @escaping (PageRecord) -> String?) {
        self.read = read
    }

    func html(of page: PageRecord) -> String? {
        if let html = made[page.file] { return html }
        let html = read(page)
        made[page.file] = html
        return html
    }
}
