import Foundation
import RunwayText
import SiteContent
import SiteOutput

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
}
