import Foundation
package import SiteOutput

/// A site's URLs: absolute under its base URL, the output file a page's URL is written to, where a
/// link leads, and slugs.
package enum SiteURL {
    /// `url` (a site path such as `/a/`) under the site's `baseURL`: `https://example.org/a/`.
    package static func absolute(_ url: String, baseURL: String) -> String {
        let base = escapedPath(ofBaseURL: baseURL)
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + url
    }

    /// The base URL with what its path cannot hold percent-encoded (`https://x.org/café/` →
    /// `https://x.org/caf%C3%A9/`), as every URL of the site is written; its host as written.
    static func escapedPath(ofBaseURL baseURL: String) -> String {
        guard !baseURL.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return baseURL }
        var pathStart = baseURL.startIndex
        if let scheme = baseURL.range(of: "://") {
            pathStart = baseURL[scheme.upperBound...].firstIndex(of: "/") ?? baseURL.endIndex
        }
        return String(baseURL[..<pathStart]) + escapedAsWritten(String(baseURL[pathStart...]))
    }

    /// `url`, a site path as the output's files are named (`/posts/My Page/`, `/posts/100%/`,
    /// `/tags/café/`), as HTML and XML write it: percent-encoded (`/posts/My%20Page/`,
    /// `/posts/100%25/`, `/tags/caf%C3%A9/`), so that a browser, a feed reader or a crawler asks
    /// for that file. A path of plain characters, as most are, is returned as it is; a fragment or
    /// query after it (`#part`, as a link wrote it) is kept as it is.
    package static func encoded(_ url: String) -> String {
        if let cut = url.firstIndex(where: { $0 == "#" || $0 == "?" }) { return encoded(String(url[..<cut])) + url[cut...] }
        let plain = url.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"): true
            default: false
            }
        }
        return plain ? url : (url.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url)
    }

    /// A URL as an author wrote it (a menu's `url` in `runway.toml`), with what a URL cannot hold
    /// percent-encoded (`/posts/my page/` → `/posts/my%20page/`, `/café/` → `/caf%C3%A9/`): what is
    /// encoded already (`%20`), and a scheme, query or fragment, stay as written.
    package static func escapedAsWritten(_ url: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%[]")
        return url.addingPercentEncoding(withAllowedCharacters: allowed) ?? url
    }

    /// The file a page's URL is written to: `/a/b/` → `a/b/index.html`, and a page's own URL
    /// ending in `.html` (Jekyll's `/about.html`, Hugo's ugly URLs) that file; `nil` for a URL
    /// that cannot be a file of the output (a `.` or `..` segment, a control character).
    package static func outputPath(ofURL url: String) -> OutputPath? {
        guard url.hasPrefix("/") else { return nil }
        if isFileURL(url) { return OutputPath(String(url.dropFirst())) }
        guard url.hasSuffix("/") else { return nil }
        return OutputPath(String(url.dropFirst()) + "index.html")
    }

    /// Whether a page's URL names an HTML file (`/news/2024/a.html`) rather than a folder.
    package static func isFileURL(_ url: String) -> Bool {
        url.count > 6 && url.hasSuffix(".html") && !url.hasSuffix("/.html")
    }

    /// The folder a page's URL is in, where its bundle's files go: the URL itself for a folder's
    /// (`/a/b/`), the folder of its file for an HTML file's (`/a/` for `/a/b.html`).
    package static func folder(ofPageURL url: String) -> String {
        guard isFileURL(url), let slash = url.lastIndex(of: "/") else { return url }
        return String(url[...slash])
    }

    /// Where an alias of the page at `pageURL` (`/posts/new/`) leads from: `/old/path/` as it is,
    /// `old-name` beside the page (`/posts/old-name/`); a name without an extension is a folder
    /// (`/old` → `/old/`). With the file it makes (`old/index.html`, `old.html`), or `nil` when it
    /// names no place in the site's output.
    package static func alias(_ alias: String, pageURL: String) -> (url: String, path: OutputPath)? {
        let parent = pageURL.hasSuffix("/") ? pageURL.dropLast() : pageURL[...]
        let folder = parent.lastIndex(of: "/").map { String(parent[...$0]) } ?? "/"
        guard !alias.isEmpty, !alias.contains("#"), !alias.contains("?"), var url = resolve(alias, from: folder), url != "/" else { return nil }
        let last = url.split(separator: "/").last ?? ""
        if !url.hasSuffix("/") && !last.contains(".") { url += "/" }
        let file = url.hasSuffix("/") ? String(url.dropFirst()) + "index.html" : String(url.dropFirst())
        guard let path = OutputPath(file) else { return nil }
        return (url, path)
    }

    /// The site path a link leads to, or `nil` for links outside the site (a scheme, `//host`,
    /// a fragment or query alone).
    package static func resolve(_ destination: String, from pageURL: String) -> String? {
        guard !hasScheme(destination) else { return nil }
        var target = destination
        if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<cut]) }
        if target.isEmpty || target.hasPrefix("//") { return nil }
        target = target.removingPercentEncoding ?? target
        return join(target[...], onto: target.hasPrefix("/") ? "/" : folder(ofPageURL: pageURL), folder: target.hasSuffix("/"))
    }

    /// Whether a link has a scheme (`https:`, `mailto:`): a colon before any `/`, `?` or `#`,
    /// looked for in the bytes, as most links on most pages lead out of the site.
    package static func hasScheme(_ destination: String) -> Bool {
        for byte in destination.utf8 {
            if byte == UInt8(ascii: ":") { return true }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        }
        return false
    }

    /// `path`'s segments followed from the folder `base` (`.` stays, `..` goes up, never above
    /// the root), as a root-relative path; with a final `/` when it names a `folder`.
    private static func join(_ path: Substring, onto base: String, folder: Bool) -> String {
        var parts: [Substring] = base.split(separator: "/")
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "", ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        let joined = "/" + parts.joined(separator: "/")
        return folder && joined != "/" ? joined + "/" : joined
    }

    /// A link or image written relative to its page (`photo.jpg`, `../b/`, `#part`) made
    /// relative to the site's root (`/trip/photo.jpg`), as written otherwise (percent escapes, a
    /// query and a fragment kept): for what is shown on another page (a summary in a list or a
    /// feed). `nil` when it needs nothing: a scheme, `//host`, a root-relative path, a content file
    /// (`b.md`, rewritten by the page's content links).
    package static func rootRelative(_ destination: String, from pageURL: String) -> String? {
        guard !destination.isEmpty, !destination.hasPrefix("/"), !hasScheme(destination) else { return nil }
        let cut = destination.firstIndex(where: { $0 == "#" || $0 == "?" }) ?? destination.endIndex
        let (path, rest) = (destination[..<cut], destination[cut...])
        if MarkdownFile.isMarkdown(String(path)) { return nil }
        let folder = path.isEmpty || path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".."
        return join(path, onto: Self.folder(ofPageURL: pageURL), folder: folder) + rest
    }

    /// A taxonomy's term as a URL segment: its ``slug(_:)``, with a `+` or `#` after a letter,
    /// a digit or another `+` spelled (`C++` is `c-plus-plus`, `C#` `c-sharp`, `F#` `f-sharp`), so
    /// that C, C++ and C# are three lists (they were one, `/tags/c/`, named after whichever came
    /// first).
    package static func termSlug(_ term: String) -> String {
        guard term.contains(where: { $0 == "+" || $0 == "#" }) else { return slug(term) }
        var spelled = ""
        var previous: Character?
        for character in term {
            let follows = previous.map { $0.isLetter || $0.isNumber || $0 == "+" } ?? false
            switch character {
            case "+" where follows: spelled += " plus "
            case "#" where follows: spelled += " sharp "
            default: spelled.append(character)
            }
            previous = character
        }
        return slug(spelled)
    }

    /// A tag as a URL segment and a folder name: lowercase letters and digits (any script, as they
    /// are: `français`), other runs of characters as `-`. The sitemap percent-encodes it.
    package static func slug(_ tag: String) -> String {
        var slug = ""
        for character in tag.lowercased() {
            if character.isLetter || character.isNumber { slug.append(character) } else if !slug.hasSuffix("-") { slug.append("-") }
        }
        slug = String(slug.drop(while: { $0 == "-" }))
        while slug.hasSuffix("-") { slug.removeLast() }
        // A folder's name has at most 255 bytes: a longer slug keeps its start and a hash of the rest.
        if slug.utf8.count > 200 {
            var start = ""
            for character in slug {
                guard start.utf8.count + character.utf8.count <= 180 else { break }
                start.append(character)
            }
            slug = start + "-" + String(ContentHash(slug.utf8).description.prefix(12))
        }
        return slug.isEmpty ? "tag" : slug
    }}
