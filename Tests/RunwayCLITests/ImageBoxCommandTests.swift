import Foundation
import ImageProcessing
import Testing

/// Issue 42, point 1: a theme's templates ask for any image in a box of their own
/// (`resize_250`, `fit_400x400`, `fill_300x200`), in each format of `[images]`, never larger than
/// the original; the copies are cached and published as the pages' own are.
@Suite struct ImageBoxCommandTests {
    static let configuration = """
        [images]
        widths = [480]
        formats = ["webp", "jpeg"]
        [components.card]
        [components.card.parameters]
        src = { type = "string", required = true }

        """

    /// `card`'s template: the image in four boxes, each an `<img>` of its copy with a `<picture>`
    /// for the first, and the source as it is when it has no copies.
    static let card = """
        {{#fill_300x200(params.src)}}<picture>{{#sources}}<source type="{{type}}" srcset="{{src}}">{{/sources}}<img class="fill" src="{{src}}" width="{{width}}" height="{{height}}" alt=""></picture>{{/fill_300x200(params.src)}}\
        {{^fill_300x200(params.src)}}<img class="as-is" src="{{params.src}}" alt="">{{/fill_300x200(params.src)}}
        {{#fit_400x400(params.src)}}<img class="fit" src="{{src}}" width="{{width}}" height="{{height}}" alt="">{{/fit_400x400(params.src)}}
        {{#resize_250(params.src)}}<img class="resize" src="{{src}}" width="{{width}}" height="{{height}}" alt="">{{/resize_250(params.src)}}
        {{#fill_4000x1000(params.src)}}<img class="wide" src="{{src}}" width="{{width}}" height="{{height}}" alt="">{{/fill_4000x1000(params.src)}}

        """

    static let page = "---\ntitle: Trip\n---\n^[](card: {src: 'photo.jpg'})\n\n^[](card: {src: '/img/wide.png'})\n\n^[](card: {src: 'https://example.org/a.jpg'})\n"

    /// A site whose bundle has a 1200 × 900 JPEG and whose `static/` a 2000 × 1000 PNG, with `card`.
    static func site(card: String = ImageBoxCommandTests.card) throws -> TestSite {
        let site = try TestSite(["templates/page.html": "{{{page.content}}}", "templates/components/card.html": card, "content/trip/index.md": page],
                                configuration: configuration)
        try ImageCommandTests.photograph(width: 1200, height: 900, format: .jpeg, at: site.root + "/content/trip/photo.jpg")
        try FileManager.default.createDirectory(atPath: site.root + "/static/img", withIntermediateDirectories: true)
        try ImageCommandTests.photograph(width: 2000, height: 1000, format: .png, at: site.root + "/static/img/wide.png")
        return site
    }

    /// Each `<img>` and `<source>` of `html` with a class: its class, URL, and written size.
    static func images(in html: String) -> [(kind: String, url: String, width: Int, height: Int)] {
        let pattern = #/<img class="([a-z-]+)" src="([^"]+)"(?: width="(\d+)" height="(\d+)")?/#
        return html.matches(of: pattern).map { match in
            (String(match.1), String(match.2), match.3.flatMap { Int($0) } ?? 0, match.4.flatMap { Int($0) } ?? 0)
        }
    }

    @Test func aComponentGetsItsImageInEachBox() throws {
        let site = try Self.site()
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let html = try #require(site.read("_site/trip/index.html"))
        let images = Self.images(in: html)
        // Two site images in four boxes, and the one from elsewhere as it is.
        #expect(images.map(\.kind) == ["fill", "fit", "resize", "wide", "fill", "fit", "resize", "wide", "as-is"], "\(html)")
        #expect(images.last?.url == "https://example.org/a.jpg")
        let sizes = images.dropLast().map { "\($0.kind) \($0.width)x\($0.height)" }
        // 1200 × 900: filled to 300 × 200; inside 400 × 400; 250 wide; 4000 × 1000 made smaller
        // to the widest box of its shape the photo covers (1200 × 300). 2000 × 1000 likewise.
        #expect(Array(sizes.prefix(2)) == ["fill 300x200", "fit 400x300"] && sizes[3] == "wide 1200x300", "\(sizes)")
        #expect(sizes[2].hasPrefix("resize 250x") && Array(sizes.suffix(3)) == ["fit 400x200", "resize 250x125", "wide 2000x500"], "\(sizes)")
        // Each `<img>` is the copy in the last format, JPEG, of the size it says.
        for image in images.dropLast() {
            let file = site.root + "/_site" + (image.url.hasPrefix("/") ? image.url : "/trip/" + image.url)
            let header = try ImageProcessor.header(of: file)
            #expect(header.format == .jpeg && header.width == image.width && header.height == image.height, "\(image.url)")
        }
        #expect(html.contains(#"<picture><source type="image/webp" srcset="photo-fill-300x200-q80."#), "\(html)")
        #expect(html.contains(#"<picture><source type="image/webp" srcset="/img/wide-fill-300x200-q80."#), "\(html)")
        let webp = try #require(html.firstMatch(of: #/srcset="(photo-fill-300x200-q80\.[0-9a-f]{16}\.webp)"/#)?.1)
        #expect(try ImageProcessor.header(of: site.root + "/_site/trip/" + webp).format == .webp)
        // Originals stay where they are.
        #expect(site.exists("_site/trip/photo.jpg") && site.exists("_site/img/wide.png"))
    }

    @Test func aChangedBoxRebuildsItsPagesAndEqualsACleanBuild() throws {
        let site = try Self.site()
        #expect(try site.runway("build", site.root).status == 0)
        let cache = site.root + "/.runway-cache/images"
        let made = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        #expect(made.count == 16, "2 images × 4 boxes × 2 formats: \(made)")
        // Built again with nothing changed: no copy is made, nothing written.
        let again = try site.runway("build", site.root)
        #expect(again.status == 0 && again.stdout.contains("wrote 0 files"), "\(again.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).sorted() == made)
        // The box changed in the component: the page is rebuilt with new copies, the old ones gone.
        try site.write(Self.card.replacingOccurrences(of: "fill_300x200", with: "fill_320x240"), to: "templates/components/card.html")
        let changed = try site.runway("build", site.root)
        #expect(changed.status == 0 && changed.stderr.isEmpty, "\(changed.stderr)")
        let html = try #require(site.read("_site/trip/index.html"))
        #expect(Self.images(in: html).first.map { "\($0.width)x\($0.height)" } == "320x240", "\(html)")
        let output = try FileManager.default.contentsOfDirectory(atPath: site.root + "/_site/trip")
        #expect(!output.contains { $0.contains("fill-300x200") } && output.contains { $0.contains("fill-320x240") }, "\(output)")
        try ImageCommandTests.expectEqualToACleanBuild(site, configuration: Self.configuration)
    }

    @Test func aBoxThatIsNotOneIsALocatedError() throws {
        for (name, message) in [("fill_300", "'fill_300' is not an image box: write resize_WIDTH, fit_WIDTHxHEIGHT or fill_WIDTHxHEIGHT"),
                                ("fit_0x10", "'fit_0x10' is not an image box"), ("resize_20000", "'resize_20000' is not an image box"),
                                ("fil_10x10", "unknown transform 'fil_10x10'")] {
            let site = try Self.site(card: "<p>\n{{#\(name)(params.src)}}{{src}}{{/\(name)(params.src)}}</p>\n")
            let build = try site.runway("build", site.root)
            #expect(build.status == 1, "\(name)")
            #expect(build.stderr.contains(site.root + "/templates/components/card.html:2:1: error: template error: " + message), "\(build.stderr)")
            #expect(!site.exists("_site/trip/index.html"))
        }
    }

    @Test func anImageTransformOnNoFrontMatterKeyIsAWarning() throws {
        let site = try Self.site()
        try site.write("{{#fill_300x200(page.image)}}<img src=\"{{src}}\">{{/fill_300x200(page.image)}}\n{{{page.content}}}", to: "templates/page.html")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0)
        #expect(build.stderr.contains(site.root + "/templates/page.html:1:1: warning: 'fill_300x200' in a page's or a list's template gives the "
                                      + "copies of an image its front matter names (page.params.NAME), or in a component's or a render hook's "
                                      + "any image: 'page.image' is neither, so it is always empty"), "\(build.stderr)")
        #expect(try site.runway("build", "--strict", site.root).status == 1)
    }
}

/// Issue 42, point 1: a page's and a list's templates get the copies of the images their front
/// matter names (`cover: photo.jpg`, `fill_600x400(page.params.cover)`), made as the page is read.
@Suite struct FrontMatterImageCommandTests {
    static let template = """
        {{#fill_200x100(page.params.cover)}}<img class="fill" src="{{src}}" width="{{width}}" height="{{height}}" alt="">{{/fill_200x100(page.params.cover)}}\
        {{^fill_200x100(page.params.cover)}}<img class="as-is" src="{{page.params.cover}}" alt="">{{/fill_200x100(page.params.cover)}}
        {{#page.params}}{{#image(cover)}}<img class="copies" src="{{src}}" width="{{width}}" height="{{height}}" srcset="{{srcset}}" alt="">{{/image(cover)}}{{/page.params}}
        {{{page.content}}}
        """

    static let configuration = "[images]\nwidths = [480]\nformats = [\"webp\"]\n"

    /// A page whose bundle has its cover, a page with a cover from elsewhere, one without, and a
    /// section whose `_index.md` has its own.
    static func site() throws -> TestSite {
        let site = try TestSite([
            "templates/page.html": template, "templates/list.html": template,
            "content/trip/index.md": "---\ntitle: Trip\ncover: photo.jpg\n---\nThe trip.\n",
            "content/far.md": "---\ntitle: Far\ncover: https://example.org/a.jpg\n---\nFar.\n",
            "content/plain.md": "---\ntitle: Plain\n---\nPlain.\n",
            "content/gallery/_index.md": "---\ntitle: Gallery\ncover: /img/wide.png\n---\nThe gallery.\n",
        ], configuration: configuration)
        try ImageCommandTests.photograph(width: 1200, height: 900, format: .jpeg, at: site.root + "/content/trip/photo.jpg")
        try FileManager.default.createDirectory(atPath: site.root + "/static/img", withIntermediateDirectories: true)
        try ImageCommandTests.photograph(width: 2000, height: 1000, format: .png, at: site.root + "/static/img/wide.png")
        return site
    }

    @Test func aPagesAndAListsTemplatesGetTheirCoversCopies() throws {
        let site = try Self.site()
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let trip = try #require(site.read("_site/trip/index.html"))
        let images = ImageBoxCommandTests.images(in: trip)
        #expect(images.map(\.kind) == ["fill", "copies"], "\(trip)")
        // From the site's root, as a list's pages 2, 3… need them.
        #expect(images.first.map { "\($0.width)x\($0.height)" } == "200x100" && images.last.map { "\($0.url) \($0.width)x\($0.height)" } == "/trip/photo.jpg 1200x900")
        let fill = try ImageProcessor.header(of: site.root + "/_site" + images[0].url)
        #expect(images[0].url.hasPrefix("/trip/photo-fill-200x100-q80.") && fill.format == .webp && fill.width == 200 && fill.height == 100, "\(images[0].url)")
        let copy = try #require(trip.firstMatch(of: #/srcset="(/trip/photo-480w-q80\.[0-9a-f]{16}\.webp) 480w"/#)?.1)
        #expect(try ImageProcessor.header(of: site.root + "/_site" + copy).width == 480)
        // The section's list, from its _index.md's cover in static/.
        let gallery = try #require(site.read("_site/gallery/index.html"))
        let listed = ImageBoxCommandTests.images(in: gallery)
        #expect(listed.map(\.kind) == ["fill", "copies"] && listed[0].url.hasPrefix("/img/wide-fill-200x100-q80."), "\(gallery)")
        #expect(try ImageProcessor.header(of: site.root + "/_site" + listed[0].url).height == 100)
        // No copies: the cover as it is, or nothing.
        #expect(ImageBoxCommandTests.images(in: try #require(site.read("_site/far/index.html"))).map(\.url) == ["https://example.org/a.jpg"])
        let plain = try #require(site.read("_site/plain/index.html"))
        #expect(plain.contains(#"<img class="as-is" src="" alt="">"#) && !plain.contains("fill") && !plain.contains("copies"), "\(plain)")
    }

    @Test func aCoverThatCannotBeDecodedIsAWarningAtItsKey() throws {
        let site = try Self.site()
        try site.write("not a photograph", to: "content/trip/photo.jpg")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0)
        #expect(build.stderr.contains(site.root + "/content/trip/index.md:3:1: warning: the image photo.jpg cannot be read"), "\(build.stderr)")
        #expect(ImageBoxCommandTests.images(in: try #require(site.read("_site/trip/index.html"))).map(\.kind) == ["as-is"])
    }

    @Test func aChangedCoverOrBoxEqualsACleanBuild() throws {
        let site = try Self.site()
        #expect(try site.runway("build", site.root).status == 0)
        let again = try site.runway("build", site.root)
        #expect(again.status == 0 && again.stdout.contains("parsed 0, wrote 0 files"), "\(again.stdout)")
        // A new photograph under the old name: new copies, the old ones gone.
        let before = try FileManager.default.contentsOfDirectory(atPath: site.root + "/_site/trip").filter { $0.contains("-q80.") }
        try ImageCommandTests.photograph(width: 900, height: 900, format: .jpeg, at: site.root + "/content/trip/photo.jpg", seed: 5)
        #expect(try site.runway("build", site.root).status == 0)
        let after = try FileManager.default.contentsOfDirectory(atPath: site.root + "/_site/trip").filter { $0.contains("-q80.") }
        #expect(after.count == 2 && Set(after).isDisjoint(with: before), "\(before) \(after)")
        #expect(try #require(site.read("_site/trip/index.html")).contains(#"width="900" height="900""#))
        try ImageCommandTests.expectEqualToACleanBuild(site, configuration: Self.configuration)
        // Another box in the template.
        try site.write(Self.template.replacingOccurrences(of: "fill_200x100", with: "fit_300x300"), to: "templates/page.html")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(ImageBoxCommandTests.images(in: try #require(site.read("_site/trip/index.html"))).first.map { "\($0.width)x\($0.height)" } == "300x300")
        try ImageCommandTests.expectEqualToACleanBuild(site, configuration: Self.configuration)
    }

    @Test func aListsPagesTwoAndOnGetCopiesFromTheSitesRoot() throws {
        let site = try TestSite([
            "templates/page.html": Self.template, "templates/list.html": Self.template,
            "content/gallery/_index.md": "---\ntitle: Gallery\ncover: cat.png\n---\nThe gallery.\n",
            "content/gallery/a.md": "# A\n", "content/gallery/b.md": "# B\n",
        ], configuration: "paginate = 1\n" + Self.configuration)
        try ImageCommandTests.photograph(width: 800, height: 600, format: .png, at: site.root + "/content/gallery/cat.png")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        for page in ["_site/gallery/index.html", "_site/gallery/page/2/index.html"] {
            let images = ImageBoxCommandTests.images(in: try #require(site.read(page), "\(page)"))
            #expect(images.map(\.kind) == ["fill", "copies"] && images.last?.url == "/gallery/cat.png", "\(page): \(images)")
            #expect(images.first.map { $0.url.hasPrefix("/gallery/cat-fill-200x100-q80.") && site.exists("_site" + $0.url) } == true, "\(page)")
        }
    }

    @Test func aMissingCoverIsAWarningAndAddingItEqualsACleanBuild() throws {
        let site = try Self.site()
        try FileManager.default.removeItem(atPath: site.root + "/content/trip/photo.jpg")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0)
        #expect(build.stderr.contains(site.root + "/content/trip/index.md:3:1: warning: the image photo.jpg that 'cover' names is not a file of the site"),
                "\(build.stderr)")
        try ImageCommandTests.photograph(width: 1200, height: 900, format: .jpeg, at: site.root + "/content/trip/photo.jpg")
        let again = try site.runway("build", site.root)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(ImageBoxCommandTests.images(in: try #require(site.read("_site/trip/index.html"))).map(\.kind) == ["fill", "copies"])
        try ImageCommandTests.expectEqualToACleanBuild(site, configuration: Self.configuration)
    }

    /// `items` and `pages` of a list's and a home's template, each page's cover in a box.
    static let itemsTemplate = """
        {{#items}}<li>{{title}} {{#fill_200x100(params.cover)}}<img class="fill" src="{{src}}" width="{{width}}" height="{{height}}" alt="">{{/fill_200x100(params.cover)}}\
        {{^fill_200x100(params.cover)}}<img class="as-is" src="{{params.cover}}" alt="">{{/fill_200x100(params.cover)}}</li>
        {{/items}}
        """

    @Test func aListsItemsShowTheirPagesCoversAndAChangedCoverEqualsACleanBuild() throws {
        let site = try TestSite([
            "templates/page.html": "{{{page.content}}}", "templates/list.html": Self.itemsTemplate,
            "templates/home.html": Self.itemsTemplate.replacingOccurrences(of: "items}}", with: "pages}}"),
            "content/posts/_index.md": "---\ntitle: Posts\n---\n",
            "content/posts/trip/index.md": "---\ntitle: Trip\ndate: 2026-01-03\ncover: photo.jpg\n---\nThe trip.\n",
            "content/posts/far.md": "---\ntitle: Far\ndate: 2026-01-02\ncover: https://example.org/a.jpg\n---\nFar.\n",
            "content/posts/plain.md": "---\ntitle: Plain\ndate: 2026-01-01\n---\nPlain.\n",
        ], configuration: "paginate = 2\n" + Self.configuration)
        try ImageCommandTests.photograph(width: 1200, height: 900, format: .jpeg, at: site.root + "/content/posts/trip/photo.jpg")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        // The list, its page 2 and the home: the trip's copy from the site's root, the far cover as written.
        var shown: [String] = []
        for page in ["_site/posts/index.html", "_site/posts/page/2/index.html", "_site/index.html"] {
            let images = ImageBoxCommandTests.images(in: try #require(site.read(page), "\(page)"))
            shown += images.map(\.url)
            #expect(images.allSatisfy { $0.kind == "as-is" || ($0.width == 200 && $0.height == 100) }, "\(page): \(images)")
        }
        #expect(shown.count == 4 && shown.filter { $0 == "https://example.org/a.jpg" }.count == 2, "\(shown)")
        // A page without a cover: nothing (the pattern above takes no empty URL).
        #expect(try #require(site.read("_site/posts/page/2/index.html")).contains(#"<li>Plain <img class="as-is" src="" alt=""></li>"#))
        let copy = try #require(shown.first { $0.hasPrefix("/posts/trip/photo-fill-200x100-q80.") })
        #expect(shown.filter { $0 == copy }.count == 2)
        let header = try ImageProcessor.header(of: site.root + "/_site" + copy)
        #expect(header.format == .webp && header.width == 200 && header.height == 100)
        // Another photograph: the lists show its copy, as a clean build does.
        try ImageCommandTests.photograph(width: 900, height: 900, format: .jpeg, at: site.root + "/content/posts/trip/photo.jpg", seed: 5)
        #expect(try site.runway("build", site.root).status == 0)
        let list = try #require(site.read("_site/posts/index.html"))
        #expect(!list.contains(copy) && list.contains("/posts/trip/photo-fill-200x100-q80."), "\(list)")
        try ImageCommandTests.expectEqualToACleanBuild(site, configuration: "paginate = 2\n" + Self.configuration)
    }
}
