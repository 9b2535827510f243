import AttributedText
import Foundation
@testable import SiteBuilding
import Testing

@Suite struct OutputFolderTests {
    @Test func writesMakeTheirFolderAndReplaceWhatWasThere() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("runway-out-\(UUID().uuidString)").path
        let folder = try OutputFolder(destination: destination)
        try folder.write("first, and longer", to: "a/b/index.html")
        try folder.write("é second", to: "a/b/index.html")
        try folder.write("top", to: "index.html")
        try folder.commit()
        #expect(try String(contentsOfFile: destination + "/a/b/index.html", encoding: .utf8) == "é second")
        #expect(try String(contentsOfFile: destination + "/index.html", encoding: .utf8) == "top")
    }

    @Test func aFileInTheWayIsADiagnosticAtThePath() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("runway-out-\(UUID().uuidString)").path
        let folder = try OutputFolder(destination: destination)
        try folder.write("a file", to: "a")
        #expect {
            try folder.write("x", to: "a/index.html")
        } throws: { error in
            (error as? Diagnostic)?.description == "\(folder.staging)/a/index.html: error: cannot write: Not a directory"
        }
        folder.discard()
    }
}

@Suite struct SitePathsTests {
    /// The `readdir` walk lists what Foundation's enumerator and `fileExists` listed before it.
    @Test func filesUnderAFolderAreWhatFoundationFinds() throws {
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

        let foundation = ((FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []).filter { file in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + file, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(SitePaths.files(under: root).sorted() == foundation.sorted())
        #expect(SitePaths.files(under: root).sorted() == [".hidden", "a/b/c/two.txt", "a/linked-file.md", "a/one.md", "top.md"])
        #expect(SitePaths.files(under: root + "/missing").isEmpty)
    }
}
