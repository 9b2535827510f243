import AttributedText
import Foundation
@testable import SiteBuilding
import Testing

@Suite struct SitePathsTests {
    /// The `readdir` walk lists what Foundation's enumerator and `fileExists` list, but for links
    /// that lead out of the folder, which it skips and names.
    @Test func filesUnderAFolderAreWhatFoundationFindsInsideIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-files-\(UUID().uuidString)").path
        let outside = root + "-outside"
        for folder in [root + "/a/b/c", root + "/empty", outside + "/deep"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in [root + "/top.md", root + "/.hidden", root + "/a/one.md", root + "/a/b/c/two.txt", outside + "/deep/x.md", outside + "/f.md"] {
            try "x".write(toFile: file, atomically: false, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/a/linked-folder", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: root + "/a/linked-file.md", withDestinationPath: outside + "/f.md")
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling.md", withDestinationPath: root + "/nowhere")
        try FileManager.default.createSymbolicLink(atPath: root + "/inside.md", withDestinationPath: "a/one.md")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/b/inside-folder", withDestinationPath: root + "/a/b/c")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/b/c/loop", withDestinationPath: root + "/a")

        let foundation = ((FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []).filter { file in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + file, isDirectory: &isFolder) && !isFolder.boolValue
        }
        let listing = SitePaths.list(under: root)
        #expect(Set(listing.files).isSubset(of: Set(foundation).union(["a/b/inside-folder/two.txt"])))
        #expect(listing.files.sorted() == [".hidden", "a/b/c/two.txt", "a/b/inside-folder/two.txt", "a/one.md", "inside.md", "top.md"],
                "a link inside is followed once (a loop ends); one out of the folder is not")
        #expect(listing.skipped.map(\.link).sorted() == ["a/linked-file.md", "a/linked-folder", "dangling.md"])
        #expect(SitePaths.files(under: root + "/missing").isEmpty)
    }
}
