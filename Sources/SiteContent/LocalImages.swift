import Foundation
import HTMLRendering
import ImageProcessing
import RunwayText
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
    /// The smaller copies of the site's images (`[images]`); `nil`: images are published as they are.
    let variants: ImageVariants?
    /// The copies the page shows, by their path in the output: their names in the cache.
    private let copies = Mutex<[String: String]>([:])

    init(page: String, bundle: String?, staticFiles: [String: String], staticFolder: String? = nil, variants: ImageVariants? = nil) {
        self.page = page
        self.bundle = bundle
        self.staticFiles = staticFiles
        self.staticFolder = staticFolder
        self.variants = variants
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
        guard let file = file(for: source) else {
            noteMissing(source)
            return nil
        }
        found.withLock { if !$0.contains(file) { $0.append(file) } }
        return ImageFile.size(at: file)
    }

    /// Notes where the image a source URL names would be, when it is an image of the site that
    /// is not there: in the bundle, and in `static/` too for a path from the site's root (which
    /// the home page's bundle, `content/`, also holds). Whichever is added changes the page's key.
    /// Whether it is such an image.
    @discardableResult
    func noteMissing(_ source: String) -> Bool {
        guard let path = SiteURL.resolve(source, from: page), ImageFile.isImage(path) else { return false }
        var places: [String] = []
        if let bundle, path.hasPrefix(page) { places.append(bundle + "/" + path.dropFirst(page.count)) }
        if places.isEmpty || source.hasPrefix("/"), let staticFolder { places.append(staticFolder + path) }
        found.withLock { for place in places where !$0.contains(place) { $0.append(place) } }
        return true
    }

    /// The files of the images rendered so far that are the site's.
    var files: [String] { found.withLock { $0 } }

    /// The copies of the images rendered so far, by their path in the output: their names in the cache.
    var publishedCopies: [String: String] { copies.withLock { $0 } }

    /// The smaller copies of the image a source URL names, as the page's `srcset` gives them (URLs
    /// beside the source as written: `photo.jpg` → `photo-480w-q80.HASH.webp`), which are noted for
    /// the output. An image that cannot be decoded, or is not what its name says, is a warning in
    /// `failures` at `position` of `file` (where its text starts), and has none.
    func responsive(of source: String, at position: SourcePosition?, in file: String, failures: ComponentFailures) -> ResponsiveImage? {
        guard let variants, let made = copies(of: source, box: nil, at: position, in: file, failures: failures) else { return nil }
        var sources: [ResponsiveImage.Source] = []
        for format in variants.settings.formats {
            let candidates = made.filter { $0.variant.request.format == format }.map { (url: $0.url, width: $0.variant.width) }
            if !candidates.isEmpty { sources.append(ResponsiveImage.Source(type: format.mimeType, candidates: candidates)) }
        }
        guard !sources.isEmpty, let size = made.first?.size else { return nil }
        return ResponsiveImage(size: size, sources: sources, sizes: variants.settings.sizes ?? ResponsiveImage.sizes(width: size.width))
    }

    /// The image a source URL names as a template is given it: without a box its smaller copies,
    /// with one its copy in `box` in each format, noted for the output as
    /// ``responsive(of:at:in:failures:)``'s are.
    func templateImage(_ source: String, box: ImageVariants.Box?, at position: SourcePosition?, in file: String,
                       failures: ComponentFailures) -> TemplateImage? {
        guard let box else {
            return responsive(of: source, at: position, in: file, failures: failures).map { TemplateImage(source, responsive: $0) }
        }
        guard let made = copies(of: source, box: box, at: position, in: file, failures: failures), let first = made.first else { return nil }
        return TemplateImage(source, box: box, width: first.variant.width, height: first.variant.height,
                             copies: made.map { (type: $0.variant.request.format.mimeType, url: $0.url) })
    }

    /// The copies of the image a source URL names (in `box`, with one), each with its URL beside
    /// the source and the original's size, noted for the output; `nil` when it has none.
    private func copies(of source: String, box: ImageVariants.Box?, at position: SourcePosition?, in file: String,
                        failures: ComponentFailures) -> [(variant: ImageVariants.Variant, url: String, size: ImageSize)]? {
        guard let variants, !source.contains("?"), !source.contains("#"), let path = SiteURL.resolve(source, from: page) else { return nil }
        guard let image = self.file(for: source) else {
            noteMissing(source)
            return nil
        }
        found.withLock { if !$0.contains(image) { $0.append(image) } }
        switch variants.copies(of: image, box: box) {
        case .kept:
            return nil
        case .refused(let why):
            failures.add(Diagnostic(.warning, "the image \(source) \(why): it is published as it is, without smaller copies",
                                    path: file, position: position ?? SourcePosition(line: 1, column: 1)))
            return nil
        case .copies(let made):
            let original = (image as NSString).lastPathComponent
            let folder = source.range(of: "/", options: .backwards).map { String(source[..<$0.upperBound]) } ?? ""
            let outputFolder = String((path as NSString).deletingLastPathComponent.drop { $0 == "/" })
            return made.variants.map { variant in
                let name = variant.name(besides: original, hash: made.hash)
                copies.withLock { $0[(outputFolder.isEmpty ? "" : outputFolder + "/") + name] = variant.cacheName }
                return (variant, folder + name, made.size)
            }
        }
    }
}
