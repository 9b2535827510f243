import Foundation
import Testing

/// The attributes a site declares (`[attributes.NAME]` in `runway.toml`) reach the HTML as the
/// theme's own do: a class and a `data-*` attribute per value, under the site's theme and under a
/// theme a page names; a value the declaration does not allow is dropped with a warning.
@Suite struct SiteAttributeCommandTests {
    @Test func attributesTheSiteDeclaresReachTheHTML() throws {
        let markdown = "A ^[tip](audience: 'expert', level: 3, flag: true) and ^[a warning](customColor: 'danger', audience: 'expert').\n"
        let site = try TestSite([
            "content/a.md": markdown,
            "content/b.md": "---\ntheme: menlo\n---\n" + markdown,
            "content/c.md": "^[x](audience: 'nobody')\n",
        ], configuration: """
            [attributes.audience]
            type = "string"
            values = ["beginner", "expert"]
            [attributes.level]
            type = "integer"
            [attributes.flag]
            type = "bool"

            """)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        for page in ["_site/a/index.html", "_site/b/index.html"] {
            let html = try #require(site.read(page))
            // A number or a boolean is `__` and its JSON text (themes.md, "Custom attributes in HTML").
            #expect(html.contains(#"<span class="rw-audience--expert rw-flag--__true rw-level--__3" data-audience="expert" data-flag="true" data-level="3">tip</span>"#),
                    "\(page): \(html)")
            // The theme's own attribute beside the site's.
            #expect(html.contains(#"<span class="rw-audience--expert rw-customColor--danger" data-audience="expert" data-custom-color="danger">a warning</span>"#),
                    "\(page): \(html)")
        }
        #expect(build.stderr.contains(site.root + #"/content/c.md:1:1: warning: attribute 'audience' is "nobody" but must be one of 'beginner', 'expert'"#),
                "\(build.stderr)")
        #expect(site.read("_site/c/index.html")?.contains("<p><span>x</span></p>") == true)
    }
}
