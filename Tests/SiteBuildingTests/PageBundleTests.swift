import RunwayText
import Foundation
import SiteBuilding
import SiteContent
import Testing
import RunwayTestSupport

/// Page bundles (a folder whose page is `index.md`) publish their other files beside the page, and
/// a page's local images get their size and `loading="lazy"`.
@Suite struct PageBundleTests {
    static func image(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: ImageFileTests.fixture(name)))
    }

    /// `posts/trip/` is a bundle with an image, a file in a subfolder and a bundle of its own
    /// inside; `posts/plain.md` is not a bundle; `static/img/logo.png` is a static file.
    static func site() throws -> String {
        let root = try SiteBuildTests.site(pages: ["index.md": "# Home\n"])
        let fm = FileManager.default
        for folder in ["content/posts/trip/files", "content/posts/trip/inner", "content/posts/draft", "static/img"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try image("photo.jpg").write(to: URL(fileURLWithPath: root + "/content/posts/trip/photo.jpg"))
        try image("lossy.webp").write(to: URL(fileURLWithPath: root + "/content/posts/trip/files/pic.webp"))
        try "a,b\n".write(toFile: root + "/content/posts/trip/files/data.csv", atomically: true, encoding: .utf8)
        try image("icon.gif").write(to: URL(fileURLWithPath: root + "/content/posts/trip/inner/i.gif"))
        try image("photo.png").write(to: URL(fileURLWithPath: root + "/static/img/logo.png"))
        try image("photo.png").write(to: URL(fileURLWithPath: root + "/content/posts/draft/secret.png"))
        try """
        ---
        title: Trip
        ---
        ![Sea](photo.jpg "The sea") ![pic](files/pic.webp) ![logo](/img/logo.png)

        ![remote](https://x.example/a.png) ![data](files/data.csv) [data](files/data.csv)

        """.write(toFile: root + "/content/posts/trip/index.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Inner\n---\n![i](i.gif)\n".write(toFile: root + "/content/posts/trip/inner/index.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Notes\n---\nText.\n".write(toFile: root + "/content/posts/trip/notes.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Plain\n---\n![logo](../../img/logo.png)\n".write(toFile: root + "/content/posts/plain.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Draft\ndraft: true\n---\n![s](secret.png)\n".write(toFile: root + "/content/posts/draft/index.md", atomically: true, encoding: .utf8)
        return root
    }

    static func images(_ html: String) -> [String] {
        html.components(separatedBy: "<img ").dropFirst().map { "<img " + $0.prefix { $0 != ">" } + ">" }
    }

    /// Which content files are a bundle's page, and the bundle's folder.
    @Test func aBundlesPageIsItsFoldersIndex() {
        #expect(PageBundle.folder(of: "content/posts/trip/index.md") == "content/posts/trip")
        #expect(PageBundle.folder(of: "content/trip/index.fr.md") == "content/trip")
        #expect(PageBundle.folder(of: "content/a/b/c/index.md") == "content/a/b/c")
        for notABundle in ["content/index.md", "content/index.fr.md", "content/posts/trip.md", "content/trip/index.a.b.md",
                           "content/trip/myindex.md", "content/trip/index.txt", "content/trip/_index.md", "static/trip/index.md", "index.md"] {
            #expect(PageBundle.folder(of: notABundle) == nil, "\(notABundle)")
        }
    }

    @Test func aBundlesFilesArePublishedBesideItsPage() throws {
        let root = try Self.site()
        let report = SiteBuild(site: root).run()
        #expect(report.succeeded, "\(report.diagnostics)")
        let files = FileTree.read(root + "/_site")
        #expect(files["posts/trip/photo.jpg"] == (try Self.image("photo.jpg")))
        #expect(files["posts/trip/files/pic.webp"] == (try Self.image("lossy.webp")))
        #expect(files["posts/trip/files/data.csv"] != nil)
        // The inner bundle's file is beside its own page only; Markdown is never copied; a draft's
        // bundle is not published.
        #expect(files["posts/trip/inner/i.gif"] != nil)
        #expect(files.keys.filter { $0.hasSuffix("i.gif") } == ["posts/trip/inner/i.gif"])
        #expect(!files.keys.contains { $0.hasSuffix(".md") })
        #expect(files["posts/draft/secret.png"] == nil)
        #expect(files["posts/trip/notes/index.html"] != nil)
        // Links to the bundle's files are not broken.
        #expect(!report.diagnostics.contains { $0.message.contains("broken link") }, "\(report.diagnostics)")
    }

    @Test func localImagesGetTheirSizeAndLoadLazily() throws {
        let root = try Self.site()
        #expect(SiteBuild(site: root).run().succeeded)
        let trip = try String(contentsOfFile: root + "/_site/posts/trip/index.html", encoding: .utf8)
        #expect(Self.images(trip) == [
            #"<img src="photo.jpg" alt="Sea" title="The sea" width="64" height="48" loading="lazy" />"#,
            #"<img src="files/pic.webp" alt="pic" width="33" height="21" loading="lazy" />"#,
            #"<img src="/img/logo.png" alt="logo" width="40" height="30" loading="lazy" />"#,
            // Not the site's, or not an image: as cmark-gfm writes them.
            #"<img src="https://x.example/a.png" alt="remote" />"#,
            #"<img src="files/data.csv" alt="data" />"#,
        ])
        let plain = try String(contentsOfFile: root + "/_site/posts/plain/index.html", encoding: .utf8)
        #expect(Self.images(plain) == [#"<img src="../../img/logo.png" alt="logo" width="40" height="30" loading="lazy" />"#])
        let inner = try String(contentsOfFile: root + "/_site/posts/trip/inner/index.html", encoding: .utf8)
        #expect(Self.images(inner) == [#"<img src="i.gif" alt="i" width="17" height="9" loading="lazy" />"#])
    }

    /// A changed image changes the page that shows it, and what shows that page's summary, whose
    /// first paragraph has the image with its size: the page is read again (its record holds the
    /// summary), the lists that show it (the home page, its section) and its neighbour's page (whose
    /// key holds its entry) are made again; the result is what a build without a cache makes.
    @Test func aChangedImageRebuildsItsPage() throws {
        let root = try Self.site()
        #expect(SiteBuild(site: root).run().succeeded)
        try Self.image("progressive.jpg").write(to: URL(fileURLWithPath: root + "/content/posts/trip/photo.jpg"))
        let report = SiteBuild(site: root).run()
        #expect(report.parsed == 1)
        #expect(report.written.sorted() == ["index.html", "posts/index.html", "posts/plain/index.html", "posts/trip/index.html", "posts/trip/photo.jpg"])
        #expect(try String(contentsOfFile: root + "/_site/posts/index.html", encoding: .utf8).contains(#"width="50" height="20""#))
        let trip = try String(contentsOfFile: root + "/_site/posts/trip/index.html", encoding: .utf8)
        #expect(trip.contains(#"alt="Sea" title="The sea" width="50" height="20" loading="lazy""#))
        #expect(FileTree.read(root + "/_site") == IncrementalBuildTests.fullBuild(root))
    }

    @Test func aBundleFileThatWouldReplaceAStaticFileIsAnError() throws {
        let root = try Self.site()
        try FileManager.default.createDirectory(atPath: root + "/static/posts/trip", withIntermediateDirectories: true)
        try "x".write(toFile: root + "/static/posts/trip/photo.jpg", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(!report.succeeded)
        let error = report.diagnostics.first { $0.severity == .error }
        #expect(error?.path == root + "/content/posts/trip/photo.jpg")
        #expect(error?.message == "would be published at /posts/trip/photo.jpg, as \(root)/static/posts/trip/photo.jpg is: rename one of them")
    }
}
