import Foundation
package import HTMLRendering

/// An image a template is given, with its copies: its smaller copies at `[images] widths`
/// (``box`` `nil`, for the `image` transform), or its copy in a box (`fill_600x400`).
package struct TemplateImage: Sendable, Codable, Hashable {
    /// The image as the page names it (`cover.jpg`, `/img/a.png`): what a template looks it up by.
    package var source: String
    /// The original's URL as a template writes it: the source, or from the site's root for a
    /// page's or a list's template (``rooted(at:)``).
    package var url: String
    /// The box it was put in; `nil`: the smaller copies at the site's widths.
    package var box: ImageVariants.Box?
    /// Without a box the original's size, as it is shown; with one the copy's.
    package var width: Int
    package var height: Int
    /// How wide it is shown, for `sizes` (without a box).
    package var sizes: String
    /// Each format's copies, in the order `[images] formats` offers them.
    package var formats: [Format]

    /// One format's copies: its MIME type and each copy's URL and width, narrowest first (one
    /// copy in a box).
    package struct Format: Sendable, Codable, Hashable {
        package var type: String
        package var candidates: [Candidate]

        package init(type: String, candidates: [Candidate]) {
            self.type = type
            self.candidates = candidates
        }
    }

    /// A copy's URL (beside the source as written) and its width in pixels.
    package struct Candidate: Sendable, Codable, Hashable {
        package var url: String
        package var width: Int

        package init(url: String, width: Int) {
            self.url = url
            self.width = width
        }
    }

    /// An image of these values, its URL its source.
    package init(source: String, box: ImageVariants.Box?, width: Int, height: Int, sizes: String, formats: [Format]) {
        (self.source, self.box, self.width, self.height, self.sizes, self.formats) = (source, box, width, height, sizes, formats)
        url = source
    }

    /// The same image with its URL and its copies' from the site's root, as they are from the
    /// page at `page`: a list's template writes them on its pages 2, 3… too (`/posts/page/2/`),
    /// where a URL beside the source would lead elsewhere.
    func rooted(at page: String) -> TemplateImage {
        var rooted = self
        let root = { (url: String) in SiteURL.resolve(url, from: page).map(SiteURL.encoded) ?? url }
        rooted.url = root(url)
        rooted.formats = formats.map { format in
            Format(type: format.type, candidates: format.candidates.map { Candidate(url: root($0.url), width: $0.width) })
        }
        return rooted
    }

    /// The smaller copies of the image at `source`.
    init(_ source: String, responsive image: ResponsiveImage) {
        self.source = source
        url = source
        box = nil
        (width, height, sizes) = (image.size.width, image.size.height, image.sizes)
        formats = image.sources.map { Format(type: $0.type, candidates: $0.candidates.map { Candidate(url: $0.url, width: $0.width) }) }
    }

    /// The image at `source` in `box`, a copy of `width` × `height` in each format.
    init(_ source: String, box: ImageVariants.Box, width: Int, height: Int, copies: [(type: String, url: String)]) {
        self.source = source
        url = source
        self.box = box
        (self.width, self.height, sizes) = (width, height, "")
        formats = copies.map { Format(type: $0.type, candidates: [Candidate(url: $0.url, width: width)]) }
    }
}

/// What a page's and a list's templates ask of the images their front matter names: the front
/// matter key (`cover` in `fill_600x400(page.params.cover)`) and the box (`nil` for `image`).
/// Their copies are made while the page is read, as its Markdown's images are, and kept in its
/// record (``PageRecord/templateImages``) for its template.
package struct TemplateImageRequest: Sendable, Hashable {
    package var key: String
    package var box: ImageVariants.Box?

    package init(key: String, box: ImageVariants.Box?) {
        self.key = key
        self.box = box
    }
}
