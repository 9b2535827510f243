import Foundation
import HTMLRendering
import SiteOutput

/// Links from one content file to another by its Markdown file, as authors write them in an
/// editor or on GitHub: `[setup](../guide/setup.md#install)`. A build turns each into the page's
/// URL, the fragment kept; one to a file the site does not publish is a warning at the link.
package enum ContentLinks {
    /// The content file (`content/guide/setup.md`) a link's destination names, from the page of
    /// `file` (`content/posts/a.md`), and what follows its path (`#install`): when the destination
    /// is a path to a `.md` file, relative to the page's file or, with a leading `/`, to
    /// `content/`. Not for a URL with a scheme, nor a path that leaves `content/`.
    package static func target(of destination: String, from file: String) -> (file: String, suffix: String)? {
        guard mentionsMarkdown(destination) else { return nil }
        let cut = destination.firstIndex { $0 == "#" || $0 == "?" } ?? destination.endIndex
        let path = destination[..<cut]
        guard MarkdownFile.isMarkdown(path.lowercased()), !path.hasPrefix("//"), !path.contains(":") else { return nil }
        var decoded = path.removingPercentEncoding ?? String(path)
        // Zola's `@/blog/a.md` is a path from `content/`, as `/blog/a.md` is.
        if decoded.hasPrefix("@/") { decoded.removeFirst() }
        var parts: [Substring] = decoded.hasPrefix("/") ? ["content"] : file.split(separator: "/").dropLast()
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard parts.count > 1 else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        guard parts.first == "content", parts.count > 1 else { return nil }
        return (parts.joined(separator: "/"), String(destination[cut...]))
    }

    /// Whether `text` holds `.md` in any case: most links do not, and are passed over at once.
    static func mentionsMarkdown(_ text: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            // `.md`, `.markdown`, `.mdown`, `.mkd`, `.mkdn`.
            if previous.0 == UInt8(ascii: "."), previous.1 | 0x20 == UInt8(ascii: "m"),
               [UInt8(ascii: "d"), UInt8(ascii: "a"), UInt8(ascii: "k")].contains(byte | 0x20) { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// `html` (rendered by Runway) with the `href` of each link to `from` made `to`, for each of
    /// `replacements`.
    package static func rewrite(_ html: String, _ replacements: [(from: String, to: String)]) -> String {
        var html = html
        for (from, to) in replacements {
            html = html.replacing("href=\"" + HTMLRenderer.escapedHref(from) + "\"", with: "href=\"" + HTMLRenderer.escapedHref(to) + "\"")
        }
        return html
    }
}
