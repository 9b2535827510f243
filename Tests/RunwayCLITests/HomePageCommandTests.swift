import Foundation
import Testing

/// A site without `content/index.md`, or a language without `content/index.LANG.md`, still has a
/// home page where every header and language switcher links (before, `/` was a 404), as Hugo and
/// Zola make one; anything else the site puts there wins. And a theme without string tables of
/// its own (`plain`, one `theme new` made) gets the default theme's words with its templates; a
/// table in YAML is said to be left unread.
@Suite struct HomePageCommandTests {
    static let files = [
        "content/posts/first.md": "---\ntitle: First post\ndate: 2026-01-02\n---\nIt links [home](/).\n",
        "content/about.md": "# About\n\nAbout the site.\n",
        "content/posts/premier.fr.md": "---\ntitle: Premier billet\ndate: 2026-01-03\n---\nBonjour.\n",
    ]
    static let languages = "language = \"en\"\n[languages.en]\nname = \"English\"\n[languages.fr]\nname = \"Français\"\ntitle = \"Le site\"\n"

    @Test func eachLanguageWithoutAHomePageGetsOneListingItsPages() throws {
        let site = try TestSite(Self.files, configuration: Self.languages)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        // The link to `/` in a page is no broken link any more.
        #expect(!build.stderr.contains("broken link"), "\(build.stderr)")
        let home = try #require(site.read("_site/index.html"))
        #expect(home.contains("<title>Home · T</title>"), "the string table's word for home: \(home)")
        #expect(home.contains("<a href=\"/posts/first/\">First post</a>") && home.contains("<a href=\"/about/\">About</a>"))
        #expect(!home.contains("Premier billet"), "only its language's pages")
        #expect(home.contains(#"<link rel="alternate" hreflang="fr" href="https://t.example/fr/">"#), "\(home)")
        let french = try #require(site.read("_site/fr/index.html"))
        #expect(french.contains("<title>Accueil · Le site</title>") && french.contains("<a href=\"/fr/posts/premier/\">Premier billet</a>"))
        let sitemap = try #require(site.read("_site/sitemap.xml"))
        #expect(sitemap.contains("<loc>https://t.example/</loc>") && sitemap.contains("<loc>https://t.example/fr/</loc>"))
        // The sitemap names each version of a page, list and home in every language, as the pages'
        // heads do (it named none); a page without a translation names none.
        let versions = #"<xhtml:link rel="alternate" hreflang="en" href="https://t.example/"/><xhtml:link rel="alternate" hreflang="fr" href="https://t.example/fr/"/>"#
        #expect(sitemap.contains(#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">"#))
        #expect(sitemap.contains("<loc>https://t.example/</loc>" + versions + "</url>") && sitemap.contains("<loc>https://t.example/fr/</loc>" + versions + "</url>"), "\(sitemap)")
        #expect(sitemap.contains(#"<loc>https://t.example/posts/</loc><xhtml:link rel="alternate" hreflang="en" href="https://t.example/posts/"/><xhtml:link rel="alternate" hreflang="fr" href="https://t.example/fr/posts/"/></url>"#), "\(sitemap)")
        #expect(sitemap.contains("<loc>https://t.example/about/</loc></url>"), "\(sitemap)")
        // `check` sees the same outputs: no warning either.
        let check = try site.runway("check", site.root)
        #expect(check.status == 0 && check.stderr.contains("0 errors, 0 warnings"), "\(check.stderr)")
    }

    /// A page, a static file or an alias at the home's URL is the home: no clash, no generated page.
    @Test func whatTheSiteWritesThereWins() throws {
        let page = try TestSite(Self.files.merging(["content/index.md": "# Welcome\n\nMine.\n"]) { $1 }, configuration: Self.languages)
        #expect(try page.runway("build", page.root).status == 0)
        #expect(page.read("_site/index.html")?.contains("<title>Welcome · T</title>") == true)
        #expect(page.read("_site/fr/index.html")?.contains("<title>Accueil · Le site</title>") == true, "fr still gets one")
        // The written home and the made one name each other as versions (the written one named none).
        #expect(page.read("_site/index.html")?.contains(#"<link rel="alternate" hreflang="fr" href="https://t.example/fr/">"#) == true)
        #expect(page.read("_site/fr/index.html")?.contains(#"<link rel="alternate" hreflang="en" href="https://t.example/">"#) == true)

        let file = try TestSite(Self.files.merging(["static/index.html": "<p>hand-made</p>\n"]) { $1 })
        let built = try file.runway("build", file.root)
        #expect(built.status == 0 && !built.stderr.contains("error"), "\(built.stderr)")
        #expect(file.read("_site/index.html") == "<p>hand-made</p>\n")

        let alias = try TestSite(Self.files.merging(["content/about.md": "---\naliases: [/fr/]\n---\n# About\n"]) { $1 },
                                 configuration: Self.languages)
        let aliased = try alias.runway("build", alias.root)
        #expect(aliased.status == 0, "\(aliased.stderr)")
        #expect(alias.read("_site/fr/index.html")?.contains(#"http-equiv="refresh" content="0; url=/about/""#) == true)
    }

    /// Removing `index.md` makes the home, adding it back replaces it, and a changed title is
    /// listed: each rebuild's tree is a clean build's.
    @Test func rebuildsMatchCleanBuilds() throws {
        let site = try TestSite(Self.files.merging(["content/index.md": "# Welcome\n"]) { $1 })
        #expect(try site.runway("build", site.root).status == 0)
        func matchesClean(_ files: [String: String]) throws {
            #expect(try site.runway("build", site.root).status == 0)
            let clean = try TestSite(files)
            #expect(try clean.runway("build", clean.root).status == 0)
            #expect(site.tree("_site") == clean.tree("_site"))
        }
        try FileManager.default.removeItem(atPath: site.root + "/content/index.md")
        try matchesClean(Self.files)
        #expect(site.read("_site/index.html")?.contains("<title>Home · T</title>") == true)
        try site.write("---\ntitle: Renamed post\ndate: 2026-01-02\n---\nIt links [home](/).\n", to: "content/posts/first.md")
        try matchesClean(Self.files.merging(["content/posts/first.md": "---\ntitle: Renamed post\ndate: 2026-01-02\n---\nIt links [home](/).\n"]) { $1 })
        #expect(site.read("_site/index.html")?.contains(">Renamed post</a>") == true)
        try site.write("# Welcome back\n", to: "content/index.md")
        try matchesClean(Self.files.merging(["content/posts/first.md": "---\ntitle: Renamed post\ndate: 2026-01-02\n---\nIt links [home](/).\n",
                                             "content/index.md": "# Welcome back\n"]) { $1 })
        #expect(site.read("_site/index.html")?.contains("<title>Welcome back · T</title>") == true)
    }

    /// The `plain` theme has no string tables, and uses the default theme's templates: their words
    /// are the default theme's (before, lists said "1 minRead").
    @Test func themesWithoutStringTablesGetTheDefaultThemesWords() throws {
        let site = try TestSite(Self.files, configuration: "theme = \"plain\"\n")
        #expect(try site.runway("build", site.root).status == 0)
        let list = try #require(site.read("_site/posts/index.html"))
        #expect(list.contains("1 min read") && !list.contains("minRead"), "\(list)")
        #expect(site.read("_site/index.html")?.contains("<h2>Pages</h2>") == true)
        // A site's own table still wins over the default theme's.
        try site.write("minRead = \"minutes\"\n", to: "i18n/en.toml")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/posts/index.html")?.contains("1 minutes") == true)
        // Hugo's YAML tables are said, not silently left out (before, nothing was said).
        try site.write("minRead: minuten\n", to: "i18n/de.yaml")
        let yaml = try site.runway("build", site.root)
        #expect(yaml.status == 0 && yaml.stderr.contains("\(site.root)/i18n/de.yaml: warning: string tables are TOML files of flat keys (de.toml); this file is not read"),
                "\(yaml.stderr)")
    }
}
