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

    /// `html` with the root-relative URLs of its `href`, `src`, `action`, `formaction`, `poster`,
    /// `data`, `cite` and `xlink:href` attributes, and each of `srcset`'s and `imagesrcset`'s, under
    /// the path (quoted with `"` or `'`, or not; names in any case), over its UTF-8 bytes. Only inside tags: text that reads like an attribute
    /// (`<code>href='/x/'</code>`, where `'` is not escaped) is text.
    /// A URL already under the path (`relURL` wrote it) stays as it is, unless the site serves it
    /// as written (`serves`: under `/blog`, a section `/blog/first/` is `/blog/blog/first/`).
    package func apply(toHTML html: String, serves: (Substring) -> Bool = { _ in false }) -> String {
        guard !prefix.isEmpty else { return html }
        let bytes = Array(html.utf8), prefixBytes = Array(prefix.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 256)
        var index = 0
        // Inside a tag (after `<` and a letter, until its `>` outside quotes), and in which quote.
        var inTag = false, quote: UInt8? = nil
        while index < bytes.count {
            let byte = bytes[index]
            output.append(byte)
            if !inTag {
                if byte == UInt8(ascii: "<"), index + 1 < bytes.count, Self.isLetter(bytes[index + 1]) { inTag = true }
                index += 1
                continue
            }
            if let open = quote {
                if byte == open { quote = nil }
                index += 1
                continue
            }
            if byte == UInt8(ascii: ">") {
                inTag = false
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte }
            // After `=` (and a quote, or none), preceded by one of the attribute names: a value starts here.
            let quoted = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            let equals = quoted ? index - 1 : index
            guard quoted || byte == UInt8(ascii: "="), equals >= 0, bytes[equals] == UInt8(ascii: "="),
                  let kind = Self.urlAttribute(bytes, before: equals), index + 1 < bytes.count,
                  quoted || (bytes[index + 1] != UInt8(ascii: "\"") && bytes[index + 1] != UInt8(ascii: "'"))
            else {
                index += 1
                continue
            }
            // Where the value ends: its quote, or (unquoted) a space or the tag's end.
            let ends = { (next: UInt8) in quoted ? next == byte : next == UInt8(ascii: ">") || Self.isSpace(next) }
            let end = bytes[(index + 1)...].firstIndex(where: ends) ?? bytes.endIndex
            switch kind {
            case .url:
                if needsPrefix(bytes[(index + 1)..<end], serves: serves) { output += prefixBytes }
            case .candidates:
                // `srcset`: URLs each followed by a descriptor (`/a.png 1x, /b.png 2x`); each
                // root-relative one gets the path.
                var at = index + 1
                while at < end {
                    let start = bytes[at..<end].firstIndex { !Self.isSpace($0) && $0 != UInt8(ascii: ",") } ?? end
                    output += bytes[at..<start]
                    var urlEnd = bytes[start..<end].firstIndex(where: Self.isSpace) ?? end
                    while urlEnd > start, bytes[urlEnd - 1] == UInt8(ascii: ",") { urlEnd -= 1 }
                    if start < urlEnd, needsPrefix(bytes[start..<urlEnd], serves: serves) { output += prefixBytes }
                    output += bytes[start..<urlEnd]
                    // The descriptor, to the comma that ends the candidate.
                    let next = bytes[urlEnd..<end].firstIndex(of: UInt8(ascii: ",")).map { $0 + 1 } ?? end
                    output += bytes[urlEnd..<next]
                    at = next
                }
                // The loop goes on at the value's end (its quote, or what ends it).
                index = end
                continue
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
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

    /// What an attribute's value holds: one URL, or image candidates (`srcset`).
    private enum AttributeKind { case url, candidates }

    private static let attributes: [([UInt8], AttributeKind)] =
        ["href", "src", "action", "formaction", "poster", "data", "cite", "xlink:href"].map { (Array($0.utf8), .url) }
        + ["srcset", "imagesrcset"].map { (Array($0.utf8), .candidates) }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// The URL attribute whose name (in any case: `HREF`), itself after a space, the bytes before
    /// `end` end with.
    private static func urlAttribute(_ bytes: [UInt8], before end: Int) -> AttributeKind? {
        attributes.first { name, _ in
            end >= name.count + 1 && bytes[(end - name.count)..<end].elementsEqual(name) { $0 | 0x20 == $1 }
                && isSpace(bytes[end - name.count - 1])
        }?.1
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
    }
}
