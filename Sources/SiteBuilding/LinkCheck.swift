import AttributedText
import Foundation
import SiteContent

/// Links between pages: every link or image to a path inside the site must reach a page, a
/// generated file or a static file; one that does not is a warning at the link.
struct LinkCheck {
    /// Every path the built site serves, as `/a/b/` for pages and `/a/b.ext` for files.
    let targets: Set<String>

    /// The links and images of a page that lead nowhere.
    func brokenLinks(in links: [PageRecord.PageLink], pageURL: String, path: String) -> [Diagnostic] {
        links.compactMap { link in
            guard let resolved = SiteURL.resolve(link.destination, from: pageURL), !reaches(resolved) else { return nil }
            return Diagnostic(.warning, "broken link: \(link.destination) leads to \(resolved), which the site does not have",
                              path: path, position: link.position)
        }
    }

    private func reaches(_ path: String) -> Bool {
        if targets.contains(path) { return true }
        if path.hasSuffix("/index.html") { return targets.contains(String(path.dropLast("index.html".count))) }
        return !path.hasSuffix("/") && targets.contains(path + "/")
    }

}
