import Foundation
import Testing

/// Issue 39, points 2–4: templates from a pull request that CI builds. Before, a chain of 10,000
/// partials overflowed the stack of the template check (`build` and `check` exited 139), and a
/// template linked to a file beside `templates/` was read and rendered into every page.
@Suite struct HostileTemplateCommandTests {
    /// A chain of partials each including the next: an error at the tag where the chain passes
    /// 100 levels, for `check` and `build` alike, and nothing written.
    @Test(.timeLimit(.minutes(10))) func aChainOfTenThousandPartialsIsAnError() throws {
        var files = ["content/a.md": "# A\n", "templates/page.html": "{{>partials/p0.html}}\n"]
        for index in 0..<10_000 {
            files["templates/partials/p\(index).html"] = index + 1 < 10_000 ? "{{>partials/p\(index + 1).html}}" : "end"
        }
        let site = try TestSite(files)
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 1, "\(command): \(result.status) \(result.stderr.prefix(500))")
            #expect(result.stderr.contains("\(site.root)/templates/partials/p9898.html:1:1: error: template error: templates include one another "
                                           + "101 levels deep from here, through 'partials/p9899.html'; at most 100 can be rendered"),
                    "\(command): \(result.stderr.prefix(1000))")
        }
        #expect(!site.exists("_site"))
    }

    /// A template linked to a file of the site beside `templates/` (`../../.env`) is skipped with a
    /// warning, so what that file holds reaches no page; the theme's template is used.
    @Test func aTemplateLinkedOutOfTemplatesIsSkipped() throws {
        let site = try TestSite(["content/a.md": "# A\n\nText.\n", ".env": "TOKEN=env-secret\n", "templates/partials/.keep": ""])
        #expect(symlink("../../.env", site.root + "/templates/partials/footer.html") == 0)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("\(site.root)/templates/partials/footer.html: warning: skipped: a symbolic link to ../../.env, which leads out of "
                                      + "\(site.root)/templates/"), "\(build.stderr)")
        #expect(!site.tree("_site").values.contains { $0.contains("env-secret") })
        #expect(site.read("_site/a/index.html")?.contains("Text.") == true)
    }
}

/// Issue 39, points 3 and 4, through the CLI: templates that held a build for minutes.
@Suite struct TemplateBoundCommandTests {
    /// A template of 200,000 tags builds (swift-mustache took more than ten minutes to parse it).
    @Test(.timeLimit(.minutes(10))) func aTemplateOfTwoHundredThousandTagsBuilds() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ntags: [x, y]\n---\nText.\n",
                                 "templates/page.html": String(repeating: "<{{page.title}}>{{#page.tags}}{{.}}{{/page.tags}}\n", count: 50_000)])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(site.read("_site/a/index.html") == String(repeating: "<A>xy\n", count: 50_000))
    }

    /// Partials that include the next one twice, 30 levels: a billion expansions. The build stops
    /// at the bound with an error at the tag, writes nothing, and `check`, which renders nothing,
    /// passes.
    @Test(.timeLimit(.minutes(10))) func partialsThatDoubleStopAtTheBound() throws {
        var files = ["content/a.md": "# A\n", "templates/page.html": "{{>partials/p0.html}}\n", "templates/partials/p30.html": "x"]
        for level in 0..<30 {
            files["templates/partials/p\(level).html"] = "{{>partials/p\(level + 1).html}}{{>partials/p\(level + 1).html}}"
        }
        let site = try TestSite(files)
        let build = try site.runway("build", site.root)
        #expect(build.status == 1, "\(build.stderr)")
        #expect(build.stderr.contains("/templates/partials/p") && build.stderr.contains(":1:")
                && build.stderr.contains("error: template error: this page includes partials and parents more than 1000000 times"), "\(build.stderr)")
        #expect(!site.exists("_site/a/index.html"))
    }
}

/// A stop (SIGTERM) while pages render ends the build at once: a render asks now and then whether
/// to stop, and every render is bounded. Each page here shows 8,000,000 items (three sections over
/// the site's 200 pages, one inside the other), so the build would take minutes.
@Suite struct StopWhileRenderingCommandTests {
    @Test(.timeLimit(.minutes(10))) func aBuildStoppedWhileRenderingEndsAtOnce() throws {
        var files = ["templates/page.html": "{{#pages}}{{#pages}}{{#pages}}{{/pages}}{{/pages}}{{/pages}}{{page.title}}\n"]
        for index in 0..<200 { files["content/p\(index).md"] = "# Page \(index)\n" }
        let site = try TestSite(files)
        let process = Process()
        process.executableURL = RunwayProcess.executable
        process.arguments = ["build", site.root]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Pages are written as they are rendered, beside their place: one there means rendering began.
        let staged = { (FileManager.default.enumerator(atPath: site.root + "/_site")?.allObjects as? [String] ?? []).contains { $0.contains(".runway-") } }
        let deadline = ContinuousClock.now + .seconds(120)
        while !staged() && process.isRunning && ContinuousClock.now < deadline { usleep(1_000) }
        #expect(staged(), "rendering began")
        kill(process.processIdentifier, SIGTERM)
        let ended = ContinuousClock.now + .seconds(30)
        while process.isRunning && ContinuousClock.now < ended { usleep(1_000) }
        let endedAtOnce = !process.isRunning
        if !endedAtOnce { process.terminate() }
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(endedAtOnce, "it ended long before its pages were rendered")
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(said == "stopping…\n\(site.root)/_site: error: stopped before the build took effect: the output is as it was\n", "\(said)")
        #expect(!site.exists("_site"), "nothing was written")
    }
}

/// Issue 39, point 8, through the CLI: a pull request's front matter cannot put a `javascript:`
/// URL into a page through a theme's `href="{{…}}"` in safe mode, as it cannot through a
/// Markdown link; a title cannot end the JSON-LD string it is written into.
@Suite struct TemplateURLCommandTests {
    @Test func aFrontMatterLinkIsCheckedAsMarkdownLinksAre() throws {
        let files = ["content/a.md": "---\ntitle: 'A \"quoted\" title\\'\nlink: 'javascript:alert(document.cookie)'\n---\n[md](javascript:alert(1))\n",
                     "templates/page.html": "<a href=\"{{page.params.link}}\">x</a><a href=\"{{relURL(page.params.link)}}\">y</a>{{{page.content}}}"
                        + "<script type=\"application/ld+json\">{\"headline\": \"{{page.title}}\"}</script>\n"]
        let site = try TestSite(files)
        #expect(try site.runway("build", site.root).status == 0)
        let page = try #require(site.read("_site/a/index.html"))
        #expect(!page.contains("javascript:"), "\(page)")
        #expect(page.contains("<a href=\"\">x</a><a href=\"\">y</a>"), "\(page)")
        #expect(page.contains("{\"headline\": \"A \\u0022quoted\\u0022 title\\\\\"}"), "\(page)")
        let json = try #require(page.range(of: "{\"headline\"").map { String(page[$0.lowerBound...].prefix { $0 != "<" }) })
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "valid JSON: \(json)")

        let unsafe = try TestSite(files, configuration: "[markdown]\nunsafe = true\n")
        #expect(try unsafe.runway("build", unsafe.root).status == 0)
        #expect(unsafe.read("_site/a/index.html")?.contains("<a href=\"javascript:alert(document.cookie)\">x</a>") == true)
    }
}
