import SiteOutput
import Testing

/// Which page publishes each file of content/ that is not Markdown: a leaf bundle everything under
/// it but inner bundles; a branch bundle what is beside it and in folders below it holding no page.
@Suite struct ContentBundlesTests {
    static let files = [
        "_index.md", "favicon.png", "images/logo.png", "index.md",
        "gallery/_index.md", "gallery/cat.png", "gallery/images/dog.png", "gallery/2020/a.md", "gallery/2020/x.txt",
        "gallery/trip/index.md", "gallery/trip/photo.jpg", "gallery/trip/notes/b.md", "gallery/trip/notes/y.png",
        "gallery/trip/inner/index.md", "gallery/trip/inner/z.png",
        "posts/a.md", "posts/diagram.png", "docs/_index.md", "docs/sub/_index.md", "docs/sub/s.png",
    ]

    @Test(arguments: [
        // content/ with an _index.md: the home page's bundle, for what no other bundle has and no page's folder holds.
        ("favicon.png", ""), ("images/logo.png", ""),
        ("gallery/cat.png", "gallery"), ("gallery/images/dog.png", "gallery"),
        // A folder of pages between the branch and the file: no bundle's.
        ("gallery/2020/x.txt", nil), ("posts/diagram.png", nil),
        // A leaf takes what is under it, a page's folder too, but an inner bundle's.
        ("gallery/trip/photo.jpg", "gallery/trip"), ("gallery/trip/notes/y.png", "gallery/trip"), ("gallery/trip/inner/z.png", "gallery/trip/inner"),
        ("docs/sub/s.png", "docs/sub"),
    ] as [(String, String?)])
    func theNearestBundleOwnsAFile(file: String, owner: String?) {
        #expect(ContentBundles(files: Self.files, root: .branch).owner(of: file) == owner, "\(file)")
    }

    @Test func withoutAnIndexContentIsNoBundle() {
        let bundles = ContentBundles(files: ["index.md", "favicon.png", "gallery/_index.md", "gallery/cat.png"], root: nil)
        #expect(bundles.owner(of: "favicon.png") == nil)
        #expect(bundles.owner(of: "gallery/cat.png") == "gallery")
    }

    @Test func aLeafListedAloneOwnsItsFiles() {
        let bundles = ContentBundles(files: ["index.md", "photo.jpg", "notes/b.md", "notes/y.png", "inner/index.md", "inner/z.png"], root: .leaf)
        #expect(["photo.jpg", "notes/y.png", "inner/z.png"].map(bundles.owner(of:)) == ["", "", "inner"])
    }
}
