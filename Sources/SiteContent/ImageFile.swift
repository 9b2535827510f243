import Foundation
package import HTMLRendering

/// The pixel size of a PNG, JPEG, GIF or WebP file, read from its header (the file's first bytes;
/// a JPEG's frame header comes after its other segments). Anything else, or a header that does not
/// hold together, has no size.
package enum ImageFile {
    /// The file types whose size is read, by their name's extension.
    package static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp"]

    /// Whether `path` names a file type whose size can be read.
    package static func isImage(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// The size of the image at `path`, when it is one.
    package static func size(at path: String) -> ImageSize? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // The headers of PNG, GIF and WebP are in their first 30 bytes; a JPEG's frame header
        // follows its metadata, which is most often well under 64 KB. Past that, its segments are
        // stepped over in the file itself, each segment's first bytes read (a 400 MB JPEG without
        // a frame header in its first 64 KB was read whole, and took 1.28 GB).
        guard let head = try? handle.read(upToCount: 65_536) else { return nil }
        if let size = size(of: Array(head)) { return size }
        guard head.count == 65_536, head.starts(with: [0xFF, 0xD8]) else { return nil }
        let descriptor = handle.fileDescriptor
        return jpeg { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? bytes : nil
        }
    }

    /// The size of the image whose bytes (or first bytes) are `bytes`.
    package static func size(of bytes: [UInt8]) -> ImageSize? {
        let size: ImageSize?
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            size = png(bytes)
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            size = bytes.count >= 10 ? ImageSize(width: little16(bytes, 6), height: little16(bytes, 8)) : nil
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            size = jpeg(bytes)
        } else if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 30, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            size = webp(bytes)
        } else {
            size = nil
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The width and height of the IHDR chunk, which comes first.
    private static func png(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        let width = big32(bytes, 16), height = big32(bytes, 20)
        guard width <= Int32.max, height <= Int32.max else { return nil }
        return ImageSize(width: width, height: height)
    }

    /// The size in the first start-of-frame segment of a JPEG's bytes.
    private static func jpeg(_ bytes: [UInt8]) -> ImageSize? {
        jpeg { offset, count in offset + count <= bytes.count ? Array(bytes[offset..<offset + count]) : nil }
    }

    /// The size in the first start-of-frame segment (SOF0 to SOF15, less DHT, JPG and DAC), found
    /// by stepping over the segments before it by their lengths; `read` gives `count` bytes at an
    /// offset, or `nil` past the end. At most 100,000 segments are stepped over.
    private static func jpeg(read: (_ offset: Int, _ count: Int) -> [UInt8]?) -> ImageSize? {
        var index = 2
        for _ in 0..<100_000 {
            guard let marker = read(index, 2), marker[0] == 0xFF else { return nil }
            if marker[1] == 0xFF { index += 1; continue }
            // Markers without a length: TEM, the restart markers, SOI.
            if marker[1] == 0x01 || (0xD0...0xD8).contains(marker[1]) { index += 2; continue }
            // End of image, or the scan began: no frame header before it.
            if marker[1] == 0xD9 || marker[1] == 0xDA { return nil }
            guard let header = read(index + 2, 2) else { return nil }
            let length = big16(header, 0)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker[1]), marker[1] != 0xC4, marker[1] != 0xC8, marker[1] != 0xCC {
                guard let frame = read(index + 5, 4) else { return nil }
                return ImageSize(width: big16(frame, 2), height: big16(frame, 0))
            }
            index += 2 + length
        }
        return nil
    }

    /// The size in the first chunk: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`).
    private static func webp(_ bytes: [UInt8]) -> ImageSize? {
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return ImageSize(width: little16(bytes, 26) & 0x3FFF, height: little16(bytes, 28) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = little16(bytes, 21) | little16(bytes, 23) << 16
            return ImageSize(width: bits & 0x3FFF + 1, height: (bits >> 14) & 0x3FFF + 1)
        case "VP8X":
            return ImageSize(width: little24(bytes, 24) + 1, height: little24(bytes, 27) + 1)
        default:
            return nil
        }
    }

    private static func big16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    private static func big32(_ bytes: [UInt8], _ at: Int) -> Int { big16(bytes, at) << 16 | big16(bytes, at + 2) }
    private static func little16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    private static func little24(_ bytes: [UInt8], _ at: Int) -> Int { little16(bytes, at) | Int(bytes[at + 2]) << 16 }
}
