import Foundation

/// RSS 2.0 (`/index.xml`) and Atom (`/atom.xml`) feeds of a site's dated pages, newest first.
/// The pages come in newest first (`SiteLists.newestFirst`).
enum Feeds {
    static let limit = 20

    static func rss(_ pages: [PageRecord], title: String, baseURL: String, home: String = "/") -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\">\n<channel>\n"
        xml += "<title>\(escape(title))</title>\n<link>\(escape(SiteBuild.absolute(home, baseURL: baseURL)))</link>\n"
        xml += "<description>\(escape(title))</description>\n"
        for page in dated(pages) {
            let link = escape(SiteBuild.absolute(page.url, baseURL: baseURL))
            xml += "<item><title>\(escape(page.title))</title><link>\(link)</link><guid>\(link)</guid>"
            if let date = page.metadata.date.flatMap(parse) { xml += "<pubDate>\(rfc822(date))</pubDate>" }
            if let summary = page.metadata.summary { xml += "<description>\(escape(summary))</description>" }
            xml += "</item>\n"
        }
        return xml + "</channel>\n</rss>\n"
    }

    static func atom(_ pages: [PageRecord], title: String, baseURL: String, home: String = "/") -> String {
        let items = dated(pages)
        let updated = items.first?.metadata.date.flatMap(parse).map(rfc3339) ?? "1970-01-01T00:00:00Z"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        xml += "<title>\(escape(title))</title>\n<id>\(escape(SiteBuild.absolute(home, baseURL: baseURL)))</id>\n"
        xml += "<link href=\"\(escape(SiteBuild.absolute(home, baseURL: baseURL)))\"/>\n<updated>\(updated)</updated>\n"
        for page in items {
            let link = escape(SiteBuild.absolute(page.url, baseURL: baseURL))
            let date = page.metadata.date.flatMap(parse).map(rfc3339) ?? updated
            xml += "<entry><title>\(escape(page.title))</title><id>\(link)</id><link href=\"\(link)\"/><updated>\(date)</updated>"
            if let summary = page.metadata.summary { xml += "<summary>\(escape(summary))</summary>" }
            xml += "</entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// The newest dated pages, from pages already newest first.
    private static func dated(_ pages: [PageRecord]) -> [PageRecord] {
        Array(pages.lazy.filter { $0.metadata.date.map(isDate) ?? false }.prefix(limit))
    }

    /// `YYYY-MM-DD` at the start, checked without a formatter.
    private static func isDate(_ text: String) -> Bool {
        let digits = Array(text.utf8.prefix(10))
        guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-") else { return false }
        return digits.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element) }
    }

    private static func parse(_ date: String) -> Date? {
        guard isDate(date) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: String(date.prefix(10)))
    }

    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    private static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
