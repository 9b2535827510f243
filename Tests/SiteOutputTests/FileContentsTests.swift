import Foundation
import SiteOutput
import Testing

@Suite struct FileContentsTests {
    @Test func readsFilesOfAnySize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-contents-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data().write(to: URL(fileURLWithPath: folder + "/empty"))
        try Data(big).write(to: URL(fileURLWithPath: folder + "/big"))
        #expect(FileContents.read(folder + "/empty") == [])
        #expect(FileContents.read(folder + "/big") == big)
        #expect(FileContents.read(folder + "/missing") == nil)
        #expect(FileContents.read(folder) == nil, "a folder is not a file")
        #expect(FileContents.read("/proc/self/stat")?.isEmpty == false, "a file that says its size is 0 is read whole")
    }
}
