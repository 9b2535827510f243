import Foundation
import SiteContent

/// `sitemap.xml`, and the absolute URLs it and the feeds use.
extension SiteBuild {

    /// Each URL (sorted), with when its page last changed (its `lastmod`, else its `date`) when it
    /// is a page that has one: the day, or the time with its offset as W3C's datetime (RFC 3339)
    /// writes it; the day of the written text alone is another day in UTC. A URL with versions in
    /// other languages (`alternates`, by URL) names each, itself included, as Google reads them
    /// (`<xhtml:link rel="alternate" hreflang>`), as its page's head does.
    static func sitemap(_ entries: [(url: String, lastmod: PageDate?)], alternates: [String: [TemplateContexts.Version]] = [:],
                        baseURL: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + (alternates.isEmpty ? "" : " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"") + ">\n"
        for (url, lastmod) in entries {
            xml += "  <url><loc>\(xmlEscape(SiteURL.absolute(SiteURL.encoded(url), baseURL: baseURL)))</loc>"
                + (lastmod.map { "<lastmod>\($0.hasTime ? $0.rfc3339 : String($0.rfc3339.prefix(10)))</lastmod>" } ?? "")
            for version in alternates[url] ?? [] {
                xml += "<xhtml:link rel=\"alternate\" hreflang=\"\(xmlEscape(version.language.code))\" "
                    + "href=\"\(xmlEscape(SiteURL.absolute(SiteURL.encoded(version.url), baseURL: baseURL)))\"/>"
            }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }
}
