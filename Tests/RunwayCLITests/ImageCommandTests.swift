import Foundation
import ImageProcessing
import Testing
import RunwayTestSupport

/// Issue 42, point 1: with `[images]`, every raster image a page shows gets smaller copies (libvips)
/// at the asked widths and formats, never wider than the original, and the page a `<picture>`
/// (or `srcset` with one format). Copies are cached by content; a rebuild where no image changed
/// makes none; an image that cannot be decoded is a located warning and is published as it is.
@Suite struct ImageCommandTests {
    static let page = """
        ---
        title: Trip
        ---
        The lake:

        ![The lake](photo.jpg "At dawn")

        ![A wide one](/img/wide.png)

        """

    /// A site whose page bundle has a 1200 × 900 JPEG, with a 2000 × 1000 PNG in `static/`.
    static func site(_ configuration: String, page: String = ImageCommandTests.page) throws -> TestSite {
        let site = try TestSite(["templates/page.html": "{{{page.content}}}", "content/trip/index.md": page], configuration: configuration)
        try Self.photograph(width: 1200, height: 900, format: .jpeg, at: site.root + "/content/trip/photo.jpg")
        try FileManager.default.createDirectory(atPath: site.root + "/static/img", withIntermediateDirectories: true)
        try Self.photograph(width: 2000, height: 1000, format: .png, at: site.root + "/static/img/wide.png")
        return site
    }

    /// A gradient of `width` × `height` written as a PPM by hand, then in `format` by libvips.
    static func photograph(width: Int, height: Int, format: ImageVariantRequest.Format, at path: String, seed: Int = 0) throws {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width { bytes += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x * y + seed) % 251)] }
        }
        let ppm = path + ".ppm"
        try Data(bytes).write(to: URL(fileURLWithPath: ppm))
        try ImageProcessor.write(ImageVariantRequest(width: width, format: format, quality: 90), of: ppm, to: path)
        try FileManager.default.removeItem(atPath: ppm)
    }

    /// The `srcset` candidates of each `<source>` (or of the `<img>`) in `html`, by MIME type.
    static func sourceSets(in html: String) -> [(type: String?, candidates: [(url: String, width: Int)])] {
        let pattern = try! NSRegularExpression(pattern: #"<(source|img) (?:type="([^"]+)" )?(?:src="[^"]*" )?srcset="([^"]+)" sizes="([^"]+)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let type = Range(match.range(at: 2), in: html).map { String(html[$0]) }
            let set = String(html[Range(match.range(at: 3), in: html)!])
            let candidates = set.components(separatedBy: ", ").map { candidate in
                let parts = candidate.split(separator: " ")
                return (String(parts[0]), Int(parts[1].dropLast())!)
            }
            return (type, candidates)
        }
    }

    @Test func aPageShowsItsImagesCopiesInAPicture() throws {
        // Listed WebP first, offered AVIF first: a browser takes the first source it can show.
        let site = try Self.site("[images]\nwidths = [480, 960, 1600]\nformats = [\"webp\", \"avif\"]\nquality = 70\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        let html = try #require(site.read("_site/trip/index.html"))
        // The original stays the <img>, with its size, alt, title and lazy loading, inside <picture>.
        #expect(html.contains(#"<img src="photo.jpg" alt="The lake" title="At dawn" width="1200" height="900" loading="lazy" /></picture></p>"#), "\(html)")
        #expect(html.contains(#"<img src="/img/wide.png" alt="A wide one" width="2000" height="1000" loading="lazy" /></picture></p>"#), "\(html)")
        #expect(html.components(separatedBy: "<picture><source type=\"image/avif\"").count == 3, "\(html)")
        #expect(html.contains(#" sizes="(min-width: 1200px) 1200px, 100vw" />"#) && html.contains(#" sizes="(min-width: 2000px) 2000px, 100vw" />"#))
        let sets = Self.sourceSets(in: html)
        #expect(sets.map(\.type) == ["image/avif", "image/webp", "image/avif", "image/webp"], "\(html)")
        // Never wider than the original: the 1200-pixel photo's widest copy is its own width.
        #expect(sets.map { $0.candidates.map(\.width) } == [[480, 960, 1200], [480, 960, 1200], [480, 960, 1600], [480, 960, 1600]])
        // Each copy is in the output where its URL leads, in its format, as wide as its descriptor says.
        for set in sets {
            for candidate in set.candidates {
                let file = candidate.url.hasPrefix("/") ? "_site" + candidate.url : "_site/trip/" + candidate.url
                let header = try ImageProcessor.header(of: site.root + "/" + file)
                #expect(header.width == candidate.width, "\(file)")
                #expect(header.format == (set.type == "image/avif" ? .heif : .webp), "\(file)")
                #expect(candidate.url.contains("-\(candidate.width)w-q70."))
            }
        }
        let wide = try ImageProcessor.header(of: site.root + "/" + "_site" + sets[2].candidates[0].url)
        #expect((wide.width, wide.height) == (480, 240), "the proportions are kept")
        // The originals are published as they are.
        #expect(FileManager.default.contents(atPath: site.root + "/_site/trip/photo.jpg") == FileManager.default.contents(atPath: site.root + "/content/trip/photo.jpg"))
        #expect(FileManager.default.contents(atPath: site.root + "/_site/img/wide.png") == FileManager.default.contents(atPath: site.root + "/static/img/wide.png"))
    }

    @Test func oneFormatIsASourceSetOnTheImage() throws {
        let site = try Self.site("[images]\nwidths = [600]\n")
        #expect(try site.runway("build", site.root).status == 0)
        let html = try #require(site.read("_site/trip/index.html"))
        #expect(!html.contains("<picture>"))
        let sets = Self.sourceSets(in: html)
        #expect(sets.count == 2 && sets.allSatisfy { $0.type == nil && $0.candidates.count == 1 && $0.candidates[0].width == 600 }, "\(html)")
        #expect(html.contains(#"<img src="photo.jpg" srcset="photo-600w-q80."#) && html.contains(#".webp 600w" sizes="(min-width: 1200px) 1200px, 100vw" alt="The lake""#), "\(html)")
    }

    /// A truncated JPEG, a PNG named `.jpg`, and words named `.png`: each a warning where the page
    /// shows it, published as it is, with a plain `<img>`; under `--strict`, the build fails.
    @Test func anImageThatCannotBeDecodedIsALocatedWarning() throws {
        let page = Self.page + "\n![Half](half.jpg)\n\n![Not a JPEG](fake.jpg)\n\n![Words](notes.png)\n\n![Huge](huge.png)\n"
        let site = try Self.site("[images]\nwidths = [480]\n", page: page)
        let photo = try #require(FileManager.default.contents(atPath: site.root + "/content/trip/photo.jpg"))
        try photo.prefix(photo.count / 3).write(to: URL(fileURLWithPath: site.root + "/content/trip/half.jpg"))
        try FileManager.default.copyItem(atPath: site.root + "/static/img/wide.png", toPath: site.root + "/content/trip/fake.jpg")
        try site.write("a note, not a picture\n", to: "content/trip/notes.png")
        try Self.enormousPNG().write(to: URL(fileURLWithPath: site.root + "/content/trip/huge.png"))
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let file = site.root + "/content/trip/index.md"
        #expect(build.stderr.contains("\(file):10:3: warning: the image half.jpg cannot be decoded (VipsJpeg: "), "\(build.stderr)")
        #expect(build.stderr.contains("\(file):12:3: warning: the image fake.jpg is a PNG image, not what its name's .jpg says: it is published as it is, without smaller copies"),
                "\(build.stderr)")
        #expect(build.stderr.contains("\(file):14:3: warning: the image notes.png cannot be read ("), "\(build.stderr)")
        #expect(build.stderr.contains("\(file):16:3: warning: the image huge.png is 30000 × 30000 pixels, more than a build decodes (178 megapixels)"),
                "\(build.stderr)")
        #expect(build.stderr.components(separatedBy: "warning:").count == 5, "\(build.stderr)")
        let html = try #require(site.read("_site/trip/index.html"))
        // Its header is whole (only decoding finds the missing pixels): it keeps its size.
        #expect(html.contains(#"<p><img src="half.jpg" alt="Half" width="1200" height="900" loading="lazy" /></p>"#), "\(html)")
        #expect(html.contains(#"<p><img src="fake.jpg" alt="Not a JPEG""#) && !html.contains(#"fake-480w"#))
        #expect(site.exists("_site/trip/half.jpg") && site.exists("_site/trip/fake.jpg") && site.exists("_site/trip/notes.png"))
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: site.root + "/.runway-cache/images")) ?? []
        #expect(cached.allSatisfy { !$0.hasPrefix(".partial") }, "no half-written copy is left in the cache: \(cached)")
        let strict = try site.runway("build", site.root, "--strict")
        #expect(strict.status == 1, "\(strict.stderr)")
        #expect(strict.stderr.contains("\(file):10:3: error: the image half.jpg cannot be decoded"), "\(strict.stderr)")
    }

    /// A PNG whose header says 30000 × 30000 pixels (900 megapixels), with no pixels after it.
    static func enormousPNG() -> Data {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body + withUnsafeBytes(of: crc.bigEndian, Array.init)
        }
        let side = withUnsafeBytes(of: UInt32(30000).bigEndian, Array.init)
        // A little of the first row, as a stored (uncompressed) zlib stream: libvips reads the header up to the data.
        let row = [UInt8](repeating: 0, count: 16)
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in row { (a, b) = ((a + UInt32(byte)) % 65521, (b + (a + UInt32(byte)) % 65521) % 65521) }
        let stored = [0x78, 0x01, 0x01, UInt8(row.count), 0, ~UInt8(row.count), 0xFF] + row + withUnsafeBytes(of: (b << 16 | a).bigEndian, Array.init)
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", side + side + [8, 2, 0, 0, 0]) + chunk("IDAT", stored)
                    + chunk("IEND", []))
    }

    /// A rebuild where no image changed makes no copy; a changed image gets copies of new names and
    /// its old ones leave the output; each incremental build equals a clean build of the same site.
    @Test func copiesAreMadeOnceAndIncrementalBuildsEqualCleanOnes() throws {
        let configuration = "[images]\nwidths = [320, 640]\nformats = [\"webp\", \"jpeg\"]\n"
        let site = try Self.site(configuration)
        #expect(try site.runway("build", site.root).status == 0)
        let cache = site.root + "/.runway-cache/images"
        let made = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        #expect(made.count == 8, "2 images × 2 widths × 2 formats: \(made)")
        let times = try made.map { try FileManager.default.attributesOfItem(atPath: cache + "/" + $0)[.modificationDate] as? Date }
        try site.write(Self.page + "\nA new paragraph.\n", to: "content/trip/index.md")
        let again = try site.runway("build", site.root)
        #expect(again.status == 0 && again.stdout.contains("wrote 1 file"), "only the page: \(again.stdout)")
        #expect(try made.map { try FileManager.default.attributesOfItem(atPath: cache + "/" + $0)[.modificationDate] as? Date } == times,
                "no copy was made again")
        try Self.expectEqualToACleanBuild(site, configuration: configuration)
        // A new photo under the old name: new copies, the old ones gone from the output.
        let before = try #require(site.read("_site/trip/index.html"))
        try Self.photograph(width: 1000, height: 1000, format: .jpeg, at: site.root + "/content/trip/photo.jpg", seed: 7)
        let changed = try site.runway("build", site.root)
        #expect(changed.status == 0, "\(changed.stderr)")
        let after = try #require(site.read("_site/trip/index.html"))
        #expect(after != before && after.contains(#"width="1000" height="1000""#))
        let oldNames = Self.sourceSets(in: before)[0].candidates.map(\.url)
        #expect(oldNames.allSatisfy { !site.exists("_site/trip/" + $0) }, "\(oldNames)")
        #expect(Self.sourceSets(in: after)[0].candidates.allSatisfy { site.exists("_site/trip/" + $0.url) })
        try Self.expectEqualToACleanBuild(site, configuration: configuration)
        // The cache emptied by hand: the copies are made again, and the output is whole.
        try FileManager.default.removeItem(atPath: cache)
        try site.write(Self.page + "\nAnother paragraph.\n", to: "content/trip/index.md")
        #expect(try site.runway("build", site.root).status == 0)
        try Self.expectEqualToACleanBuild(site, configuration: configuration)
    }

    /// The site's output equals, byte for byte, that of a clean build of a copy of its sources.
    static func expectEqualToACleanBuild(_ site: TestSite, configuration: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let clean = try TestSite(configuration: configuration)
        for folder in ["content", "static", "templates"] where FileManager.default.fileExists(atPath: site.root + "/" + folder) {
            try? FileManager.default.removeItem(atPath: clean.root + "/" + folder)
            try FileManager.default.copyItem(atPath: site.root + "/" + folder, toPath: clean.root + "/" + folder)
        }
        #expect(try clean.runway("build", clean.root).status == 0, sourceLocation: sourceLocation)
        let (incremental, fresh) = (FileTree.read(site.root + "/_site"), FileTree.read(clean.root + "/_site"))
        #expect(!fresh.isEmpty && incremental.keys.sorted() == fresh.keys.sorted(), sourceLocation: sourceLocation)
        #expect(incremental == fresh, "incremental and clean outputs differ", sourceLocation: sourceLocation)
    }

    @Test func badSettingsAreLocatedErrors() throws {
        let site = try Self.site("[images]\nwidths = [480, \"wide\"]\nformats = [\"webp\", \"tiff\"]\nquality = 0\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 1)
        let file = site.root + "/runway.toml"
        #expect(build.stderr.contains("\(file):4:1: error: 'widths' in [images] must be a list of widths in pixels"), "\(build.stderr)")
        #expect(build.stderr.contains("\(file):5:1: error: 'formats' in [images] must be a list of formats among \"avif\", \"webp\", \"jpeg\", \"png\""),
                "\(build.stderr)")
        #expect(build.stderr.contains("\(file):6:1: error: 'quality' in [images] must be a whole number from 1 to 100"), "\(build.stderr)")
        #expect(!site.exists("_site"))
    }

    /// Without raster images, a site with `[images]` is written byte for byte as one without.
    @Test func withoutImagesTheSettingChangesNothing() throws {
        let files = ["templates/page.html": "{{{page.content}}}", "content/a.md": "---\ntitle: A\n---\nWords, and a drawing: ![A drawing](/d.svg)\n",
                     "static/d.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"]
        let (without, with) = (try TestSite(files), try TestSite(files, configuration: "[images]\n"))
        #expect(try without.runway("build", without.root).status == 0)
        #expect(try with.runway("build", with.root).status == 0)
        #expect(!without.tree("_site").isEmpty && without.tree("_site") == with.tree("_site"))
    }

    /// In Chromium, a `<picture>` of WebP and JPEG copies loads a WebP copy, not the original: the
    /// image's `currentSrc` is one, decoded at its width. Waits on the image's load event.
    @Test(.timeLimit(.minutes(5))) func aBrowserLoadsTheWebPCopy() throws {
        let site = try Self.site("[images]\nwidths = [480, 960]\nformats = [\"webp\", \"jpeg\"]\n")
        #expect(try site.runway("build", site.root).status == 0)
        let server = try LiveReloadBrowserTests.Server.staticFiles(site.root + "/_site")
        defer { _ = server.stop() }
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open(server.url.appendingPathComponent("trip/"))
        let loaded = try #require(try browser.executeAsync("""
            const done = arguments[arguments.length - 1];
            const image = document.querySelector('picture img');
            const answer = () => done([image.currentSrc, image.naturalWidth, image.closest('picture') ? 1 : 0]);
            if (image.complete && image.naturalWidth > 0) answer();
            else { image.addEventListener('load', answer); image.addEventListener('error', () => done(['error', 0, 0])); }
            """) as? [Any])
        let source = try #require(loaded[0] as? String), width = try #require(loaded[1] as? Int)
        #expect(source.hasSuffix(".webp") && source.contains("/trip/photo-"), "the WebP copy, not photo.jpg: \(source)")
        // The window is 1200 pixels wide, as the photo: the widest copy is chosen, and decoded
        // (its natural width is the slot's, the copy's 960 pixels at their density of 0.8).
        #expect(source.contains("-960w-") && width == 1200, "\(loaded)")
    }

    /// The default theme's `figure` component asks for its image's copies with the `image`
    /// transform: a `<picture>` of them in the figure, the copies published with the page's.
    @Test func theFigureComponentIsResponsive() throws {
        let page = "---\ntitle: Trip\n---\n^[The lake at dawn](figure: {src: 'photo.jpg', alt: 'A lake', credit: 'Ana'})\n\n"
            + "Inline: ^[](figure: {src: '/img/wide.png'}) and one from elsewhere ^[](figure: {src: 'https://example.org/a.jpg'}).\n"
        let site = try TestSite(["content/trip/index.md": page], configuration: "theme = \"default\"\n[images]\nwidths = [480, 960]\nformats = [\"avif\", \"webp\"]\n")
        try Self.photograph(width: 1200, height: 900, format: .jpeg, at: site.root + "/content/trip/photo.jpg")
        try FileManager.default.createDirectory(atPath: site.root + "/static/img", withIntermediateDirectories: true)
        try Self.photograph(width: 2000, height: 1000, format: .png, at: site.root + "/static/img/wide.png")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        let html = try #require(site.read("_site/trip/index.html"))
        let figure = try #require(html.range(of: #"<figure class="rw-figure"><picture><source type="image/avif" srcset="photo-480w-q80."#),
                                  "\(html)")
        let rest = String(html[figure.lowerBound...])
        #expect(rest.contains(#".webp 960w" sizes="(min-width: 1200px) 1200px, 100vw"><img src="photo.jpg" width="1200" height="900" alt="A lake" loading="lazy"></picture><figcaption>The lake at dawn <span class="rw-credit">Ana</span></figcaption></figure>"#),
                "\(rest)")
        #expect(html.contains(#"<img class="rw-figure" src="/img/wide.png" width="2000" height="1000" alt="" loading="lazy"></picture>"#), "\(html)")
        #expect(html.contains(#"<img class="rw-figure" src="https://example.org/a.jpg" alt="" loading="lazy">"#), "an image from elsewhere has no copies")
        for set in Self.sourceSets(in: html.replacingOccurrences(of: "\">", with: "\" />")) {
            for candidate in set.candidates {
                let file = candidate.url.hasPrefix("/") ? "_site" + candidate.url : "_site/trip/" + candidate.url
                #expect(try ImageProcessor.header(of: site.root + "/" + file).width == candidate.width, "\(file)")
            }
        }
        #expect(Self.sourceSets(in: html.replacingOccurrences(of: "\">", with: "\" />")).count == 4, "\(html)")
    }
}
