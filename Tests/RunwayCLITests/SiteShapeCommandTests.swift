import Foundation
import Testing

/// What the public sites tried for issue 38 showed beyond their pages' text, built through the
/// CLI on sites written in their shape: a language's own menus, params and text direction, the
/// site's time zone, the home page's list a page at a time with its dates formatted, every
/// taxonomy's terms on a page, a footer without an empty slot, and named task checkboxes.
@Suite struct SiteShapeCommandTests {
    /// The `<html>` tag, the main menu and the footer of a built page.
    static func parts(_ html: String?) -> (html: String, menu: String, footer: String) {
        let html = html ?? ""
        func first(_ pattern: String) -> String {
            html.range(of: pattern, options: .regularExpression).map { String(html[$0]) } ?? ""
        }
        return (first(#"<html[^>]*>"#), first(#"<nav class="menu"[^\n]*?</nav>"#), first(#"<footer[^\n]*?</footer>"#))
    }

    /// A PaperMod-shaped site: English, French with its own menu and params, Persian (right to
    /// left by its script), Arabic told to run left to right. Before, the French menu and params
    /// were warnings (unknown language settings) and every page was `dir`-less.
    @Test func aLanguageHasItsOwnMenusParamsAndDirection() throws {
        let site = try TestSite([
            "content/index.md": "# Home\n", "content/index.fr.md": "# Accueil\n", "content/index.fa.md": "# خانه\n",
            "content/about.md": "# About\n", "content/about.fa.md": "# درباره\n",
            "templates/partials/footer.html": "<footer class=\"site\">{{site.params.greeting}} {{site.params.shared}}</footer>\n",
        ], configuration: """
            [params]
            greeting = "Hello"
            shared = "both"
            [[menus.main]]
            name = "About"
            url = "/about/"
            [[menus.footer]]
            name = "Feed"
            url = "/atom.xml"
            [languages.fr]
            name = "Français"
            [languages.fr.params]
            greeting = "Bonjour"
            [[languages.fr.menus.main]]
            name = "À propos"
            url = "/fr/a-propos/"
            weight = 2
            [[languages.fr.menus.main]]
            name = "Blog"
            url = "/fr/blog/"
            weight = 1
            [languages.fa]
            name = "فارسی"
            [languages.ar]
            name = "عربي"
            direction = "ltr"

            """)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let en = Self.parts(site.read("_site/index.html")), fr = Self.parts(site.read("_site/fr/index.html"))
        let fa = Self.parts(site.read("_site/fa/about/index.html")), ar = Self.parts(site.read("_site/ar/index.html"))
        #expect(en.html == #"<html lang="en" dir="ltr">"# && en.menu.contains(#"<a href="/about/">About</a>"#))
        #expect(en.footer == #"<footer class="site">Hello both</footer>"#)
        // French: its own main menu, in its weights' order, in place of the site's; its greeting
        // over the site's, the other params still the site's.
        #expect(fr.html == #"<html lang="fr" dir="ltr">"#)
        #expect(fr.menu.contains(#"<a href="/fr/blog/">Blog</a><a href="/fr/a-propos/">À propos</a>"#) && !fr.menu.contains("/about/"), "\(fr.menu)")
        #expect(fr.footer == #"<footer class="site">Bonjour both</footer>"#)
        // Persian runs right to left without being told; Arabic as its table says.
        #expect(fa.html == #"<html lang="fa" dir="rtl">"#, "\(fa.html)")
        #expect(ar.html == #"<html lang="ar" dir="ltr">"#, "\(ar.html)")
        // The layout mirrors: the theme's sides are logical ones, code stays left to right.
        let css = site.read("_site/theme.css") ?? ""
        #expect(css.contains("border-inline-start: 3px solid") && !css.contains("margin-left") && !css.contains("border-left"))
        #expect(css.contains("main pre {") && css.contains("direction: ltr"))
        // Each language has its 404 page, in its language and direction, with its menu, as Hugo
        // publishes /fr/404.html (the default language's alone was made).
        let notFound = Self.parts(site.read("_site/404.html")), frNotFound = Self.parts(site.read("_site/fr/404.html"))
        let faNotFound = Self.parts(site.read("_site/fa/404.html"))
        #expect(notFound.html == #"<html lang="en" dir="ltr">"# && site.read("_site/404.html")?.contains("<title>Page not found") == true)
        #expect(frNotFound.html == #"<html lang="fr" dir="ltr">"# && frNotFound.menu.contains(#"<a href="/fr/blog/">Blog</a>"#))
        #expect(site.read("_site/fr/404.html")?.contains("<title>Page introuvable") == true)
        #expect(faNotFound.html == #"<html lang="fa" dir="rtl">"#)
        #expect(try site.runway("build", site.root).stderr.isEmpty && site.exists("_site/ar/404.html"), "a rebuild keeps them")
    }

    @Test(arguments: [
        ("[languages.fr]\ndirection = \"sideways\"\n", "runway.toml:4:1: error: 'direction' must be \"ltr\" or \"rtl\""),
        ("[languages.fr]\nparams = 3\n", "runway.toml:4:1: error: 'params' must be a table of values ([languages.fr.params]), without dates"),
        ("[languages.fr]\n[[languages.fr.menus.main]]\nname = \"X\"\n", "runway.toml:4:1: error: a [[languages.fr.menus.main]] entry needs a 'name' and a 'url' (strings)"),
        ("[languages.fr]\nlanguageDirection = \"rtl\"\n", "runway.toml:4:1: warning: unknown language setting 'languageDirection' (known: name, title, direction, params, menus)"),
        ("timezone = \"Mars/Olympus\"\n", "runway.toml:3:1: error: 'timezone' must name a time zone, such as Europe/Berlin or UTC"),
    ])
    func badLanguageAndTimeZoneSettingsAreLocated(_ configuration: String, _ expected: String) throws {
        let site = try TestSite(["content/a.md": "# A\n"], configuration: configuration)
        let check = try site.runway("check", site.root)
        #expect(check.stderr.contains(site.root + "/" + expected), "\(check.stderr)")
        #expect(check.status == (expected.contains(": error: ") ? 1 : 0))
    }

    /// Jekyll places a post by its date in the site's `timezone`: `2013-05-06 02:12:52 +0200` is
    /// May 5th in Los Angeles, and its URL says so (Runway said the 6th: 3 of the jekyllrb.com
    /// site's URLs were a day off). A time without an offset is the zone's; a day alone stays.
    @Test func theSiteTimeZonePlacesDatesAsJekyllDoes() throws {
        let site = try TestSite([
            "content/posts/one.md": "---\ntitle: One\ndate: 2013-05-06 02:12:52 +0200\n---\nO.\n",
            "content/posts/two.md": "---\ntitle: Two\ndate: 2013-05-06 02:12:52\n---\nT.\n",
            "content/posts/three.md": "---\ntitle: Three\ndate: 2013-05-06\n---\nD.\n",
            "content/posts/winter.md": "---\ntitle: Winter\ndate: 2013-01-06T09:00:00Z\n---\nW.\n",
        ], configuration: "timezone = \"America/Los_Angeles\"\n[permalinks]\nposts = \"/news/:year/:month/:day/:slug/\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        #expect(site.read("_site/news/2013/05/05/one/index.html")?.contains(#"<time datetime="2013-05-05T17:12:52-07:00">"#) == true)
        #expect(site.read("_site/news/2013/05/06/two/index.html")?.contains(#"<time datetime="2013-05-06T02:12:52-07:00">"#) == true)
        #expect(site.read("_site/news/2013/05/06/three/index.html")?.contains(#"<time datetime="2013-05-06">"#) == true)
        // Winter is Pacific Standard Time, eight hours behind.
        #expect(site.read("_site/news/2013/01/06/winter/index.html")?.contains(#"<time datetime="2013-01-06T01:00:00-08:00">"#) == true)
        // The feeds give the same moments.
        let atom = site.read("_site/atom.xml") ?? ""
        #expect(atom.contains("<published>2013-05-05T17:12:52-07:00</published>") && atom.contains("<published>2013-05-06T02:12:52-07:00</published>"))
        // Without the setting, each date keeps its own offset, as before.
        try site.write("title = \"T\"\n[permalinks]\nposts = \"/news/:year/:month/:day/:slug/\"\n", to: "runway.toml")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.exists("_site/news/2013/05/06/one/index.html") && !site.exists("_site/news/2013/05/05/one/index.html"))
    }

    /// A Jekyll blog of many posts: the default theme's home lists them a list page's share at a
    /// time (`/page/2/`…, as Hugo's and Jekyll's paginated homes), with formatted dates in
    /// `<time datetime>` (it printed the raw front matter string, 102 posts on one page). The
    /// home's own text is on its first page only. Rebuilt after a post is added, the output is
    /// a clean build's.
    @Test func theHomeListsItsPagesAPageAtATime() throws {
        var files = ["content/index.md": "# Welcome\n\nThe blog.\n"]
        for day in 1...7 { files["content/posts/p\(day).md"] = "---\ntitle: P\(day)\ndate: 2026-01-0\(day) 10:00:00 +0100\n---\nx\n" }
        let site = try TestSite(files, configuration: "paginate = 3\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let first = site.read("_site/index.html") ?? "", second = site.read("_site/page/2/index.html") ?? "", third = site.read("_site/page/3/index.html") ?? ""
        #expect(first.contains("<p>The blog.</p>") && !second.contains("<p>The blog.</p>"))
        #expect(first.contains(#"<li><a href="/posts/p7/">P7</a> <time datetime="2026-01-07T10:00:00+01:00">January 7, 2026</time></li>"#), "\(first)")
        #expect(first.contains("/posts/p5/") && !first.contains("/posts/p4/"))
        #expect(second.contains("/posts/p4/") && second.contains("/posts/p2/") && !second.contains("/posts/p5/"))
        #expect(third.contains("/posts/p1/") && !site.exists("_site/page/4/index.html"))
        #expect(first.contains(#"Page 1 of 3 <a href="/page/2/" rel="next">Older</a>"#))
        #expect(third.contains(#"<a href="/page/2/" rel="prev">Newer</a> Page 3 of 3"#))
        #expect(second.contains(#"<link rel="canonical" href="https://t.example/page/2/">"#), "\(second)")
        #expect(site.read("_site/sitemap.xml")?.contains("<loc>https://t.example/page/3/</loc>") == true)
        try site.write("---\ntitle: P8\ndate: 2026-01-08\n---\nx\n", to: "content/posts/p8.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.exists("_site/page/3/index.html") && site.read("_site/page/3/index.html")?.contains("/posts/p2/") == true)
        #expect(site.tree("_site") == (try AtomicBuildCommandTests.clean(site)))
        try site.write("# Welcome\n\nThe blog, edited.\n", to: "content/index.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.tree("_site") == (try AtomicBuildCommandTests.clean(site)))
    }

    /// A site without `content/index.md` has a home Runway makes: it too is a page at a time, in
    /// each language. A page that takes a later page's URL is an error naming both.
    @Test func aGeneratedHomeIsPaginatedAndItsPagesClaimTheirURLs() throws {
        var files: [String: String] = [:]
        for day in 1...4 { files["content/p\(day).md"] = "---\ntitle: P\(day)\ndate: 2026-02-0\(day)\n---\nx\n" }
        files["content/q.fr.md"] = "---\ntitle: Q\ndate: 2026-02-01\n---\nx\n"
        let site = try TestSite(files, configuration: "paginate = 2\n[languages.fr]\nname = \"Français\"\n")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/page/2/index.html")?.contains("/p2/") == true && !site.exists("_site/page/3/index.html"))
        #expect(site.read("_site/fr/index.html")?.contains("/fr/q/") == true && !site.exists("_site/fr/page/2/index.html"))
        try site.write("---\ntitle: Squatter\nurl: /page/2/\n---\nx\n", to: "content/squatter.md")
        let clash = try site.runway("build", site.root)
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("page 2 of the home page /") && clash.stderr.contains("content/squatter.md"), "\(clash.stderr)")
    }

    /// Each taxonomy a page has terms of is shown by the default theme, titled from the string
    /// table (before, only tags were: a Jekyll post's categories were nowhere on it).
    @Test func everyTaxonomysTermsAreOnThePage() throws {
        let site = try TestSite([
            "content/a.md": "---\ntitle: A\ntags: [swift]\ncategories: [Guides, News]\n---\nA.\n",
            "content/b.md": "---\ntitle: B\ncategories: [Guides]\n---\nB.\n",
            "content/c.fr.md": "---\ntitle: C\ncategories: [Guides]\n---\nC.\n",
        ], configuration: "[taxonomies]\ntag = \"tags\"\ncategory = \"categories\"\n[languages.fr]\nname = \"Français\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let a = site.read("_site/a/index.html") ?? ""
        #expect(a.contains(#"<p class="tags" data-taxonomy="categories"><span class="label">Categories:</span> <a class="tag" href="/categories/guides/" rel="tag">Guides</a> <a class="tag" href="/categories/news/" rel="tag">News</a> </p>"#), "\(a)")
        #expect(a.contains(#"<p class="tags" data-taxonomy="tags"><span class="label">Tags:</span> <a class="tag" href="/tags/swift/" rel="tag">swift</a> </p>"#))
        #expect(site.read("_site/b/index.html")?.contains(#"data-taxonomy="tags""#) == false, "no empty taxonomy")
        #expect(site.read("_site/fr/c/index.html")?.contains(#"<span class="label">Catégories:</span> <a class="tag" href="/fr/categories/guides/""#) == true)
    }

    /// The site template's footer has no empty slot when there is no tagline (it said
    /// `Title · · built with Runway`).
    @Test func theSiteTemplatesFooterLeavesNoEmptySlot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-new-\(UUID().uuidString)").path
        let made = try RunwayProcess.run(["new", folder])
        #expect(made.status == 0, "\(made.stderr)")
        let configuration = try String(contentsOfFile: folder + "/runway.toml", encoding: .utf8)
        #expect(try RunwayProcess.run(["build", folder]).status == 0)
        let tagline = configuration.range(of: #"tagline = "([^"]*)""#, options: .regularExpression).map { String(configuration[$0]) }
        #expect(tagline != nil, "the site template has a tagline")
        #expect(!((try? String(contentsOfFile: folder + "/_site/index.html", encoding: .utf8)) ?? "").contains("· ·"))
        try configuration.replacingOccurrences(of: tagline ?? "", with: "").write(toFile: folder + "/runway.toml", atomically: true, encoding: .utf8)
        #expect(try RunwayProcess.run(["build", folder]).status == 0)
        let footer = Self.parts(try? String(contentsOfFile: folder + "/_site/index.html", encoding: .utf8)).footer
        #expect(footer.hasPrefix("<footer class=\"site\">") && !footer.contains("· ·") && footer.contains("built with Runway"), "\(footer)")
    }

    /// A task list item's checkbox is named by its task (axe's rule `label`, critical, failed every
    /// page with a task list).
    @Test func aTaskCheckboxIsNamedByItsTask() throws {
        let site = try TestSite(["content/t.md": "# Tasks\n\n- [x] Write *the* tests\n- [ ] Ship\n  it\n- plain\n"])
        #expect(try site.runway("build", site.root).status == 0)
        let html = site.read("_site/t/index.html") ?? ""
        #expect(html.contains(#"<li><input type="checkbox" aria-label="Write the tests" checked="" disabled="" /> Write <em>the</em> tests</li>"#), "\(html)")
        #expect(html.contains(#"<li><input type="checkbox" aria-label="Ship it" disabled="" /> Ship"#))
        #expect(html.contains("<li>plain</li>"))
    }
}
