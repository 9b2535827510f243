import Foundation
import Testing

/// A translated page keeps the links it was translated with: `[b](b.md)` in `a.fr.md` leads to
/// `b.fr.md`'s page when there is one (as Hugo finds a page in the current language), where it led
/// to the English page before. A link that names another language's file (`b.fr.md` from an
/// English page), a URL (`/b/`), or a page without a version in the page's language leads where it
/// says.
@Suite struct TranslatedLinkCommandTests {
    static let languages = "language = \"en\"\n[languages.en]\nname = \"English\"\n[languages.fr]\nname = \"Français\"\n"
    static let files = [
        "content/b.md": "# Bee\n\n## Setup\n",
        "content/b.fr.md": "# Abeille\n\n## Installation\n",
        "content/c.md": "# Sea\n",
        "content/a.md": "# A\n\nSee [b](b.md), [b in French](b.fr.md).\n",
        "content/a.fr.md": "# A\n\nVoir [b](b.md#installation), [c](c.md) et [b en anglais](/b/).\n",
    ]

    @Test func aTranslationsLinksLeadToPagesInItsLanguage() throws {
        let site = try TestSite(Self.files, configuration: Self.languages)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        let french = try #require(site.read("_site/fr/a/index.html"))
        #expect(french.contains(#"Voir <a href="/fr/b/#installation">b</a>, <a href="/c/">c</a> et <a href="/b/">b en anglais</a>."#), "\(french)")
        let english = try #require(site.read("_site/a/index.html"))
        #expect(english.contains(#"See <a href="/b/">b</a>, <a href="/fr/b/">b in French</a>."#), "\(english)")
        // Its fragment is checked against the page it leads to: the English id is no French one.
        try site.write("# A\n\nVoir [b](b.md#setup).\n", to: "content/a.fr.md")
        let check = try site.runway("check", site.root)
        #expect(check.stderr.contains("a.fr.md:3:7: warning: broken link: b.md#setup names no heading of /fr/b/ (no heading has the id 'setup')"),
                "\(check.stderr)")
    }

    /// A translation added later redoes the pages whose links now lead to it, as a clean build.
    @Test func aTranslationAddedLaterRedoesTheLinksToIt() throws {
        var files = Self.files
        files["content/b.fr.md"] = nil
        files["content/a.fr.md"] = "# A\n\nVoir [b](b.md).\n"
        let site = try TestSite(files, configuration: Self.languages)
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/fr/a/index.html")?.contains(#"<a href="/b/">b</a>"#) == true)
        try site.write("# Abeille\n", to: "content/b.fr.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/fr/a/index.html")?.contains(#"<a href="/fr/b/">b</a>"#) == true)
        files["content/b.fr.md"] = "# Abeille\n"
        let clean = try TestSite(files, configuration: Self.languages)
        #expect(try clean.runway("build", clean.root).status == 0)
        #expect(site.tree("_site") == clean.tree("_site"))
    }
}
