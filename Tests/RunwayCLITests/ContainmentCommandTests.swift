import Foundation
import Testing

/// Issue 12, part 2: content can never reach outside the output folder or the site. Each bad value
/// is an error at `file:line:col` in `check` and in `build`, and nothing is written anywhere.
/// Before (3dbdd66) each of these wrote outside `_site`, read outside the site, or was silent.
@Suite struct ContainmentCommandTests {
    @Test(arguments: [
        // A file named ...md made the URL /../: its page went to SITE/index.html.
        (["content/...md": "---\ntitle: Dots\n---\nx\n"], "", "content/...md:1:1: error: its URL /../ cannot be a page's: it has a '..' segment"),
        // A date of dots under a date permalink wrote SITE/../../victim/index.html.
        (["content/posts/v.md": "---\ntitle: V\ndate: \"../..-..-.\"\n---\nx\n"], "[permalinks]\nposts = \"/:year/:month/:day/:slug/\"\n",
         "content/posts/v.md:3:1: error: 'date' must be a date such as 2026-11-03"),
        // A theme name that climbed out of themes/ loaded a theme from anywhere.
        (["content/e.md": "---\ntitle: E\ntheme: \"../../evil\"\n---\nx\n"], "", "content/e.md:3:1: error: 'theme' must be a theme's name, not \"../../evil\""),
        // A layout beside templates/ was read (a string prefix check).
        (["content/l.md": "---\nlayout: \"../templates-x/y.html\"\n---\nx\n"], "",
         "content/l.md:2:1: error: 'layout' must name a template inside the templates folder (such as post.html), not \"../templates-x/y.html\""),
        // slug "." overwrote the section's list page.
        (["content/posts/d.md": "---\nslug: \".\"\n---\nx\n", "content/posts/e.md": "x\n"], "",
         "content/posts/d.md:2:1: error: 'slug' must be one path segment, not \".\""),
        // A '?' or '#' in a file name or slug made links that end before them (/Q?/ is /Q asking /).
        (["content/Q?.md": "---\ntitle: Q\n---\nx\n"], "", "content/Q?.md:1:1: error: its URL /Q?/ cannot be a page's: it has a '?', which ends a URL's path"),
        (["content/h.md": "---\ntitle: H\nslug: \"h#x\"\n---\nx\n"], "", "content/h.md:3:1: error: its URL /h#x/ cannot be a page's: it has a '#', which ends a URL's path"),
        // A permalink pattern with .. was accepted.
        (["content/posts/p.md": "x\n"], "[permalinks]\nposts = \"/../:slug/\"\n",
         "runway.toml:4:1: error: a permalink cannot have a '..' segment: pages stay inside the output folder"),
    ])
    func aValueThatLeavesItsFolderIsALocatedError(_ files: [String: String], _ configuration: String, _ expected: String) throws {
        let site = try TestSite(files.merging(["content/index.md": "# Home\n"]) { $1 }, configuration: configuration)
        try site.write("evil {}\n", to: "../evil/theme.toml")
        try site.write("<p>stolen</p>\n", to: "templates-x/y.html")
        let before = site.tree(site.parent)
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(site.root + "/" + expected), "\(command): \(result.stderr)")
        }
        #expect(site.tree(site.parent) == before, "nothing written in the site or beside it")
    }

    /// Two pages with one URL (or a page and a list page) are an error naming both; before, the
    /// last one won and the sitemap listed the URL twice.
    @Test func twoPagesCannotShareAURL() throws {
        let site = try TestSite(["content/index.md": "# Home\n", "content/about.md": "# About\n",
                                 "content/b.md": "---\nslug: about\n---\n# B\n",
                                 "content/t.md": "---\nslug: tags\ntags: [x]\n---\n# T\n"])
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(site.root)/content/b.md:1:1: error: its URL /about/ is also that of \(site.root)/content/about.md"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("\(site.root)/content/t.md:1:1: error: its URL /tags/ is also that of the tags index"), "\(result.stderr)")
        }
        #expect(!site.exists("_site"))
    }

    /// A page of one language whose URL lies among another's (`[languages.posts]` beside the
    /// section `content/posts/`; a folder `content/fr/` beside `[languages.fr]`) is an error at
    /// the page. Before, the language's home replaced the section's list and feed silently.
    @Test func aLanguagesURLsAreItsOwn() throws {
        let site = try TestSite(["content/index.md": "# Home\n", "content/posts/a.md": "# A\n", "content/index.posts.md": "# Other home\n"],
                                configuration: "[languages.posts]\nname = \"P\"\n")
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("\(site.root)/content/posts/a.md:1:1: error: its URL /posts/a/ is among the URLs of the language posts (/posts/…)"),
                    "\(result.stderr)")
        }
        #expect(!site.exists("_site"))
        let french = try TestSite(["content/index.md": "# Home\n", "content/fr/b.md": "# B\n", "content/c.md": "---\nslug: fr\n---\n# C\n",
                                   "content/d.fr.md": "# D\n"], configuration: "[languages.fr]\nname = \"Français\"\n")
        let result = try french.runway("check", french.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(french.root)/content/fr/b.md:1:1: error: its URL /fr/b/ is among the URLs of the language fr"), "\(result.stderr)")
        #expect(result.stderr.contains("\(french.root)/content/c.md:2:1: error: its URL /fr/ is among the URLs of the language fr"), "at its slug: \(result.stderr)")
        #expect(!result.stderr.contains("d.fr.md"), "a French page's URL is French's: \(result.stderr)")
    }

    /// A page whose URL is a section's list (`guide.md` beside `guide/`, a slug) is an error at
    /// the page: before, the list was silently left out. A bundle (`index.md`) is its folder's
    /// page, the pages inside it included.
    @Test func aPageCannotHideASectionsList() throws {
        let site = try TestSite(["content/index.md": "# Home\n", "content/guide.md": "# Clash\n", "content/guide/one.md": "# One\n",
                                 "content/n.md": "---\nslug: notes\n---\n# N\n", "content/notes/_index.md": "# Notes\n",
                                 "content/posts/index.md": "# Bundle\n", "content/posts/a.md": "# A\n", "content/trip/index.md": "# Trip\n"])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        let lines = check.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(site.root)/content/guide.md:1:1: error: its URL /guide/ is the list of the section of 1 page (\(site.root)/content/guide/one.md…), which it would hide: rename the page, or write its text in the section's _index.md"), "\(check.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(site.root)/content/n.md:2:1: error: its URL /notes/ is the list of the section its _index.md introduces") }, "\(check.stderr)")
        #expect(!check.stderr.contains("trip") && !check.stderr.contains("posts"), "\(check.stderr)")
        #expect(lines.count == 3, "two errors and the summary: \(check.stderr)")
    }

    /// A page's `lang` must be one of the site's languages, and `[languages.CODE]` settings of the
    /// wrong type or unknown are said, the default language's too. Before, `lang: de` left the
    /// page in English's lists with `<html lang="de">`, and the settings were ignored silently.
    @Test func languagesAreChecked() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\nlang: de\n---\nA.\n", "content/b.md": "---\ntitle: B\nlang: fr\n---\nB.\n"],
                                configuration: "[languages.fr]\nname = [\"Français\"]\ntitle = 7\n[languages.en]\ntitle = \"X\"\nweight = 1\n")
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        let toml = site.root + "/runway.toml"
        #expect(check.stderr.split(separator: "\n").map(String.init) == [
            "\(toml):7:1: warning: the default language's title is the site's: set 'title' at the top of the file instead",
            "\(toml):8:1: warning: unknown language setting 'weight' (known: name, title, direction, params, menus)",
            "\(toml):4:1: error: 'name' must be a string",
            "\(toml):5:1: error: 'title' must be a string",
            "checked 0 pages: 2 errors, 2 warnings",
        ], "\(check.stderr)")
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/\"\n[languages.fr]\nname = \"Français\"\n", to: "runway.toml")
        let page = try site.runway("check", site.root)
        #expect(page.status == 1)
        #expect(page.stderr.hasPrefix("\(site.root)/content/a.md:3:1: error: 'lang' must be one of the site's languages (en, fr), not \"de\""), "\(page.stderr)")
        #expect(!page.stderr.contains("b.md"), "\(page.stderr)")
    }

    /// A taxonomy named as a section (`category = "posts"`) is an error at its line in
    /// runway.toml, said once: before, it was "the posts index: error: …" at no file, and each
    /// feed of the two lists was said to clash with itself.
    @Test func aTaxonomyClashIsSaidAtItsLine() throws {
        let site = try TestSite(["content/posts/a.md": "---\ntitle: A\nposts: [x]\n---\nA.\n"],
                                configuration: "[taxonomies]\ntag = \"tags\"\ncategory = \"posts\"\n")
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr == "\(site.root)/runway.toml:5:1: error: its URL /posts/ is also that of the list page /posts/: two pages cannot share one file (change a slug or a file name)\n"
                + "checked 1 page: 1 error, 0 warnings\n", "\(check.stderr)")
    }
}
