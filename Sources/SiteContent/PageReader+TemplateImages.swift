import RunwayText

extension PageReader {
    /// The copies of the images `metadata` names that the templates ask for
    /// (``templateImageRequests``): an image named by a key a template reads in a box, made as
    /// the page's Markdown images are and noted with them in `images`; a warning at the key for
    /// an image that cannot be decoded.
    func templateImages(of metadata: PageMetadata, images: LocalImages, at path: String,
                        frontMatter: FrontMatter?) -> (images: [TemplateImage], diagnostics: [Diagnostic]) {
        guard imageVariants != nil, !templateImageRequests.isEmpty else { return ([], []) }
        let failures = ComponentFailures()
        var made: [TemplateImage] = []
        for request in templateImageRequests {
            guard case .string(let source)? = metadata.params[request.key], !source.isEmpty else { continue }
            let position = frontMatter?.position(ofKey: request.key)
            if let image = images.templateImage(source, box: request.box, at: position, in: path, failures: failures) { made.append(image) }
        }
        return (made, failures.diagnostics)
    }
}
