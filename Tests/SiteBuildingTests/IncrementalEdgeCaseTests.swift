import RunwayText
import Foundation
import SiteBuilding
import Testing
import RunwayTestSupport

/// Changes a probe of ~1,500 incremental builds against clean ones found each left a stale output
/// after: renames that keep a URL, images changed, missing or replaced, same-time replacements,
/// and feeds of whole pages on the quick path. Each rebuild must equal a full build.
@Suite struct IncrementalEdgeCaseTests {
    /// Writes the fixture image `name` at `relative` in the site.
    static func image(_ name: String, at relative: String, in root: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: ImageFileTests.fixture(name))).write(to: URL(fileURLWithPath: path))
    }

    /// Changes a probe found each matching a clean build afterwards (before, each kept a stale
    /// output): a file renamed without changing its URL (its date and title come from its name);
    /// an image a section's `_index.md` shows, changed; images missing when their pages were built,
    /// added (in a bundle, in `static/`); a static file replaced by one of the same size and time
    /// (as `cp -p` leaves it), and a static link turned to another file of the same size and time.
    @Test func renamesImagesAndSameTimeReplacementsMatchAFullBuild() throws {
        let root = try IncrementalBuildTests.blog()
        let fm = FileManager.default
        try "---\ntitle: Hello\n---\nBody.\n".write(toFile: root + "/content/posts/2026-11-03-hello.md", atomically: true, encoding: .utf8)
        try "---\nslug: same\n---\nJust text.\n".write(toFile: root + "/content/foo.md", atomically: true, encoding: .utf8)
        try Self.image("photo.png", at: "static/img/p.png", in: root)
        try "# Posts\n\nIntro ![pic](/img/p.png)\n".write(toFile: root + "/content/posts/_index.md", atomically: true, encoding: .utf8)
        try "# Later\n\n![later](/img/later.png)\n".write(toFile: root + "/content/later.md", atomically: true, encoding: .utf8)
        try fm.createDirectory(atPath: root + "/content/trip", withIntermediateDirectories: true)
        try "# Trip\n\n![b](b.gif)\n".write(toFile: root + "/content/trip/index.md", atomically: true, encoding: .utf8)
        // Inside static/: a link is followed only inside the folder it is in.
        try fm.createDirectory(atPath: root + "/static/shared", withIntermediateDirectories: true)
        for (name, text) in [("a.txt", "AAAA\n"), ("b.txt", "BBBB\n"), ("c.txt", "CCCC\n")] {
            try text.write(toFile: root + "/static/shared/" + name, atomically: true, encoding: .utf8)
        }
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        for name in ["a.txt", "b.txt"] { try fm.setAttributes([.modificationDate: old], ofItemAtPath: root + "/static/shared/" + name) }
        try fm.createSymbolicLink(atPath: root + "/static/current.txt", withDestinationPath: "shared/a.txt")
        try "CCCC\n".write(toFile: root + "/static/same.txt", atomically: true, encoding: .utf8)
        try fm.setAttributes([.modificationDate: old], ofItemAtPath: root + "/static/same.txt")
        let output = root + "/_site"
        var build = SiteBuild(site: root, output: output)
        #expect(build.run().succeeded)

        try fm.moveItem(atPath: root + "/content/posts/2026-11-03-hello.md", toPath: root + "/content/posts/2026-11-04-hello.md")
        try fm.moveItem(atPath: root + "/content/foo.md", toPath: root + "/content/bar.md")
        try Self.image("icon.gif", at: "static/img/p.png", in: root)
        try Self.image("photo.png", at: "static/img/later.png", in: root)
        try Self.image("icon.gif", at: "content/trip/b.gif", in: root)
        try fm.removeItem(atPath: root + "/static/current.txt")
        try fm.createSymbolicLink(atPath: root + "/static/current.txt", withDestinationPath: "shared/b.txt")
        // In place, as `cp -p` writes: the same inode, size and modification time.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/static/same.txt"))
        try handle.write(contentsOf: Data("DDDD\n".utf8))
        try handle.close()
        try fm.setAttributes([.modificationDate: old], ofItemAtPath: root + "/static/same.txt")
        build = SiteBuild(site: root, output: output)
        #expect(build.run().succeeded)
        let files = FileTree.read(output)
        #expect(files == IncrementalBuildTests.fullBuild(root))
        #expect(String(decoding: files["current.txt"] ?? Data(), as: UTF8.self) == "BBBB\n")
        #expect(String(decoding: files["same.txt"] ?? Data(), as: UTF8.self) == "DDDD\n")
        #expect(String(decoding: files["posts/hello/index.html"] ?? Data(), as: UTF8.self).contains("2026-11-04"))
        #expect(String(decoding: files["same/index.html"] ?? Data(), as: UTF8.self).contains("<title>Bar"))
    }

    /// Feeds of whole pages show a page's text: a text edit takes the full path, and the feeds
    /// change as a full build's (before, the quick path left them stale).
    @Test func feedsOfWholePagesTakeTheFullPath() throws {
        let root = try IncrementalBuildTests.blog()
        try "title = \"S\"\nbaseURL = \"https://s.example/\"\n[feeds]\nfull = true\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        var cache: BuildCache?
        let build = SiteBuild(site: root)
        let output = try build.openOutput()
        #expect(build.run(cache: &cache, output: output).succeeded)
        try IncrementalBuildTests.post(root, "b", title: "B", date: "2026-02-01", tag: "swift", body: "Text of b.\n\nA new paragraph.")
        let text = build.run(cache: &cache, output: output, changed: ["content/posts/b.md"], trustOutputs: true)
        #expect(!text.quick && text.written.contains("atom.xml"))
        #expect(try String(contentsOfFile: root + "/_site/atom.xml", encoding: .utf8).contains("A new paragraph."))
        #expect(FileTree.read(root + "/_site") == IncrementalBuildTests.fullBuild(root))
    }
}
