import Foundation
import Testing

/// Issue 41, point 2: render hooks. A template `render/NAME.html` writes every element of its
/// kind (image, link, heading, codeblock, codeblock-LANG, blockquote, callout) in every page's
/// body, summaries too, with the element's values, its content, its text and Runway's own HTML.
@Suite struct RenderHookCommandTests {
    static let files = [
        "templates/page.html": "{{{page.content}}}",
        "templates/render/link.html": #"<a href="{{destination}}"{{#title}} title="{{title}}"{{/title}} data-words="{{text}}" data-on="{{page.title}}"{{#external}} rel="external"{{/external}}>{{{content}}}</a>"# + "\n",
        "templates/render/heading.html": ##"<h{{level}} id="{{id}}"><a href="#{{id}}">{{{content}}}</a></h{{level}}>"##,
        "templates/render/codeblock-mermaid.html": #"<pre class="mermaid">{{text}}</pre>"#,
        "templates/render/callout.html": #"<aside class="{{kind}}"><b>{{title}}</b>{{{content}}}</aside>"#,
        "templates/render/image.html": #"<figure>{{{html}}}<figcaption>{{title}} {{width}}×{{height}}</figcaption></figure>"#,
        "content/hooked.md": """
            ---
            title: A <page>
            ---
            # Hello [*world*](https://example.com "The world")

            ```mermaid
            graph TD; A-->B;
            ```

            ```swift
            let x = 1
            ```

            > [!TIP]
            > See [the other page](other.md) and [a bad one](javascript:alert(1)).

            ![A dot](/dot.png "One")

            """,
        "content/other.md": "---\ntitle: Other\n---\nNo link, no heading: a paragraph.\n",
    ]

    /// A one-pixel PNG, whose size the image hook is told.
    static let dot = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!

    /// A site of `files` (``files`` with `extra` over them), with the image the pages show.
    static func site(_ extra: [String: String] = [:], files: [String: String] = files) throws -> TestSite {
        let site = try TestSite(files.merging(extra) { $1 }, configuration: "[markdown]\nhighlightCode = false\n")
        try FileManager.default.createDirectory(atPath: site.root + "/static", withIntermediateDirectories: true)
        try dot.write(to: URL(fileURLWithPath: site.root + "/static/dot.png"))
        return site
    }

    @Test func aHookWritesEveryElementOfItsKind() throws {
        let site = try Self.site()
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let page = try #require(site.read("_site/hooked/index.html"))
        // The heading's content holds the link's hook; values are escaped where the template writes them;
        // the template's last line break is not the link's.
        #expect(page.contains(##"<h1 id="hello-world"><a href="#hello-world">Hello <a href="https://example.com" title="The world" data-words="world" data-on="A &lt;page&gt;" rel="external"><em>world</em></a></a></h1>"##), "\(page)")
        // A language's code block has its own hook; the others keep Runway's HTML.
        #expect(page.contains("<pre class=\"mermaid\">graph TD; A--&gt;B;\n</pre>\n"))
        #expect(page.contains(#"<pre><code class="language-swift">let x = 1"#))
        // A callout's kind and title; a link to a content file still leads to its page; a
        // dangerous URL is dropped from a template's attribute as from Runway's HTML.
        #expect(page.contains(#"<aside class="tip"><b>Tip</b>"#))
        #expect(page.contains(#"<a href="/other/" data-words="the other page" data-on="A &lt;page&gt;">the other page</a>"#), "\(page)")
        #expect(page.contains(#"<a href="" data-words="a bad one""#))
        #expect(!page.contains("javascript:"))
        // An image's own HTML can be wrapped, and its size is known.
        #expect(page.contains(#"<figure><img src="/dot.png" alt="A dot" title="One" width="1" height="1" loading="lazy" /><figcaption>One 1×1</figcaption></figure>"#), "\(page)")
        // A page without those elements is as Runway writes it.
        #expect(site.read("_site/other/index.html") == "<p>No link, no heading: a paragraph.</p>\n")
    }

    /// A hook's template error is an error at its file and line; a template in `render/` that
    /// names no element is a warning at its file, not silence.
    @Test func aHooksProblemsAreLocated() throws {
        let broken = try Self.site(["templates/render/link.html": "<a>\n{{#destination}}\n"])
        let build = try broken.runway("build", broken.root)
        #expect(build.status == 1 && build.stderr.contains(broken.root + "/templates/render/link.html:2:"), "\(build.stderr)")
        #expect(!broken.exists("_site"))
        let misspelt = try Self.site(["templates/render/links.html": "<a></a>", "templates/render/parts/shared.html": "<b></b>"])
        let warned = try misspelt.runway("build", misspelt.root)
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderr.contains(misspelt.root + "/templates/render/links.html: warning: no element has a render hook named 'links'"), "\(warned.stderr)")
        #expect(!warned.stderr.contains("shared"))
        #expect(try misspelt.runway("build", "--strict", misspelt.root).status == 1)
    }

    /// Differential: a hook's template changed, added or removed rebuilds exactly the pages with
    /// such an element, and the output equals a clean build's.
    @Test func anIncrementalBuildEqualsACleanOne() throws {
        let site = try Self.site()
        #expect(try site.runway("build", site.root).status == 0)
        let steps: [(path: String, text: String?, parsed: Int)] = [
            ("templates/render/codeblock-mermaid.html", #"<div class="mermaid">{{text}}</div>"#, 1),
            ("templates/render/blockquote.html", "<div>{{{content}}}</div>", 0),
            ("templates/render/heading.html", nil, 1),
            ("templates/render/codeblock.html", "<pre data-lang=\"{{language}}\">{{text}}</pre>", 1),
        ]
        var files = Self.files
        for step in steps {
            if let text = step.text {
                try site.write(text, to: step.path)
            } else {
                try FileManager.default.removeItem(atPath: site.root + "/" + step.path)
            }
            files[step.path] = step.text
            let build = try site.runway("build", site.root)
            #expect(build.status == 0 && build.stdout.contains("(parsed \(step.parsed),"), "\(step.path): \(build.stdout)")
        }
        let page = try #require(site.read("_site/hooked/index.html"))
        #expect(page.contains(#"<div class="mermaid">graph TD;"#) && page.contains("<pre data-lang=\"swift\">let x = 1"))
        #expect(page.contains("<h1 id=\"hello-world\">Hello <a href"))
        let clean = try Self.site(files: files)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }

    /// `theme check` lists a theme's hooks and says which template names no element.
    @Test func themeCheckListsHooks() throws {
        let site = try TestSite([
            "themes/hooks/theme.toml": "name = \"hooks\"\nextends = \"default\"\n",
            "themes/hooks/templates/render/link.html": "<a href=\"{{destination}}\">{{{content}}}</a>",
            "themes/hooks/templates/render/codeblock-mermaid.html": "<pre class=\"mermaid\">{{text}}</pre>",
            "themes/hooks/templates/render/quote.html": "<q></q>",
        ])
        let check = try site.runway("theme", "check", "hooks", "--site", site.root)
        #expect(check.stdout.contains("theme hooks has render hooks: codeblock-mermaid, link"), "\(check.stdout)")
        #expect(check.stderr.contains("templates/render/quote.html: warning: no element has a render hook named 'quote'"), "\(check.stderr)")
    }
}
