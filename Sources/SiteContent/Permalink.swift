import Foundation

/// A URL pattern for the pages of a section, from `[permalinks]` in `runway.toml`:
/// `posts = "/:year/:month/:slug/"`. Tokens: `:year`, `:month`, `:day` (from the date), `:slug`
/// (the front matter's slug, else the file name), `:title` (the title as a URL segment),
/// `:section` and `:filename`.
public struct Permalink: Hashable, Sendable, Codable {
    /// The tokens a pattern may use, written `:year`, `:slug`…
    public static let tokens: Set<String> = ["year", "month", "day", "slug", "title", "section", "filename"]

    /// The pattern as written: `/posts/:year/:slug/`.
    public let pattern: String

    /// The pattern, or the first unknown `:token` in it.
    public static func parse(_ pattern: String) -> Result<Permalink, PermalinkError> {
        guard pattern.hasPrefix("/") else { return .failure(PermalinkError(message: "a permalink must start with /")) }
        for segment in pattern.split(separator: "/") {
            if segment == "." || segment == ".." {
                return .failure(PermalinkError(message: "a permalink cannot have a '\(segment)' segment: pages stay inside the output folder"))
            }
            if let bad = segment.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
                return .failure(PermalinkError(message: "a permalink cannot hold \(bad == "\\" ? "a backslash" : "a control character")"))
            }
        }
        for token in tokens(in: pattern) where !tokens.contains(token) {
            return .failure(PermalinkError(message: "unknown permalink token ':\(token)' (known: \(tokens.sorted().map { ":" + $0 }.joined(separator: ", ")))"))
        }
        return .success(Permalink(pattern: pattern))
    }

    /// Why a pattern cannot be one.
    public struct PermalinkError: Error, Sendable {
        /// The reason, in words.
        public let message: String
    }

    private init(pattern: String) {
        self.pattern = pattern
    }

    /// The URL of a page: tokens replaced, empty segments dropped, always ending in `/`.
    func url(section: String, filename: String, slug: String?, title: String, date: String?) -> String {
        let day = date.map { String($0.prefix(10)).split(separator: "-").map(String.init) } ?? []
        let values: [String: String] = [
            "year": day.count == 3 ? day[0] : "", "month": day.count == 3 ? day[1] : "", "day": day.count == 3 ? day[2] : "",
            "slug": slug ?? filename, "title": SiteURL.slug(title), "section": section, "filename": filename,
        ]
        var url = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            url += rest[..<colon]
            let name = rest[rest.index(after: colon)...].prefix(while: { $0.isLetter })
            url += values[String(name)] ?? ""
            rest = rest[name.endIndex...]
        }
        url += rest
        let segments = url.split(separator: "/")
        return segments.isEmpty ? "/" : "/" + segments.joined(separator: "/") + "/"
    }

    private static func tokens(in pattern: String) -> [String] {
        var found: [String] = []
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            let name = rest[rest.index(after: colon)...].prefix(while: { $0.isLetter })
            found.append(String(name))
            rest = rest[name.endIndex...]
        }
        return found
    }
}
