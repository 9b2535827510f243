import Foundation
import Testing

/// What a probe of the theme author's workflow found: each case gave a build that went on
/// without a word where it should have said what was wrong.
@Suite struct ThemeAuthoringCommandTests {
    /// A site using a theme `paper` made by `theme new`, from `from`.
    static func siteWithTheme(from: String = "menlo") throws -> String {
        let site = try ThemeToolsTests.newSite()
        #expect(try RunwayProcess.run(["theme", "new", "paper", "--from", from, "--site", site]).status == 0)
        let toml = try String(contentsOfFile: site + "/runway.toml", encoding: .utf8)
        try toml.replacingOccurrences(of: "theme = \"default\"", with: "theme = \"paper\"")
            .write(toFile: site + "/runway.toml", atomically: true, encoding: .utf8)
        return site
    }

    /// A folder where the theme's file belongs is an error at it: before, the theme was read as an
    /// empty one, and the build went on without a style or a custom attribute.
    @Test func aThemeFileThatCannotBeReadIsAnError() throws {
        let site = try Self.siteWithTheme()
        try FileManager.default.removeItem(atPath: site + "/themes/paper/theme.toml")
        try FileManager.default.createDirectory(atPath: site + "/themes/paper/theme.toml", withIntermediateDirectories: false)
        let build = try RunwayProcess.run(["build", site])
        #expect(build.status == 1 && build.stderr.hasPrefix("\(site)/themes/paper/theme.toml: error: is a folder, where the theme's file belongs\n"),
                "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/_site"))
        let check = try RunwayProcess.run(["theme", "check", "paper", "--site", site])
        #expect(check.status == 1 && check.stderr.contains("theme.toml: error: is a folder"), "\(check.stderr)")
    }

    /// A theme's static file that would replace a file Runway makes (`theme.css`, `sitemap.xml`)
    /// is an error at it; the site's own may (its `robots.txt`). Before, it silently replaced the
    /// stylesheet made of theme.toml; `theme new theme` made such a file, and is refused.
    @Test func aThemesStaticFileCannotReplaceAGeneratedOne() throws {
        let site = try Self.siteWithTheme()
        for (file, text) in [("themes/paper/static/theme.css", "p {}\n"), ("themes/paper/static/sitemap.xml", "<urlset/>\n"), ("static/robots.txt", "mine\n")] {
            try FileManager.default.createDirectory(atPath: (site + "/" + file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: site + "/" + file, atomically: true, encoding: .utf8)
        }
        let build = try RunwayProcess.run(["build", site])
        #expect(build.status == 1)
        #expect(build.stderr.contains("\(site)/themes/paper/static/theme.css: error: would replace the generated theme.css, which only the site's own static/ may: rename it"),
                "\(build.stderr)")
        #expect(build.stderr.contains("static/sitemap.xml: error: would replace the generated sitemap.xml") && !build.stderr.contains("robots.txt"))
        try FileManager.default.removeItem(atPath: site + "/themes/paper/static/theme.css")
        try FileManager.default.removeItem(atPath: site + "/themes/paper/static/sitemap.xml")
        #expect(try RunwayProcess.run(["build", site]).status == 0)
        #expect(try String(contentsOfFile: site + "/_site/robots.txt", encoding: .utf8) == "mine\n")
        let named = try RunwayProcess.run(["theme", "new", "theme", "--site", site])
        #expect(named.status == 1 && named.stderr.contains("a theme cannot be named 'theme'"), "\(named.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/themes/theme"))
        let capital = try RunwayProcess.run(["theme", "new", "Theme", "--site", site])
        #expect(capital.status == 1 && capital.stderr.contains("a theme cannot be named 'theme' (in any case)"), "\(capital.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/themes/Theme"))
    }

    /// A theme whose theme.toml is a link to a file outside its folder is an error where it is
    /// read (a build published what the outside file said), and `theme new` copies neither it
    /// nor a theme with errors (the copy was made, and failed its first check).
    @Test func aThemeFileLinkedOutsideAndABrokenThemeAreNotUsedOrCopied() throws {
        let site = try Self.siteWithTheme()
        let outside = site + "-outside.toml"
        try "extends = \"default\"\n[params]\ntagline = \"FROM-OUTSIDE\"\n".write(toFile: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: site + "/themes/linked", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site + "/themes/linked/theme.toml", withDestinationPath: outside)
        let message = "\(site)/themes/linked/theme.toml: error: is a symbolic link to \(outside), outside its theme's folder"
        let build = try RunwayProcess.run(["build", site, "--theme", "linked"])
        #expect(build.status == 1 && build.stderr.contains(message), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/_site"))
        let copy = try RunwayProcess.run(["theme", "new", "copy", "--from", "linked", "--site", site])
        #expect(copy.status == 1 && copy.stderr.contains(message), "\(copy.stderr)")
        try FileManager.default.createDirectory(atPath: site + "/themes/broken", withIntermediateDirectories: true)
        try "extends = \"default\"\n[styles.h9]\nbold = true\n".write(toFile: site + "/themes/broken/theme.toml", atomically: true, encoding: .utf8)
        let broken = try RunwayProcess.run(["theme", "new", "copy", "--from", "broken", "--site", site])
        #expect(broken.status == 1 && broken.stderr.contains("themes/broken/theme.toml:2:1: error: unknown style target 'h9'"), "\(broken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/themes/copy"))
    }

    /// `theme new --from` a theme of the site copies its static files, its string tables and its
    /// own stylesheet (as the new theme's), not only its templates: before, the copy linked to
    /// images it did not have and showed its words' keys. No theme is made where no site is.
    @Test func aNewThemeCopiesStaticFilesAndStringTables() throws {
        let site = try Self.siteWithTheme()
        let paper = site + "/themes/paper"
        try FileManager.default.createDirectory(atPath: paper + "/static/img", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: paper + "/i18n", withIntermediateDirectories: true)
        let logo = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0x00, 0xFE])
        try logo.write(to: URL(fileURLWithPath: paper + "/static/img/logo.png"))
        try "hello = \"Hi\"\n".write(toFile: paper + "/i18n/en.toml", atomically: true, encoding: .utf8)
        try "h1 { letter-spacing: 0.1em; }\n".write(toFile: paper + "/static/paper.css", atomically: true, encoding: .utf8)
        // The site's own footer would win over the theme's.
        try FileManager.default.removeItem(atPath: site + "/templates/partials/footer.html")
        try "<img src=\"/img/logo.png\"> {{t.hello}}\n".write(toFile: paper + "/templates/partials/footer.html", atomically: true, encoding: .utf8)
        let made = try RunwayProcess.run(["theme", "new", "copy", "--from", "paper", "--site", site])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.contents(atPath: site + "/themes/copy/static/img/logo.png") == logo, "binary files as they are")
        #expect(try String(contentsOfFile: site + "/themes/copy/static/copy.css", encoding: .utf8) == "h1 { letter-spacing: 0.1em; }\n")
        #expect(!FileManager.default.fileExists(atPath: site + "/themes/copy/static/paper.css"))
        let build = try RunwayProcess.run(["build", "--theme", "copy", site])
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOfFile: site + "/_site/index.html", encoding: .utf8)
        #expect(page.contains("<img src=\"/img/logo.png\"> Hi") && page.contains("href=\"/copy.css\""), "\(page)")
        #expect(FileManager.default.contents(atPath: site + "/_site/img/logo.png") == logo)
        // From a theme that only extends paper, the copy's stylesheet is paper's (it was a stub).
        try FileManager.default.createDirectory(atPath: site + "/themes/child", withIntermediateDirectories: true)
        try "extends = \"paper\"\n".write(toFile: site + "/themes/child/theme.toml", atomically: true, encoding: .utf8)
        #expect(try RunwayProcess.run(["theme", "new", "grandchild", "--from", "child", "--site", site]).status == 0)
        #expect(try String(contentsOfFile: site + "/themes/grandchild/static/grandchild.css", encoding: .utf8) == "h1 { letter-spacing: 0.1em; }\n")

        let nowhere = site + "/no-site-here"
        let refused = try RunwayProcess.run(["theme", "new", "x", "--site", nowhere])
        #expect(refused.status == 1 && refused.stderr.contains("no runway.toml here"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: nowhere))
    }

    /// `theme check` reads the templates a build reads: an editor's hidden copy (`.draft.html`)
    /// or what a hidden folder holds is not checked (before, each was an error without a place).
    @Test func checkLeavesHiddenFilesAsTheBuildDoes() throws {
        let site = try Self.siteWithTheme()
        let templates = site + "/themes/paper/templates"
        try "<p>{{#unclosed</p>".write(toFile: templates + "/.draft.html", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: templates + "/.git", withIntermediateDirectories: true)
        try "{{#".write(toFile: templates + "/.git/x.html", atomically: true, encoding: .utf8)
        let check = try RunwayProcess.run(["theme", "check", "paper", "--site", site])
        #expect(check.status == 0 && check.stderr.contains("0 errors"), "\(check.stderr)")
        #expect(try RunwayProcess.run(["build", site]).status == 0)
    }

    /// `theme check` says what a build says of the theme's string tables and static files (it said
    /// "0 errors" of a theme that failed every build): a table that is no TOML, and a static file
    /// for each name Runway generates, each an error at its file, in the check and in the build.
    @Test func checkReadsTheStringTablesAndStaticFilesABuildReads() throws {
        let site = try Self.siteWithTheme()
        let theme = site + "/themes/paper"
        try "home = [1,\n".write(toFile: theme + "/i18n/de.toml", atomically: true, encoding: .utf8)
        let check = try RunwayProcess.run(["theme", "check", "paper", "--site", site])
        let build = try RunwayProcess.run(["build", site])
        for (command, result) in [("check", check), ("build", build)] {
            #expect(result.status == 1 && result.stderr.contains("\(theme)/i18n/de.toml:"), "\(command): \(result.stderr)")
        }
        try FileManager.default.removeItem(atPath: theme + "/i18n/de.toml")
        try FileManager.default.createDirectory(atPath: theme + "/static", withIntermediateDirectories: true)
        // Every name the build generates whatever the content (with an alias, _redirects too).
        let names = ["404.html", "theme.css", "sitemap.xml", "robots.txt", "index.xml", "atom.xml", "_redirects"]
        try "---\naliases: [/old/]\n---\nA.\n".write(toFile: site + "/content/aliased.md", atomically: true, encoding: .utf8)
        for name in names {
            try "mine\n".write(toFile: theme + "/static/" + name, atomically: true, encoding: .utf8)
            let check = try RunwayProcess.run(["theme", "check", "paper", "--site", site])
            let build = try RunwayProcess.run(["build", site])
            for (command, result) in [("check", check), ("build", build)] {
                #expect(result.status == 1 && result.stderr.contains("\(theme)/static/\(name): error: would replace the "),
                        "\(command), \(name): \(result.stderr)")
            }
            try FileManager.default.removeItem(atPath: theme + "/static/" + name)
        }
        #expect(try RunwayProcess.run(["theme", "check", "paper", "--site", site]).status == 0)
        let clean = try RunwayProcess.run(["build", site])
        #expect(clean.status == 0, "\(clean.stderr)")
        for name in names {
            #expect(FileManager.default.fileExists(atPath: site + "/_site/" + name), "a build generates \(name)")
        }
    }
}
