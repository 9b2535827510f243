import Foundation
import Testing
import RunwayTestSupport

/// `runway import hugo|zola|jekyll SOURCE NEW-SITE` (issue 38, point 4), on sites of our own in
/// the shape of each generator's: the new site builds with no errors, its pages are at the URLs
/// the original gives them (compared with what Debian's Hugo and Jekyll themselves publish: `make
/// deps` installs them), what has a Runway form is converted, the rest is in
/// the report at its file and line, and the source is never changed.
@Suite struct ImportCommandTests {
    /// Imports `files` as a `generator` site: the source, the new site, and the command's result.
    static func imported(_ generator: String, _ files: [String: String]) throws -> (source: String, site: String, result: RunwayProcess.Result) {
        let source = try ForeignSiteFixtures.write(files, name: generator)
        let site = source + "-runway"
        let before = FileTree.read(source)
        let result = try RunwayProcess.run(["import", generator, source, site])
        #expect(FileTree.read(source) == before, "the source is never changed")
        return (source, site, result)
    }

    /// The HTML pages of a built site, by URL (percent-decoded), with their text.
    static func pages(_ output: String) -> [String: String] {
        var pages: [String: String] = [:]
        for (file, data) in FileTree.read(output) where file.hasSuffix(".html") {
            let url = "/" + (file.hasSuffix("index.html") ? String(file.dropLast("index.html".count)) : file)
            pages[url] = String(data: data, encoding: .utf8) ?? ""
        }
        return pages
    }

    /// A tool the differential tests run, when it is on this machine.
    static func tool(_ name: String) -> String? {
        ["/usr/bin/" + name, "/usr/local/bin/" + name].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A Hugo site's render hooks are reported with the Runway hook that does their work.
    @Test func aHugoSitesRenderHooksAreReported() throws {
        let hooks = ["layouts/_default/_markup/render-link.html": "<a href=\"{{ .Destination }}\">{{ .Text }}</a>",
                     "layouts/_markup/render-codeblock-mermaid.html": "<pre class=\"mermaid\">{{ .Inner }}</pre>",
                     "layouts/_default/_markup/render-table.html": "<table></table>"]
        let (_, _, result) = try Self.imported("hugo", ForeignSiteFixtures.hugo.merging(hooks) { $1 })
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        for line in [
            "layouts/_default/_markup/render-link.html: Hugo's render hook for link (a Go template) is not imported: Runway's is templates/render/link.html, in Mustache",
            "layouts/_markup/render-codeblock-mermaid.html: Hugo's render hook for codeblock-mermaid (a Go template) is not imported: Runway's is templates/render/codeblock-mermaid.html",
            "layouts/_default/_markup/render-table.html: Hugo's render hook for table has no Runway counterpart",
        ] {
            #expect(result.stdout.contains(line), "\(line)\n\(result.stdout)")
        }
    }

    /// A figure whose caption holds links (Hugo renders the caption as Markdown): a component's
    /// text holds no link (CommonMark's links do not nest), so each becomes its text, and the
    /// report says where it led; the caption is not left with escaped brackets.
    @Test func aFiguresCaptionLinksBecomeTextAndAreReported() throws {
        let files = ["hugo.toml": "baseURL = \"https://example.org/\"\ntitle = \"T\"\n",
                     "content/art.md": "---\ntitle: Art\n---\n{{< figure src=\"/a.jpg\" alt=\"Purple\" caption=\"Photo by [Jr Korpa](https://unsplash.com/@jrkorpa) on [Unsplash](https://unsplash.com/)\" >}}\n"]
        let (_, site, result) = try Self.imported("hugo", files)
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        let page = try String(contentsOfFile: site + "/content/art.md", encoding: .utf8)
        #expect(page.contains("^[Photo by Jr Korpa on Unsplash](figure: {src: '/a.jpg', alt: 'Purple'})"), "\(page)")
        #expect(result.stdout.contains("content/art.md:4: {{< figure >}}'s caption links (Jr Korpa → https://unsplash.com/@jrkorpa, Unsplash → https://unsplash.com/) became their text"),
                "\(result.stdout)")
    }

    /// The Hugo site: its pages at Hugo's URLs (lower case, permalinks by section, slugs, bundles,
    /// languages by file name, a page's own url), its shortcodes converted or reported, its
    /// configuration carried into runway.toml.
    @Test func aHugoSiteIsImported() throws {
        let (_, site, result) = try Self.imported("hugo", ForeignSiteFixtures.hugo)
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        let report = result.stdout
        #expect(report.contains("Imported the hugo site"), "\(report)")
        #expect(report.contains("content/posts/first-light.md:22: the shortcode {{< notice >}} has no Runway form yet"), "\(report)")
        #expect(report.contains("  {{< youtube >}} ×1\n") && report.contains("  {{< figure >}} ×1\n") && report.contains("  {{< details >}} ×1\n"), "\(report)")
        #expect(report.contains("content/about.md: 'layout: \"about\"' names a Hugo template"))
        #expect(report.contains("layouts/: 6 files of templates"))
        #expect(FileManager.default.fileExists(atPath: site + "/import-report.txt"))
        let configuration = try String(contentsOfFile: site + "/runway.toml", encoding: .utf8)
        for line in ["title = \"Field Notes\"", "baseURL = \"https://example.org/blog/\"", "paginate = 3", "timezone = \"Europe/Paris\"",
                     "series = \"series\"", "unsafe = true", "tagline = \"Notes from the field\"",
                     "url = \"/about/\"", "url = \"/posts/\"", "[languages.fr]", "title = \"Notes de terrain\"", "tagline = \"Des notes\"",
                     "direction = \"rtl\""] {
            #expect(configuration.contains(line), "\(line)\n\(configuration)")
        }
        let post = try String(contentsOfFile: site + "/content/posts/first-light.md", encoding: .utf8)
        // Hugo's :slug is the title's when there is no slug, Runway's the file's: the page keeps Hugo's URL by its own.
        #expect(post.hasPrefix("---\nurl: \"/2024/03/first-light/\"\ntitle: \"First light\""), "\(post)")
        #expect(post.contains("^[The moon at dawn](figure: {src: '/images/moon.jpg', alt: 'The moon'})"), "\(post)")
        #expect(post.contains("```swift {linenos=table, hl_lines=\"2 3\"}\nlet moon = Moon()\nmoon.rise()\nmoon.set()\n```"))
        #expect(post.contains("^[YouTube video](youtube: {id: 'dQw4w9WgXcQ'})"), "\(post)")
        #expect(post.contains("[the trip](/posts/night-trip/index.md)"))
        #expect(post.contains("^[Hidden *text*.](details: {summary: 'More'})"), "\(post)")
        #expect(post.contains("```markdown\n{{< figure src=\"x.png\" >}}\n```"), "an escaped shortcode is its text")
        #expect(try String(contentsOfFile: site + "/content/about.md", encoding: .utf8).contains("Site by Ada."))

        let build = try RunwayProcess.run(["build", site])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("component"), "\(build.stderr)")
        let pages = Self.pages(site + "/_site")
        // Hugo's figure, youtube and details are the default theme's components.
        let light = pages["/2024/03/first-light/"] ?? ""
        #expect(light.contains(#"<figure class="rw-figure"><img src="/blog/images/moon.jpg" alt="The moon" loading="lazy"><figcaption>The moon at dawn</figcaption></figure>"#), "\(light)")
        #expect(light.contains(#"<figure class="rw-embed rw-embed--youtube"><div class="rw-embed-frame" data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;start=0">"#))
        #expect(light.contains(#"<details class="rw-details"><summary>More</summary><p>Hidden <em>text</em>.</p></details>"#))
        // A parenthesis in a value would end the span's attributes: it is written as an escape, and read back.
        #expect(post.contains(#"^[A clip: Ada's (first)](video: {src: '/media/clip\u00281\u0029.mp4'})"#), "\(post)")
        #expect(light.contains(#"<figure class="rw-media"><video controls preload="metadata" src="/blog/media/clip(1).mp4"></video><figcaption>A clip: Ada's (first)</figcaption></figure>"#),
                "\(light)")
        for url in ["/", "/about/", "/posts/", "/2024/03/first-light/", "/fr/2024/03/première-lumière/", "/2024/04/second-look-again/",
                    "/2024/05/night-trip/", "/docs/install-guide/", "/fixed-place/", "/fa/about/", "/fr/", "/fa/"] {
            #expect(pages[url] != nil, "\(url) in \(pages.keys.sorted())")
        }
        #expect(pages["/2024/01/draft-idea/"] == nil, "a draft stays one")
        #expect(FileManager.default.fileExists(atPath: site + "/_site/2024/05/night-trip/sky.png"), "a bundle's file is beside its page")
        #expect(FileManager.default.fileExists(atPath: site + "/_site/images/moon.jpg"))
        #expect(pages["/fa/about/"]?.contains("<html lang=\"fa\" dir=\"rtl\">") == true)
        #expect(pages["/2024/03/first-light/"]?.contains("<a class=\"tag\" href=\"/blog/series/winter/\" rel=\"tag\">Winter</a>") == true)
        // Each language's 404 page, as Hugo publishes them; the data files where templates read them.
        #expect(pages["/fr/404.html"]?.contains("<html lang=\"fr\"") == true && pages["/fa/404.html"] != nil)
        #expect(result.stdout.contains("data/: 1 data file copied to data/"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: site + "/data/authors/ada.yaml"))
    }

    /// A Hugo site of `files` built by Debian's Hugo and, imported, by Runway: the imported site
    /// and Hugo's output folder.
    static func builtByBoth(_ files: [String: String]) throws -> (site: String, hugoOutput: String) {
        let hugo = try #require(tool("hugo"), "Hugo is one of the Debian packages make deps installs")
        let (source, site, result) = try imported("hugo", files)
        #expect(result.status == 0, "\(result.stderr)")
        let hugoOutput = source + "-hugo"
        #expect(try run(hugo, ["--source", source, "--destination", hugoOutput, "--quiet"]) == 0)
        #expect(try RunwayProcess.run(["build", site]).status == 0)
        return (site, hugoOutput)
    }

    /// Hugo itself (Debian's, 0.111): every content page it publishes, the imported site
    /// publishes at the same URL.
    @Test func theImportedHugoSiteHasHugosURLs() throws {
        let (site, hugoOutput) = try Self.builtByBoth(ForeignSiteFixtures.hugo)
        let theirs = ForeignSiteFixtures.urls(under: hugoOutput, marked: "PAGE").map { $0.removingPercentEncoding ?? $0 }
        let ours = Set(Self.pages(site + "/_site").keys)
        #expect(theirs.count >= 8, "\(theirs)")
        #expect(Set(theirs).subtracting(ours).isEmpty, "Hugo's pages missing: \(Set(theirs).subtracting(ours).sorted())")
    }

    /// Hugo's lists count the sections inside a section among its items (PaperMod's example
    /// site had a `/posts/page/3/` that the imported site did not): every list page Hugo writes,
    /// the imported site writes too, with the same items in the same order.
    @Test func theImportedHugoListsHaveHugosItems() throws {
        let (site, hugoOutput) = try Self.builtByBoth(ForeignSiteFixtures.hugoSections)
        let ours = Self.pages(site + "/_site")
        var theirs: [String: [String]] = [:]
        for (url, text) in Self.pages(hugoOutput) where text.hasPrefix("LIST") {
            theirs[url] = text.split(separator: "\n").filter { $0.hasPrefix("ITEM ") }.map { String($0.dropFirst(5)) }
        }
        #expect(theirs["/posts/page/2/"] != nil && theirs["/posts/"]?.count == 3, "\(theirs)")
        // The sections' lists (an empty taxonomy's list is not one Runway writes).
        for (url, items) in theirs where url.hasPrefix("/posts/") {
            let page = try #require(ours[url], "Hugo's list \(url) is published")
            let list = page.components(separatedBy: "<ul class=\"list\">").dropFirst().first?.components(separatedBy: "</ul>").first ?? ""
            let shown = list.matches(of: /<li><a href="([^"]+)"/).map { String($0.1) }
            #expect(shown == items, "\(url): Hugo lists \(items), the imported site \(shown)")
        }
    }

    /// The Zola site: pages at Zola's URLs (slugs of file and folder names, dates out of names,
    /// `path`), its `[taxonomies]`, escaped shortcodes shown as their text, `@/` links read.
    @Test func aZolaSiteIsImported() throws {
        let (_, site, result) = try Self.imported("zola", ForeignSiteFixtures.zola)
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        #expect(result.stdout.contains("content/docs/getting-started.md:14: the shortcode {{ resize_image(…) }} has no Runway form yet"), "\(result.stdout)")
        #expect(result.stdout.contains("sass/: 1 files of Sass files"))
        let configuration = try String(contentsOfFile: site + "/runway.toml", encoding: .utf8)
        #expect(configuration.contains("theme-tag = \"theme-tags\"") && configuration.contains("[languages.de]") && configuration.contains("author = \"Vi\""))
        let page = try String(contentsOfFile: site + "/content/docs/getting-started.md", encoding: .utf8)
        #expect(page.contains("```jinja\n{{ resize_image(path=\"a.png\", width=100) }}\n```"), "\(page)")
        #expect(page.contains("^[YouTube video](youtube: {id: 'abc123'})"), "\(page)")
        #expect(!page.contains("template ="))
        let build = try RunwayProcess.run(["build", site])
        #expect(build.status == 0, "\(build.stderr)")
        let pages = Self.pages(site + "/_site")
        for url in ["/", "/docs/", "/docs/getting-started/", "/docs/overview/", "/de/docs/overview/", "/themes/", "/themes/belresume/",
                    "/themes/zola-386/", "/blog/big-news/", "/elsewhere/moved/", "/theme-tags/resume/"] {
            #expect(pages[url] != nil, "\(url) in \(pages.keys.sorted())")
        }
        #expect(pages["/docs/getting-started/"]?.contains("href=\"/docs/overview/#install\"") == true)
        // Headings keep Zola's ids where Runway's would differ (its slugs make _ and ' dashes),
        // so links within and into the page still lead to them; code is left alone.
        let overview = try String(contentsOfFile: site + "/content/docs/overview.md", encoding: .utf8)
        #expect(overview.contains("## get_image_metadata {#get-image-metadata}\n\n## What's new? {#what-s-new}\n\n## What's new? {#what-s-new-1}"), "\(overview)")
        #expect(overview.contains("## Install\n") && overview.contains("## In_code\n"))
        #expect(!build.stderr.contains("overview.md"), "no broken links: \(build.stderr)")
        #expect(pages["/docs/overview/"]?.contains(#"<h2 id="get-image-metadata">get_image_metadata<a"#) == true)
        #expect(result.stdout.contains("Zola's heading ids"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: site + "/_site/themes/belresume/screenshot.png"))
    }

    /// A page whose name is one letter (`x.md`, `_docs/y.md`): the folder of its path was asked
    /// of Foundation, which stops the process on a path of one character.
    @Test func aPageOfOneLetterIsImported() throws {
        let (_, site, result) = try Self.imported("jekyll", [
            "_config.yml": "title: J\ncollections:\n  docs:\n    output: true\n",
            "x.md": "---\ntitle: X\n---\nSee [y]({% link _docs/y.md %}).\n",
            // A note alone on its page: it was counted converted and written as it was.
            "_docs/y.md": "---\ntitle: Y\n---\n{: .note}\nY.\n",
            // Liquid kept from running, in code and out: the code's braces as they are.
            "z.md": "---\ntitle: Z\n---\n{% raw %}\n```liquid\n{% if a %}{{ b }}{% endif %}\n```\n\nWrite `{{ c }}` or {{ d }}.\n{% endraw %}\n",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: site + "/content/docs/y.md", encoding: .utf8).hasSuffix("---\n> [!NOTE]\n> Y.\n"))
        #expect(try String(contentsOfFile: site + "/content/z.md", encoding: .utf8)
            .contains("```liquid\n{% if a %}{{ b }}{% endif %}\n```\n\nWrite `{{ c }}` or &#123;{ d }}."))
        #expect(try String(contentsOfFile: site + "/content/x.md", encoding: .utf8).contains("[y](/docs/y.md)"))
        #expect(try RunwayProcess.run(["build", site]).status == 0)
    }

    /// What the import refuses, saying where and why, writing nothing: a destination with files
    /// in it, one inside the source, a source that is not a folder, a configuration that is not
    /// YAML; an unknown generator is a usage error.
    @Test func whatTheImportRefuses() throws {
        let source = try ForeignSiteFixtures.write(ForeignSiteFixtures.hugo, name: "hugo")
        let full = try ForeignSiteFixtures.write(["keep.txt": "mine\n"], name: "full")
        let refused = try RunwayProcess.run(["import", "hugo", source, full])
        #expect(refused.status == 1 && refused.stderr.contains("\(full): error: already holds files"), "\(refused.stderr)")
        #expect(FileTree.read(full).keys.sorted() == ["keep.txt"])
        let inside = try RunwayProcess.run(["import", "hugo", source, source + "/new"])
        #expect(inside.status == 1 && inside.stderr.contains("is inside the site it imports"), "\(inside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: source + "/new"))
        let missing = try RunwayProcess.run(["import", "zola", source + "-nowhere", source + "-out"])
        #expect(missing.status == 1 && missing.stderr.contains("error: no such folder"))
        let broken = try ForeignSiteFixtures.write(["_config.yml": "title: [unclosed\n", "_posts/2024-01-01-a.md": "---\ntitle: A\n---\nA.\n"], name: "broken")
        let bad = try RunwayProcess.run(["import", "jekyll", broken, broken + "-out"])
        #expect(bad.status == 1 && bad.stderr.contains("\(broken)/_config.yml:1:"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: broken + "-out"), "nothing is written")
        let usage = try RunwayProcess.run(["import", "gatsby", source, source + "-x"])
        #expect(usage.status == 2 && usage.stderr.contains("'gatsby' is not a generator runway import reads: hugo, zola or jekyll"), "\(usage.stderr)")
    }

    /// A link in the source that leads out of it is not followed: nothing outside the source is
    /// copied into the new site.
    @Test func linksOutOfTheSourceAreNotFollowed() throws {
        let source = try ForeignSiteFixtures.write(ForeignSiteFixtures.zola, name: "zola")
        let secret = try ForeignSiteFixtures.write(["token.txt": "secret\n"], name: "secret")
        try FileManager.default.createSymbolicLink(atPath: source + "/static/token.txt", withDestinationPath: secret + "/token.txt")
        try FileManager.default.createSymbolicLink(atPath: source + "/static/inside.svg", withDestinationPath: source + "/static/logo.svg")
        let site = source + "-runway"
        let result = try RunwayProcess.run(["import", "zola", source, site])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/static/token.txt"))
        let copied = try FileManager.default.attributesOfItem(atPath: site + "/static/inside.svg")
        #expect(copied[.type] as? FileAttributeType == .typeRegular, "a link inside the source is copied as the file it leads to")
    }
}
