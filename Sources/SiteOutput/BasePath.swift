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

    /// `html` with the root-relative URLs of its `href`, `src`, `action`, `poster` and `xlink:href`
    /// attributes under the path (quoted with `"` or `'`, or not; names in any case), over its
    /// UTF-8 bytes. Only inside tags: text that reads like an attribute
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
            // After `=` (and a quote, or none), preceded by one of the attribute names: a URL starts here.
            let quoted = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            let equals = quoted ? index - 1 : index
            if quoted || byte == UInt8(ascii: "="), equals >= 0, bytes[equals] == UInt8(ascii: "="),
               Self.endsWithURLAttribute(bytes, before: equals), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"),
               index + 2 >= bytes.count || bytes[index + 2] != UInt8(ascii: "/") {
                let rest = bytes[(index + 1)...]
                // Where the value ends: its quote, or (unquoted) a space or the tag's end.
                let ends = { (next: UInt8) in quoted ? next == byte : next == UInt8(ascii: ">") || Self.isSpace(next) }
                var already = rest.starts(with: prefixBytes)
                    && (rest.count == prefixBytes.count || rest[rest.startIndex + prefixBytes.count] == UInt8(ascii: "/") || ends(rest[rest.startIndex + prefixBytes.count]))
                if already {
                    // The URL as written, to its end, without a query or fragment.
                    let end = rest.firstIndex { ends($0) || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
                    let written = String(decoding: rest[..<end], as: UTF8.self)
                    already = !serves((written.removingPercentEncoding ?? written)[...])
                }
                if !already { output += prefixBytes }
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let attributes = ["href", "src", "action", "poster", "xlink:href"].map { Array($0.utf8) }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether the bytes before `end` end with a URL attribute's name in any case (`HREF`),
    /// itself after a space.
    private static func endsWithURLAttribute(_ bytes: [UInt8], before end: Int) -> Bool {
        attributes.contains { name in
            end >= name.count + 1 && bytes[(end - name.count)..<end].elementsEqual(name) { $0 | 0x20 == $1 }
                && isSpace(bytes[end - name.count - 1])
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
    }
}
