import Foundation
import Testing

/// Issue 39, points 2–4: templates from a pull request that CI builds. Before, a chain of 10,000
/// partials overflowed the stack of the template check (`build` and `check` exited 139), and a
/// template linked to a file beside `templates/` was read and rendered into every page.
@Suite struct HostileTemplateCommandTests {
    /// A chain of partials each including the next: an error at the tag where the chain passes
    /// 100 levels, for `check` and `build` alike, and nothing written.
    @Test(.timeLimit(.minutes(2))) func aChainOfTenThousandPartialsIsAnError() throws {
        var files = ["content/a.md": "# A\n", "templates/page.html": "{{>partials/p0.html}}\n"]
        for index in 0..<10_000 {
            files["templates/partials/p\(index).html"] = index + 1 < 10_000 ? "{{>partials/p\(index + 1).html}}" : "end"
        }
        let site = try TestSite(files)
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 1, "\(command): \(result.status) \(result.stderr.prefix(500))")
            #expect(result.stderr.contains("\(site.root)/templates/partials/p9898.html:1:1: error: template error: templates include one another "
                                           + "101 levels deep from here, through 'partials/p9899.html'; at most 100 can be rendered"),
                    "\(command): \(result.stderr.prefix(1000))")
        }
        #expect(!site.exists("_site"))
    }

    /// A template linked to a file of the site beside `templates/` (`../../.env`) is skipped with a
    /// warning, so what that file holds reaches no page; the theme's template is used.
    @Test func aTemplateLinkedOutOfTemplatesIsSkipped() throws {
        let site = try TestSite(["content/a.md": "# A\n\nText.\n", ".env": "TOKEN=env-secret\n", "templates/partials/.keep": ""])
        #expect(symlink("../../.env", site.root + "/templates/partials/footer.html") == 0)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("\(site.root)/templates/partials/footer.html: warning: skipped: a symbolic link to ../../.env, which leads out of "
                                      + "\(site.root)/templates/"), "\(build.stderr)")
        #expect(!site.tree("_site").values.contains { $0.contains("env-secret") })
        #expect(site.read("_site/a/index.html")?.contains("Text.") == true)
    }
}
