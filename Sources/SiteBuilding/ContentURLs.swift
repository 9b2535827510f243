import SiteContent

/// The URL of each published content file, for links between content files (`ContentLinks`):
/// their pages' HTML is written with the destinations as authors wrote them (`../b.md#part`), and
/// each is replaced with the page's URL (`/b/#part`) when the page renders.
struct ContentURLs: Sendable {
    /// The page URL of each published content file (`content/b.md` → `/b/`).
    let urls: [String: String]

    init(_ published: [PageRecord]) {
        var urls: [String: String] = [:]
        urls.reserveCapacity(published.count)
        for page in published { urls[page.file] = page.url }
        self.urls = urls
    }

    /// The URL a link of the page of `file` to a content file leads to (`/b/#part`), or `nil`
    /// when the destination names no content file, or one the site does not publish.
    func resolve(_ destination: String, from file: String) -> String? {
        ContentLinks.target(of: destination, from: file).flatMap(url(of:))
    }

    /// The URL a content file and what follows its path (`#part`) lead to, when it is published.
    func url(of target: (file: String, suffix: String)) -> String? {
        urls[target.file].map { $0 + target.suffix }
    }

    /// The links of a page to content files, each with the URL it becomes, in the page's order:
    /// part of the page's key, since the page changes when one of them does.
    func replacements(of page: PageRecord) -> [(from: String, to: String)] {
        page.links.compactMap { link in resolve(link.destination, from: page.file).map { (link.destination, $0) } }
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
