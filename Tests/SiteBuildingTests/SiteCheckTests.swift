import RunwayText
import Foundation
import SiteBuilding
import SiteContent
import Testing

@Suite struct SiteCheckTests {
    /// A site in a new temporary folder.
    static func site(config: String, pages: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-site-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/content/posts", withIntermediateDirectories: true)
        try config.write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        for (name, text) in pages { try text.write(toFile: root + "/content/" + name, atomically: true, encoding: .utf8) }
        return root
    }

    static let config = """
        title = "T"
        [attributes.customColor]
        type = "string"
        values = ["danger"]
        """

    @Test func reportsEveryPageProblemAgainstTheScope() throws {
        let root = try Self.site(config: Self.config, pages: [
            "a.md": "# A\n\n^[ok](customColor: 'danger') ^[bad](customColor: 'blue')\n",
            "posts/b.md": "---\ntitle: B\n---\n\nText ^[x](unknown: 1) and ^[y](k: ).\n",
            "c.md": "clean\n",
        ])
        let report = SiteCheck(site: root).run()
        #expect(report.pageCount == 3)
        #expect(report.diagnostics.map(\.description) == [
            "\(root)/content/a.md:3:30: warning: attribute 'customColor' is \"blue\" but must be one of 'danger'; the attribute is dropped",
            "\(root)/content/posts/b.md:5:6: warning: unknown attribute 'unknown' is not in the scope of runway.toml and theme default (it declares annotation, customColor, customStyle, underlineStyle, and the components audio, details, figure, gist, ref, video, vimeo, youtube); the attribute is dropped",
            "\(root)/content/posts/b.md:5:27: warning: invalid attribute text \"k: \": expected a JSON5 object body such as key: 'value' (The given data was not valid JSON); the text is kept",
        ])
    }

    /// The site's theme declares attributes too: without [attributes], content gets the theme's scope.
    @Test func theThemesScopeAppliesAndAnUnknownThemeIsReported() throws {
        let root = try Self.site(config: "title = \"T\"\ntheme = \"default\"\n",
                                 pages: ["a.md": "^[ok](customColor: 'highlight') ^[no](customColor: 'blue')\n"])
        let report = SiteCheck(site: root).run()
        #expect(report.diagnostics.map(\.description) == [
            "\(root)/content/a.md:1:33: warning: attribute 'customColor' is \"blue\" but must be one of 'danger', 'highlight'; the attribute is dropped",
        ])
        let missing = try Self.site(config: "theme = \"nosuch\"\n", pages: ["a.md": "x\n"])
        let problems = SiteCheck(site: missing).run().diagnostics
        #expect(problems.count == 1)
        // At the key that names it.
        #expect(problems.first?.description.hasPrefix("\(missing)/runway.toml:1:1: error: no theme named 'nosuch'") == true, "\(problems)")
    }

    @Test func aMissingConfigIsAnError() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-none-\(UUID().uuidString)").path
        let report = SiteCheck(site: root).run()
        #expect(report.diagnostics.map(\.severity) == [.error])
        #expect(report.diagnostics[0].description.contains("runway.toml: error: no runway.toml here"))
    }

    @Test func configProblemsAreReportedAndTheRestStillCounts() throws {
        let root = try Self.site(config: "title = 3\ncolour = 'x'\n" + Self.config.replacingOccurrences(of: "title = \"T\"\n", with: ""),
                                 pages: ["a.md": "^[x](customColor: 'danger')\n"])
        let report = SiteCheck(site: root).run()
        #expect(report.diagnostics.map(\.description) == [
            "\(root)/runway.toml:2:1: warning: unknown setting 'colour' (known: assets, attributes, author, baseURL, components, environments, feeds, images, language, languages, markdown, menus, outputs, paginate, params, permalinks, related, search, taxonomies, theme, timezone, title)",
            "\(root)/runway.toml:1:1: error: 'title' must be a string",
        ])
    }

    @Test func invalidContentBytesAreDiagnostics() throws {
        let root = try Self.site(config: Self.config, pages: [:])
        try Data([0x61, 0x0A, 0xFF]).write(to: URL(fileURLWithPath: root + "/content/bin.md"))
        let report = SiteCheck(site: root).run()
        #expect(report.diagnostics.map(\.description) == ["\(root)/content/bin.md:2:1: error: is not valid UTF-8 (bad byte sequence)"])
    }
}

@Suite struct FrontMatterTests {
    @Test func yamlAndTOMLFrontMatterKeepLineNumbers() {
        let (yaml, body) = FrontMatter.split("---\ntitle: A\n---\n# Hi\n")
        #expect(yaml == FrontMatter(format: .yaml, text: "title: A\n", firstLine: 2))
        #expect(body == "\n\n\n# Hi\n")
        let (toml, tomlBody) = FrontMatter.split("+++\ntitle = 'A'\n+++\ntext")
        #expect(toml?.format == .toml)
        #expect(tomlBody == "\n\n\ntext")
    }

    @Test func withoutAClosingFenceThereIsNoFrontMatter() {
        let (none, body) = FrontMatter.split("---\nnot closed\n")
        #expect(none == nil)
        #expect(body == "---\nnot closed\n")
        #expect(FrontMatter.split("# Title\n---\n").frontMatter == nil)
    }

    /// Keys are found on their line with Windows line ends too (before, every key of a CRLF file
    /// was reported on the front matter's first line).
    @Test func keysAreFoundOnTheirLineWithWindowsLineEnds() {
        let (yaml, _) = FrontMatter.split("---\r\ntitle: crlf\r\ndate: 2025-01-01\r\nweight: x\r\n---\r\nx\r\n")
        #expect(yaml?.position(ofKey: "weight") == SourcePosition(line: 4, column: 1))
        let (toml, _) = FrontMatter.split("+++\r\ntitle = \"t\"\r\nweight = \"x\"\r\n+++\r\n")
        #expect(toml?.position(ofKey: "weight") == SourcePosition(line: 3, column: 1))
    }

    /// Front matter that is opened and never closed is an error at its fence: read as Markdown,
    /// `draft: true` was published as a paragraph.
    @Test func anUnclosedFenceIsAnError() {
        #expect(FrontMatter.unclosed("---\ntitle: A\ndraft: true\n\nText.\n", path: "a.md")?.description
                == "a.md:1:1: error: the front matter opened by '---' is never closed: end it with a line '---' (a page that starts with a rule can write it '***')")
        #expect(FrontMatter.unclosed("+++\r\ndraft = true\r\n", path: "a.md")?.message.hasPrefix("the front matter opened by '+++'") == true)
        for closed in ["---\ntitle: A\n---\nText\n", "+++\n+++\n", "***\nText\n", "# ---\n", "-- \n", "", "\n\n"] {
            #expect(FrontMatter.unclosed(closed, path: "a.md") == nil, "\(closed)")
        }
        // A fence after blank lines, or with spaces after it, opens front matter too: its error is at its line.
        #expect(FrontMatter.unclosed("\n  \n+++  \ndraft = true\n", path: "a.md")?.position == SourcePosition(line: 3, column: 1))
    }

    @Test func windowsLineEndingsEmptyFrontMatterAndAFenceAtTheEnd() {
        let (crlf, crlfBody) = FrontMatter.split("---\r\ntitle: A\r\n---\r\nText\r\n")
        #expect(crlf == FrontMatter(format: .yaml, text: "title: A\r\n", firstLine: 2))
        #expect(crlfBody == "\n\n\nText\r\n")
        let (empty, emptyBody) = FrontMatter.split("+++\n+++\nbody")
        #expect(empty == FrontMatter(format: .toml, text: "", firstLine: 2))
        #expect(emptyBody == "\n\nbody")
        // The closing fence is the file's last line, without a newline: the body is two empty lines.
        let (last, lastBody) = FrontMatter.split("---\ntitle: A\n---")
        #expect(last?.text == "title: A\n")
        #expect(lastBody == "\n\n")
        // A fence line with more on it than spaces and tabs does not close.
        #expect(FrontMatter.split("---\na: 1\n--- x\n").frontMatter == nil)
    }

    /// Issue 38, point 1: as Hugo, Zola and Jekyll read it, front matter may come after blank lines
    /// and its fences may have spaces or tabs after them. 129 of Zola's documentation pages begin
    /// with a blank line and close with `+++` and spaces: their TOML was printed as a paragraph,
    /// and, once the blank line was taken out, each was "never closed".
    @Test func frontMatterAfterBlankLinesAndFencesWithSpacesAfterThem() {
        let (toml, body) = FrontMatter.split("\n+++\ntitle = \"abridge\"\n+++        \n# Abridge\n")
        #expect(toml == FrontMatter(format: .toml, text: "title = \"abridge\"\n", firstLine: 3))
        #expect(body == "\n\n\n\n# Abridge\n", "the body keeps its line numbers")
        let (yaml, _) = FrontMatter.split(" \t\r\n---\t\r\ntitle: A\r\n--- \r\nText\r\n")
        #expect(yaml == FrontMatter(format: .yaml, text: "title: A\r\n", firstLine: 3))
        #expect(yaml?.position(ofKey: "title") == SourcePosition(line: 3, column: 1))
        // Text before the fence: no front matter, and a rule in the body is a rule.
        #expect(FrontMatter.split("Text\n---\na: 1\n---\n").frontMatter == nil)
    }
}

@Suite struct PageMetadataTests {
    @Test func yamlPlainScalarsTakeYAMLTypesAndQuotedOnesStayStrings() {
        let yaml = """
            title: "true"
            date: 2025-03-04
            draft: yes
            tags: [swift, 2025]
            count: 0x1F
            ratio: 1.5
            none: ~
            word: off
            quoted: '12'
            name: Nina
            when: 2025-03-04 10:30:00
            nested: {on: On, n: null, list: [-1, .inf]}
            """
        let (metadata, diagnostics) = PageMetadata.read(FrontMatter(format: .yaml, text: yaml, firstLine: 2), path: "a.md")
        #expect(diagnostics.isEmpty)
        #expect(metadata.title == "true")
        #expect(metadata.date == "2025-03-04")
        #expect(metadata.draft)
        #expect(metadata.tags == ["swift", "2025"], "a number is a tag too (YAML reads 2025 as one), as Hugo takes it")
        #expect(metadata.params["count"] == .integer(31))
        #expect(metadata.params["ratio"] == .number(1.5))
        #expect(metadata.params["none"] == nil)
        #expect(metadata.params["word"] == .bool(false))
        #expect(metadata.params["quoted"] == .string("12"))
        #expect(metadata.params["name"] == .string("Nina"))
        #expect(metadata.params["when"] == .string("2025-03-04 10:30:00"), "a date and time stays as written, as quoted")
        #expect(metadata.params["nested"] == .object(["on": .bool(true), "list": .array([.integer(-1), .number(.infinity)])]))
    }

    /// TOML's dates, dates and times and times are front matter values as TOML writes them: before,
    /// they were dropped, so `date = 2030-01-01` published a future page and `expiryDate =
    /// 2021-01-01` an expired one. A time alone is no page date.
    @Test func tomlDatesAreTheirText() {
        let toml = "date = 2025-06-01T10:00:00Z\nexpiryDate = 2030-01-01\nlastmod = 2025-06-02T08:00:00+02:00\n"
            + "event = 1979-05-27T07:32:00\ndays = [2025-01-01, 2025-01-02]\nopens = 09:30:00.5\nwest = 2025-01-01 10:00:00.250-05:30\n"
        let (metadata, diagnostics) = PageMetadata.read(FrontMatter(format: .toml, text: toml, firstLine: 2), path: "a.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(metadata.date == "2025-06-01T10:00:00Z")
        #expect(metadata.expiryDate == "2030-01-01")
        #expect(metadata.lastmod == "2025-06-02T08:00:00+02:00")
        #expect(metadata.params["event"] == .string("1979-05-27T07:32:00"))
        #expect(metadata.params["days"] == .array([.string("2025-01-01"), .string("2025-01-02")]))
        #expect(metadata.params["opens"] == .string("09:30:00.5"))
        #expect(metadata.params["west"] == .string("2025-01-01T10:00:00.25-05:30"))
        let (timeOnly, problems) = PageMetadata.read(FrontMatter(format: .toml, text: "title = 'T'\ndate = 09:30:00\n", firstLine: 2), path: "a.md")
        #expect(timeOnly.date == nil)
        #expect(problems.map(\.description)
                == ["a.md:3:1: error: 'date' must be a date such as 2026-11-03, or a date and time such as 2026-11-03T09:30:00Z, not \"09:30:00\""])
    }

    /// A YAML date and time is its text, as when it is quoted: its day is the one written in its
    /// own offset (before, the UTC day: 2025-12-31T23:30:00-05:00 was the 1st of January).
    @Test func aYAMLDateAndTimeKeepsItsDayAndTime() {
        let yaml = "date: 2025-12-31T23:30:00-05:00\nlastmod: 2025-01-05\n"
        let (metadata, diagnostics) = PageMetadata.read(FrontMatter(format: .yaml, text: yaml, firstLine: 2), path: "a.md")
        #expect(diagnostics.isEmpty)
        #expect(metadata.date == "2025-12-31T23:30:00-05:00")
        #expect(metadata.lastmod == "2025-01-05")
    }

    /// A raw control character is YAML's reader's error: at its line and column, in one line.
    @Test func aControlCharacterInYAMLIsAnErrorAtItsPlace() {
        let (_, diagnostics) = PageMetadata.read(FrontMatter(format: .yaml, text: "date: 2026-01-02\ntitle: \"Bell \u{7} here\"\n", firstLine: 2),
                                                 path: "a.md")
        #expect(diagnostics.map(\.description) == ["a.md:3:14: error: invalid YAML front matter: control characters are not allowed"])
    }

    /// Each value that could lead a page out of its folder is an error at its key.
    @Test(arguments: [("slug: \"..\"", "slug"), ("date: \"../..-..-.\"", "date"), ("layout: \"/etc/passwd\"", "layout"),
                      ("theme: \"../x\"", "theme")])
    func aValueLeavingItsFolderIsAnErrorAtItsKey(_ line: String, _ key: String) {
        let (metadata, diagnostics) = PageMetadata.read(FrontMatter(format: .yaml, text: "title: T\n" + line + "\n", firstLine: 2), path: "a.md")
        #expect(diagnostics.count == 1 && diagnostics[0].position == SourcePosition(line: 3, column: 1), "\(diagnostics)")
        #expect(diagnostics[0].message.hasPrefix("'\(key)' must"))
        #expect(metadata.slug == nil && metadata.date == nil && metadata.layout == nil && metadata.theme == nil)
    }

    @Test func yamlThatIsNotAMappingIsAnError() {
        let (_, diagnostics) = PageMetadata.read(FrontMatter(format: .yaml, text: "- a\n- b\n", firstLine: 2), path: "a.md")
        #expect(diagnostics.map(\.description) == ["a.md:2:1: error: front matter must be a mapping of keys to values"])
    }
}
