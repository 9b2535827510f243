import Foundation
import HTMLRendering
import SiteContent
import Testing

/// Image sizes read from file headers, on files written by Pillow (`Fixtures/images`), whose sizes
/// were chosen when they were made: each format's own layout, and what is not an image.
@Suite struct ImageFileTests {
    static func fixture(_ name: String) -> String {
        Bundle.module.path(forResource: "Fixtures/images/" + name, ofType: nil)!
    }

    @Test(arguments: [
        ("photo.png", 40, 30), ("photo.jpg", 64, 48), ("progressive.jpg", 50, 20), ("icon.gif", 17, 9),
        ("lossy.webp", 33, 21), ("lossless.webp", 25, 15), ("alpha.webp", 31, 19),
    ])
    func eachFormatsSizeIsReadFromItsHeader(name: String, width: Int, height: Int) {
        #expect(ImageFile.size(at: Self.fixture(name)) == ImageSize(width: width, height: height))
    }

    /// A JPEG whose frame header comes after 70 KB of metadata (an APP1 segment) is read to it.
    @Test func aJPEGsFrameHeaderIsFoundPastLargeMetadata() throws {
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture("photo.jpg"))))
        var padded: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<2 {
            padded += [0xFF, 0xE1, 0xFF, 0xF0] + [UInt8](repeating: 0x41, count: 0xFFF0 - 2)
        }
        padded += jpeg.dropFirst(2)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("runway-big-\(UUID().uuidString).jpg").path
        try Data(padded).write(to: URL(fileURLWithPath: file))
        #expect(ImageFile.size(at: file) == ImageSize(width: 64, height: 48))
    }

    @Test func whatIsNotAnImageOrIsCutHasNoSize() throws {
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture("photo.png"))))
        #expect(ImageFile.size(of: Array(png.prefix(20))) == nil)
        #expect(ImageFile.size(of: Array("GIF89a".utf8)) == nil)
        #expect(ImageFile.size(of: [0xFF, 0xD8, 0xFF, 0xC0, 0x00]) == nil)
        #expect(ImageFile.size(of: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0xFF]) == nil)
        #expect(ImageFile.size(of: Array("RIFF....WEBPVP8?".utf8) + [UInt8](repeating: 0, count: 20)) == nil)
        #expect(ImageFile.size(of: Array("<svg></svg>".utf8)) == nil)
        #expect(ImageFile.size(of: []) == nil)
        // A zero size is no size.
        #expect(ImageFile.size(of: Array("GIF89a".utf8) + [0, 0, 5, 0]) == nil)
        #expect(ImageFile.size(at: "/nonexistent/a.png") == nil)
    }
}
