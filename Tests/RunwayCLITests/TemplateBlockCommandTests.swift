import Foundation
import Testing

/// A site's `base.html` that drops the default theme's `{{$content}}`: every page built without
/// its text, and the build said nothing. Now `build` and `check` warn at the theme's block that
/// nothing shows (its file, line and column), `--strict` fails, and restoring the block ends it.
@Suite struct TemplateBlockCommandTests {
    @Test func aParentWithoutTheBlockAPageGivesItIsAWarning() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n---\nThe text.\n",
                                 "templates/base.html": "<html><title>{{$title}}{{page.title}}{{/title}}</title>{{$head}}{{/head}}</html>\n"])
        let expected = "templates/page.html:2:1: warning: {{$content}} is a block that 'base.html' does not have, so what it holds is "
            + "never shown (its blocks: head, title); add {{$content}} to 'base.html' where it belongs"
        for command in ["build", "check"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("/themes/default/" + expected), "\(command): \(result.stderr)")
        }
        #expect(site.read("_site/a/index.html")?.contains("The text.") == false, "the page was built without its text")
        let strict = try site.runway("build", site.root, "--strict")
        #expect(strict.status == 1 && strict.stderr.contains("/themes/default/templates/page.html:2:1: error: {{$content}}"), "\(strict.stderr)")

        try site.write("<html><title>{{$title}}{{page.title}}{{/title}}</title>{{$head}}{{/head}}{{$content}}{{/content}}</html>\n",
                       to: "templates/base.html")
        let fixed = try site.runway("build", site.root)
        #expect(fixed.status == 0 && !fixed.stderr.contains("warning"), "\(fixed.stderr)")
        #expect(site.read("_site/a/index.html")?.contains("The text.") == true)
    }
}

/// A site's `templates/` that is a symbolic link: followed when it leads inside the site, as
/// `content/` and `static/` are (it was not followed at all, so the site's templates were left out
/// without a word); skipped with a warning when it leads outside, the theme's templates used.
@Suite struct TemplateFolderLinkCommandTests {
    @Test func aLinkedTemplatesFolderIsFollowedInsideTheSiteOnly() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n---\nText.\n",
                                 "shared/templates/page.html": "<p>shared {{page.title}}</p>\n"])
        #expect(symlink("shared/templates", site.root + "/templates") == 0)
        let inside = try site.runway("build", site.root)
        #expect(inside.status == 0 && !inside.stderr.contains("warning"), "\(inside.stderr)")
        #expect(site.read("_site/a/index.html") == "<p>shared A</p>\n")

        try site.write("<p>stolen {{page.title}}</p>\n", to: "../elsewhere/page.html")
        #expect(unlink(site.root + "/templates") == 0 && symlink("../elsewhere", site.root + "/templates") == 0)
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(site.root)/templates: warning: skipped: a symbolic link to ../elsewhere, which is outside the site"),
                    "\(command): \(result.stderr)")
        }
        #expect(site.read("_site/a/index.html")?.contains("stolen") == false, "the theme's page.html, not the one outside")
        #expect(site.read("_site/a/index.html")?.contains("Text.") == true)
    }
}
