import Foundation
import ImageProcessing
import Testing

/// libvips through ``ImageProcessor``: headers, variants in each mode and format, and the images it
/// must refuse. The images are made here: a PPM (a header and raw pixels) written by hand, and
/// turned into JPEG and PNG by the processor itself.
@Suite struct ImageProcessorTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "runway-images-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A `width` × `height` PPM of a gradient, and the JPEG libvips makes of it at full size.
    func photograph(width: Int, height: Int, named name: String = "photo") throws -> String {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        for y in 0..<height {
            for x in 0..<width { bytes += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x + y) % 256)] }
        }
        let ppm = folder + "/" + name + ".ppm"
        try Data(bytes).write(to: URL(fileURLWithPath: ppm))
        let jpeg = folder + "/" + name + ".jpg"
        try ImageProcessor.write(ImageVariantRequest(width: width, format: .jpeg, quality: 90), of: ppm, to: jpeg)
        return jpeg
    }

    @Test func aHeaderSaysTheSizeAndWhatTheFileIs() throws {
        let jpeg = try photograph(width: 400, height: 300)
        #expect(try ImageProcessor.header(of: jpeg) == ImageHeader(width: 400, height: 300, pages: 1, format: .jpeg))
        // A PNG named .jpg is a PNG.
        let png = folder + "/png.jpg"
        try ImageProcessor.write(ImageVariantRequest(width: 100, format: .png), of: jpeg, to: folder + "/real.png")
        try FileManager.default.copyItem(atPath: folder + "/real.png", toPath: png)
        #expect(try ImageProcessor.header(of: png).format == .png)
        #expect(ImageHeader.SourceFormat.png.extensions.contains("jpg") == false)
    }

    @Test func variantsHaveTheirBoxAndFormatAndAreNeverLarger() throws {
        let jpeg = try photograph(width: 400, height: 300)
        let resized = try ImageProcessor.write(ImageVariantRequest(width: 200, format: .webp), of: jpeg, to: folder + "/a.webp")
        #expect(resized == ImageHeader(width: 200, height: 150, pages: 1, format: .webp))
        let wider = try ImageProcessor.write(ImageVariantRequest(width: 1600, format: .webp), of: jpeg, to: folder + "/b.webp")
        #expect((wider.width, wider.height) == (400, 300))
        let fitted = try ImageProcessor.write(ImageVariantRequest(mode: .fit, width: 100, height: 100, format: .jpeg), of: jpeg, to: folder + "/c.jpg")
        #expect((fitted.width, fitted.height) == (100, 75))
        let filled = try ImageProcessor.write(ImageVariantRequest(mode: .fill, width: 100, height: 100, format: .avif), of: jpeg, to: folder + "/d.avif")
        #expect(filled == ImageHeader(width: 100, height: 100, pages: 1, format: .heif))
        // The bytes are the format's: RIFF….WEBP.
        let webp = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.webp"))
        #expect(webp.prefix(4) == Data("RIFF".utf8) && webp.dropFirst(8).prefix(4) == Data("WEBP".utf8))
    }

    @Test func aTruncatedImageIsRefusedNotGreyed() throws {
        let jpeg = try photograph(width: 400, height: 300)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        let truncated = folder + "/truncated.jpg"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        // The header is whole: only decoding finds the missing half.
        #expect(try ImageProcessor.header(of: truncated).width == 400)
        #expect(throws: ImageProcessor.Failure.self) {
            try ImageProcessor.write(ImageVariantRequest(width: 200, format: .webp), of: truncated, to: folder + "/t.webp")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/t.webp"))
    }

    @Test func whatIsNoImageIsRefusedWithAReason() throws {
        let text = folder + "/notes.jpg"
        try Data("not a photograph\n".utf8).write(to: URL(fileURLWithPath: text))
        let failure = #expect(throws: ImageProcessor.Failure.self) { try ImageProcessor.header(of: text) }
        #expect(failure?.description.isEmpty == false)
        #expect(!(failure?.description.contains("\n") ?? true))
    }

    @Test func anEnormousImageIsRefusedBeforeItsPixelsAreRead() throws {
        // A PPM whose header says 20000 × 20000 (400 megapixels), with three bytes of pixels.
        let bomb = folder + "/bomb.ppm"
        try Data(Array("P6\n20000 20000\n255\n".utf8) + [0, 0, 0]).write(to: URL(fileURLWithPath: bomb))
        let failure = #expect(throws: ImageProcessor.Failure.self) {
            try ImageProcessor.write(ImageVariantRequest(width: 200, format: .webp), of: bomb, to: folder + "/bomb.webp")
        }
        #expect(failure?.description.contains("20000 × 20000") == true)
    }
}
