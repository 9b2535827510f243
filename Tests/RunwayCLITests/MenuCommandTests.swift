import Foundation
import Testing

/// Issue 15, point 10: `[params]` in `runway.toml` and in `theme.toml` (the site's winning) as
/// `site.params`; menus from `[[menus.main]]` and `menu: main`, shown by the default theme.
@Suite struct MenuCommandTests {
    static let configuration = """
        theme = "mine"
        [params]
        tagline = "the site's"
        [[menus.main]]
        name = "Docs"
        url = "/docs/"
        weight = 2
        [[menus.main]]
        name = "Home"
        url = "/"
        weight = 1

        """

    @Test func paramsAndMenusReachTemplates() throws {
        let site = try TestSite([
            "themes/mine/theme.toml": "extends = \"default\"\n[params]\ntagline = \"the theme's\"\ncolor = \"teal\"\n",
            "templates/partials/footer.html": "<footer>{{site.params.tagline}} {{site.params.color}}</footer>\n",
            "content/index.md": "# Home\n",
            "content/docs/_index.md": "# Docs\n",
            "content/about.md": "---\ntitle: About us\nmenu: main\nweight: 3\n---\nAbout.\n",
            "content/docs/a.md": "---\ntitle: A\n---\nA.\n",
        ], configuration: Self.configuration)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let about = try #require(site.read("_site/about/index.html"))
        #expect(about.contains(#"<nav class="menu" aria-label="Menu"><a href="/">Home</a><a href="/docs/">Docs</a>"#
            + #"<a href="/about/" aria-current="page">About us</a></nav>"#), "by weight, the page itself current: \(about)")
        #expect(about.contains("<footer>the site&#39;s teal</footer>"), "the site's params over the theme's (escaped)")
        #expect(site.read("_site/docs/index.html")?.contains(#"<a href="/docs/" aria-current="page">Docs</a>"#) == true)

        // A page's title in the menu: every page shows it, so every page is written again, as a
        // clean build would write it.
        try site.write("---\ntitle: About\nmenu: main\nweight: 3\n---\nAbout.\n", to: "content/about.md")
        let rebuild = try site.runway("build", site.root)
        #expect(rebuild.status == 0)
        #expect(site.read("_site/docs/a/index.html")?.contains(#"<a href="/about/">About</a>"#) == true)
    }

    /// `markdownify` renders Markdown as the site's pages are: the theme's definition, callouts
    /// titled in the page's language, raw HTML kept under `[markdown] unsafe`.
    @Test func markdownifyRendersAsPagesDo() throws {
        let markdown = "For ^[experts](audience: 'expert'), <b>bold</b>.\n\n> [!NOTE]\n> Read this.\n"
        let site = try TestSite([
            "templates/partials/footer.html": "<footer>{{{markdownify(site.params.note)}}}</footer>\n",
            "content/a.md": "# A\n\n" + markdown, "content/a.fr.md": "# A\n\n" + markdown,
        ], configuration: """
            [languages.en]
            name = "English"
            [languages.fr]
            name = "Français"
            [markdown]
            unsafe = true
            [attributes.audience]
            type = "string"
            values = ["expert"]
            [params]
            note = "\(markdown.replacingOccurrences(of: "\n", with: "\\n"))"

            """)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        for (page, title) in [("_site/a/index.html", "Note"), ("_site/fr/a/index.html", "Remarque")] {
            let html = try #require(site.read(page))
            let body = try #require(html.components(separatedBy: "</h1>\n\n").dropFirst().first?.components(separatedBy: "</blockquote>").first)
            let footer = try #require(html.components(separatedBy: "<footer>").dropFirst().first?.components(separatedBy: "</blockquote>").first)
            #expect(footer == body, "markdownify's HTML is the page's: \(footer) against \(body)")
            #expect(footer.contains("<b>bold</b>") && footer.contains(#"<p class="rw-callout-title">\#(title)</p>"#), "\(footer)")
        }
    }

    @Test(arguments: [
        ("[[menus.main]]\nname = \"Docs\"\n", "runway.toml:3:1: error: a [[menus.main]] entry needs a 'name' and a 'url' (strings)"),
        ("[[menus.main]]\nname = \"Docs\"\nurl = \"/d/\"\nweight = \"x\"\n", "runway.toml:3:1: error: 'weight' in [[menus.main]] must be a whole number"),
        ("params = 3\n", "runway.toml:3:1: error: 'params' must be a table of values"),
    ])
    func badMenusAndParamsAreLocated(_ configuration: String, _ expected: String) throws {
        let site = try TestSite(["content/a.md": "# A\n"], configuration: configuration)
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr.contains(site.root + "/" + expected), "\(check.stderr)")
    }

    @Test func aBadMenuInFrontMatterIsLocated() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\nmenu: 3\n---\nA.\n"])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1 && check.stderr.contains("\(site.root)/content/a.md:3:1: error: 'menu' must be a menu's name (main), or a list of them"), "\(check.stderr)")
    }

    /// Hugo's table form of `menu` (`menu: {main: {weight: 3}}`) puts the page in each menu it
    /// names, as `menus:` (Hugo's other spelling) does: before, the table was an error.
    @Test func hugosMenuTableNamesItsMenus() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\nmenu:\n  main:\n    weight: 3\n---\nA.\n",
                                 "content/b.md": "+++\ntitle = \"B\"\nmenus = [\"main\"]\n+++\nB.\n",
                                 "content/c.md": "# C\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let home = site.read("_site/index.html") ?? ""
        let menu = home.range(of: #"<nav class="menu"[^\n]*?</nav>"#, options: .regularExpression).map { String(home[$0]) }
        #expect(menu?.contains(#"<a href="/a/">A</a>"#) == true && menu?.contains(#"<a href="/b/">B</a>"#) == true, "\(menu ?? "no menu")")
        #expect(menu?.contains("/c/") == false)
    }

    /// A menu's URL from runway.toml is written as a link must be: what a URL cannot hold
    /// percent-encoded (it was written raw, `/posts/my page/`), what is encoded already as it is.
    @Test func aMenuURLIsEncodedAsWritten() throws {
        let site = try TestSite(["content/index.md": "# Home\n", "content/posts/my page.md": "# Mine\n", "content/café.md": "# Café\n"],
                                configuration: "[[menus.main]]\nname = \"Mine\"\nurl = \"/posts/my page/\"\n"
                                    + "[[menus.main]]\nname = \"Café\"\nurl = \"/caf%C3%A9/\"\n"
                                    + "[[menus.main]]\nname = \"Out\"\nurl = \"https://x.example/a b?q=1#top\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        let home = try #require(site.read("_site/index.html"))
        #expect(home.contains(#"<a href="/posts/my%20page/">Mine</a>"#) && home.contains(#"<a href="/caf%C3%A9/">Café</a>"#)
                 && home.contains(#"<a href="https://x.example/a%20b?q=1#top">Out</a>"#), "\(home)")
        #expect(site.read("_site/posts/my page/index.html")?.contains(#"<a href="/posts/my%20page/" aria-current="page">Mine</a>"#) == true)
    }
}
