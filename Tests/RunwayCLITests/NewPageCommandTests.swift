import Foundation
import Testing

/// Issue 15, point 14: `runway new page posts/my-post.md` fills in an archetype with a title, the
/// date and `draft: true`, and never replaces a file.
@Suite struct NewPageCommandTests {
    static var today: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = .current
        return formatter.string(from: Date())
    }

    @Test func aNewPageFillsInTheArchetypeOfItsSection() throws {
        let site = try TestSite(["archetypes/notes.md": "---\ntitle: \"{{title}}\"\ndate: {{date}}\ndraft: true\ntags: [note]\n---\nA note.\n",
                                 "themes/mine/theme.toml": "extends = \"default\"\n",
                                 "themes/mine/archetypes/default.md": "---\ntitle: \"{{title}}\"\ndraft: true\n---\nThe theme's.\n"],
                                configuration: "theme = \"mine\"\n")
        let post = try site.runway("new", "page", "posts/my-first-post.md", "--site", site.root)
        #expect(post.status == 0, "\(post.stderr)")
        #expect(site.read("content/posts/my-first-post.md") == "---\ntitle: \"My First Post\"\ndraft: true\n---\nThe theme's.\n",
                "no archetype of its own for posts: the theme's default")
        let note = try site.runway("new", "page", "content/notes/say \"hi\"", "--site", site.root)
        #expect(note.status == 0, "\(note.stderr)")
        #expect(site.read("content/notes/say \"hi\".md") == "---\ntitle: \"Say \\\"Hi\\\"\"\ndate: \(Self.today)\ndraft: true\ntags: [note]\n---\nA note.\n")
        // A draft: left out, until --drafts.
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !site.exists("_site/notes/say \"hi\"/index.html"), "\(build.stderr)")
        #expect(try site.runway("build", "--drafts", site.root).status == 0 && site.exists("_site/notes/say \"hi\"/index.html"))
    }

    /// The command says what comes next as the page is: a draft until `draft: true` goes, or, from
    /// an archetype without `draft`, a page the next build publishes.
    /// Nothing is made or read outside the site: a folder of the new page that leads elsewhere
    /// through a link is refused before any folder is made (the folders were made there, then
    /// the page refused); an archetype linked to a file elsewhere, not a file or not UTF-8 is an
    /// error at the archetype (its text was copied into the page, or it was passed over).
    @Test func aNewPageMakesNothingAndReadsNothingOutsideTheSite() throws {
        let site = try TestSite()
        let outside = site.parent + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/content/out", withDestinationPath: outside)
        let linked = try site.runway("new", "page", "out/deep/x.md", "--site", site.root)
        #expect(linked.status == 1 && linked.stderr.contains("leads outside content/ (through a symbolic link); nothing written"), "\(linked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty, "no folder made outside")

        try "secret\n".write(toFile: site.parent + "/secret.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: site.root + "/archetypes", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/archetypes/default.md", withDestinationPath: site.parent + "/secret.md")
        let leak = try site.runway("new", "page", "leak.md", "--site", site.root)
        #expect(leak.status == 1 && leak.stderr.contains("\(site.root)/archetypes/default.md: error: is a symbolic link to \(site.parent)/secret.md, outside the site"),
                "\(leak.stderr)")
        try FileManager.default.removeItem(atPath: site.root + "/archetypes/default.md")
        try Data([0xFF, 0xFE, 0x41]).write(to: URL(fileURLWithPath: site.root + "/archetypes/default.md"))
        let binary = try site.runway("new", "page", "leak.md", "--site", site.root)
        #expect(binary.status == 1 && binary.stderr.contains("archetypes/default.md: error: is not valid UTF-8"), "\(binary.stderr)")
        #expect(!site.exists("content/leak.md"))
    }

    @Test func theNextStepIsThePagesOwn() throws {
        let site = try TestSite(["archetypes/notes.md": "---\ntitle: \"{{title}}\"\n---\n"])
        let draft = try site.runway("new", "page", "posts/a.md", "--site", site.root)
        #expect(draft.stdout.contains("then remove draft: true (or build with --drafts)"), "\(draft.stdout)")
        let note = try site.runway("new", "page", "notes/b.md", "--site", site.root)
        #expect(note.stdout.contains("Next: write it; a build publishes it") && !note.stdout.contains("draft"), "\(note.stdout)")
    }

    @Test func runwaysOwnArchetypeAndNoReplacing() throws {
        let site = try TestSite()
        #expect(try site.runway("new", "page", "a-page.md", "--site", site.root).status == 0)
        #expect(site.read("content/a-page.md") == "---\ntitle: \"A Page\"\ndate: \(Self.today)\ndraft: true\n---\n\n")
        try site.write("mine\n", to: "content/a-page.md")
        let again = try site.runway("new", "page", "a-page.md", "--site", site.root)
        #expect(again.status == 1 && again.stderr.contains("\(site.root)/content/a-page.md: error: already exists; a new page never replaces a file"))
        #expect(site.read("content/a-page.md") == "mine\n")
        let outside = try site.runway("new", "page", "../x.md", "--site", site.root)
        #expect(outside.status == 1 && outside.stderr.contains("a new page must be a path inside content/"))
        #expect(!FileManager.default.fileExists(atPath: site.parent + "/x.md"))
    }

    /// The title is the one a build gives the file's name, the date its name's when it has one:
    /// before, `hello.fr.md` was titled "Hello.Fr", `trip/index.md` "Index", and a dated name kept
    /// its date in the title while today's date replaced it.
    @Test func theTitleAndDateAreThoseABuildReadsInTheName() throws {
        let site = try TestSite(configuration: "language = \"en\"\n[languages.en]\nname = \"English\"\n[languages.fr]\nname = \"Français\"\n")
        for (path, title, date) in [("posts/hello.fr.md", "Hello", Self.today), ("posts/2026-01-05-old-news.md", "Old News", "2026-01-05"),
                                    ("posts/trip/index.md", "Trip", Self.today), ("my_page.md", "My Page", Self.today),
                                    ("x.de.md", "X.De", Self.today)] {
            let made = try site.runway("new", "page", path, "--site", site.root)
            #expect(made.status == 0, "\(made.stderr)")
            #expect(site.read("content/" + path) == "---\ntitle: \"\(title)\"\ndate: \(date)\ndraft: true\n---\n\n", "\(path)")
        }
        // A build names a bundle without a title for its folder too (it said "Index").
        try site.write("Just text.\n", to: "content/walk/index.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/walk/index.html")?.contains("<title>Walk · T</title>") == true)
    }

    /// A name a build would refuse or misread is refused before anything is written: empty,
    /// starting with '.', naming a folder, or with '?' or '#'. Before, each made a file that the
    /// next check rejected (content/.md clashed with the home page).
    @Test(arguments: ["", "posts/", "x.md/", "posts/...md", "..md", "posts/a #1.md", "?"])
    func aNameNoPageCanHaveIsRefused(_ name: String) throws {
        let site = try TestSite(["content/index.md": "# Home\n"])
        let result = try RunwayProcess.run(["new", "page", name, "--site", site.root])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(name): error: a new page must be a path inside content/, such as posts/my-post.md: "), "\(result.stderr)")
        #expect(site.tree("content").keys.sorted() == ["index.md"])
    }

    /// A name the build would not read as a page (`x.MD`), or whose URL is a folder's beside it
    /// (`posts` where `content/posts/` is a section, `b` where `content/b/` is a bundle) is
    /// refused: each was made, then skipped without a word or refused by the next check.
    @Test func aPageTheBuildWouldSkipOrRefuseIsNotMade() throws {
        let site = try TestSite(["content/posts/a.md": "# A\n", "content/b/index.md": "# B\n"])
        let upper = try RunwayProcess.run(["new", "page", "x.MD", "--site", site.root])
        #expect(upper.status == 1 && upper.stderr.contains("x.MD: error: a new page's name ends in .md, in lower case"), "\(upper.stderr)")
        for (name, folder) in [("posts", "posts"), ("content/b.md", "b")] {
            let result = try RunwayProcess.run(["new", "page", name, "--site", site.root])
            #expect(result.status == 1 && result.stderr.contains("its URL would be that of the folder \(folder)/ beside it"), "\(result.stderr)")
        }
        #expect(site.tree("content").keys.sorted() == ["b/index.md", "posts/a.md"])
        #expect(try RunwayProcess.run(["new", "page", "posts/_index.md", "--site", site.root]).status == 0, "the section's own page")
    }
}
