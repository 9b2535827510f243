import Foundation
import Testing

/// Issue 12, part 5, and issue 39, point 1: a symbolic link is followed only inside the folder it
/// is in (`content/`, `static/`, `templates/`), never into version control's files; the others are
/// skipped with a warning, and the output never holds a link. Before (3dbdd66), a link in content/
/// published its target's text, and one in static/ was copied as a link to an absolute path; before
/// issue 39, a link anywhere inside the site was followed, so `static/g -> ../.git` published
/// `.git/config` (where a CI checkout keeps its token), and `static/out -> ../_site` copied the last
/// output into itself.
@Suite struct SymbolicLinkCommandTests {
    @Test func linksAreFollowedOnlyInsideTheirOwnFolder() throws {
        let site = try TestSite(["content/index.md": "# Home\n", "notes/inside.md": "# Inside\n", "assets/logo.svg": "<svg/>\n",
                                 "content/posts/a-walk/index.md": "# A walk\n", "content/shared/map.png": "MAP\n",
                                 "static/img/logo.svg": "<svg id=\"own\"/>\n", ".env": "TOKEN=env-secret\n",
                                 ".git/config": "[remote]\n\turl = https://x:ghp-token@github.example/r\n"])
        let secret = site.parent + "/secret"
        try "PRIVATE KEY\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let links = [
            ("content/leak.md", secret), ("content/inside.md", site.root + "/notes/inside.md"),
            ("content/posts/a-walk/g", "../../../.git"), ("content/posts/a-walk/map.png", "../../shared/map.png"),
            ("static/id_rsa", secret), ("static/logo.svg", "../assets/logo.svg"), ("static/g", "../.git"),
            ("static/env", "../.env"), ("static/config.toml", "../runway.toml"), ("static/out", "../_site"),
            ("static/own.svg", "img/logo.svg"),
        ]
        for (link, target) in links { #expect(symlink(target, site.root + "/" + link) == 0) }
        for command in ["check", "build"] {
            let result = try site.runway(command, site.root)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            for (link, target) in [("content/leak.md", secret), ("content/inside.md", site.root + "/notes/inside.md")] {
                #expect(result.stderr.contains("\(site.root)/\(link): warning: skipped: a symbolic link to \(target), which leads out of \(site.root)/content/"),
                        "\(command): \(result.stderr)")
            }
        }
        // Twice: the second build must not copy the first one's output into itself.
        for _ in 0..<2 {
            let build = try site.runway("build", site.root)
            #expect(build.status == 0, "\(build.stderr)")
            for (link, target) in links.filter({ ["static/id_rsa", "static/logo.svg", "static/g", "static/env", "static/config.toml", "static/out"].contains($0.0) }) {
                #expect(build.stderr.contains("\(site.root)/\(link): warning: skipped: a symbolic link to \(target), which leads out of \(site.root)/static/"),
                        "\(link): \(build.stderr)")
            }
            #expect(build.stderr.contains("\(site.root)/content/posts/a-walk/g: warning: skipped: a symbolic link to ../../../.git, which leads out of"),
                    "\(build.stderr)")
            let output = site.tree("_site")
            #expect(!output.values.contains { $0.contains("PRIVATE KEY") || $0.contains("ghp-token") || $0.contains("env-secret") || $0.contains("baseURL") })
            #expect(!output.keys.contains { $0.hasPrefix("out/") || $0.hasPrefix("g/") || $0.hasPrefix("posts/a-walk/g/") })
            #expect(output["id_rsa"] == nil && output["leak/index.html"] == nil && output["inside/index.html"] == nil && output["logo.svg"] == nil)
            #expect(output["own.svg"] == "<svg id=\"own\"/>\n", "a link inside static/ is copied as a file, not a link")
            #expect(output["posts/a-walk/map.png"] == "MAP\n", "a bundle's link inside content/ is followed")
            #expect(!output.values.contains { $0.hasPrefix("-> ") })
        }
    }

    /// Version control's own folder is never read or published, wherever it is (a `static/` that is
    /// a checkout of its own, a submodule's `.git` file), nor a link into it from inside the folder.
    @Test func versionControlFilesAreNeverPublished() throws {
        let site = try TestSite(["content/index.md": "# Home\n", "static/vendor/.git/config": "[remote] token-in-config\n",
                                 "static/vendor/lib.js": "lib\n", "static/sub/.git": "gitdir: ../../.git/modules/sub\n",
                                 "static/.well-known/security.txt": "Contact: me\n", "static/.hg/hgrc": "hg-secret\n"])
        #expect(symlink(".git/config", site.root + "/static/vendor/config") == 0)
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        for path in ["static/vendor/.git", "static/sub/.git", "static/.hg"] {
            #expect(build.stderr.contains("\(site.root)/\(path): warning: skipped: version control's own files, which are never read or published"),
                    "\(path): \(build.stderr)")
        }
        #expect(build.stderr.contains("\(site.root)/static/vendor/config: warning: skipped: a symbolic link to .git/config, which leads into version control's own files"),
                "\(build.stderr)")
        let output = site.tree("_site")
        #expect(!output.values.contains { $0.contains("token-in-config") || $0.contains("gitdir") || $0.contains("hg-secret") })
        #expect(output["vendor/lib.js"] == "lib\n" && output[".well-known/security.txt"] == "Contact: me\n")
    }

    /// The static folder itself a link out of the site (a cloned repository's `static -> ../../.ssh`).
    @Test func aStaticFolderThatIsALinkOutPublishesNothing() throws {
        let site = try TestSite(["content/index.md": "# Home\n"])
        try FileManager.default.createDirectory(atPath: site.parent + "/ssh", withIntermediateDirectories: true)
        try "PRIVATE KEY\n".write(toFile: site.parent + "/ssh/id_rsa", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/static", withDestinationPath: "../ssh")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("\(site.root)/static: warning: skipped: a symbolic link to ../ssh, which is outside the site"), "\(build.stderr)")
        #expect(!site.tree("_site").values.contains { $0.contains("PRIVATE KEY") })
    }

    /// Editors' backups, swap and autosave files beside a page or in static/ are not published
    /// (a page's `index.md~` holds its source, drafts and all); dot files that are the site's
    /// (`.well-known/`, `.nojekyll`) are.
    @Test func editorsScratchFilesAreNotPublished() throws {
        let page = "---\ntitle: P\ndraft: false\n---\nSECRET DRAFT\n"
        let site = try TestSite(["content/b/index.md": page, "content/b/index.md~": page, "content/b/.index.md.swp": page,
                                 "content/b/#index.md#": page, "static/notes.txt~": "old\n", "static/.style.css.swo": "x\n",
                                 "static/.well-known/security.txt": "contact\n", "static/.nojekyll": ""])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let published = site.tree("_site").keys.sorted()
        #expect(published.contains(".well-known/security.txt") && published.contains(".nojekyll") && published.contains("b/index.html"))
        #expect(!published.contains { $0.hasSuffix("~") || $0.hasSuffix("#") || $0.hasSuffix(".swp") || $0.hasSuffix(".swo") }, "\(published)")
    }

    /// Links that lead in a circle, or to nothing, are skipped saying so: they were said to lead
    /// outside the site.
    @Test func linksInACircleOrToNothingAreSaidToLeadNowhere() throws {
        let site = try TestSite(["content/index.md": "# Home\n"])
        try FileManager.default.createDirectory(atPath: site.root + "/static", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/static/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: site.root + "/static/b", withDestinationPath: "a")
        try FileManager.default.createSymbolicLink(atPath: site.root + "/static/gone", withDestinationPath: "missing.css")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        for (link, target) in [("a", "b"), ("b", "a"), ("gone", "missing.css")] {
            #expect(build.stderr.contains("\(site.root)/static/\(link): warning: skipped: a symbolic link to \(target), which leads nowhere"),
                    "\(build.stderr)")
        }
        #expect(!build.stderr.contains("outside the site"))
    }
}
