/// What an image file's header says, read without decoding its pixels.
public struct ImageHeader: Hashable, Sendable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// The frames of an animation (a GIF's or a WebP's); 1 for a still image.
    public var pages: Int
    /// What the file is, whatever its name says: the libvips loader that reads it.
    public var format: SourceFormat

    /// A header of these values.
    public init(width: Int, height: Int, pages: Int, format: SourceFormat) {
        self.width = width
        self.height = height
        self.pages = pages
        self.format = format
    }

    /// What an image file holds, by the libvips loader that reads it.
    public enum SourceFormat: Hashable, Sendable, CustomStringConvertible {
        /// JPEG.
        case jpeg
        /// PNG.
        case png
        /// WebP.
        case webp
        /// GIF.
        case gif
        /// HEIF, AVIF among them.
        case heif
        /// Another format libvips reads (TIFF, SVG, PDF…), by its loader's name (`tiffload`).
        case other(String)

        /// The format of a loader's nickname (`jpegload`, `jpegload_source`).
        init(loader: String) {
            switch loader.split(separator: "_").first.map(String.init) ?? loader {
            case "jpegload": self = .jpeg
            case "pngload": self = .png
            case "webpload": self = .webp
            case "gifload": self = .gif
            case "heifload": self = .heif
            default: self = .other(loader)
            }
        }

        /// The file name extensions this format is published under (`jpg`, `jpeg`).
        public var extensions: Set<String> {
            switch self {
            case .jpeg: ["jpg", "jpeg"]
            case .png: ["png"]
            case .webp: ["webp"]
            case .gif: ["gif"]
            case .heif: ["avif", "heic", "heif"]
            case .other: []
            }
        }

        /// Its name in a message: `JPEG`, `PNG`, or the loader's.
        public var description: String {
            switch self {
            case .jpeg: "JPEG"
            case .png: "PNG"
            case .webp: "WebP"
            case .gif: "GIF"
            case .heif: "HEIF/AVIF"
            case .other(let loader): "an image libvips reads with \(loader)"
            }
        }
    }
}
