import Foundation
import Testing

/// Issue 39, point 7: a JPEG whose frame header is not in its first 64 KB was read whole to find
/// it (a 400 MB file: 1.28 GB of memory). Its segments are now stepped over in the file.
@Suite struct LargeImageCommandTests {
    @Test(.timeLimit(.minutes(10))) func aLargeJPEGsSizeIsReadWithoutReadingIt() throws {
        let site = try TestSite(["content/trip/index.md": "# Trip\n\n![A view](view.jpg)\n"])
        // 400 MB: SOI, 6,400 APP1 segments of 65,535 bytes each (only their markers written: the
        // file is sparse), then a frame header of 3000 × 2000.
        let path = site.root + "/content/trip/view.jpg"
        let handle = try #require({ FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xD8])); return FileHandle(forWritingAtPath: path) }())
        var offset: UInt64 = 2
        for _ in 0..<6_400 {
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: Data([0xFF, 0xE1, 0xFF, 0xFF]))
            offset += 2 + 0xFFFF
        }
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data([0xFF, 0xC0, 0x00, 0x11, 0x08, 0x07, 0xD0, 0x0B, 0xB8, 0x03]))
        try handle.close()
        let measured = site.parent + "/peak"
        let build = try RunwayProcess.runTool("/usr/bin/time", ["-f", "%M", "-o", measured, RunwayProcess.executable.path, "build", site.root])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(site.read("_site/trip/index.html")?.contains("width=\"3000\" height=\"2000\"") == true)
        let kilobytes = Int((try String(contentsOfFile: measured, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max
        // The build copies the file (by the kernel, not through memory); its own memory is a site's.
        #expect(kilobytes < 200_000, "peak \(kilobytes) KB")
    }
}
