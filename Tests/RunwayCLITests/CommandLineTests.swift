import RunwayText
import Foundation
import MarkdownParsing
import Testing

/// The `runway` command as a user runs it: output, exit status and diagnostics.
@Suite struct CommandLineTests {
    /// A file that is a pipe (`runway render <(…)`, `/dev/stdin`) is read to its end: before, it was
    /// "cannot be read (permission denied?)".
    @Test func aPipeIsReadToItsEnd() throws {
        let result = try RunwayProcess.run(["render", "/dev/stdin", "--fragment"], input: Data("# From a pipe\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "<h1>From a pipe</h1>\n")
    }

    @Test func versionAndHelp() throws {
        let version = try RunwayProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        for command in [[], ["render"], ["runs"]] {
            let help = try RunwayProcess.run(command + ["--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: runway"))
        }
    }

    /// The command allocates with mimalloc: the dynamic linker binds every library's `malloc` and
    /// `free` (glibc's own, the Swift runtime's, Foundation's) to it, not to glibc's.
    @Test func theCommandAllocatesWithMimalloc() throws {
        let result = try RunwayProcess.run(["--version"], environment: ["LD_DEBUG": "bindings"])
        #expect(result.status == 0)
        // "binding file /…/libswiftCore.so [0] to /…/libmimalloc.so.2 [0]: normal symbol `malloc' [GLIBC_2.2.5]"
        // mimalloc's own calls to glibc (it hands back to glibc's `free` what glibc allocated, which
        // happens only now and then, as threads come and go) are not another library's.
        let bindings = result.stderr.split(separator: "\n").filter { $0.contains("symbol `malloc'") || $0.contains("symbol `free'") }
            .filter { !($0.split(separator: " to ").first ?? "").contains("libmimalloc") }
        let targets = bindings.map { $0.split(separator: " to ").last?.split(separator: " ").first ?? "" }
        #expect(bindings.contains { $0.contains("libswiftCore.so") })
        #expect(!targets.isEmpty && targets.allSatisfy { $0.hasSuffix("/libmimalloc.so.2") },
                "\(bindings.filter { !$0.contains("libmimalloc.so.2 [0]: normal") }.prefix(5))")
    }

    @Test func renderFragmentIsTheBodyHTML() throws {
        let result = try RunwayProcess.run(["render", "--fragment", "-"], input: Data("# Hi *there*\n\n- [x] done\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "<h1>Hi <em>there</em></h1>\n<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n</ul>\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func renderWithoutFragmentPrintsAStandaloneDocument() throws {
        let path = try RunwayProcess.file(Data("No heading, <b>raw</b>.\n".utf8), name: "my-notes.md")
        let result = try RunwayProcess.run(["render", path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains("<title>my-notes</title>"))
        #expect(result.stdout.contains("<p>No heading, <!-- raw HTML omitted -->raw<!-- raw HTML omitted -->.</p>"))
        let unsafe = try RunwayProcess.run(["render", "--unsafe", "--fragment", path])
        #expect(unsafe.stdout == "<p>No heading, <b>raw</b>.</p>\n")
    }

    /// The README's example, through `runs --json`, read back as the JSON contract.
    @Test func runsJSONShowsFourRunsWithTheirIntents() throws {
        let result = try RunwayProcess.run(["runs", "--json", "-"], input: Data("This is **Bold text** and this is _italic_".utf8))
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.map { $0["text"] as? String } == ["This is ", "Bold text", " and this is ", "italic"])
        let attributes = runs.map { $0["attributes"] as? [String: Any] ?? [:] }
        #expect(attributes.map { $0["inlinePresentationIntent"] as? Int } == [nil, 2, nil, 1])
        let paragraph = try #require((attributes[0]["presentationIntent"] as? [[String: Any]])?.first)
        #expect(paragraph["kind"] as? String == "paragraph")
        #expect(paragraph["identity"] as? Int == 1)
        #expect(runs[0]["sourceRange"] as? String == "1:1-1:9")
    }

    @Test func runsListingIsOneLineARun() throws {
        let result = try RunwayProcess.run(["runs", "-"], input: Data("a [b](https://x.y)\n".utf8))
        #expect(result.stdout == """
            1:1-1:3  "a "  paragraph#1
            1:4-1:5  "b"  paragraph#1 > link#1  link=https://x.y

            """)
        // Custom values as JSON text, a callout's kind beside its quote (as --json has them).
        let values = try RunwayProcess.run(["runs", "-"], input: Data("^[x](customColor: 'danger', n: 3, o: {a: [1]})\n".utf8))
        #expect(values.stdout == "1:3-1:4  \"x\"  paragraph#1 > attributes#1  customColor=\"danger\"  n=3  o={\"a\":[1]}\n", "\(values.stdout)")
        let callout = try RunwayProcess.run(["runs", "--theme", "default", "-"], input: Data("> [!NOTE]\n> Read.\n".utf8))
        #expect(callout.stdout.hasPrefix(#"2:3-2:8  "Read."  blockQuote(note)#1 > paragraph#2  "#), "\(callout.stdout)")
    }

    @Test(arguments: [
        (["render", "/no/such/file.md"], "/no/such/file.md: error: no such file"),
        (["runs", "/tmp"], "/tmp: error: is a directory, not a Markdown file"),
        // A folder that is no site is not served or watched (serve kept serving 404s for ever).
        (["serve", "/no/such/site", "--port", "0"], "/no/such/site/runway.toml: error: no runway.toml here: this is not a Runway site (make one with runway new <dir>)"),
        (["watch", "/no/such/site"], "/no/such/site/runway.toml: error: no runway.toml here: this is not a Runway site (make one with runway new <dir>)"),
    ])
    func unreadableInputIsADiagnostic(arguments: [String], message: String) throws {
        let result = try RunwayProcess.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func invalidUTF8AndBinaryBytesAreLocated() throws {
        let invalid = try RunwayProcess.file(Data("line one\nab\u{e9}".utf8.dropLast(1) + [0xC3, 0x28]))
        let result = try RunwayProcess.run(["render", invalid])
        #expect(result.status == 1)
        #expect(result.stderr == "\(invalid):2:3: error: is not valid UTF-8 (bad byte sequence)\n")
        let binary = try RunwayProcess.file(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]))
        let png = try RunwayProcess.run(["runs", "--json", binary])
        #expect(png.status == 1)
        // "\x89PNG\r\n" "\x1A\n" then NUL: line 3, column 1.
        #expect(png.stderr.hasPrefix("\(binary):3:1: error: contains a NUL byte"))
    }

    @Test(arguments: [["render"], ["render", "a.md", "--bogus"], ["frobnicate"], ["runs", "a", "b"]])
    func usageErrorsExitWithStatusTwo(arguments: [String]) throws {
        let result = try RunwayProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Usage: runway") || result.stderr.contains("USAGE: runway"))
    }

    /// A 50 MB file renders completely (no crash, no truncation).
    @Test func aFiftyMegabyteFileRenders() throws {
        let paragraph = "Some *emphasis*, `code` and a [link](https://example.com) in a long line of text.\n\n"
        let count = 50_000_000 / paragraph.utf8.count + 1
        let path = try RunwayProcess.file(Data(String(repeating: paragraph, count: count).utf8))
        let result = try RunwayProcess.run(["render", "--fragment", path])
        #expect(result.status == 0)
        let expected = "<p>Some <em>emphasis</em>, <code>code</code> and a <a href=\"https://example.com\">link</a> in a long line of text.</p>\n"
        #expect(result.stdout.utf8.count == expected.utf8.count * count)
        #expect(result.stdout.hasSuffix(expected))
    }
}

/// `runway new` and `runway check` on the bundled site template.
@Suite struct SiteCommandTests {
    @Test func newSiteFromTheTemplateChecksClean() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-new-\(UUID().uuidString)").path
        let created = try RunwayProcess.run(["new", folder])
        #expect(created.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/runway.toml"))
        #expect(FileManager.default.fileExists(atPath: folder + "/content/attributes.md"))
        let check = try RunwayProcess.run(["check", folder])
        #expect(check.status == 0)
        #expect(check.stderr.hasPrefix("checked 10 pages: 0 errors, 0 warnings"))

        let again = try RunwayProcess.run(["new", folder])
        #expect(again.status == 1)
        #expect(again.stderr == "\(folder): error: already exists and is not an empty folder; choose a new one\n")
    }

    @Test func checkWarnsAndStrictMakesWarningsErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-check-\(UUID().uuidString)").path
        _ = try RunwayProcess.run(["new", folder])
        let page = folder + "/content/extra.md"
        try "Hello ^[you](customColour: 'danger').\n".write(toFile: page, atomically: true, encoding: .utf8)
        let warned = try RunwayProcess.run(["check", folder])
        #expect(warned.status == 0)
        #expect(warned.stderr == """
            \(page):1:7: warning: unknown attribute 'customColour' is not in the scope of runway.toml and theme default (it declares annotation, audience, customColor, customStyle, underlineStyle, and the components audio, details, figure, gist, ref, video, vimeo, youtube); the attribute is dropped
            checked 11 pages: 0 errors, 1 warning

            """)
        let strict = try RunwayProcess.run(["check", "--strict", folder])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("\(page):1:7: error: unknown attribute 'customColour'"))
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "Hello ^[you](customColour: 'danger').\n")
    }

    @Test func runsJSONShowsCustomAttributesAsParsed() throws {
        let result = try RunwayProcess.run(["runs", "--json", "-"], input: Data("^[Ana](annotation: 'contact', n: 2)".utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let attributes = try #require((json["runs"] as? [[String: Any]])?.first?["attributes"] as? [String: Any])
        #expect(attributes["annotation"] as? String == "contact")
        #expect(attributes["n"] as? Int == 2)
    }

    @Test func renderReportsInvalidAttributeTextAndKeepsTheText() throws {
        let result = try RunwayProcess.run(["render", "--fragment", "-"], input: Data("a ^[b](k-dash: 1) c\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "<p>a <span>b</span> c</p>\n", "the span stays, without values")
        #expect(result.stderr.hasPrefix("<stdin>:1:3: warning: invalid attribute text \"k-dash: 1\""))
    }

    /// Issue #13 point 3: a link in a span inside link text wins, as in cmark's `[a [b](c)](d)`.
    @Test func renderMakesNoLinkInsideALink() throws {
        let markdown = "[a ^[[b](c)](k: 1)](d) and [e ^[www.x.io](k: 1)](f)\n"
        let result = try RunwayProcess.run(["render", "--fragment", "-"], input: Data(markdown.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == #"<p>[a <span class="rw-k--__1" data-k="1"><a href="c">b</a></span>](d) and "#
            + #"<a href="f">e <span class="rw-k--__1" data-k="1">www.x.io</span></a></p>"# + "\n")
        #expect(result.stderr.isEmpty)
    }
}

/// `runway build` as a user runs it.
@Suite struct BuildCommandTests {
    /// A page's warnings kept in the cache are said at the file as this build names it: built as
    /// `runway build site`, then as `runway build` inside it, the attribute's warning still said
    /// `site/content/a.md` while the link's said `content/a.md`.
    @Test func cachedWarningsNameTheFileAsThisBuildDoes() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n---\n[x](/nope/) ^[y](customColor: \"nope\")\n"])
        let first = try RunwayProcess.run(["build", "site", "--quiet"], in: site.parent)
        #expect(first.stderr.contains("site/content/a.md:4:13: warning: attribute 'customColor'"), "\(first.stderr)")
        let inside = try RunwayProcess.run(["build", "--quiet"], in: site.root)
        let lines = inside.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("content/a.md:4:") }, "\(inside.stderr)")
    }

    @Test func buildsANewSiteAndFailsWithoutTouchingTheOutput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-build-\(UUID().uuidString)").path
        _ = try RunwayProcess.run(["new", folder])
        let built = try RunwayProcess.run(["build", folder])
        #expect(built.status == 0)
        #expect(built.stdout.hasPrefix("built 10 pages into \(folder)/_site in "))
        let index = try String(contentsOfFile: folder + "/_site/index.html", encoding: .utf8)

        try "Hi ^[x](colour: 1)\n".write(toFile: folder + "/content/extra.md", atomically: true, encoding: .utf8)
        let strict = try RunwayProcess.run(["build", "--strict", folder])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("/content/extra.md:1:4: error: unknown attribute 'colour'"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/_site/extra/index.html"))

        try "---\ntitle: [\n---\n".write(toFile: folder + "/content/extra.md", atomically: true, encoding: .utf8)
        let broken = try RunwayProcess.run(["build", folder])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("nothing written to \(folder)/_site"))
        #expect(try String(contentsOfFile: folder + "/_site/index.html", encoding: .utf8) == index)
    }

    /// toml++ aborted the whole process (SIGABRT, exit 134) on a header such as `[[[`
    /// (marzer/tomlplusplus#301); now it is an error at its place and exit status 1.
    @Test func aHeaderWithoutAKeyInRunwayTOMLIsAnErrorNotAnAbort() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-build-\(UUID().uuidString)").path
        _ = try RunwayProcess.run(["new", folder])
        try "title = \"T\"\n\n[[[\n".write(toFile: folder + "/runway.toml", atomically: true, encoding: .utf8)
        let built = try RunwayProcess.run(["build", folder])
        #expect(built.status == 1)
        #expect(built.stderr.contains("\(folder)/runway.toml:3:3: error: invalid TOML: a table header needs a key after '[['"))
    }
}

/// `runs --json` streams run by run; its bytes equal encoding the whole text at once, which is the
/// documented form (`AttributedText`'s `Codable`).
@Suite struct StreamedRunsJSONTests {
    static func wholeDocument(_ markdown: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(MarkdownParser().parse(markdown)), as: UTF8.self) + "\n"
    }

    @Test(arguments: [
        "",
        "one run",
        "# Title\n\n- a **b** [c](https://x.io/y \"t\")\n- ![i](j.png)\n\n> ^[quote](tone: 'calm', size: 2)\n\n| a | b |\n|---|:-:|\n| 1 | `2` |\n\n```swift\nlet x = \"\\u{1F600}\"\n```\n",
        String(repeating: "*a **a ", count: 50) + "b" + String(repeating: " a** a*", count: 50),
    ])
    func streamedJSONEqualsTheWholeDocumentsEncoding(markdown: String) throws {
        let result = try RunwayProcess.run(["runs", "--json", "-"], input: Data(markdown.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == (try Self.wholeDocument(markdown)))
        let decoded = try JSONDecoder().decode(AttributedText.self, from: Data(result.stdout.utf8))
        #expect(decoded == MarkdownParser().parse(markdown), "the stream reads back as the runs")
    }

    /// More than one buffer's worth of runs (the output is written in 64 KB pieces).
    @Test func aLongListingIsWholeAndInOrder() throws {
        let markdown = (1...3_000).map { "- item \($0) *with* **some** `code`\n" }.joined()
        let json = try RunwayProcess.run(["runs", "--json", "-"], input: Data(markdown.utf8))
        #expect(json.stdout == (try Self.wholeDocument(markdown)))
        let listing = try RunwayProcess.run(["runs", "-"], input: Data(markdown.utf8))
        let lines = listing.stdout.split(separator: "\n")
        #expect(lines.count == MarkdownParser().parse(markdown).runs.count)
        #expect(lines.last?.contains("\"code\"") == true)
        #expect(lines.first?.contains("\"item 1 \"") == true)
    }
}

/// `runway runs --json`, as a tool reads it, follows `docs/static/runs.schema.json` (validated by
/// Debian's python3-jsonschema), with and without a theme's constrained attributes.
@Suite struct RunsJSONSchemaCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    static let sample = """
        # Title

        - [x] a *b* **c** `d` ~~e~~
        - [ ] f

        3. g

        > ^[Ana](annotation: 'contact') ^[x](customColor: 'danger', size: 2, ok: true, list: [1, 'a'], none: null)

        | a | b |
        |:-|-:|
        | c | d |

        ```swift
        let x = 1 // one
        ```

        > [!NOTE]
        > A callout, under a styled theme.

        ---

        x[^n] <b>h</b> ![i](p.png "t") [l](https://a.b/c "t") <https://auto.link>
        line\\
        break

        [^n]: A note.

        """

    @Test(arguments: [[], ["--theme", "default"], ["--theme", "plain"]])
    func runsJSONFollowsTheSchema(options: [String]) throws {
        let result = try RunwayProcess.run(["runs", "--json", "-"] + options, input: Data(Self.sample.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("  ],\n  \"version\" : 2\n}\n"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("runway-runs-\(UUID().uuidString).json").path
        try result.stdout.write(toFile: file, atomically: false, encoding: .utf8)
        let validation = try RunwayProcess.runTool("/usr/bin/python3", [Self.root + "/scripts/validate-json.py", Self.root + "/docs/static/runs.schema.json", file])
        #expect(validation.status == 0 && validation.stdout == "1 valid\n", "\(validation.stdout)\(validation.stderr)")
    }
}
