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
