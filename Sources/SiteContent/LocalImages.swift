import RunwayText
import Foundation
import HTMLRendering

/// The images of one page that are files of the site: in its bundle (`photo.jpg` beside
/// `content/trip/index.md`) or in `static/` (`/img/a.png`). Their sizes go into the page's HTML,
/// and their files into the key of the page's output, so that a changed image rebuilds the page.
struct LocalImages: Sendable {
    /// The page's URL (`/trip/`), which relative sources are resolved against.
    let page: String
    /// The page's bundle folder, when it is a bundle's page.
    let bundle: String?
    let staticFiles: [String: String]

    /// The file a source URL names (`photo.jpg`, `../img/a.png`, `/img/a.png`), when it is a PNG,
    /// JPEG, GIF or WebP of the site.
    func file(for source: String) -> String? {
        guard let path = SiteURL.resolve(source, from: page), ImageFile.isImage(path) else { return nil }
        if let bundle, path.hasPrefix(page) {
            let file = bundle + "/" + path.dropFirst(page.count)
            if FileManager.default.fileExists(atPath: file) { return file }
        }
        return staticFiles[String(path.dropFirst())]
    }

    /// The pixel size of the image a source URL names, read from its file.
    func size(of source: String) -> ImageSize? {
        file(for: source).flatMap(ImageFile.size(at:))
    }

    /// The files of the text's images that are the site's, each once, in order.
    func sources(in text: AttributedText) -> [String] {
        var seen = Set<String>()
        var files: [String] = []
        text.forEachNewInlineComponent { component, _ in
            guard case .image(let source, _) = component.kind, let file = file(for: source), seen.insert(file).inserted else { return }
            files.append(file)
        }
        return files
    }
}
