import Foundation
import Testing

/// `[assets] fingerprint = true` (issue 43, point 4): stylesheets under names that hold a hash of
/// their text, with their integrity, and `_headers` that lets browsers keep them; `serve` (the
/// development environment) keeps plain names, so that its stylesheet swap goes on working.
@Suite struct FingerprintCommandTests {
    static let files = [
        "content/a.md": "---\ntitle: A\n---\nSome ^[danger](customColor: 'danger').\n",
        "content/b.md": "---\ntitle: B\ntheme: menlo\n---\nB.\n",
    ]

    /// The stylesheet a page links to, with its integrity.
    static func link(_ html: String?) -> (href: String, integrity: String)? {
        guard let html, let match = html.firstMatch(of: /<link rel="stylesheet" href="([^"]+)"(?: integrity="([^"]+)")?>/) else { return nil }
        return (String(match.output.1), match.output.2.map(String.init) ?? "")
    }

    @Test func fingerprintedStylesheetsCarryTheirHashAndIntegrity() throws {
        let site = try TestSite(Self.files, configuration: "[assets]\nfingerprint = true\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let a = try #require(Self.link(site.read("_site/a/index.html")))
        #expect(a.href.wholeMatch(of: /\/theme\.[0-9a-f]{8}\.css/) != nil, "\(a.href)")
        #expect(!site.exists("_site/theme.css"))
        // The integrity is SHA-384 of the file, as a browser checks it.
        let css = try #require(FileManager.default.contents(atPath: site.root + "/_site" + a.href))
        let digest = try Self.sha384(css)
        #expect(a.integrity == "sha384-" + digest)
        let b = try #require(Self.link(site.read("_site/b/index.html")))
        #expect(b.href.wholeMatch(of: /\/themes\/menlo\.[0-9a-f]{8}\.css/) != nil && b.integrity.hasPrefix("sha384-"))
        #expect(site.read("_site/_headers") == "\(a.href)\n  Cache-Control: public, max-age=31536000, immutable\n\(b.href)\n  Cache-Control: public, max-age=31536000, immutable\n")
        // Another stylesheet (another theme for the site): another name, every page linking to it,
        // the old file gone; the same as a clean build.
        let times = "theme = \"times\"\n[assets]\nfingerprint = true\n"
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/\"\n" + times, to: "runway.toml")
        #expect(try site.runway("build", site.root).status == 0)
        let changed = try #require(Self.link(site.read("_site/a/index.html")))
        #expect(changed.href != a.href && !site.exists("_site" + a.href) && site.exists("_site" + changed.href), "\(changed.href)")
        #expect(Self.link(site.read("_site/b/index.html"))?.href == b.href, "b's own theme's stylesheet is as it was")
        let clean = try TestSite(Self.files, configuration: times)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
        // Under the development environment (serve, watch), plain names and no integrity.
        #expect(try site.runway("build", site.root, "--environment", "development").status == 0)
        #expect(Self.link(site.read("_site/a/index.html"))?.href == "/theme.css" && Self.link(site.read("_site/a/index.html"))?.integrity == "")
        #expect(!site.exists("_site/_headers"))
    }

    /// `{{asset("js/app.js")}}` and `{{integrity("js/app.js")}}` (issue 43, point 4): a static file
    /// a template names, published under a name that holds a hash of its bytes beside its own, with
    /// its integrity and in `_headers`; a changed file gets another name on every page (as a clean
    /// build gives it); plain under development; a file the site does not have is an error at the tag.
    @Test func anAssetATemplateNamesIsFingerprintedWithItsIntegrity() throws {
        let head = "<script src=\"{{asset(\"js/app.js\")}}\" integrity=\"{{integrity(\"/js/app.js\")}}\"></script>\n"
        let files = Self.files.merging(["static/js/app.js": "console.log(1)\n", "templates/partials/head.html": head]) { $1 }
        let site = try TestSite(files, configuration: "[assets]\nfingerprint = true\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        func script(_ page: String) -> (src: String, integrity: String)? {
            guard let html = site.read(page), let match = html.firstMatch(of: /<script src="([^"]+)" integrity="([^"]*)"><\/script>/) else { return nil }
            return (String(match.output.1), String(match.output.2))
        }
        let a = try #require(script("_site/a/index.html"))
        #expect(a.src.wholeMatch(of: /\/js\/app\.[0-9a-f]{8}\.js/) != nil, "\(a.src)")
        #expect(site.read("_site" + a.src) == "console.log(1)\n" && site.read("_site/js/app.js") == "console.log(1)\n")
        #expect(a.integrity == "sha384-" + (try Self.sha384(Data("console.log(1)\n".utf8))))
        #expect(script("_site/b/index.html")?.src == a.src)
        #expect(site.read("_site/_headers")?.contains("\(a.src)\n  Cache-Control: public, max-age=31536000, immutable\n") == true)
        // The file changes: another name on every page, the old copy gone, as a clean build makes it.
        try site.write("console.log(2)\n", to: "static/js/app.js")
        #expect(try site.runway("build", site.root).status == 0)
        let changed = try #require(script("_site/a/index.html"))
        #expect(changed.src != a.src && !site.exists("_site" + a.src) && script("_site/b/index.html")?.src == changed.src)
        let clean = try TestSite(files.merging(["static/js/app.js": "console.log(2)\n"]) { $1 }, configuration: "[assets]\nfingerprint = true\n")
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
        // Under development: its own name, no integrity.
        #expect(try site.runway("build", site.root, "--environment", "development").status == 0)
        #expect(script("_site/a/index.html").map { [$0.src, $0.integrity] } == ["/js/app.js", ""])
        // A file the site does not have.
        try site.write("{{asset(\"js/nope.js\")}}\n", to: "templates/partials/head.html")
        let missing = try site.runway("build", site.root)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("templates/partials/head.html:1:1: error: template error: asset(\"js/nope.js\"): there is no static file js/nope.js"),
                "\(missing.stderr)")
    }

    @Test func withoutTheSettingNamesArePlain() throws {
        let site = try TestSite(Self.files)
        #expect(try site.runway("build", site.root).status == 0)
        #expect(Self.link(site.read("_site/a/index.html"))?.href == "/theme.css" && !site.exists("_site/_headers"))
    }

    /// SHA-384 of `data`, base64, as `openssl dgst -sha384 -binary | base64` gives it.
    static func sha384(_ data: Data) throws -> String {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("runway-sri-\(UUID().uuidString)")
        try data.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import base64,hashlib,sys; print(base64.b64encode(hashlib.sha384(open(sys.argv[1],'rb').read()).digest()).decode())", input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
