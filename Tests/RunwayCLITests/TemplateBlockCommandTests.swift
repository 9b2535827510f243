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
