import RunwayText
import Foundation
import SiteContent
import SiteOutput

/// Links between pages: every link or image to a path inside the site must reach a page, a
/// generated file or a static file, and a link to a fragment of a content page must name one of
/// its headings' ids; one that does not is a warning at the link.
struct LinkCheck {
    /// Every path the built site serves.
    let served: ServedPaths
    /// The ids of each content page's headings, by the page's URL.
    let anchors: [String: [String]]
    /// Where links to content files lead.
    let contentURLs: ContentURLs

    /// The paths the files of an output serve: the build's plan (a full build) or the output's
    /// manifest (a quick rebuild, which changes no file's path), so that a file the build makes is
    /// never a broken link's target; and the published `pages`, whose fragments links may name.
    init(outputs: some Sequence<OutputPath>, pages: [PageRecord], contentURLs: ContentURLs) {
        self.contentURLs = contentURLs
        served = ServedPaths(outputs)
        var anchors: [String: [String]] = [:]
        anchors.reserveCapacity(pages.count)
        for page in pages { anchors[page.url] = page.anchors }
        self.anchors = anchors
    }

    /// The links and images of a page that lead nowhere.
    func brokenLinks(of page: PageRecord) -> [Diagnostic] {
        let (pageURL, path) = (page.url, page.source)
        return page.links.compactMap { link in
            // As written, for messages; a link to a content file is checked as the URL it becomes.
            let written = link.destination
            var destination = written
            if let target = ContentLinks.target(of: destination, from: page.file) {
                guard let url = contentURLs.url(of: target, language: page.language) else {
                    return Diagnostic(.warning, "broken link: \(written) names \(target.file), which the site does not publish",
                                      path: path, position: link.position)
                }
                // As a link writes it: resolving decodes it once (a file `a%20b.md` is `/a%20b/`).
                destination = SiteURL.encoded(url)
            }
            let resolved = destination.hasPrefix("#") ? pageURL : SiteURL.resolve(destination, from: pageURL)
            guard let resolved else { return nil }
            guard served.contains(resolved[...]) else {
                return Diagnostic(.warning, "broken link: \(written) leads to \(resolved), which the site does not have",
                                  path: path, position: link.position)
            }
            guard let hash = destination.firstIndex(of: "#"), let ids = anchors[Self.pageURL(resolved)] else { return nil }
            let raw = destination[destination.index(after: hash)...]
            let fragment = raw.removingPercentEncoding ?? String(raw)
            guard !fragment.isEmpty, !ids.contains(fragment) else { return nil }
            let page = resolved == pageURL ? "this page" : resolved
            return Diagnostic(.warning, "broken link: \(written) names no heading of \(page) (no heading has the id '\(fragment)')",
                              path: path, position: link.position)
        }
    }

    /// A content page's URL for a path that reaches it: `/a/index.html` and `/a` → `/a/`.
    private static func pageURL(_ path: String) -> String {
        if path.hasSuffix("/index.html") { return String(path.dropLast("index.html".count)) }
        return path.hasSuffix("/") ? path : path + "/"
    }


}
