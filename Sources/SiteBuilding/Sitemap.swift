import Foundation
import SiteContent

/// `sitemap.xml`, and the absolute URLs it and the feeds use.
extension SiteBuild {

    /// Each URL (sorted), with the day its page last changed (its `lastmod`, else its `date`) when
    /// it is a page that has one.
    static func sitemap(_ entries: [(url: String, lastmod: String?)], baseURL: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for (url, lastmod) in entries {
            xml += "  <url><loc>\(xmlEscape(SiteURL.absolute(SiteURL.encoded(url), baseURL: baseURL)))</loc>"
                + (lastmod.map { "<lastmod>\(xmlEscape(String($0.prefix(10))))</lastmod>" } ?? "") + "</url>\n"
        }
        return xml + "</urlset>\n"
    }
}
