import RunwayText
import Foundation
@testable import SiteBuilding
@testable import SiteContent
@testable import SiteOutput
import Testing
import RunwayTestSupport

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

    /// A folder that is itself a link out of the boundary (`static -> ~/.ssh`) lists nothing.
    @Test func aLinkedFolderOutOfTheSiteListsNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-linked-root-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/site", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/secret/sub", withIntermediateDirectories: true)
        try "key".write(toFile: root + "/secret/id_rsa", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/site/static", withDestinationPath: "../secret")
        let listing = SitePaths.list(under: root + "/site/static", inside: root + "/site")
        #expect(listing.files.isEmpty)
        #expect(listing.skipped.map(\.target) == ["../secret"])
        #expect(SitePaths.problems(of: listing, under: root + "/site/static").map(\.path) == [root + "/site/static"])
    }

    /// Links that fan out (two in each folder to the next) walk each folder once.
    @Test func linksThatFanOutAreWalkedOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-fan-\(UUID().uuidString)").path
        for level in 0...20 {
            try FileManager.default.createDirectory(atPath: root + "/l\(level)", withIntermediateDirectories: true)
            try "x".write(toFile: root + "/l\(level)/f.md", atomically: false, encoding: .utf8)
            if level > 0 {
                for link in ["a", "b"] {
                    try FileManager.default.createSymbolicLink(atPath: root + "/l\(level - 1)/\(link)", withDestinationPath: root + "/l\(level)")
                }
            }
        }
        let listing = SitePaths.list(under: root + "/l0", inside: root, linksWithin: root)
        #expect(listing.files.count == 21, "not 2^20")
    }
}


@Suite struct SiteTemplateCopyTests {
    /// `runway new` copies the template, not what building or previewing it left there (before,
    /// a `make run` made every later `runway new` site start with an output it had no record of).
    @Test func buildArtifactsOfTheTemplateAreNotCopied() throws {
        let template = TemporaryFolder.path("template")
        for file in ["runway.toml", "content/a.md", "_site/index.html", ".runway-cache/_site.json", "_theme-preview/default/index.html",
                     "static/_site/kept.txt"] {
            try FileManager.default.createDirectory(atPath: ((template + "/" + file) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "x".write(toFile: template + "/" + file, atomically: false, encoding: .utf8)
        }
        let site = TemporaryFolder.path("new")
        #expect(try SiteTemplate(root: template).copy(to: site) == 3)
        #expect(Set(SitePaths.files(under: site)) == ["runway.toml", "content/a.md", "static/_site/kept.txt"])
    }
}
