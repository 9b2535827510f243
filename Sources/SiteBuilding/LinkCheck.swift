import AttributedText
import Foundation
import SiteContent
import SiteOutput

/// Links between pages: every link or image to a path inside the site must reach a page, a
/// generated file or a static file; one that does not is a warning at the link.
struct LinkCheck {
    /// Every path the built site serves, as `/a/b/` for pages and `/a/b.ext` for files.
    let targets: Set<String>

    /// The paths the files of an output serve: the build's plan (a full build) or the output's
    /// manifest (a quick rebuild, which changes no file's path), so that a file the build makes is
    /// never a broken link's target.
    init(outputs: some Sequence<OutputPath>) {
        targets = Set(outputs.map { Self.target($0.value) })
    }

    /// The site path an output file answers: `a/index.html` → `/a/`, `theme.css` → `/theme.css`.
    static func target(_ output: String) -> String {
        if output == "index.html" { return "/" }
        if output.hasSuffix("/index.html") { return "/" + output.dropLast("index.html".count) }
        return "/" + output
    }

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
