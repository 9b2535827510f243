import Foundation
import ImageProcessing
import Testing

/// Issue 38: sites written for Hugo, Zola and Jekyll, in their shape (fixtures of our own), brought
/// to Runway as a new user would: nothing of them is lost without a word.
@Suite struct ForeignSiteCommandTests {
    /// Point 1. A Jekyll blog's posts are `.markdown`: 96 of 102 were neither built nor mentioned.
    /// Zola's pages begin with a blank line and close their `+++` with spaces: 129 had their TOML
    /// printed as a paragraph. A page in a language the site does not declare became another page
    /// of the default language. Every file under content/ is now a page, a bundle's file, or a
    /// warning saying why it is skipped, and check ends with the count of what it skipped.
    @Test func everyContentFileIsAPageABundlesFileOrAWarning() throws {
        let site = try TestSite([
            "content/posts/2013-05-06-jekyll-1-0-released.markdown": "---\ntitle: \"Jekyll 1.0 Released\"\n---\nJekyll 1.0.\n",
            "content/posts/2014-01-01-notes.mdown": "---\ntitle: Notes\n---\nNotes.\n",
            "content/posts/old.mkd": "# Old\n", "content/posts/older.mkdn": "# Older\n",
            "content/themes/abridge/index.md": "\n+++\ntitle = \"abridge\"\ndate = 2025-04-30T17:15:25+05:30\n+++        \n# Abridge Zola Theme\n",
            "content/themes/abridge/screenshot.png": "PNG\n",
            "content/docs/_index.md": "  \n---   \ntitle: Docs\n---\nThe docs.\n",
            "content/about.fa.md": "# درباره\n", "content/about.md": "# About\n",
            "content/news.html": "---\nlayout: default\n---\n<p>{{ site.posts }}</p>\n",
            "content/posts/diagram.png": "PNG\n", "content/guide.adoc": "= Guide\n", "content/README.MD": "# Read me\n",
            "content/posts/.DS_Store": "",
        ])
        let check = try site.runway("check", site.root)
        #expect(check.status == 0, "\(check.stderr)")
        let warnings = [
            "content/about.fa.md:1:1: warning: skipped: this page is in the language 'fa' (its name's .fa), which runway.toml does not declare",
            "content/news.html: warning: skipped: an HTML file is no page Runway reads",
            "content/posts/diagram.png: warning: skipped: not a page, and in no page's folder",
            "content/guide.adoc: warning: skipped: .adoc is no format Runway reads as a page",
            "content/README.MD: warning: skipped: Runway reads Markdown files whose extension is in lower case: rename it with .md",
        ]
        for warning in warnings { #expect(check.stderr.contains("\(site.root)/" + warning), "\(warning)\n\(check.stderr)") }
        #expect(check.stderr.hasSuffix("checked 6 pages: 0 errors, 5 warnings; skipped 5 files: 4 not pages (nor files of a page's folder), "
                                       + "1 in a language runway.toml does not declare\n"), "\(check.stderr)")
        #expect(!check.stderr.contains(".DS_Store"), "hidden files are no one's content")

        #expect(try site.runway("build", site.root).status == 0)
        let post = try #require(site.read("_site/posts/jekyll-1-0-released/index.html"))
        #expect(post.contains("<title>Jekyll 1.0 Released · T</title>"))
        for page in ["posts/notes", "posts/old", "posts/older", "about"] { #expect(site.exists("_site/\(page)/index.html"), "\(page)") }
        let theme = try #require(site.read("_site/themes/abridge/index.html"))
        #expect(theme.contains("<title>abridge · T</title>") && !theme.contains("+++"), "front matter, not text")
        #expect(theme.contains("datetime=\"2025-04-30T17:15:25+05:30\""))
        #expect(site.read("_site/themes/abridge/screenshot.png") == "PNG\n")
        #expect(site.read("_site/docs/index.html")?.contains("The docs.") == true && site.read("_site/docs/index.html")?.contains("title: Docs") == false)
        #expect(!site.exists("_site/about.fa") && !site.exists("_site/news.html") && !site.exists("_site/posts/diagram.png"))
    }

    /// Point 2. Hugo's shortcodes, Liquid's tags and Zola's calls were printed as text on 8, 39 and
    /// 36 pages without one warning. Outside code, each kind on a page is a warning at its first
    /// place, naming it and what Runway has instead; in code spans and blocks they are code.
    @Test func foreignTemplateSyntaxIsAWarningOutsideCode() throws {
        let page = """
            # A

            {{< youtube hjD9jTi_DQ4 >}} and {{< youtube other >}}

            {{< highlight html >}}
            x
            {{< /highlight >}}

            `{{< youtube inline >}}` and `{% raw %}`

            ```
            {{< figure src="a.png" >}}
            {% if x %}{{ page.title }}{% endif %}
            ```

            {% highlight ruby %}
            puts 1
            {% endhighlight %}

            [post]({% post_url 2013-05-06-jekyll %}) {{ site.repository }}/issues/{{ issue }}

            {{ resize_image(path="a.png", width=150) }} and {{/* image(path="x") */}}

            ## History
            {: #v4-3-0}

            Sets {1,2} and {x} are text.

            <div class="note" markdown="1">
            **Read** this, and <span markdown="span">*this*</span>.
            </div>

            """
        // Raw HTML kept, as a Jekyll site's is: its raw HTML has no warnings of its own.
        let site = try TestSite(["content/a.md": page], configuration: "[markdown]\nunsafe = true\n")
        let check = try site.runway("check", site.root)
        #expect(check.status == 0)
        let expected = [
            "a.md:3:1: warning: the Hugo shortcode {{< youtube >}} is printed as text (and 1 more on this page): a link to it, or the embed as raw HTML under [markdown] unsafe",
            "a.md:5:1: warning: the Hugo shortcode {{< highlight >}} is printed as text: a fenced code block",
            "a.md:16:1: warning: the Liquid tag {% highlight %} is printed as text: a fenced code block (```ruby)",
            "a.md:20:8: warning: the Liquid tag {% post_url %} is printed as text: a link to the page's file",
            "a.md:20:42: warning: a template's value, {{ site.repository }}, is printed as text (and 1 more on this page): Runway does not run templates in content",
            "a.md:22:1: warning: the Zola shortcode {{ resize_image(…) }} is printed as text: Runway has no shortcodes",
            "a.md:22:49: warning: Zola's escaped shortcode {{/* … */}} is printed as text: Runway shows {{ }} as written, so write it without /* */",
            "a.md:25:1: warning: a kramdown attribute list ({: …}) is printed as text: a heading takes its id after its text",
            "a.md:29:1: warning: Markdown inside HTML with kramdown's markdown=\"1\" is printed as text (and 1 more on this page): Runway reads Markdown inside an HTML block when blank lines set it apart",
        ]
        for line in expected { #expect(check.stderr.contains("\(site.root)/content/" + line), "\(line)\n\(check.stderr)") }
        #expect(check.stderr.hasSuffix("checked 1 page: 0 errors, 9 warnings\n"), "nothing in code, nor {1,2}: \(check.stderr)")
    }

    /// Point 2, under `unsafe`: raw HTML that opens a document's `<html>`, `<head>` or `<body>`
    /// put one inside the page's (a Hugo `highlight` shortcode around an HTML document did, on 3 pages).
    @Test func rawHTMLThatOpensADocumentIsAWarning() throws {
        let site = try TestSite(["content/a.md": "# A\n\n<html>\n<head><title>x</title></head>\n<body>x</body>\n</html>\n\n<p>fine</p>\n"],
                                configuration: "[markdown]\nunsafe = true\n")
        let check = try site.runway("check", site.root)
        #expect(check.stderr.contains("\(site.root)/content/a.md:3:1: warning: this raw HTML opens a <html> of its own, inside the page's"), "\(check.stderr)")
        #expect(check.stderr.hasSuffix("checked 1 page: 0 errors, 1 warning\n"), "\(check.stderr)")
    }

    /// Point 3. What other generators' front matter says is read: each key of the table of front
    /// matter keys, under its other generators' names too, and a key another generator reads that
    /// Runway does not is one warning a site, naming Runway's way.
    @Test func otherGeneratorsFrontMatterIsRead() throws {
        let site = try TestSite([
            // Jekyll.
            "content/posts/2013-05-06-release.markdown": "---\ntitle: Release\nauthor: Ann\ncategory: release\nredirect_from: [/old/release/]\n"
                + "description: \"Jekyll 1.0 is out.\"\nsitemap: false\n---\n![badge](https://img.example/badge.svg)\n\nThe text.\n",
            "content/posts/2013-05-07-draft.md": "---\ntitle: Not yet\npublished: false\n---\nx\n",
            "content/docs/static_files.md": "---\ntitle: Static files\npermalink: /docs/static-files/\nlast_modified_at: 2024-01-02\n---\nSee [the home](@/_index.md) and [release](@/posts/2013-05-06-release.markdown).\n",
            "content/go.md": "---\ntitle: Go\nredirect_to: https://elsewhere.example/go/\n---\n",
            // Zola.
            "content/_index.md": "+++\ntitle = \"Home\"\n+++\nHome.\n",
            "content/themes/abridge/index.md": "+++\ntitle = \"abridge\"\ntemplate = \"theme.html\"\nupdated = 2025-05-01\nsort_by = \"date\"\n"
                + "[taxonomies]\ntheme-tags = [\"blog\", \"seo\"]\n[extra]\nrepository = \"https://git.example/abridge\"\n+++\n"
                + "```go {hl_lines=\"2\",linenos=\"table\"}\nx := 1\ny := 2\n```\n",
            // Hugo.
            "content/archives.md": "---\ntitle: Archives\nlayout: archives\nauthors: [Bob, Cy]\ntype: archive\n---\n",
            "templates/archives.html": "<archives>{{page.title}} by {{#page.authors}}{{.}};{{/page.authors}}</archives>\n",
            "templates/theme.html": "<theme>{{page.title}} {{page.lastmod}} {{{page.content}}}</theme>\n",
        ], configuration: "[taxonomies]\ntag = \"tags\"\ntheme-tag = \"theme-tags\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        // One warning a site for each key Runway does not read, and for an undeclared taxonomy.
        for warning in [
            "content/archives.md:5:1: warning: 'type' is not read by Runway (1 page has it): Hugo's 'type' picks templates; in Runway, 'layout' does",
            "content/posts/2013-05-06-release.markdown:4:1: warning: 'categories' names terms of a taxonomy runway.toml does not declare",
            "content/posts/2013-05-06-release.markdown:7:1: warning: 'sitemap' is not read by Runway",
            "content/themes/abridge/index.md:5:1: warning: 'sort_by' is not read by Runway",
        ] { #expect(build.stderr.contains("\(site.root)/" + warning), "\(warning)\n\(build.stderr)") }
        #expect(!build.stderr.contains("broken link"), "@/ links are content links: \(build.stderr)")
        #expect(!build.stderr.contains("linenos"), "quoted options are read")

        let post = try #require(site.read("_site/posts/release/index.html"))
        #expect(post.contains("<meta name=\"description\" content=\"Jekyll 1.0 is out.\">"), "the description, not the badge")
        #expect(post.contains("<meta name=\"author\" content=\"Ann\">") && post.contains("<span class=\"author\">Ann</span>"))
        #expect(site.read("_site/posts/index.html")?.contains("Jekyll 1.0 is out.") == true, "lists show the description")
        #expect(site.read("_site/old/release/index.html")?.contains("url=/posts/release/") == true, "redirect_from is an alias")
        #expect(site.read("_site/atom.xml")?.contains("<author><name>Ann</name></author>") == true)
        #expect(!site.exists("_site/posts/draft"), "published: false is a draft")
        #expect(site.read("_site/docs/static-files/index.html")?.contains("href=\"/posts/release/\"") == true, "permalink, and @/ links")
        #expect(!site.exists("_site/docs/static_files"))
        #expect(site.read("_site/go/index.html")?.contains("url=https://elsewhere.example/go/") == true)
        #expect(site.read("_site/_redirects")?.contains("/go/ https://elsewhere.example/go/ 301") == true)
        let theme = try #require(site.read("_site/themes/abridge/index.html"))
        #expect(theme.hasPrefix("<theme>abridge 2025-05-01 "), "Zola's template and updated: \(theme)")
        #expect(theme.contains("rw-line"), "numbered lines")
        #expect(site.read("_site/theme-tags/seo/index.html")?.contains("abridge") == true, "Zola's [taxonomies] table")
        #expect(site.read("_site/archives/index.html") == "<archives>Archives by Bob;Cy;</archives>\n", "layout: archives is archives.html")
    }
}


/// Hugo's branch bundles: the files beside a section's `_index.md` (and in folders below it that
/// hold no page) are published beside its list page, and those beside `content/_index.md` beside
/// the home page. helper-run trials of two Hugo themes' example sites found them skipped.
@Suite struct BranchBundleCommandTests {
    static let files = [
        "content/_index.md": "---\ntitle: Home\n---\n![Logo](images/logo.png)\n",
        "content/images/logo.png": "", "content/favicon.ico": "ICO\n", "content/.DS_Store": "",
        "content/gallery/_index.md": "---\ntitle: Gallery\n---\n![A cat](cat.png) and [the notes](notes.txt), ![a dog](images/dog.png).\n",
        "content/gallery/cat.png": "", "content/gallery/notes.txt": "Notes.\n", "content/gallery/images/dog.png": "",
        "content/gallery/2020/a.md": "# A\n", "content/gallery/2020/stray.txt": "Stray.\n",
        "templates/page.html": "{{{page.content}}}", "templates/list.html": "{{{page.content}}}", "static/humans.txt": "Us.\n",
    ]

    static func site() throws -> TestSite {
        let site = try TestSite(files)
        for image in ["content/images/logo.png", "content/gallery/cat.png", "content/gallery/images/dog.png"] {
            try ImageCommandTests.photograph(width: 40, height: 30, format: .png, at: site.root + "/" + image)
        }
        return site
    }

    @Test func aSectionsFilesArePublishedBesideItsList() throws {
        let site = try Self.site()
        let build = try site.runway("build", "--strict", site.root)
        // The file in a folder of pages is the only one skipped: under --strict, an error.
        #expect(build.status == 1 && build.stderr.contains("content/gallery/2020/stray.txt: error: skipped: not a page, and in no page's folder"),
                "\(build.stderr)")
        let lenient = try site.runway("build", site.root)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.components(separatedBy: "warning").count == 2 && !lenient.stderr.contains("broken link"), "\(lenient.stderr)")
        for file in ["gallery/cat.png", "gallery/notes.txt", "gallery/images/dog.png", "images/logo.png", "favicon.ico"] {
            #expect(site.read("_site/" + file) == site.read("content/" + file), "\(file)")
        }
        #expect(!site.exists("_site/.DS_Store") && !site.exists("_site/gallery/2020/stray.txt"))
        let gallery = try #require(site.read("_site/gallery/index.html"))
        #expect(gallery.contains(#"<img src="cat.png" alt="A cat" width="40" height="30" loading="lazy" />"#), "\(gallery)")
        #expect(try #require(site.read("_site/index.html")).contains(#"width="40" height="30""#))
    }

    @Test func aFileAddedToASectionEqualsACleanBuild() throws {
        let site = try Self.site()
        #expect(try site.runway("build", site.root).status == 0)
        try site.write("More notes.\n", to: "content/gallery/more.txt")
        try ImageCommandTests.photograph(width: 80, height: 60, format: .png, at: site.root + "/content/gallery/cat.png", seed: 3)
        let again = try site.runway("build", site.root)
        #expect(again.status == 0 && site.read("_site/gallery/more.txt") == "More notes.\n", "\(again.stderr)")
        #expect(try #require(site.read("_site/gallery/index.html")).contains(#"width="80" height="60""#))
        try ImageCommandTests.expectEqualToACleanBuild(site, configuration: "")
    }

    @Test func aSectionsFileThatStaticAlsoHasIsLeftOutWithAWarning() throws {
        let site = try Self.site()
        try site.write("ICO\n", to: "static/favicon.ico")
        try site.write("Other notes.\n", to: "static/gallery/notes.txt")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        // The same bytes: nothing to say; other bytes: static/'s file is published, and said.
        #expect(!build.stderr.contains("favicon.ico"), "\(build.stderr)")
        #expect(build.stderr.contains(site.root + "/content/gallery/notes.txt: warning: not published: /gallery/notes.txt is "
                                      + site.root + "/static/gallery/notes.txt, which this file would replace"), "\(build.stderr)")
        #expect(site.read("_site/gallery/notes.txt") == "Other notes.\n" && site.read("_site/favicon.ico") == "ICO\n")
    }
}
