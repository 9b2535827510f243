import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Issue 12, part 4: no input crashes Runway, hangs it or makes it write ill-formed files. Before
/// (3dbdd66): a template including itself overflowed the stack, a cache file with a huge length
/// trapped on every later build, a 600-byte YAML alias bomb took over 20 s and gigabytes, a
/// control character made the feeds ill-formed XML, and a byte-order mark hid the front matter.
@Suite struct HostileInputCommandTests {
    @Test(.timeLimit(.minutes(10)), arguments: [
        (["templates/page.html": "{{>page.html}}\n"],
         "templates/page.html:1:1: error: template error: partials make a cycle: page.html → page.html; a template cannot include itself"),
        (["templates/page.html": "{{<b.html}}{{/b.html}}\n", "templates/b.html": "x\n  {{<page.html}}{{/page.html}}\n"],
         "templates/page.html:1:1: error: template error: partials make a cycle: b.html → page.html → b.html; a template cannot include itself"),
        (["templates/page.html": "{{<page.html}}{{/page.html}}\n"],
         "templates/page.html:1:1: error: template error: partials make a cycle: page.html → page.html; a template cannot include itself"),
    ])
    func aTemplateThatNeverEndsIsALocatedError(_ templates: [String: String], _ expected: String) throws {
        let site = try TestSite(templates.merging(["content/a.md": "# A\n"]) { $1 })
        let result = try site.runway("build", site.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains(site.root + "/" + expected), "\(result.stderr)")
        #expect(!site.exists("_site"))
    }

    /// A pipe table whose rows cmark-gfm would all pad to its header's width (2,000 columns, 2,000
    /// one-word rows: 12 KB) is an error at its delimiter row, found before cmark-gfm sees it.
    /// Before, it took 1.9 GB, and one of 60 KB was killed for want of memory. A large table of
    /// sensible shape, in a quote too, renders.
    @Test(.timeLimit(.minutes(10))) func aTableTooLargeForMemoryIsAnError() throws {
        let columns = 2000
        let huge = "|" + Array(repeating: "h", count: columns).joined(separator: "|") + "|\n|"
            + Array(repeating: "-", count: columns).joined(separator: "|") + "|\n" + String(repeating: "x\n", count: columns)
        let file = try RunwayProcess.file(Data(("Intro.\n\n" + huge).utf8))
        let render = try RunwayProcess.run(["render", file, "--fragment"])
        #expect(render.status == 1 && render.stdout.isEmpty)
        #expect(render.stderr == "\(file):4:1: error: a table of 2000 columns and more than 250 rows is too large (at most 500000 cells): split it into smaller tables\n")
        let site = try TestSite(["content/t.md": "> |a|b|\n> |:-|-:|\n" + String(repeating: "> |1|2|\n", count: 3000),
                                 "content/huge.md": "# Huge\n\n" + huge])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1 && check.stderr.hasPrefix("\(site.root)/content/huge.md:4:1: error: a table of 2000 columns"), "\(check.stderr)")
        try FileManager.default.removeItem(atPath: site.root + "/content/huge.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/t/index.html")?.components(separatedBy: "<td align=\"right\">2</td>").count == 3001)
    }

    /// Any unreadable cache means one full build, never a crash; the cache is written anew. (The
    /// cache of 3dbdd66 was of format 2: its length fields overflowed.)
    @Test(arguments: [2, 3].flatMap { format in
        ["99999999999999999999999\n{}", "9223372036854775807\n{}", "9223372036854775806\n{}", "-5\n{}", "2\n{}"].map { "runway-cache \(format)\n" + $0 }
    } + ["garbage", ""])
    func aBrokenCacheMeansAFullBuild(_ cache: String) throws {
        let site = try TestSite(["content/a.md": "# A\n"])
        try site.write(cache, to: ".runway-cache/_site.json")
        let first = try site.runway("build", site.root)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("parsed 1"))
        let again = try site.runway("build", site.root)
        #expect(again.stdout.contains("parsed 0, wrote 0 files"), "the cache works again: \(again.stdout)")
    }

    /// Nine aliases of nine aliases … expand to millions of values: an error at once.
    @Test(.timeLimit(.minutes(10))) func aYAMLAliasBombIsRefused() throws {
        var yaml = "a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n"
        for (name, previous) in zip("bcdefghi", "abcdefgh") {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        let site = try TestSite(["content/bomb.md": "---\n" + yaml + "---\n# Bomb\n"])
        let started = ContinuousClock.now
        let result = try site.runway("build", site.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(site.root)/content/bomb.md:2:1: error: front matter holds more than 100000 values once its aliases"),
                "\(result.stderr)")
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    /// A control character in a title or summary: the feeds stay well-formed XML.
    @Test func feedsStayWellFormed() throws {
        let site = try TestSite(["content/posts/a.md": "---\ntitle: \"Bell \\a and form feed \\f\"\ndate: 2026-01-02\nsummary: \"Escape \\e here\"\n---\nx\n"])
        let result = try site.runway("build", site.root)
        #expect(result.status == 0, "\(result.stderr)")
        for feed in ["index.xml", "atom.xml", "sitemap.xml"] {
            let parser = XMLParser(data: Data((site.read("_site/" + feed) ?? "").utf8))
            #expect(parser.parse(), "\(feed): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        #expect(site.read("_site/index.xml")?.contains("<title>Bell \u{FFFD} and form feed \u{FFFD}</title>") == true)
    }

    /// A UTF-8 byte-order mark before `---` (some editors write one) is not part of the text.
    @Test func aByteOrderMarkBeforeFrontMatter() throws {
        let site = try TestSite(["content/a.md": "\u{FEFF}---\ntitle: Marked\n---\nBody.\n"])
        try site.write("\u{FEFF}title = \"Marked site\"\n", to: "runway.toml")
        let result = try site.runway("build", site.root)
        #expect(result.status == 0, "\(result.stderr)")
        let page = site.read("_site/a/index.html") ?? ""
        #expect(page.contains("<title>Marked · Marked site</title>"), "\(page)")
        #expect(!page.contains("title: Marked"))
    }

    /// A template or a theme.toml that is not UTF-8 (a bad byte, a binary file) is an error at the
    /// byte's line and column, as content and runway.toml are (it was at no line); a byte-order
    /// mark before a template is not part of the page.
    @Test(arguments: [
        ("templates/partials/menu.html", [0x3C, 0x70, 0x3E, 0x0A, 0x61, 0x62, 0xFF, 0x0A] as [UInt8], "2:3: error: is not valid UTF-8 (bad byte sequence)"),
        ("templates/partials/menu.html", [0x6F, 0x6B, 0x00], "1:3: error: contains a NUL byte: this looks like a binary file, not a template"),
        ("themes/mine/theme.toml", Array("name = \"mine\"\n# \u{E9}".utf8) + [0xE9, 0x0A], "2:5: error: is not valid UTF-8 (bad byte sequence)"),
        // runway.toml and string tables are TOML, not Markdown as a NUL byte's message said.
        ("runway.toml", Array("theme = \"mine\"\ntitle = \"a".utf8) + [0x00, 0x22, 0x0A], "2:11: error: contains a NUL byte: this looks like a binary file, not TOML"),
        ("i18n/en.toml", Array("more = \"M".utf8) + [0x00, 0x22, 0x0A], "1:10: error: contains a NUL byte: this looks like a binary file, not TOML"),
    ])
    func aFileThatIsNotUTF8IsAnErrorAtItsByte(file: String, bytes: [UInt8], expected: String) throws {
        let site = try TestSite(["content/a.md": "A.\n"], configuration: "theme = \"mine\"\n")
        try site.write("name = \"mine\"\n", to: "themes/mine/theme.toml")
        try site.write("", to: file)
        try Data(bytes).write(to: URL(fileURLWithPath: site.root + "/" + file))
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(site.root)/\(file):\(expected)"), "\(command): \(result.stderr)")
        }
        #expect(!site.exists("_site"))
    }

    @Test func aByteOrderMarkBeforeATemplateIsLeftOut() throws {
        let site = try TestSite(["content/a.md": "A.\n", "templates/page.html": "\u{FEFF}<p>{{page.title}}</p>\n"])
        let result = try site.runway("build", site.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(site.read("_site/a/index.html") == "<p>A</p>\n")
    }

    /// A dotted key thousands of tables deep (`a.a.a… = 1`, which toml++ does not bound as it
    /// bounds arrays) is an error at its line, in front matter and in runway.toml: it overflowed
    /// the stack (a segfault) when the build cached the page's values or read [params].
    @Test(.timeLimit(.minutes(10))) func aDottedKeyTooDeepIsAnError() throws {
        let key = Array(repeating: "a", count: 30_000).joined(separator: ".")
        let page = try TestSite(["content/d.md": "+++\ntitle = \"t\"\n\(key) = 1\n+++\nb\n"])
        let configuration = try TestSite(["content/a.md": "A.\n"], configuration: "[params]\n\(key) = 1\n")
        for (site, expected) in [(page, "content/d.md:3:1: error: invalid TOML: tables and arrays nest deeper than 256 levels here"),
                                 (configuration, "runway.toml:4:1: error: invalid TOML: tables and arrays nest deeper than 256 levels here")] {
            for command in ["check", "build"] {
                let result = try site.runway(command, site.root)
                #expect(result.status == 1 && result.stderr.contains(site.root + "/" + expected), "\(command): \(result.stderr)")
            }
        }
        // 256 levels are read as before.
        let fine = try TestSite(["content/d.md": "+++\n" + Array(repeating: "a", count: 256).joined(separator: ".") + " = 1\n+++\nb\n"])
        #expect(try fine.runway("build", fine.root).status == 0)
    }

    /// A FIFO where Runway's cache files or runway.toml belong blocks nothing: a cache file is read
    /// as missing, runway.toml is an error. The build waited in open() for a writer, deaf to Ctrl-C.
    @Test(.timeLimit(.minutes(10))) func aFIFOWhereAFileBelongsDoesNotBlock() throws {
        let site = try TestSite(["content/a.md": "A.\n"])
        #expect(try site.runway("build", site.root).status == 0)
        let built = site.tree("_site")
        for name in ["_site.json", "_site.manifest", "_site.journal"] {
            let path = site.root + "/.runway-cache/" + name
            try? FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o644) == 0)
            // The build ends: with the cache read as missing, or, without a manifest to say what
            // Runway wrote, refusing to replace the output (as when the manifest is deleted).
            let result = try site.runway("build", site.root)
            #expect(result.status == 0 || result.stderr.contains("\(site.root)/_site: error: "), "\(name): \(result.stderr)")
            #expect(site.tree("_site") == built, "\(name)")
            try? FileManager.default.removeItem(atPath: path)
        }
        // (Without its manifest, the old output is no longer Runway's to replace.)
        try FileManager.default.removeItem(atPath: site.root + "/_site")
        try FileManager.default.removeItem(atPath: site.root + "/runway.toml")
        #expect(mkfifo(site.root + "/runway.toml", 0o644) == 0)
        let result = try site.runway("build", site.root)
        #expect(result.status == 1 && result.stderr.contains("\(site.root)/runway.toml: error: is not a regular file"), "\(result.stderr)")
    }

    /// A manifest that cannot be read is an error at its line, saying what it is and the ways out;
    /// the output stays as it was. It was reported as an output Runway had no record of.
    @Test func aManifestThatCannotBeReadIsAnErrorAtItsLine() throws {
        let site = try TestSite(["content/a.md": "A.\n", "content/b.md": "B.\n"])
        #expect(try site.runway("build", site.root).status == 0)
        let built = site.tree("_site")
        let manifest = site.root + "/.runway-cache/_site.manifest"
        var lines = try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 4 && lines[0] == "runway-manifest 1")
        lines[3] = "f zz"
        try lines.joined(separator: "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let refused = try site.runway("build", site.root)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(manifest + ":4:1: error: Runway's record of what it wrote into " + site.root + "/_site cannot be read "
                                        + "(it has a line Runway cannot read)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("if the folder holds only an old output, remove it yourself and build again"))
        #expect(site.tree("_site") == built)
        // Cut short (no last newline): said at its last line.
        try "runway-manifest 1\nfolder /x".write(toFile: manifest, atomically: true, encoding: .utf8)
        let cut = try site.runway("build", site.root)
        #expect(cut.status == 1 && cut.stderr.contains(manifest + ":2:1: error: Runway's record") && cut.stderr.contains("(it is cut short)"), "\(cut.stderr)")
        // The way out it names works, and the next build is an ordinary one.
        try FileManager.default.removeItem(atPath: site.root + "/_site")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.tree("_site") == built)
        let again = try site.runway("build", site.root)
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// A `layout` that names no template is an error at the key, for build and check; a build
    /// writes nothing.
    @Test func aLayoutThatIsNotThereIsAnErrorAtItsKey() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\nlayout: other.html\n---\nA.\n", "content/b.md": "B.\n"])
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(site.root + "/content/a.md:3:1: error: 'layout' names no template: there is no other.html"),
                    "\(command): \(result.stderr)")
        }
        #expect(!site.exists("_site"))
    }
}
