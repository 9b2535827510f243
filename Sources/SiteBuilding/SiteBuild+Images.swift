import Foundation
import HTMLRendering
import ImageProcessing
import RunwayText
import SiteContent
import SiteOutput
import Templating

/// `[images]`: the smaller copies of the images pages show, made while pages are read (each page
/// asks for its images as it is rendered, ``SiteContent/ImageVariants``) and published beside
/// their originals from the images' cache.
extension SiteBuild {
    /// The site's image copies, kept in `.runway-cache/images/` beside the output folder; `nil`
    /// without `[images]`.
    func imageVariants(_ configuration: SiteConfiguration) -> ImageVariants? {
        guard let settings = configuration.images else { return nil }
        let state = OutputLocation.state(of: destination) as NSString
        return ImageVariants(settings: settings, folder: state.deletingLastPathComponent + "/images")
    }

    /// The static files with the image copies of the published pages, each from its file in the cache.
    func withImageCopies(_ statics: [String: String], pages: [PageRecord], variants: ImageVariants?) -> [String: String] {
        guard let variants else { return statics }
        var sources = statics
        for page in pages {
            for (output, name) in page.imageCopies where sources[output] == nil { sources[output] = variants.folder + "/" + name }
        }
        return sources
    }

    /// Whether every copy `record` shows is still in the cache: a record whose copies went (the
    /// cache emptied by hand) is read again, which makes them again.
    static func hasImageCopies(_ record: PageRecord, in variants: ImageVariants?) -> Bool {
        guard let variants, !record.imageCopies.isEmpty else { return true }
        return record.imageCopies.values.allSatisfy { FileManager.default.fileExists(atPath: variants.folder + "/" + $0) }
    }

    /// The images a page's or a list's template being rendered on this thread is given: those
    /// its own front matter names (``SiteContent/PageRecord/templateImages``), by their source as
    /// written, and those of the pages it lists, by their URL from the site's root
    /// (``TemplateContexts/listedImages``).
    struct RenderedImages: Sendable {
        var own: [TemplateImage]
        var listed: [String: [TemplateImage]]

        @TaskLocal static var current = RenderedImages(own: [], listed: [:])

        /// The copies of the image at `source` in `box` (`nil`: at the site's widths).
        func image(_ source: String, box: ImageVariants.Box?) -> TemplateImage? {
            own.first { $0.source == source && $0.box == box } ?? listed[source]?.first { $0.box == box }
        }
    }

    /// The box of libvips's copies that a template's transform names.
    static func box(_ box: TemplateImageBox?) -> ImageVariants.Box? {
        box.map { box in
            let mode: ImageVariantRequest.Mode = switch box.mode {
            case .resize: .resize
            case .fit: .fit
            case .fill: .fill
            }
            return ImageVariants.Box(mode: mode, width: box.width, height: box.height)
        }
    }

    /// What the pages' and lists' templates ask of the images their front matter names.
    static func imageRequests(_ templates: TemplateSet) -> [TemplateImageRequest] {
        templates.pageImageRequests.map { TemplateImageRequest(key: $0.key, box: box($0.box)) }
    }

    /// What a template's `image` transform (`box` `nil`) or box (`fill_600x400`) gives for the
    /// image at `source`: in a component's or a render hook's template, any image of the page
    /// being written (``SiteContent/PageImages``); in a page's or a list's, one its front matter
    /// names (``RenderedImages``). `nil` without copies.
    ///
    /// Without a box: `src`, `width`, `height`, `sizes`, the first format's `srcset` and `type`,
    /// and `sources`, each format's `type` and `srcset`. With one, the copy in it: `src`, `width`,
    /// `height` and `type` of the last format (the one most browsers show), and `sources`, each
    /// format's `type` and `src`.
    static func templateImage(_ source: String, box templateBox: TemplateImageBox?) -> TemplateValue? {
        let box = Self.box(templateBox)
        let found = PageImages.current.map { $0.image(source, box: box) } ?? RenderedImages.current.image(source, box: box)
        guard let image = found, !image.formats.isEmpty else { return nil }
        if box != nil {
            let copies = image.formats.compactMap { format in format.candidates.first.map { (type: format.type, url: $0.url) } }
            guard let last = copies.last else { return nil }
            let sources = copies.map { TemplateValue.object([("type", .text($0.type)), ("src", .text($0.url))]) }
            return .object([("src", .text(last.url)), ("width", .integer(image.width)), ("height", .integer(image.height)),
                            ("type", .text(last.type)), ("sources", .list(sources))])
        }
        // In a `srcset`, a space or a comma would end the URL: they are percent-encoded.
        let sets = image.formats.map { format in
            format.candidates.map { $0.url.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: ",", with: "%2C") + " \($0.width)w" }
                .joined(separator: ", ")
        }
        let sources = zip(image.formats, sets).map { TemplateValue.object([("type", .text($0.type)), ("srcset", .text($1))]) }
        return .object([("src", .text(image.url)), ("width", .integer(image.width)), ("height", .integer(image.height)),
                        ("sizes", .text(image.sizes)), ("srcset", .text(sets.first ?? "")), ("type", .text(image.formats.first?.type ?? "")),
                        ("sources", .list(sources))])
    }
}
