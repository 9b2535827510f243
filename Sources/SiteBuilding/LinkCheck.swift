import AttributedText
import Foundation

/// Links between pages: every link or image to a path inside the site must reach a page, a
/// generated file or a static file; one that does not is a warning at the link.
struct LinkCheck {
    /// Every path the built site serves, as `/a/b/` for pages and `/a/b.ext` for files.
    let targets: Set<String>

    /// The links and images of a page that lead nowhere.
    func brokenLinks(in links: [PageRecord.PageLink], pageURL: String, path: String) -> [Diagnostic] {
        links.compactMap { link in
            guard let resolved = Self.resolve(link.destination, from: pageURL), !reaches(resolved) else { return nil }
            return Diagnostic(.warning, "broken link: \(link.destination) leads to \(resolved), which the site does not have",
                              path: path, position: link.position)
        }
    }

    private func reaches(_ path: String) -> Bool {
        if targets.contains(path) { return true }
        if path.hasSuffix("/index.html") { return targets.contains(String(path.dropLast("index.html".count))) }
        return !path.hasSuffix("/") && targets.contains(path + "/")
    }

    /// The site path a link leads to, or `nil` for links outside the site (a scheme, `//host`,
    /// a fragment or query alone).
    static func resolve(_ destination: String, from pageURL: String) -> String? {
        // A scheme (`https:`, `mailto:`) is a colon before any `/`, `?` or `#`: looked for in the
        // bytes first, as most links on most pages lead out of the site.
        for byte in destination.utf8 {
            if byte == UInt8(ascii: ":") { return nil }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        }
        var target = destination
        if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<cut]) }
        if target.isEmpty || target.hasPrefix("//") { return nil }
        target = target.removingPercentEncoding ?? target
        var parts: [Substring] = target.hasPrefix("/") ? [] : pageURL.split(separator: "/")
        for part in target.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "", ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        let joined = "/" + parts.joined(separator: "/")
        return target.hasSuffix("/") && joined != "/" ? joined + "/" : joined
    }
}
