import Foundation
import Testing

/// Issue 15, point 1: headings get ids and anchors in site builds, pages get a table of contents,
/// and links to fragments are checked against the ids.
@Suite struct HeadingCommandTests {
    static let guide = """
        ---
        title: A guide
        ---
        # A guide

        Go to [setup](#setup), [nowhere](#nowhere), [the other's part](../other/#part-two) or [its lack](../other/#missing).

        ## Install

        ### On Debian

        ## Setup

        ## Setup

        """

    @Test func headingsGetIdsAnchorsAndATableOfContents() throws {
        let site = try TestSite(["content/guide.md": Self.guide, "content/other.md": "# Other\n\n## Part two\n",
                                 "content/short.md": "# Short\n\n## One\n\n## Two\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try #require(site.read("_site/guide/index.html"))
        #expect(page.contains(##"<h2 id="install">Install<a class="rw-anchor" href="#install" aria-hidden="true" tabindex="-1"></a></h2>"##))
        #expect(page.contains(##"<h2 id="setup">"##) && page.contains(##"<h2 id="setup-1">"##), "repeated headings get -1")
        // The table of contents: below the title heading, nested by level, the title left out.
        #expect(page.contains(##"<h1 id="a-guide">A guide<a class="rw-anchor" href="#a-guide" aria-hidden="true" tabindex="-1"></a></h1>"##
            + "\n\n" + ##"<nav class="toc" aria-label="Contents"><strong>Contents</strong><ul><li><a href="#install">Install</a>"##
            + ##"<ul><li><a href="#on-debian">On Debian</a></li></ul></li><li><a href="#setup">Setup</a></li>"##
            + ##"<li><a href="#setup-1">Setup</a></li></ul></nav>"##), "\(page)")
        #expect(site.read("_site/short/index.html")?.contains("class=\"toc\"") == false, "two headings below the title: no table")

        // Links to fragments that no heading has: a warning at the link, for build and check alike.
        for result in [build, try site.runway("check", site.root)] {
            #expect(result.stderr.contains("\(site.root)/content/guide.md:6:25: warning: broken link: #nowhere names no heading of this page"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("\(site.root)/content/guide.md:6:88: warning: broken link: ../other/#missing names no heading of /other/"))
            #expect(!result.stderr.contains("#setup") && !result.stderr.contains("#part-two"))
        }
        #expect(try site.runway("build", "--strict", site.root).status == 1, "with --strict the warnings stop the build")
    }

    /// A heading's own id, written after its text as Hugo, Zola, kramdown and pandoc read it
    /// (`## Setup {#install}`): before, the braces were printed in the heading, the table of
    /// contents and the title, and links to `#install` (a Hugo or Zola site's) were broken.
    @Test func aHeadingMayGiveItsOwnId() throws {
        let site = try TestSite([
            "content/guide.md": """
                # The guide {#top}

                See [install](#install_now), [again](#install-1), [the title](#top), [code](#c) and [not one](#x).

                ## Install {#install_now}

                ## Install

                ## Install {#install-1}

                ## Kept {#x .wide}

                ## `run` it {#c}

                Text {#p} stays text.

                ## Intro {#a_b_c}

                """,
        ])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try #require(site.read("_site/guide/index.html"))
        #expect(page.contains(##"<h1 id="top">The guide<a class="rw-anchor" href="#top""##), "\(page)")
        #expect(page.contains("<title>The guide · T</title>"), "the title without its id")
        #expect(page.contains(##"<h2 id="install_now">Install<a"##))
        // An id a heading gives itself is never made again: the plain "Install" after it does not
        // take "install-1", which a later heading claims.
        #expect(page.contains(##"<h2 id="install">Install<a"##) && page.contains(##"<h2 id="install-1">Install<a"##))
        #expect(page.contains(##"<h2 id="kept-x-wide">Kept {#x .wide}<a"##), "anything but an id leaves the braces text")
        #expect(page.contains(##"<h2 id="c"><code>run</code> it<a"##) && page.contains("<p>Text {#p} stays text.</p>"))
        #expect(page.contains(##"<h2 id="a_b_c">Intro<a"##), "an id with _ (emphasis delimiters to cmark) is whole")
        #expect(page.contains(##"<li><a href="#install_now">Install</a></li>"##), "the table of contents links the id")
        #expect(build.stderr.contains("guide.md:3:86: warning: broken link: #x names no heading of this page"), "\(build.stderr)")
        #expect(!build.stderr.contains("#install") && !build.stderr.contains("#top") && !build.stderr.contains("#c "))
        // render keeps cmark-gfm's output unless asked for ids; runs shows the id as the heading's.
        let plain = try site.runway("render", site.root + "/content/guide.md", "--fragment")
        #expect(plain.stdout.contains("<h2>Install {#install_now}</h2>"))
        let runs = try site.runway("runs", site.root + "/content/guide.md", "--json")
        #expect(runs.stdout.contains(#""id":"install_now""#) || runs.stdout.contains(#""id" : "install_now""#), "\(runs.stdout.prefix(600))")
    }

    /// A heading named like a footnote's id is numbered past it, and a link to a footnote's id
    /// is not a broken link: `#fn-1` was both the heading's and the footnote's id, and without
    /// that heading the link check said no heading had it.
    @Test func linksToFootnotesAreNotBrokenAndHeadingsLeaveTheirIds() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n---\n## fn-1\n\nA[^1], [to it](#fn-1), [back](#fnref-1), [gone](#fn-2).\n\n[^1]: one\n",
                                 "content/b.md": "---\ntitle: B\n---\nSee [its note](../a/#fn-1).\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("#fn-1") && !build.stderr.contains("#fnref-1"), "\(build.stderr)")
        #expect(build.stderr.contains("a.md:6:43: warning: broken link: #fn-2 names no heading of this page"), "\(build.stderr)")
        let page = try #require(site.read("_site/a/index.html"))
        #expect(page.contains(#"<h2 id="fn-1-1">fn-1"#) && page.contains(#"<li id="fn-1">"#), "\(page)")
        #expect(page.components(separatedBy: #"id="fn-1""#).count == 2, "one element has the id fn-1")
    }

    @Test func renderKeepsCmarksHeadingsUnlessAskedForIds() throws {
        let site = try TestSite(["a.md": "# Hello, world!\n\n## Hello, world!\n"])
        let plain = try site.runway("render", "--fragment", site.root + "/a.md")
        #expect(plain.stdout == "<h1>Hello, world!</h1>\n<h2>Hello, world!</h2>\n")
        let ids = try site.runway("render", "--fragment", "--heading-ids", site.root + "/a.md")
        #expect(ids.stdout == ##"<h1 id="hello-world">Hello, world!<a class="rw-anchor" href="#hello-world" aria-hidden="true" tabindex="-1"></a></h1>"##
            + "\n" + ##"<h2 id="hello-world-1">Hello, world!<a class="rw-anchor" href="#hello-world-1" aria-hidden="true" tabindex="-1"></a></h2>"## + "\n")
    }

    /// The default theme's words come from its string tables: French pages get French words.
    @Test func theDefaultThemesWordsFollowThePagesLanguage() throws {
        let site = try TestSite(["content/guide.md": Self.guide, "content/guide.fr.md": Self.guide.replacingOccurrences(of: "A guide", with: "Un guide"),
                                 "content/other.md": "# Other\n\n## Part two\n"],
                                configuration: "[languages.fr]\nname = \"Français\"\n")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/fr/guide/index.html")?.contains(##"<nav class="toc" aria-label="Sommaire"><strong>Sommaire</strong>"##) == true)
        #expect(site.read("_site/guide/index.html")?.contains("<strong>Contents</strong>") == true)
        let notFound = try #require(site.read("_site/404.html"))
        #expect(notFound.contains("<title>Page not found · ") && notFound.contains("<h1>Page not found</h1>"))
        // The lists the build titles itself take their words from the tables too.
        let tagged = try TestSite(["content/a.fr.md": "---\ntitle: A\ntags: [café]\n---\nA.\n", "content/b.md": "---\ntags: [tea]\n---\nB.\n"],
                                  configuration: "[languages.fr]\nname = \"Français\"\n")
        #expect(try tagged.runway("build", tagged.root).status == 0)
        #expect(tagged.read("_site/fr/tags/café/index.html")?.contains("<h1>Étiquette « café »</h1>") == true)
        #expect(tagged.read("_site/fr/tags/index.html")?.contains("<h1>Étiquettes</h1>") == true)
        #expect(tagged.read("_site/tags/tea/index.html")?.contains("<h1>Tagged “tea”</h1>") == true)
    }
}

/// Issue 15, point 7: a relative link to a `.md` file becomes that page's URL, fragment kept; a
/// missing target, or a missing fragment, is a warning at the link.
@Suite struct ContentLinkCommandTests {
    @Test func linksToMarkdownFilesBecomeTheirPagesURLs() throws {
        let site = try TestSite([
            "content/guide/setup.md": "---\nslug: set-up\n---\n# Setup\n\n## Install\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\n"
                + "See [setup](../guide/setup.md#install), [root](/guide/setup.md), [bad](../guide/setup.md#nope) and [gone](gone.md).\n",
        ])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try #require(site.read("_site/posts/a/index.html"))
        #expect(page.contains(#"<a href="/guide/set-up/#install">setup</a>, <a href="/guide/set-up/">root</a>"#), "\(page)")
        #expect(site.read("_site/atom.xml")?.contains("href=&quot;/guide/set-up/#install&quot;") == true, "summaries in feeds too")
        #expect(build.stderr.contains("\(site.root)/content/posts/a.md:5:67: warning: broken link: ../guide/setup.md#nope names no heading of /guide/set-up/"))
        #expect(build.stderr.contains("\(site.root)/content/posts/a.md:5:101: warning: broken link: gone.md names content/posts/gone.md, which the site does not publish"))
        #expect(!build.stderr.contains("#install") && !build.stderr.contains("(/guide/setup.md)"))
    }
}
