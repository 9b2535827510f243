import Foundation
import HTMLRendering
import Synchronization

/// The images of one page that are files of the site: in its bundle (`photo.jpg` beside
/// `content/trip/index.md`) or in `static/` (`/img/a.png`). Their sizes go into the page's HTML,
/// and their files into the key of the page's output, so that a changed image rebuilds the page.
/// The renderer asks for each image's size as it writes it, and the files are noted then: no
/// second pass over the page, and each image is found once.
final class LocalImages: Sendable {
    /// The page's URL (`/trip/`), which relative sources are resolved against.
    let page: String
    /// The page's bundle folder, when it is a bundle's page.
    let bundle: String?
    let staticFiles: [String: String]
    /// The site's `static/` folder, where a missing image shown from the site's root would be added.
    let staticFolder: String?
    /// The files found so far, each once, in the order the page shows them (and where the missing
    /// ones would be).
    private let found = Mutex<[String]>([])

    init(page: String, bundle: String?, staticFiles: [String: String], staticFolder: String? = nil) {
        self.page = page
        self.bundle = bundle
        self.staticFiles = staticFiles
        self.staticFolder = staticFolder
    }

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

    /// The pixel size of the image a source URL names, read from its file, which is noted. A
    /// missing image of the site is noted where it would be (in the bundle, else in `static/`):
    /// once added, it changes the page's key of its images, and the page gets its size.
    func size(of source: String) -> ImageSize? {
        guard let file = file(for: source) ?? missing(source) else { return nil }
        found.withLock { if !$0.contains(file) { $0.append(file) } }
        return ImageFile.size(at: file)
    }

    /// Where the image a source URL names would be, when it is an image of the site not there.
    private func missing(_ source: String) -> String? {
        guard let path = SiteURL.resolve(source, from: page), ImageFile.isImage(path) else { return nil }
        if let bundle, path.hasPrefix(page) { return bundle + "/" + path.dropFirst(page.count) }
        return staticFolder.map { $0 + path }
    }

    /// The files of the images rendered so far that are the site's.
    var files: [String] { found.withLock { $0 } }
}
