import Foundation
import Testing

/// Issue 12, part 1: Runway never deletes, replaces or publishes what it did not write. Each case
/// deleted or damaged files before (3dbdd66).
@Suite struct OutputOwnershipCommandTests {
    static let pages = ["content/index.md": "# Home\n", "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\nText.\n"]

    /// `--output` naming the site, its content, or a folder holding the site is refused, through
    /// every command that builds; nothing is touched.
    @Test func theSiteAndWhatItReadsAreNeverTheOutput() throws {
        let site = try TestSite(Self.pages)
        try site.write("body {}\n", to: "static/site.css")
        try site.write("{% extends \"base.html\" %}\n", to: "templates/x.html")
        let before = site.tree(site.root)
        let parent = (site.root as NSString).deletingLastPathComponent
        for (output, reason) in [(site.root, "is the site's own folder"), (site.root + "/content", "is the site's content"),
                                 (site.root + "/static/deeper", "is inside the site's static files"),
                                 (site.root + "/templates", "is the site's templates"), (parent, "holds the site's own folder")] {
            let build = try site.runway("build", site.root, "--output", output)
            #expect(build.status == 1)
            #expect(build.stderr.hasPrefix("\(output): error: \(reason)"), "\(build.stderr)")
            let watch = try site.runway("watch", site.root, "--output", output)
            #expect(watch.status == 1 && watch.stderr.hasPrefix("\(output): error: \(reason)"), "\(watch.stderr)")
            let serve = try site.runway("serve", site.root, "--output", output, "--port", "0")
            #expect(serve.status == 1 && serve.stderr.hasPrefix("\(output): error: \(reason)"), "\(serve.stderr)")
        }
        let preview = try site.runway("theme", "preview", "default", "--site", site.root, "--output", site.root + "/content")
        #expect(preview.status == 1 && preview.stderr.contains("\(site.root)/content: error: is the site's content"), "\(preview.stderr)")
        #expect(site.tree(site.root) == before, "not one file of the site changed")
        // A folder of other files: the refusal names --allow-non-empty only where the command has it.
        try site.write("mine\n", to: "elsewhere/notes.txt")
        let theirs = try site.runway("theme", "preview", "default", "--site", site.root, "--output", site.root + "/elsewhere")
        #expect(theirs.status == 1 && theirs.stderr.contains("is not empty (notes.txt)") && !theirs.stderr.contains("--allow-non-empty"),
                "\(theirs.stderr)")
        let built = try site.runway("build", site.root, "--output", site.root + "/elsewhere")
        #expect(built.status == 1 && built.stderr.contains("or pass --allow-non-empty to build into it"), "\(built.stderr)")
    }

    /// A folder with files of its own is refused; with --allow-non-empty Runway builds into it and
    /// its files stay through every later build.
    @Test func aFolderOfSomeoneElsesFilesIsLeftAlone() throws {
        let site = try TestSite(Self.pages)
        let docs = site.root + "-docs"
        try FileManager.default.createDirectory(atPath: docs + "/notes", withIntermediateDirectories: true)
        try "example.com\n".write(toFile: docs + "/CNAME", atomically: true, encoding: .utf8)
        try "mine\n".write(toFile: docs + "/notes/todo.txt", atomically: true, encoding: .utf8)
        let refused = try site.runway("build", site.root, "--output", docs)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(docs): error: is not empty (CNAME, notes) and Runway has no record of writing it"))
        #expect(refused.stderr.contains("--allow-non-empty"))
        #expect(site.tree(docs) == ["CNAME": "example.com\n", "notes/todo.txt": "mine\n"])

        #expect(try site.runway("build", site.root, "--output", docs, "--allow-non-empty").status == 0)
        #expect(site.tree(docs)["posts/a/index.html"] != nil && site.tree(docs)["CNAME"] == "example.com\n")
        // A page goes: its file goes, the others' stay; the next build needs no flag.
        try FileManager.default.removeItem(atPath: site.root + "/content/posts/a.md")
        let again = try site.runway("build", site.root, "--output", docs)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(site.tree(docs)["posts/a/index.html"] == nil)
        #expect(site.tree(docs)["CNAME"] == "example.com\n" && site.tree(docs)["notes/todo.txt"] == "mine\n")

        // A file Runway would make, put there by someone else: the build fails and changes nothing.
        try site.write("# New\n", to: "content/new.md")
        try FileManager.default.createDirectory(atPath: docs + "/new", withIntermediateDirectories: true)
        try "theirs\n".write(toFile: docs + "/new/index.html", atomically: true, encoding: .utf8)
        let before = site.tree(docs)
        let conflict = try site.runway("build", site.root, "--output", docs)
        #expect(conflict.status == 1)
        #expect(conflict.stderr.contains("error: the build would replace what Runway did not write: new/index.html"), "\(conflict.stderr)")
        #expect(site.tree(docs) == before)
    }

    /// A site copied with its files' times (`cp -a`) builds in place: its output is Runway's, as
    /// the copied record says of every file (it was refused as "no record of writing it", and
    /// --allow-non-empty then failed on every page). A copy that did not keep the times
    /// (`cp -r`) is still refused, saying whose record it holds, and nothing changes.
    @Test func aSiteCopiedWithItsTimesBuildsInPlace() throws {
        let site = try TestSite(Self.pages)
        #expect(try site.runway("build", site.root).status == 0)
        let copy = site.parent + "/copy", plain = site.parent + "/plain"
        #expect(try RunwayProcess.runTool("/bin/cp", ["-a", site.root, copy]).status == 0)
        #expect(try RunwayProcess.runTool("/bin/cp", ["-r", site.root, plain]).status == 0)
        try "mine\n".write(toFile: copy + "/_site/mine.txt", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: copy + "/content/posts/a.md")
        let built = try site.runway("build", copy)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!FileManager.default.fileExists(atPath: copy + "/_site/posts/a/index.html"), "the copy's removed page's output goes")
        #expect(site.tree(copy + "/_site")["mine.txt"] == "mine\n", "a file Runway did not write stays")
        #expect(try String(contentsOfFile: copy + "/.runway-cache/_site.manifest", encoding: .utf8).contains("folder \(copy)/_site\n"))
        #expect(site.exists("_site/posts/a/index.html") && site.exists("content/posts/a.md"), "the original is untouched")
        #expect(try site.runway("build", site.root).status == 0, "and builds as before")

        let before = site.tree(plain)
        let refused = try site.runway("build", plain)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(plain)/_site: error: is not empty (404.html, atom.xml, index.html, …) and Runway's record beside it "
                                        + "is of another folder, \(site.root)/_site, whose files these are not"), "\(refused.stderr)")
        #expect(site.tree(plain) == before)
    }

    /// `out/` is `out`; an output folder that is a link stays a link, written through.
    @Test func aTrailingSlashAndALinkedOutputFolder() throws {
        let site = try TestSite(Self.pages)
        let out = site.root + "-out/"
        let slash = try site.runway("build", site.root, "--output", out)
        #expect(slash.status == 0, "\(slash.stderr)")
        #expect(!slash.stderr.contains("NSCocoaErrorDomain"))
        #expect(try site.runway("build", site.root, "--output", out).status == 0, "and again")
        let target = site.root + "-target"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/published", withDestinationPath: target)
        for _ in 0..<2 {
            let linked = try site.runway("build", site.root, "--output", site.root + "/published")
            #expect(linked.status == 0, "\(linked.stderr)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.root + "/published") == target)
        #expect(site.tree(target)["posts/a/index.html"]?.contains("<p>Text.</p>") == true)
    }

    /// Run from inside the site, as `cd blog && runway build` does: every path is relative to `.`,
    /// and the site's own templates (whose folder's parent is named by an empty path) are found.
    @Test func aSiteNamedRelativeToHere() throws {
        let site = try TestSite(Self.pages)
        try site.write("<footer>mine</footer>\n", to: "templates/partials/footer.html")
        try site.write("body {}\n", to: "static/site.css")
        for arguments in [["build"], ["build", "."], ["check"], ["build", "--output", "out/"]] {
            let result = try RunwayProcess.run(arguments, in: site.root)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(site.read("_site/posts/a/index.html")?.contains("<footer>mine</footer>") == true)
        #expect(site.read("out/site.css") == "body {}\n")
        let nested = try RunwayProcess.run(["build", "--output", "content/out"], in: site.root)
        #expect(nested.status == 1 && nested.stderr.hasPrefix("content/out: error: is inside the site's content"), "\(nested.stderr)")
    }

    /// An output that needs a folder where another output is a file (a page beside a static file of
    /// its name, an alias under a static or generated file) is an error at its source, from
    /// `check` as from `build`, and nothing is written (the build said "Is a directory; the
    /// previous output is back", at no source, and `check` saw nothing).
    @Test func aFileWhereAFolderIsNeededIsAnErrorAtItsSource() throws {
        let site = try TestSite(Self.pages)
        try site.write("cname\n", to: "static/foo")
        try site.write("---\ntitle: Foo\n---\nfoo\n", to: "content/foo.md")
        try site.write("x\n", to: "static/img/s.png")
        try site.write("---\ntitle: Bar\naliases: [/robots.txt/, /img/s.png/]\n---\nbar\n", to: "content/bar.md")
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 1)
            for expected in [
                "content/foo.md:1:1: error: its URL /foo/ goes to foo/index.html, inside a folder foo where \(site.root)/static/foo is a file",
                "content/bar.md:3:1: error: its URL /img/s.png/ goes to img/s.png/index.html, inside a folder img/s.png where \(site.root)/static/img/s.png is a file",
                "content/bar.md:3:1: error: its URL /robots.txt/ goes to robots.txt/index.html, inside a folder robots.txt where the generated robots.txt is a file",
            ] {
                #expect(result.stderr.contains(expected), "\(command): \(result.stderr)")
            }
        }
        #expect(!site.exists("_site"))
    }

    /// A path with `..` leads where the system takes it: `x/../out` is `out` here (it was `/out`,
    /// at the root), `../out` is beside the site (its `..` was dropped: another site's output here
    /// was replaced), and `new` into `missing/../site` finds the site that is there.
    @Test func dotDotLeadsWhereTheSystemTakesIt() throws {
        let site = try TestSite(Self.pages)
        try FileManager.default.createDirectory(atPath: site.root + "/real", withIntermediateDirectories: true)
        let name = "dotdot-\(UUID().uuidString)"
        let down = try RunwayProcess.run(["build", "--output", "real/../\(name)"], in: site.root)
        #expect(down.status == 0, "\(down.stderr)")
        #expect(site.read("\(name)/posts/a/index.html") != nil)
        #expect(!FileManager.default.fileExists(atPath: "/" + name))
        #expect(try RunwayProcess.run(["build", "--output", "mine"], in: site.root).status == 0)
        let up = try RunwayProcess.run(["build", ".", "--output", "../\(name)-up"], in: site.root)
        #expect(up.status == 0, "\(up.stderr)")
        let parent = (site.root as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: parent + "/\(name)-up") }
        #expect(FileManager.default.fileExists(atPath: parent + "/\(name)-up/posts/a/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.root + "/\(name)-up"))
        let before = site.tree(site.root)
        let new = try RunwayProcess.run(["new", "site", "missing/../."], in: site.root)
        #expect(new.status == 1 && new.stderr.contains("already exists and is not an empty folder"), "\(new.stderr)")
        #expect(site.tree(site.root) == before, "the site is untouched")
    }

    /// An I/O failure names the path and the reason, never a Foundation error code.
    @Test func anOutputUnderAFileSaysWhy() throws {
        let site = try TestSite(Self.pages)
        try site.write("a file\n", to: "blocker")
        let result = try site.runway("build", site.root, "--output", site.root + "/blocker/out")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(site.root)/blocker/out: error: cannot create the output folder: Not a directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("error 512"))
        try site.write("a file\n", to: "themes")
        for (arguments, expected) in [(["new", site.root + "/blocker/new"], "\(site.root)/blocker/new: error: cannot create the site: Not a directory"),
                                      (["theme", "new", "mine", "--site", site.root],
                                       "\(site.root)/themes/mine: error: cannot write the theme: Not a directory")] {
            let made = try RunwayProcess.run(arguments)
            #expect(made.status == 1)
            #expect(made.stderr.hasPrefix(expected), "\(made.stderr)")
        }
    }
}
