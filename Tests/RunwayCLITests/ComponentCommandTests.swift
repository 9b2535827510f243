import Foundation
import Testing

/// Issue 41, point 1: a component is an attribute declared with its parameters in TOML and
/// written by a template, `components/NAME.html`, in place of its span; a paragraph that holds
/// only a component is its block form. A call that gets the declaration wrong is a located
/// warning (an error under `--strict`), and the span's text is shown as it is.
@Suite struct ComponentCommandTests {
    static let declaration = """
        [components.video]
        description = "A video, linked inline, a figure on its own."
        [components.video.parameters]
        id = { type = "string", required = true, description = "The video's id." }
        start = { type = "integer", default = 0 }
        size = { values = ["small", "large"], default = "small" }

        """
    static let template = "{{#block}}<figure class=\"video {{params.size}}\" data-id=\"{{params.id}}\">{{{content}}}<figcaption>{{page.title}}</figcaption></figure>"
        + "{{/block}}{{^block}}<a class=\"video\" href=\"/watch/{{params.id}}/?t={{params.start}}\">{{{content}}}</a>{{/block}}"
    static let files = [
        "templates/page.html": "{{{page.content}}}",
        "templates/components/video.html": template,
        "content/talk.md": """
            ---
            title: A <talk>
            ---
            Watch ^[the *first* part](video: {id: 'a"<b', start: 30}) now.

            ^[The whole talk](video: {id: 'c', size: 'large'})

            - ^[In a list](video: {id: 'd'})

            ^[Coloured ^[inside](video: {id: 'e'})](customColor: 'danger', video: {id: 'f'})

            """,
    ]

    @Test func aComponentIsWrittenByItsTemplate() throws {
        let site = try TestSite(Self.files, configuration: Self.declaration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let page = try #require(site.read("_site/talk/index.html"))
        // Inline: its parameters escaped where the template writes them, its content rendered, the defaults filled in.
        #expect(page.contains(#"<p>Watch <a class="video" href="/watch/a&quot;&lt;b/?t=30">the <em>first</em> part</a> now.</p>"#), "\(page)")
        // A paragraph of its own: the block form in the paragraph's place, with the page's title.
        #expect(page.contains("\n<figure class=\"video large\" data-id=\"c\">The whole talk<figcaption>A &lt;talk&gt;</figcaption></figure>\n"), "\(page)")
        #expect(!page.contains("<p><figure"))
        // In a tight list item (no <p>), inline; a component inside another is in its content;
        // the span's other attributes are around the content.
        #expect(page.contains(#"<li><a class="video" href="/watch/d/?t=0">In a list</a></li>"#))
        #expect(page.contains(#"<figure class="video small" data-id="f"><span class="rw-customColor--danger" data-custom-color="danger">Coloured "#
                              + #"<a class="video" href="/watch/e/?t=0">inside</a></span><figcaption>"#), "\(page)")
        // `runs --json` shows a component as the attribute it is.
        let runs = try site.runway("runs", "--json", site.root + "/content/talk.md")
        #expect(runs.status == 0, "\(runs.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(runs.stdout.utf8)) as? [String: Any])
        let run = (json["runs"] as? [[String: Any]])?.first { $0["text"] as? String == "The whole talk" }
        let video = (run?["attributes"] as? [String: Any])?["video"] as? [String: String]
        #expect(video == ["id": "c", "size": "large"], "\(String(describing: run))")
    }

    /// An unknown component, a missing or mistyped parameter, a value outside the declared set:
    /// each a warning at the span, the text shown as it is; errors under `--strict`.
    @Test func aCallThatGetsItWrongIsLocated() throws {
        let site = try TestSite(Self.files.merging([
            "content/wrong.md": "^[A](video: {start: 3}) ^[B](video: {id: 'x', size: 'huge'})\n^[C](vidoe: {id: 'x'}) ^[D](video: {id: 1, extra: true}) ^[E](video: 'x')\n",
        ]) { $1 }, configuration: Self.declaration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let file = site.root + "/content/wrong.md"
        for expected in [
            "\(file):1:1: warning: the component 'video' has no 'id' (a string), which it requires; it is dropped, and its text shown as it is",
            "\(file):1:25: warning: the component 'video' has 'size' \"huge\", but it must be one of 'small', 'large'; it is dropped",
            "\(file):2:1: warning: unknown attribute 'vidoe' is not in the scope",
            "\(file):2:24: warning: the component 'video' has no parameter 'extra' (it takes id (a string, required), size (one of 'small', 'large'), start (an integer))",
            "\(file):2:58: warning: the component 'video' is \"x\" but takes an object of its parameters",
        ] {
            #expect(build.stderr.contains(expected), "\(expected)\n\(build.stderr)")
        }
        #expect(site.read("_site/wrong/index.html")?.contains("<span>A</span>") == true)
        let strict = try site.runway("build", "--strict", site.root)
        #expect(strict.status == 1 && strict.stderr.contains("\(file):1:1: error: the component 'video' has no 'id'"), "\(strict.stderr)")
    }

    /// A declaration that cannot be read is an error at its key; a component without a template
    /// is an error of the file that declares it. Nothing is written.
    @Test(arguments: [
        ("[components.video]\ncolour = 1\n", "runway.toml:4:1: error: unknown key 'colour' in component 'video' (expected description, parameters)"),
        ("[components.video.parameters]\nid = { type = \"text\" }\n", "runway.toml:4:1: error: parameter 'id' of component 'video' has unknown type \"text\""),
        ("[components.video.parameters]\nstart = { type = \"integer\", default = \"soon\" }\n",
         "runway.toml:4:1: error: the default of parameter 'start' of component 'video' must be an integer"),
        ("[components.video]\n[attributes.video]\ntype = \"string\"\n", "runway.toml:4:1: error: 'video' is declared as a component already"),
        ("[components.clip]\n", "runway.toml: error: the component 'clip' has no template: add templates/components/clip.html to the site or its theme"),
    ])
    func aDeclarationThatCannotBeReadIsAnError(_ configuration: String, _ expected: String) throws {
        let site = try TestSite(["templates/components/video.html": "v", "content/a.md": "A.\n"], configuration: configuration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 1 && build.stderr.contains(site.root + "/" + expected), "\(build.stderr)")
        #expect(!site.exists("_site"))
    }

    /// A changed template or call rebuilds what it shows, as a clean build of the same site would:
    /// a component's template, exactly the pages that show what changed.
    @Test func anIncrementalBuildEqualsACleanOne() throws {
        let site = try TestSite(Self.files.merging(["content/plain.md": "No component.\n"]) { $1 }, configuration: Self.declaration)
        #expect(try site.runway("build", site.root).status == 0)
        // Only the block form changes: the page that has one is read and written again, and nothing else
        // (its summary, in the home page's list and the feed, shows the inline form).
        try site.write(Self.template.replacingOccurrences(of: "<figure class=", with: "<figure data-changed class="), to: "templates/components/video.html")
        let one = try site.runway("build", site.root)
        #expect(one.status == 0 && one.stdout.contains("(parsed 1, wrote 1 file)"), "\(one.stdout)")
        #expect(site.read("_site/talk/index.html")?.contains("<figure data-changed class=\"video large\"") == true)
        let changes = [
            "templates/components/video.html": "<b>{{params.id}}</b>{{{content}}}",
            "content/talk.md": "---\ntitle: T\n---\n^[Once](video: {id: 'z'})\n",
        ]
        for (path, text) in changes { try site.write(text, to: path) }
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/talk/index.html") == "<b>z</b>Once\n")
        let clean = try TestSite(Self.files.merging(changes) { $1 }.merging(["content/plain.md": "No component.\n"]) { $1 }, configuration: Self.declaration)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }

    /// The default theme's `ref`: a link to a content file by its path, a parameter of type
    /// `link`, which leads to the file's page and is checked as a Markdown link is, at the span.
    @Test func aRefLeadsToItsPageAndIsChecked() throws {
        let site = try TestSite([
            "templates/page.html": "{{{page.content}}}",
            "content/guide/intro.md": "---\ntitle: Intro\n---\n## Start here\n",
            "content/refs.md": "See ^[the *intro*](ref: {path: 'guide/intro.md#start-here'}) and ^[nothing](ref: {path: 'gone.md'}).\n\n"
                + "^[The intro](ref: {path: 'guide/intro.md'})\n\n^[Bad](ref: {path: 'javascript:alert(1)'})\n",
        ])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try #require(site.read("_site/refs/index.html"))
        #expect(page.contains(##"<p>See <a class="rw-ref" href="/guide/intro/#start-here">the <em>intro</em></a> and <a class="rw-ref" href="gone.md">nothing</a>.</p>"##), "\(page)")
        #expect(page.contains(#"<p><a class="rw-ref" href="/guide/intro/">The intro</a></p>"#))
        #expect(page.contains(#"<p><a class="rw-ref" href="">Bad</a></p>"#) && !page.contains("javascript"))
        #expect(build.stderr.contains(site.root + "/content/refs.md:1:68: warning: broken link: gone.md names content/gone.md"), "\(build.stderr)")
        #expect(build.stderr.components(separatedBy: "broken link").count == 2, "\(build.stderr)")
        // A path that is not a string is the call's mistake, as any parameter's.
        try site.write("^[x](ref: {path: 3})\n", to: "content/refs.md")
        let wrong = try site.runway("build", site.root)
        #expect(wrong.stderr.contains("content/refs.md:1:1: warning: the component 'ref' has 'path' 3, but it must be a link (a URL or a content file's path)"), "\(wrong.stderr)")
    }

    /// A theme declares components in its `theme.toml` and writes them in its templates; a site
    /// using it calls them; `theme check` lists them with their parameters, and says which has no template.
    @Test func aThemesComponentsAreTheSitesAndListed() throws {
        let themeFile = """
            name = "clips"
            extends = "default"
            [components.details]
            description = "A collapsible section."
            [components.details.parameters]
            summary = { type = "string", required = true }
            open = { type = "bool", default = false }
            [components.gallery]

            """
        let site = try TestSite([
            "themes/clips/theme.toml": themeFile,
            "themes/clips/templates/components/details.html": "<details{{#params.open}} open{{/params.open}}><summary>{{params.summary}}</summary>{{{content}}}</details>",
            "content/a.md": "^[Hidden **text**](details: {summary: 'More <info>', open: true})\n",
        ], configuration: "theme = \"clips\"\n")
        let check = try site.runway("theme", "check", site.root + "/themes/clips")
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        // Its own, and those of the theme it extends (the default theme's), its own over theirs.
        #expect(check.stdout.contains("theme clips has components:\n  audio: src (a string, required)"), "\(check.stdout)")
        #expect(check.stdout.contains("\n  details: open (true or false, default false), summary (a string, required) — A collapsible section.\n"
                                      + "  figure: "), "\(check.stdout)")
        #expect(check.stdout.contains("\n  gallery: no parameters\n"), "\(check.stdout)")
        #expect(check.stderr.contains(site.root + "/themes/clips/theme.toml: error: the component 'gallery' has no template"), "\(check.stderr)")
        let failed = try site.runway("build", site.root)
        #expect(failed.status == 1 && failed.stderr.contains("the component 'gallery' has no template"), "\(failed.stderr)")
        try site.write("<ul class=\"gallery\">{{{content}}}</ul>", to: "themes/clips/templates/components/gallery.html")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(site.read("_site/a/index.html")?.contains("\n<details open><summary>More &lt;info&gt;</summary>Hidden <strong>text</strong></details>\n") == true,
                "\(site.read("_site/a/index.html") ?? "")")
    }
}
