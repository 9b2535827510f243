public import RunwayText

/// Smaller copies of an image for a browser to choose from: a `<picture>` with a `<source>` per
/// format, or `srcset` on the `<img>` when there is one format. The `<img>` keeps the original
/// as its `src`, with its size.
public struct ResponsiveImage: Hashable, Sendable {
    /// The original's size, written on the `<img>`.
    public var size: ImageSize
    /// A format's copies, in the order they are offered.
    public var sources: [Source]
    /// The `sizes` attribute: how wide the image is shown (`(min-width: 960px) 960px, 100vw`).
    public var sizes: String

    /// One format's copies.
    public struct Source: Hashable, Sendable {
        /// Its MIME type (`image/webp`).
        public var type: String
        /// Each copy's URL and width in pixels, narrowest first.
        public var candidates: [(url: String, width: Int)]

        /// A format's copies.
        public init(type: String, candidates: [(url: String, width: Int)]) {
            self.type = type
            self.candidates = candidates
        }

        /// Whether two sources offer the same copies, in the same order.
        public static func == (left: Source, right: Source) -> Bool {
            left.type == right.type && left.candidates.map(\.url) == right.candidates.map(\.url)
                && left.candidates.map(\.width) == right.candidates.map(\.width)
        }

        /// Hashes the type and the copies.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            for candidate in candidates {
                hasher.combine(candidate.url)
                hasher.combine(candidate.width)
            }
        }
    }

    /// Copies of an image of `size` pixels.
    public init(size: ImageSize, sources: [Source], sizes: String) {
        self.size = size
        self.sources = sources
        self.sizes = sizes
    }

    /// `sizes` for an image shown at its own width, or narrower in a narrower window.
    public static func sizes(width: Int) -> String {
        "(min-width: \(width)px) \(width)px, 100vw"
    }
}

extension RenderWalk {
    /// Before the `<img>` of `image`: with more than one format, `<picture>` and its sources.
    mutating func writePictureOpening(_ image: ResponsiveImage) {
        guard image.sources.count > 1 else { return }
        output.write("<picture>")
        for source in image.sources {
            output.write("<source type=\"")
            output.writeEscaped(source.type)
            writeSourceSet(source, sizes: image.sizes)
            output.write("\" />")
        }
    }

    /// On the `<img>`, after its `src`: with one format, its `srcset` and `sizes`.
    mutating func writeImageSourceSet(_ image: ResponsiveImage) {
        guard image.sources.count == 1 else { return }
        writeSourceSet(image.sources[0], sizes: image.sizes)
    }

    private mutating func writeSourceSet(_ source: ResponsiveImage.Source, sizes: String) {
        output.write("\" srcset=\"")
        for (index, candidate) in source.candidates.enumerated() {
            if index > 0 { output.write(", ") }
            writeURL(candidate.url)
            output.write(" \(candidate.width)w")
        }
        output.write("\" sizes=\"")
        output.writeEscaped(sizes)
    }
}
