import RunwayText

extension PageReader {
    /// The copies of the images `metadata` names that the templates ask for
    /// (``templateImageRequests``): an image named by a key a template reads in a box (a list's
    /// first text: Hugo's `images: [a.jpg]`), made as the page's Markdown images are and noted
    /// with them in `images`, its URLs from the site's root. A warning at the key for an image
    /// of the site that is not there, or cannot be decoded.
    func templateImages(of metadata: PageMetadata, images: LocalImages, at path: String,
                        frontMatter: FrontMatter?) -> (images: [TemplateImage], diagnostics: [Diagnostic]) {
        guard imageVariants != nil, !templateImageRequests.isEmpty else { return ([], []) }
        let failures = ComponentFailures()
        var made: [TemplateImage] = []
        for request in templateImageRequests {
            let source: String
            switch metadata.params[request.key] {
            case .string(let text)?: source = text
            case .array(let values)?:
                guard case .string(let text)? = values.first else { continue }
                source = text
            default: continue
            }
            guard !source.isEmpty else { continue }
            let position = frontMatter?.position(ofKey: request.key)
            if images.file(for: source) == nil, images.noteMissing(source) {
                failures.add(Diagnostic(.warning, "the image \(source) that '\(request.key)' names is not a file of the site (in the page's folder, "
                                        + "or in static/ from the site's root): a template that shows it gets nothing",
                                        path: path, position: position ?? SourcePosition(line: 1, column: 1)))
                continue
            }
            if let image = images.templateImage(source, box: request.box, at: position, in: path, failures: failures) {
                made.append(image.rooted(at: images.page))
            }
        }
        return (made, failures.diagnostics)
    }
}
