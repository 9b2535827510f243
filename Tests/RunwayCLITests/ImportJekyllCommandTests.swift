import Foundation
import Testing

/// `runway import jekyll`: the Jekyll fixture imported, and built by Debian's Jekyll beside.
extension ImportCommandTests {
    /// The Jekyll site: posts dated and placed in the site's time zone (`02:30 +0100` is the 4th
    /// in Los Angeles), `.html` URLs of the date style, categories in the path, a page at its
    /// folder's URL made that folder's `_index.md`, Liquid converted or reported.
    @Test func aJekyllSiteIsImported() throws {
        let (_, site, result) = try Self.imported("jekyll", ForeignSiteFixtures.jekyll)
        #expect(result.status == 0, "\(result.stderr)\n\(result.stdout)")
        let report = result.stdout
        #expect(report.contains("_posts/2024-01-05-hello-world.markdown:14: the Liquid tag {% include %} includes a template"), "\(report)")
        #expect(report.contains("index.html: an HTML page: its Liquid is the template imported/index.html, which its page names as its layout"), "\(report)")
        #expect(report.contains("releases.html:7: {% assign length = post.title | size %} computes a value Runway's templates cannot"), "\(report)")
        #expect(try String(contentsOfFile: site + "/templates/imported/releases.html", encoding: .utf8) == """
            {{<base.html}}{{$content}}
            {{>partials/title.html}}
            {{#taxonomies.categories.release}}{{#first()}}<h2 class="newest"><a href="{{relURL(url)}}">{{title}}</a></h2>{{/first()}}{{^first()}}<p class="older"><a href="{{relURL(url)}}">{{title}}</a></p>{{/first()}}
            {{/taxonomies.categories.release}}
            {{/content}}{{/base.html}}

            """)
        #expect(try String(contentsOfFile: site + "/content/index.md", encoding: .utf8) == "---\nlayout: \"imported/index.html\"\n---\n", "the home page")
        #expect(report.contains("_docs/setup.md: is at its folder's URL, /docs/setup/"))
        let post = try String(contentsOfFile: site + "/content/posts/2024-01-05-hello-world.markdown", encoding: .utf8)
        #expect(post.contains("[the setup](/docs/setup/_index.md) and [the next one](/posts/2024-01-06-second-post.md)"), "\(post)")
        #expect(post.contains("```ruby {linenos=true}\nputs \"hello\"\n```"))
        #expect(post.contains("Liquid writes &#123;{ page.title }}."), "a raw block's Liquid is text, not a call")
        #expect(post.contains("![logo](/assets/logo.png)"))
        #expect(post.contains("categories: [\"news\",\"updates\"]"))
        #expect(try String(contentsOfFile: site + "/content/about.md", encoding: .utf8).contains("Code at https://git.example.com/notes."))
        #expect(try String(contentsOfFile: site + "/content/posts/unfinished.md", encoding: .utf8).contains("draft: true"), "a draft stays one")
        let build = try RunwayProcess.run(["build", site])
        #expect(build.status == 0, "\(build.stderr)")
        let pages = Self.pages(site + "/_site")
        for url in ["/about/", "/contact.html", "/news/updates/2024/01/04/hello-world.html", "/release/2024/01/06/second-post.html",
                    "/docs/setup/", "/docs/setup/advanced/", "/docs/guide/", "/help/"] {
            #expect(pages[url] != nil, "\(url) in \(pages.keys.sorted())")
        }
        #expect(pages["/news/updates/2024/01/04/hello-world.html"]?.contains("<time datetime=\"2024-01-04T17:30:00-08:00\">") == true)
        #expect(!pages.keys.contains { $0.contains("unfinished") }, "a draft stays one")
        #expect(FileManager.default.fileExists(atPath: site + "/_site/assets/style.css"))
        // Its _data/ is the new site's data/, which templates read as site.data.
        #expect(report.contains("_data/: 2 data files copied to data/: templates read them as site.data"), "\(report)")
        // kramdown's ids after headings are the headings' own; its {:toc} goes; a class stays, reported.
        let history = try String(contentsOfFile: site + "/content/docs/history.md", encoding: .utf8)
        #expect(history.contains("## 1.1.0 / 2024-02-01 {#v1-1-0}\n\nFaster.\n\n1.0.0 / 2024-01-01 {#v1-0-0}\n------------------\n\nFirst.\n{: .lead}"), "\(history)")
        #expect(!history.contains("TOC") && !history.contains("{:toc}"))
        #expect(report.contains("_docs/history.md:19: the kramdown attribute list {: .lead} gives a block a class"), "\(report)")
        #expect(report.contains("the kramdown attribute list {:target=\"_blank\"} gives a span a class or an attribute"), "\(report)")
        #expect(pages["/docs/history/"]?.contains(#"<h2 id="v1-1-0">1.1.0 / 2024-02-01<a"#) == true)
        #expect(!build.stderr.contains("#v1-0-0"), "the link to the heading holds: \(build.stderr)")
        // {: .note} on a paragraph, before or after it, as Jekyll's docs mark notes: a callout.
        #expect(history.contains("> [!WARNING]\n> Mind the\n> gap.\n\nSee [the site](https://jekyllrb.com){:target=\"_blank\"}.\n\n> [!NOTE]\n> Read this.\n"), "\(history)")
        #expect(pages["/docs/history/"]?.contains(#"<blockquote class="rw-callout"#) == true)
        // markdown="1": the attribute goes, blank lines set the Markdown apart, and it is Markdown.
        #expect(history.contains("<div class=\"note\">\n\n**Upgrade** first.\n\n</div>"), "\(history)")
        #expect(pages["/docs/history/"]?.contains("<div class=\"note\">\n<p><strong>Upgrade</strong> first.</p>\n</div>") == true,
                "\(pages["/docs/history/"] ?? "")")
        #expect(try String(contentsOfFile: site + "/data/navigation.yml", encoding: .utf8) == "- title: Docs\n  url: /docs/\n")
    }

    /// Jekyll itself (Debian's, 4.3): every page and post it publishes, the imported site
    /// publishes at the same URL, and its HTML pages show what Jekyll's show.
    @Test func theImportedJekyllSiteHasJekyllsURLs() throws {
        let jekyll = try #require(Self.tool("jekyll"), "Jekyll is one of the Debian packages make deps installs")
        let (source, site, result) = try Self.imported("jekyll", ForeignSiteFixtures.jekyll)
        #expect(result.status == 0, "\(result.stderr)")
        let jekyllOutput = source + "-jekyll"
        #expect(try Self.run(jekyll, ["build", "--source", source, "--destination", jekyllOutput, "--quiet", "--disable-disk-cache"]) == 0)
        #expect(try RunwayProcess.run(["build", site]).status == 0)
        let theirs = ForeignSiteFixtures.urls(under: jekyllOutput, marked: "PAGE")
        let pages = Self.pages(site + "/_site")
        let ours = Set(pages.keys)
        #expect(theirs.count >= 10, "\(theirs)")
        #expect(theirs.subtracting(ours).isEmpty, "Jekyll's pages missing: \(theirs.subtracting(ours).sorted())")
        // HTML pages show what their Liquid lists, as Jekyll shows it: the home's posts, a data
        // file's items reversed, a category's posts, the newest by an include.
        for (url, file) in [("/", "index.html"), ("/people/", "people/index.html"), ("/news/releases/", "news/releases/index.html")] {
            let jekyllPage = try String(contentsOfFile: jekyllOutput + "/" + file, encoding: .utf8)
            let listed = jekyllPage.split(separator: "\n", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            #expect(listed.count > 20, "\(url): \(jekyllPage)")
            #expect(pages[url]?.contains(listed) == true, "\(url): Jekyll shows \(listed), the imported site \(pages[url] ?? "nothing")")
        }
    }
}
