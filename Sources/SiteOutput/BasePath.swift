import Foundation

/// The path a site is served under, from its base URL: `/book-site` for
/// `https://example.org/book-site/` (a GitHub project site), empty at a domain's root. The
/// built files stay where they are in the output folder; every root-relative URL in its pages
/// (`/posts/a/`, as templates and authors write them) gets the path in front.
package struct BasePath: Sendable, Equatable {
    /// `/book-site`, without a trailing slash, percent-encoded as URLs are written (`/a%20b`);
    /// empty for none.
    package let prefix: String

    package init(baseURL: String) {
        guard let path = URL(string: baseURL)?.path(percentEncoded: true), path != "/", !path.isEmpty else {
            prefix = ""
            return
        }
        prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    package var isEmpty: Bool { prefix.isEmpty }

    /// A site path under the path (`/a/` → `/book-site/a/`, and a section `/book-site/x/` →
    /// `/book-site/book-site/x/`); a URL with a scheme, or a `//host` one, stays as it is.
    package func apply(to url: String) -> String {
        guard !prefix.isEmpty, url.hasPrefix("/"), !url.hasPrefix("//") else { return url }
        return prefix + url
    }

    /// `html` with the root-relative URLs of its URL attributes (`URLAttributes`) under the path.
    /// A URL already under the path (`relURL` wrote it) stays as it is, unless the site serves it
    /// as written (`serves`: under `/blog`, a section `/blog/first/` is `/blog/blog/first/`).
    package func apply(toHTML html: String, serves: (Substring) -> Bool = { _ in false }) -> String {
        guard !prefix.isEmpty else { return html }
        let prefixBytes = Array(prefix.utf8)
        return URLAttributes.rewrite(html) { url in needsPrefix(url, serves: serves) ? prefixBytes + url : nil }
    }

    /// Whether `url` (a value, as written) is root-relative and not already under the path: a
    /// URL under the path (`relURL` wrote it) stays as it is, unless the site serves it as written
    /// (`serves`: under `/blog`, a section `/blog/first/` is `/blog/blog/first/`).
    private func needsPrefix(_ url: ArraySlice<UInt8>, serves: (Substring) -> Bool) -> Bool {
        guard url.first == UInt8(ascii: "/"), url.dropFirst().first != UInt8(ascii: "/") else { return false }
        let prefixBytes = prefix.utf8
        let already = url.starts(with: prefixBytes)
            && (url.count == prefixBytes.count || [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(url[url.startIndex + prefixBytes.count]))
        guard already else { return true }
        // The URL as written, without a query or fragment.
        let end = url.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? url.endIndex
        let written = String(decoding: url[..<end], as: UTF8.self)
        return serves((written.removingPercentEncoding ?? written)[...])
    }
}
