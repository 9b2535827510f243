/// One smaller copy of an image to make: its box, how the image goes in it, its format and quality.
public struct ImageVariantRequest: Hashable, Sendable, Codable {
    /// How the image is fitted to the box.
    public enum Mode: String, Hashable, Sendable, Codable {
        /// `width` wide, its height as the image's proportions make it (`height` is ignored).
        case resize
        /// Inside `width` × `height`, its proportions kept.
        case fit
        /// Exactly `width` × `height`: the box filled, and what passes it cut around the centre.
        case fill
    }

    /// The formats a variant is written in, the smallest first (as `allCases` lists them).
    public enum Format: String, Hashable, Sendable, Codable, CaseIterable {
        /// AVIF: AV1 in HEIF (libvips's `heifsave`, through libheif).
        case avif
        /// WebP (libvips's `webpsave`).
        case webp
        /// JPEG (libvips's `jpegsave`).
        case jpeg
        /// PNG, lossless (libvips's `pngsave`).
        case png

        /// Its MIME type, for a `<source type>`.
        public var mimeType: String {
            switch self {
            case .webp: "image/webp"
            case .avif: "image/avif"
            case .jpeg: "image/jpeg"
            case .png: "image/png"
            }
        }

        /// The extension of its files.
        public var fileExtension: String {
            self == .jpeg ? "jpg" : rawValue
        }
    }

    /// How the image goes in the box.
    public var mode: Mode
    /// The box's width, in pixels; a variant is never larger than the original.
    public var width: Int
    /// The box's height, in pixels (for `fit` and `fill`).
    public var height: Int
    /// The format it is written in.
    public var format: Format
    /// 1–100: the encoder's quality (`Q` of libvips's savers; PNG is lossless and ignores it).
    public var quality: Int

    /// A request of these values.
    public init(mode: Mode = .resize, width: Int, height: Int = 0, format: Format, quality: Int = 80) {
        self.mode = mode
        self.width = width
        self.height = height
        self.format = format
        self.quality = quality
    }

    /// The saver's options after the file name (`[Q=80,strip]`): metadata is left out (a
    /// photograph's location among it), and AVIF is written at effort ``avifEffort``.
    var saveOptions: String {
        switch format {
        case .png: "[strip]"
        case .avif: "[Q=\(quality),strip,compression=av1,effort=\(Self.avifEffort)]"
        case .webp, .jpeg: "[Q=\(quality),strip]"
        }
    }

    /// libvips's AVIF effort (0–9; aom's speed is 9 minus it), chosen by
    /// `Benchmarks/image_converters.py`: at libvips's default, 4, AVIF took 3.6 times effort 3's
    /// time for files 1.5 % larger and 0.1 dB more PSNR. Effort 3 is libheif's own default.
    public static let avifEffort = 3

    /// The name of the variant's file in a cache: its ``label``, and for AVIF the effort it was
    /// written at, so that a copy written at another is made again.
    public var cacheLabel: String {
        format == .avif ? label + "-e\(Self.avifEffort)" : label
    }

    /// The variant's name in files and URLs: `480w`, `fit-300x200`, `fill-300x200`, with the
    /// quality: `480w-q80`.
    public var label: String {
        let box = switch mode {
        case .resize: "\(width)w"
        case .fit: "fit-\(width)x\(height)"
        case .fill: "fill-\(width)x\(height)"
        }
        return format == .png ? box : box + "-q\(quality)"
    }
}
