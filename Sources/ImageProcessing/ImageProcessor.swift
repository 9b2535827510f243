import CImageVariants
import Glibc

/// Reads image headers and writes smaller copies of images, with libvips (Debian's `libvips-dev`):
/// the only part of Runway that sees it. Chosen by measurement over ImageMagick and Pillow
/// (`Benchmarks/image_converters.py`). Every call may be made from any thread at once.
public enum ImageProcessor {
    /// What libvips said of an image it could not read or write.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// One line: libvips's message (`VipsJpeg: Premature end of input file`).
        public var description: String
    }

    /// The largest image a build decodes, in pixels (as Pillow's limit against decompression
    /// bombs, 2 × 89 megapixels): a header that says more is refused before any pixel is read.
    public static let largestImage = 178_956_970

    /// The header of the image file at `path`: its size, frames and what it is.
    public static func header(of path: String) throws(Failure) -> ImageHeader {
        var header = runway_image_header()
        var error = [CChar](repeating: 0, count: 512)
        guard runway_image_read_header(path, &header, &error, error.count) == 0 else { throw Failure(description: message(error)) }
        let loader = withUnsafeBytes(of: header.loader) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return ImageHeader(width: Int(header.width), height: Int(header.height), pages: Int(header.pages),
                           format: ImageHeader.SourceFormat(loader: loader))
    }

    /// Writes the variant `request` asks for of the image at `path` into the file `destination`
    /// (whose folder exists), replacing it, and gives the variant's header. The image is decoded
    /// whole: a truncated or corrupt one is a failure, as is one larger than ``largestImage``.
    @discardableResult
    public static func write(_ request: ImageVariantRequest, of path: String, to destination: String) throws(Failure) -> ImageHeader {
        try write([request], of: path, to: [destination])[0]
    }

    /// Writes the variants `requests` ask for, which share one box (their mode, width and height)
    /// and differ in format or quality, each into its file of `destinations`: the image is decoded
    /// once for them all. Gives each variant's header.
    public static func write(_ requests: [ImageVariantRequest], of path: String, to destinations: [String]) throws(Failure) -> [ImageHeader] {
        guard let box = requests.first else { return [] }
        precondition(requests.count == destinations.count && requests.allSatisfy { ($0.mode, $0.width, $0.height) == (box.mode, box.width, box.height) })
        let header = try header(of: path)
        guard header.width * header.height <= largestImage else {
            throw Failure(description: "it is \(header.width) × \(header.height) pixels, more than a build decodes (\(largestImage / 1_000_000) megapixels)")
        }
        var error = [CChar](repeating: 0, count: 512)
        let names = zip(requests, destinations).map { strdup($1 + $0.saveOptions) }
        defer { names.forEach { free($0) } }
        let pointers = names.map { UnsafePointer($0) }
        let result = pointers.withUnsafeBufferPointer { buffer in
            runway_image_write_variants(path, Int32(box.width), Int32(box.mode == .resize ? 0 : box.height), box.mode == .fill ? 1 : 0,
                                        buffer.baseAddress, Int32(buffer.count), &error, error.count)
        }
        guard result == 0 else { throw Failure(description: message(error)) }
        var headers: [ImageHeader] = []
        for destination in destinations { headers.append(try self.header(of: destination)) }
        return headers
    }

    private static func message(_ buffer: [CChar]) -> String {
        let text = buffer.withUnsafeBufferPointer { String(decoding: $0.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return text.isEmpty ? "libvips gave no reason" : text
    }
}
