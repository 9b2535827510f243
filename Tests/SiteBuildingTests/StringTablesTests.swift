import RunwayText
import Foundation
import SiteBuilding
@testable import SiteContent
import Testing

/// `i18n/<language>.toml` in a theme and in the site: the site's keys win, a value that is not a
/// string is a warning at its line, and templates read the page's language's table as `t`.
@Suite struct StringTablesTests {
    @Test func theSiteWinsAndBadValuesAreLocated() throws {
        let theme = try SiteBuildTests.site(pages: [:])
        let site = try SiteBuildTests.site(pages: [:])
        try FileManager.default.createDirectory(atPath: theme + "/i18n", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: site + "/i18n", withIntermediateDirectories: true)
        try "newer = \"Newer\"\nolder = \"Older\"\n".write(toFile: theme + "/i18n/en.toml", atomically: true, encoding: .utf8)
        try "newer = \"More recent\"\n\ncount = 3\n".write(toFile: site + "/i18n/en.toml", atomically: true, encoding: .utf8)
        try "newer = \"Plus récents\"\n".write(toFile: site + "/i18n/fr.toml", atomically: true, encoding: .utf8)
        let (strings, diagnostics) = StringTables.load(from: [theme, site])
        #expect(strings == ["en": ["newer": "More recent", "older": "Older"], "fr": ["newer": "Plus récents"]])
        #expect(diagnostics.map(\.description) == ["\(site)/i18n/en.toml:3:1: warning: 'count' is not a string; templates see the key instead"])
    }

    @Test func templatesReadThePagesLanguage() throws {
        let root = try SiteBuildTests.site(pages: ["index.md": "# Home\n", "index.fr.md": "# Accueil\n"],
                                          templates: ["home.html": "<h2>{{t.recent}}</h2>{{date(page.date)}}"])
        try "title = \"S\"\nlanguage = \"en\"\n[languages.fr]\ntitle = \"S\"\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/i18n", withIntermediateDirectories: true)
        try "recent = \"Recent pages\"\n".write(toFile: root + "/i18n/en.toml", atomically: true, encoding: .utf8)
        try "recent = \"Pages récentes\"\n".write(toFile: root + "/i18n/fr.toml", atomically: true, encoding: .utf8)
        let report = SiteBuild(site: root).run()
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(try String(contentsOfFile: root + "/_site/index.html", encoding: .utf8) == "<h2>Recent pages</h2>")
        #expect(try String(contentsOfFile: root + "/_site/fr/index.html", encoding: .utf8) == "<h2>Pages récentes</h2>")
    }
}
