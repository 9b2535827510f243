package import RunwayText
import Foundation
package import SiteOutput

/// What a build knows about one content file once it is parsed: everything lists, feeds, link
/// checks and other pages need, without its body. Kept in the build cache, so an unchanged file is
/// not parsed again. A class: builds pass ten thousand of them through sorts and filters.
package final class PageRecord: Sendable, Codable {
    /// The file relative to the site: `content/…`.
    package let file: String
    /// The file, as the site's path joined with `content/…`.
    package let source: String
    /// The hash of the file's bytes.
    package let hash: ContentHash
    package let url: String
    package let title: String
    package let metadata: PageMetadata
    /// Its `date` as a moment, for what compares or converts dates (`nil`: undated).
    package let moment: PageDate?
    package let language: String
    /// The file's name without its language suffix: pages with the same key are translations.
    package let translationKey: String
    /// The folder under `content/` (`posts`), or `""` for a top-level page.
    package let section: String
    /// The custom attribute values the page uses, each once, for the stylesheet.
    package let values: [SpanValue]
    /// The links and images of the page that lead inside the site (or to a fragment of the page
    /// itself), for the link check.
    package let links: [PageLink]
    /// The ids of the page's headings and footnotes, which links to its fragments must name.
    package let anchors: [String]
    /// What lists and feeds show of it.
    package let summary: PageSummary
    /// How long it is to read.
    package let length: PageLength
    /// The files of its images that are the site's (`LocalImages`): their sizes are in its HTML.
    package let images: [String]
    /// The source of the first image it shows, as written (`shot.png`, `/img/a.png`, a URL):
    /// what stands for it where it is shared when its front matter names no `image`.
    package let firstImage: String?
    /// What parsing the file reported.
    package let diagnostics: [Diagnostic]
    /// The file's size, modification time and inode when it was read (`nil`: unknown): a later
    /// build takes the record without reading the file again while they stay the same.
    package let signature: FileSignature?
    /// The page has code that could not be highlighted because the tokenizer is missing: the next
    /// build reads it again, whatever its signature says.
    package let highlightPending: Bool
    /// Where the front matter writes the keys a build checks after reading every page (`aliases`,
    /// `layout`): where its problems with them are reported.
    package let keyPositions: [String: SourcePosition]
    /// The key of its image files as they were when it was read (``imagesKey(_:)``): their sizes
    /// are in its summary, so a changed image has the page read again.
    package let imagesKey: ContentHash
    /// The render hooks that could write an element of its body (``HTMLRendering/RenderHook/names(in:)``):
    /// a build keys it by their templates, and reads it again when one of them changes.
    package let hookNames: [String]
    /// The smaller copies of its images (`[images]`) that the build publishes: by their path in
    /// the output, the name of their file in the images' cache (``ImageVariants``).
    package let imageCopies: [String: String]
    /// The images its front matter names that its template asks for (``TemplateImageRequest``),
    /// with their copies, which are among ``imageCopies``.
    package let templateImages: [TemplateImage]

    /// The key of image files as they are now: each one's path, size and modification time.
    package static func imagesKey(_ images: [String]) -> ContentHash {
        var key = ContentHash()
        for image in images {
            key.add(image)
            key.add(FileSignature.following(image)?.description ?? "-")
        }
        return key
    }

    init(file: String, source: String, hash: ContentHash, url: String, title: String, metadata: PageMetadata, language: String,
         translationKey: String, section: String, values: [SpanValue], links: [PageLink], anchors: [String],
         summary: PageSummary, length: PageLength, images: [String], firstImage: String? = nil,
         diagnostics: [Diagnostic], signature: FileSignature? = nil, highlightPending: Bool = false, hookNames: [String] = [],
         keyPositions: [String: SourcePosition] = [:], imagesKey: ContentHash? = nil, imageCopies: [String: String] = [:],
         templateImages: [TemplateImage] = []) {
        self.file = file
        self.source = source
        self.hash = hash
        self.url = url
        self.title = title
        self.metadata = metadata
        self.moment = metadata.date.flatMap(PageDate.init)
        self.language = language
        self.translationKey = translationKey
        self.section = section
        self.values = values
        self.links = links
        self.anchors = anchors
        self.summary = summary
        self.length = length
        self.images = images
        self.firstImage = firstImage
        self.diagnostics = diagnostics
        self.signature = signature
        self.highlightPending = highlightPending
        self.keyPositions = keyPositions
        self.imagesKey = imagesKey ?? Self.imagesKey(images)
        self.hookNames = hookNames
        self.imageCopies = imageCopies
        self.templateImages = templateImages
    }

    /// The page's terms of a taxonomy (its plural name): `tags`, or the front matter's list (or
    /// single string) of that name.
    /// Names one slug stands for (`Swift Lang`, `swift lang`) are one term, under the first.
    package func terms(of taxonomy: String) -> [String] {
        let terms: [String]
        if taxonomy == "tags" {
            terms = metadata.tags
        } else {
            switch metadata.params[taxonomy] {
            case .string(let term)?: return PageMetadata.isBlank(term) ? [] : [term.precomposedStringWithCanonicalMapping]
            case .integer(let number)?: return [String(number)]
            case .array(let values)?:
                terms = values.compactMap {
                    switch $0 {
                    case .string(let term): PageMetadata.isBlank(term) ? nil : term.precomposedStringWithCanonicalMapping
                    case .integer(let number): String(number)
                    default: nil
                    }
                }
            default: return []
            }
        }
        guard terms.count > 1 else { return terms }
        var slugs = Set<String>()
        return terms.filter { slugs.insert(SiteURL.termSlug($0)).inserted }
    }

    /// Whether the file is a section's `_index.md`: not a page of its own, but the title and
    /// introduction of its folder's list page (whose URL it has).
    package var isSectionIndex: Bool {
        translationKey.hasSuffix("/_index")
    }

    /// The same record with the file's signature.
    package func signed(_ signature: FileSignature?) -> PageRecord {
        PageRecord(file: file, source: source, hash: hash, url: url, title: title, metadata: metadata, language: language,
                   translationKey: translationKey, section: section, values: values, links: links, anchors: anchors,
                   summary: summary, length: length, images: images, firstImage: firstImage, diagnostics: diagnostics, signature: signature,
                   highlightPending: highlightPending, hookNames: hookNames, keyPositions: keyPositions, imagesKey: imagesKey,
                   imageCopies: imageCopies, templateImages: templateImages)
    }

    /// The same record with these diagnostics and pending highlighting.
    func with(diagnostics: [Diagnostic], highlightPending: Bool) -> PageRecord {
        PageRecord(file: file, source: source, hash: hash, url: url, title: title, metadata: metadata, language: language,
                   translationKey: translationKey, section: section, values: values, links: links, anchors: anchors,
                   summary: summary, length: length, images: images, firstImage: firstImage, diagnostics: diagnostics, signature: signature,
                   highlightPending: highlightPending, hookNames: hookNames, keyPositions: keyPositions, imagesKey: imagesKey,
                   imageCopies: imageCopies, templateImages: templateImages)
    }

    package struct SpanValue: Sendable, Codable, Hashable {
        package var attribute: String
        package var value: AttributeValue
    }

    package struct PageLink: Sendable, Codable, Hashable {
        package var destination: String
        package var position: SourcePosition?
    }
}

extension AttributedText {
    /// The source of its first image, as written.
    var firstImageSource: String? {
        var found: String?
        forEachNewInlineComponent(climbing: \.containsLink) { component, _ in
            if found == nil, case .image(let source, _) = component.kind, !source.isEmpty { found = source }
        }
        return found
    }

    /// Every link and image destination, once per link, with where it starts.
    /// Its links and images, and the link parameters of the `components` its spans call
    /// (``ComponentSignature/links(in:)``: a `ref`'s path), each where it is written.
    func pageLinks(components: [String: ComponentSignature] = [:]) -> [PageRecord.PageLink] {
        var links: [PageRecord.PageLink] = []
        var seen = Set<Int>()
        let climbing: (InlineIntent) -> Bool = components.isEmpty ? \.containsLink : { $0.containsLink || $0.containsAttributeSpan }
        forEachNewInlineComponent(climbing: climbing) { component, run in
            guard seen.insert(component.identity).inserted else { return }
            switch component.kind {
            case .link(let target, _): links.append(.init(destination: target, position: run.sourceRange?.start))
            case .image(let source, _): links.append(.init(destination: source, position: run.sourceRange?.start))
            case .attributes(_, let span) where !components.isEmpty:
                for (name, value) in span.sorted(by: { $0.key < $1.key }) {
                    for destination in components[name]?.links(in: value) ?? [] {
                        links.append(.init(destination: destination, position: run.sourceRange?.start))
                    }
                }
            default: return
            }
        }
        return links
    }
}
