import Foundation
import Testing

/// Issue 42, point 3: `[markdown] emoji = true` writes emoji shortcodes (`:tada:`) as their emoji,
/// from Debian's python3-emoji, in words only: never in code, raw HTML or a link's destination.
/// Without it, or in a text without shortcodes, the output is what it was.
@Suite struct EmojiCommandTests {
    static let page = """
        ---
        title: Emoji
        ---
        # Release :tada: notes

        Ship it :rocket::+1: at 12:30:00, :notanemoji: and `:tada:` in code, [a :smile: link](https://x.example/:tada:/).

        ```
        :tada: in a block
        ```

        """
    static let files = ["templates/page.html": "{{{page.content}}}", "content/notes.md": page]

    @Test func shortcodesInWordsAreEmoji() throws {
        let site = try TestSite(Self.files, configuration: "[markdown]\nemoji = true\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let html = try #require(site.read("_site/notes/index.html"))
        #expect(html.contains(">Release 🎉 notes<"), "\(html)")
        #expect(html.contains("<p>Ship it 🚀👍 at 12:30:00, :notanemoji: and <code>:tada:</code> in code, "
                              + "<a href=\"https://x.example/:tada:/\">a 😄 link</a>.</p>"), "\(html)")
        #expect(html.contains("<pre><code>:tada: in a block\n</code></pre>"), "\(html)")
    }

    /// Off, shortcodes stay as written; on, a site without one is written byte for byte as off.
    @Test func withoutShortcodesOrTheSettingNothingChanges() throws {
        let off = try TestSite(Self.files)
        #expect(try off.runway("build", off.root).status == 0)
        #expect(off.read("_site/notes/index.html")?.contains("Ship it :rocket::+1: at") == true)
        // Colons, and shortcodes in code only.
        let plain = Self.files.merging(["content/notes.md": Self.page.replacingOccurrences(of: "# Release :tada: notes", with: "# Release notes")
            .replacingOccurrences(of: "Ship it :rocket::+1:", with: "Ship it").replacingOccurrences(of: "a :smile: link", with: "a link")]) { $1 }
        let without = try TestSite(plain)
        let with = try TestSite(plain, configuration: "[markdown]\nemoji = true\n")
        #expect(try without.runway("build", without.root).status == 0)
        #expect(try with.runway("build", with.root).status == 0)
        let (a, b) = (without.tree("_site"), with.tree("_site"))
        #expect(!a.isEmpty && a.keys.sorted() == b.keys.sorted())
        #expect(a == b)
    }

    /// A Python without the `emoji` package: an error at the setting, and nothing written.
    @Test func withoutTheTableTheSettingIsAnError() throws {
        let site = try TestSite(Self.files, configuration: "[markdown]\nemoji = true\n")
        let build = try site.runway(environment: ["RUNWAY_PYTHON": "/bin/false"], "build", site.root)
        #expect(build.status == 1, "\(build.stderr)")
        #expect(build.stderr.contains("\(site.root)/runway.toml:4:1: error: emoji = true: /bin/false cannot read the emoji table"),
                "\(build.stderr)")
        #expect(!site.exists("_site"))
    }
}
