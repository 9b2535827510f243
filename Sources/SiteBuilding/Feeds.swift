import Foundation
import SiteContent

/// RSS 2.0 (`/index.xml`) and Atom (`/atom.xml`) feeds of a site's dated pages, newest first.
/// The pages come in newest first (`SiteLists.newestFirst`).
enum Feeds {
    static let limit = 20

    static func rss(_ pages: [PageRecord], title: String, baseURL: String, home: String = "/") -> String {
        let dates = Dates()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\">\n<channel>\n"
        xml += "<title>\(xmlEscape(title))</title>\n<link>\(xmlEscape(SiteURL.absolute(home, baseURL: baseURL)))</link>\n"
        xml += "<description>\(xmlEscape(title))</description>\n"
        for page in dated(pages) {
            let link = xmlEscape(SiteURL.absolute(page.url, baseURL: baseURL))
            xml += "<item><title>\(xmlEscape(page.title))</title><link>\(link)</link><guid>\(link)</guid>"
            if let date = page.metadata.date.flatMap(dates.parse) { xml += "<pubDate>\(dates.rfc822(date))</pubDate>" }
            if let summary = page.metadata.summary { xml += "<description>\(xmlEscape(summary))</description>" }
            xml += "</item>\n"
        }
        return xml + "</channel>\n</rss>\n"
    }

    static func atom(_ pages: [PageRecord], title: String, baseURL: String, home: String = "/") -> String {
        let items = dated(pages)
        let dates = Dates()
        let updated = items.first?.metadata.date.flatMap(dates.parse).map(dates.rfc3339) ?? "1970-01-01T00:00:00Z"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        xml += "<title>\(xmlEscape(title))</title>\n<id>\(xmlEscape(SiteURL.absolute(home, baseURL: baseURL)))</id>\n"
        xml += "<link href=\"\(xmlEscape(SiteURL.absolute(home, baseURL: baseURL)))\"/>\n<updated>\(updated)</updated>\n"
        for page in items {
            let link = xmlEscape(SiteURL.absolute(page.url, baseURL: baseURL))
            let date = page.metadata.date.flatMap(dates.parse).map(dates.rfc3339) ?? updated
            xml += "<entry><title>\(xmlEscape(page.title))</title><id>\(link)</id><link href=\"\(link)\"/><updated>\(date)</updated>"
            if let summary = page.metadata.summary { xml += "<summary>\(xmlEscape(summary))</summary>" }
            xml += "</entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// The newest dated pages, from pages already newest first.
    private static func dated(_ pages: [PageRecord]) -> [PageRecord] {
        Array(pages.lazy.filter { $0.metadata.date.map(PageMetadata.isDate) ?? false }.prefix(limit))
    }

    /// The formatters of one feed, made once: making an ICU formatter costs more than using it.
    private struct Dates {
        let fullDate: ISO8601DateFormatter = {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return formatter
        }()
        let internet: ISO8601DateFormatter = {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            return formatter
        }()
        let email: DateFormatter = {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
            return formatter
        }()

        func parse(_ date: String) -> Date? {
            guard PageMetadata.isDate(date) else { return nil }
            return fullDate.date(from: String(date.prefix(10)))
        }

        func rfc822(_ date: Date) -> String { email.string(from: date) }

        func rfc3339(_ date: Date) -> String { internet.string(from: date) }
    }
}
