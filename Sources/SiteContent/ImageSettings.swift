public import ImageProcessing
public import RunwayText
import Formatting
import TOMLKit

/// `[images]`: smaller copies of every raster image a page shows, at the widths asked for
/// (`widths = [480, 960, 1600]`, never wider than the original) in the formats asked for
/// (`formats = ["webp", "avif"]`, offered AVIF first), at a quality (`quality = 80`). The page gets `<picture>`
/// with a `<source>` per format (or `srcset` on the `<img>` with one format), and the original
/// stays where it is, as the `<img>`'s `src`. Without the table, images are published as they are.
public struct ImageSettings: Sendable, Hashable {
    /// The widths of the variants, in pixels, ascending.
    public var widths: [Int]
    /// The formats of the variants, in the order a browser is offered them: AVIF, WebP, JPEG, PNG
    /// (the smallest first, as browsers take the first they can show).
    public var formats: [ImageVariantRequest.Format]
    /// The encoders' quality, 1–100.
    public var quality: Int
    /// The `sizes` attribute: how wide the image is shown (`(min-width: 50rem) 50rem, 100vw`); by
    /// default, its own width or the window's, whichever is narrower.
    public var sizes: String?
    /// Where `[images]` is in `runway.toml`, for a problem with libvips.
    public var position: SourcePosition?

    /// Settings of these values; the defaults are Hugo's and Zola's usual ones.
    public init(widths: [Int] = [480, 960, 1600], formats: [ImageVariantRequest.Format] = [.webp], quality: Int = 80,
                sizes: String? = nil, position: SourcePosition? = nil) {
        self.widths = widths
        self.formats = formats
        self.quality = quality
        self.sizes = sizes
        self.position = position
    }

    /// The widest variant a setting may ask for: a 16,383-pixel WebP is the format's limit.
    static let widest = 16_383
}

extension SiteConfiguration {
    /// `[images]`, or `nil` when the site has none.
    static func images(_ source: TOMLSource, diagnostics: inout [Diagnostic]) -> ImageSettings? {
        guard let table = SettingsTable("images", of: source, known: ["widths", "formats", "quality", "sizes"], diagnostics: &diagnostics),
              let values = table.table else { return nil }
        var settings = ImageSettings(position: source.position(of: ["images"]))
        let at = { (key: String) in source.position(of: ["images", key]) }
        if let widths = values["widths"] {
            let numbers = widths.array.map { $0.map(\.int) } ?? nil
            if let numbers = numbers?.compactMap({ $0 }), numbers.count == widths.array?.count, !numbers.isEmpty,
               numbers.allSatisfy({ (1...ImageSettings.widest).contains($0) }) {
                settings.widths = Array(Set(numbers)).sorted()
            } else {
                diagnostics.append(Diagnostic(.error, "'widths' in [images] must be a list of widths in pixels, 1 to \(ImageSettings.widest) (widths = [480, 960, 1600])",
                                              path: source.path, position: at("widths")))
            }
        }
        if let formats = values["formats"] {
            let names = formats.array?.compactMap(\.string) ?? []
            let known = names.compactMap { ImageVariantRequest.Format(rawValue: $0.lowercased() == "jpg" ? "jpeg" : $0.lowercased()) }
            if !names.isEmpty, names.count == formats.array?.count, known.count == names.count {
                // A browser takes the first source it can show: the smallest formats come first,
                // whatever order the list has (AVIF listed after WebP would never be loaded).
                settings.formats = ImageVariantRequest.Format.allCases.filter(known.contains)
            } else {
                let list = ImageVariantRequest.Format.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                diagnostics.append(Diagnostic(.error, "'formats' in [images] must be a list of formats among \(list) (formats = [\"webp\"])",
                                              path: source.path, position: at("formats")))
            }
        }
        if let quality = values["quality"] {
            if let number = quality.int, (1...100).contains(number) {
                settings.quality = number
            } else {
                diagnostics.append(Diagnostic(.error, "'quality' in [images] must be a whole number from 1 to 100", path: source.path,
                                              position: at("quality")))
            }
        }
        settings.sizes = table.string("sizes", &diagnostics)
        return settings
    }
}
