import Foundation
import Testing

/// `runway theme new`, `check` and `preview` as a designer uses them.
@Suite struct ThemeToolsTests {
    static func newSite() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-themes-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", folder]).status == 0)
        return folder
    }

    @Test func aNewThemeChecksCleanAndBuildsTheTemplate() throws {
        let site = try Self.newSite()
        let made = try RunwayProcess.run(["theme", "new", "paper", "--from", "menlo", "--site", site])
        #expect(made.status == 0, "\(made.stderr)")
        let folder = site + "/themes/paper"
        for file in ["theme.toml", "README.md", "static/paper.css", "templates/base.html", "templates/page.html", "templates/home.html",
                     "templates/list.html", "templates/404.html", "templates/partials/footer.html"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + file), "\(file)")
        }
        let toml = try String(contentsOfFile: folder + "/theme.toml", encoding: .utf8)
        #expect(toml.contains("extends = \"default\"") && toml.contains("description = \"paper: started from menlo.\""))
        // Only the theme's own description says where it started: the attributes' keep their words.
        #expect(try RunwayProcess.run(["theme", "new", "sheet", "--site", site]).status == 0)
        let sheet = try String(contentsOfFile: site + "/themes/sheet/theme.toml", encoding: .utf8)
        let original = try String(contentsOfFile: ExamplesTests.root + "/themes/default/theme.toml", encoding: .utf8)
        let descriptions = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("description =") } }
        #expect(descriptions(sheet).first == "description = \"sheet: started from default.\"")
        #expect(descriptions(sheet).dropFirst() == descriptions(original).dropFirst() && descriptions(original).count > 1)

        let check = try RunwayProcess.run(["theme", "check", "paper", "--site", site])
        #expect(check.status == 0)
        #expect(check.stderr == "checked theme paper: 0 errors, 0 warnings\n")
        // It has the default theme's components, and their templates.
        #expect(check.stdout.hasPrefix("theme paper has components:\n  audio: src (a string, required)"), "\(check.stdout)")
        #expect(check.stdout.contains("\ntheme paper leaves unstyled: "))

        try String(contentsOfFile: site + "/runway.toml", encoding: .utf8).replacingOccurrences(of: "theme = \"default\"", with: "theme = \"paper\"")
            .write(toFile: site + "/runway.toml", atomically: true, encoding: .utf8)
        let built = try RunwayProcess.run(["build", site])
        #expect(built.status == 0, "\(built.stderr)")
        let home = try String(contentsOfFile: site + "/_site/index.html", encoding: .utf8)
        #expect(home.contains(#"<link rel="stylesheet" href="/paper.css">"#))
        #expect(FileManager.default.fileExists(atPath: site + "/_site/paper.css"), "the theme's static/ is copied")
        #expect(try String(contentsOfFile: site + "/_site/theme.css", encoding: .utf8).contains("\"Menlo\""))

        let again = try RunwayProcess.run(["theme", "new", "paper", "--site", site])
        #expect(again.status == 1 && again.stderr.contains("already exists"))

        // Named as a theme the source extends, the copy would extend itself: refused, nothing made,
        // and the site still builds. Named as the source itself, it is a copy that hides it.
        let shadow = try RunwayProcess.run(["theme", "new", "default", "--from", "menlo", "--site", site])
        #expect(shadow.status == 1 && shadow.stderr.contains("default: error: 'menlo' extends 'default'"), "\(shadow.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/themes/default"))
        #expect(try RunwayProcess.run(["build", site]).status == 0)
        let same = try RunwayProcess.run(["theme", "new", "menlo", "--from", "menlo", "--site", site])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try RunwayProcess.run(["theme", "check", "menlo", "--site", site]).status == 0)
    }

    /// A path that names no theme's folder says so, for check and preview: it was "not a
    /// theme's name".
    @Test func aPathThatIsNoThemesFolderSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-notheme-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "x\n".write(toFile: folder + "/file.txt", atomically: true, encoding: .utf8)
        for (path, why) in [(folder, "is not a theme's folder: it has no theme.toml"), (folder + "/file.txt", "is a file, not a theme's folder"),
                            (folder + "/missing", "no such folder")] {
            for command in [["theme", "check", path], ["theme", "preview", path, "--output", folder + "/out"]] {
                let result = try RunwayProcess.run(command)
                #expect(result.status == 1 && result.stderr.hasPrefix("\(path): error: \(why)"), "\(command): \(result.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test func checkFindsProblemsAtTheirPlaces() throws {
        let site = try Self.newSite()
        let folder = site + "/themes/broken"
        try FileManager.default.createDirectory(atPath: folder + "/templates", withIntermediateDirectories: true)
        try """
            extends = "default"
            colour = 1

            [styles.h1]
            foregroundColor = "not-a-colour"

            [[constraints]]
            attribute = "customColor"
            values = ["danger"]
            default = "nowhere"
            """.write(toFile: folder + "/theme.toml", atomically: true, encoding: .utf8)
        try "<p>\n{{#page.title}}unclosed\n".write(toFile: folder + "/templates/page.html", atomically: true, encoding: .utf8)
        let check = try RunwayProcess.run(["theme", "check", folder])
        #expect(check.status == 1)
        let lines = check.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(folder)/theme.toml:2:1: warning: unknown key 'colour'") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(folder)/theme.toml:5:1: error:") && $0.contains("not-a-colour") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(folder)/theme.toml:") && $0.contains("nowhere") }, "the default outside its values: \(lines)")
        #expect(lines.contains { $0.hasPrefix("\(folder)/templates/page.html:2:1:") && $0.contains("is not closed") }, "\(lines)")

        try "extends = \"default\"\n[styles.h1\n".write(toFile: folder + "/theme.toml", atomically: true, encoding: .utf8)
        let syntax = try RunwayProcess.run(["theme", "check", folder])
        #expect(syntax.status == 1)
        #expect(syntax.stderr.hasPrefix("\(folder)/theme.toml:2:11: error: invalid TOML"), "\(syntax.stderr)")
        #expect(syntax.stdout == "", "nothing to say about styles of a theme that does not load")

        try "extends = \"missing\"\n".write(toFile: folder + "/theme.toml", atomically: true, encoding: .utf8)
        let orphan = try RunwayProcess.run(["theme", "check", folder])
        #expect(orphan.status == 1)
        #expect(orphan.stderr.contains("\(folder)/theme.toml:1:1: error: no theme named 'missing'"), "\(orphan.stderr)")

        try FileManager.default.createDirectory(atPath: site + "/themes/loop", withIntermediateDirectories: true)
        try "extends = \"broken\"\n".write(toFile: site + "/themes/loop/theme.toml", atomically: true, encoding: .utf8)
        try "extends = \"loop\"\n".write(toFile: folder + "/theme.toml", atomically: true, encoding: .utf8)
        let cycle = try RunwayProcess.run(["theme", "check", "broken", "--site", site])
        #expect(cycle.status == 1)
        #expect(cycle.stderr.contains("'extends' makes a cycle: broken → loop → broken"), "\(cycle.stderr)")
    }

    /// A constraint may name an attribute a theme it extends declares; one no theme of the chain
    /// declares (nor styles) is a warning at the constraint.
    @Test func aConstraintMayNameAnAttributeItsParentDeclares() throws {
        let site = try Self.newSite()
        try FileManager.default.createDirectory(atPath: site + "/themes/child", withIntermediateDirectories: true)
        try """
            extends = "default"

            [[constraints]]
            attribute = "customColor"
            values = ["danger"]

            [[constraints]]
            attribute = "nosuch"
            values = ["x"]
            """.write(toFile: site + "/themes/child/theme.toml", atomically: true, encoding: .utf8)
        let check = try RunwayProcess.run(["theme", "check", "child", "--site", site])
        let warnings = check.stderr.split(separator: "\n").filter { $0.contains("the constraint names") }
        #expect(warnings == ["\(site)/themes/child/theme.toml:7:1: warning: the constraint names 'nosuch', which is neither declared in [attributes] (of this theme or those it extends) nor a styling attribute"],
                "customColor is the default theme's: \(check.stderr)")
    }

    /// A target no page can carry, and a constraint's unknown key or undeclared attribute, are
    /// warnings at their place; the built-in themes have none (they check clean under --strict).
    @Test func checkFindsTargetsAndConstraintKeysThatMeanNothing() throws {
        let site = try Self.newSite()
        try FileManager.default.createDirectory(atPath: site + "/themes/odd", withIntermediateDirectories: true)
        try """
            extends = "default"

            [styles."nosuchattr.x"]
            bold = true

            [styles."customColor.nosuch"]
            bold = true

            [styles."syntax.nosuchtoken"]
            bold = true

            [styles."callout.nope"]
            bold = true

            [styles."customColor.danger"]
            bold = true

            [[constraints]]
            attribute = "customColor"
            values = ["danger"]
            bogusField = 1

            [[constraints]]
            when = { nosuchWhen = "x" }
            set = { bold = true }

            [attributes.level]
            type = "integer"

            [styles."level.two"]
            bold = true

            [styles."level.2"]
            bold = true
            """.write(toFile: site + "/themes/odd/theme.toml", atomically: true, encoding: .utf8)
        let check = try RunwayProcess.run(["theme", "check", "odd", "--site", site])
        let warnings = check.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map { String($0.dropFirst(site.count + "/themes/odd/theme.toml:".count)) }
        #expect(Set(warnings) == [
            #"3:1: warning: [styles."nosuchattr.x"] styles nothing: neither this theme nor one it extends declares the attribute 'nosuchattr' (a site's [attributes] may: then its pages can carry it)"#,
            #"6:1: warning: [styles."customColor.nosuch"] styles nothing: 'customColor' does not take 'nosuch' (its values: danger, highlight)"#,
            #"9:1: warning: [styles."syntax.nosuchtoken"] styles nothing: there is no syntax value 'nosuchtoken' (values: keyword, type, function, string, number, comment, operator, punctuation, attribute, variable, constant, builtin, tag, property, preprocessor, inserted, deleted, heading)"#,
            #"12:1: warning: [styles."callout.nope"] styles nothing: there is no callout 'nope' (callouts: note, tip, important, warning, caution)"#,
            "18:1: warning: unknown key 'bogusField' in a constraint (expected attribute, values, default, when, set, otherwise)",
            "23:1: warning: the constraint names 'nosuchWhen', which is neither declared in [attributes] (of this theme or those it extends) nor a styling attribute",
            #"30:1: warning: [styles."level.two"] styles nothing: 'level' takes an integer, and 'two' is not one"#,
        ], "\(check.stderr)")
        // The number the theme styles is in its preview, under the class its rule selects.
        let preview = try RunwayProcess.run(["theme", "preview", "odd", "--site", site, "--output", site + "/preview"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(try String(contentsOfFile: site + "/preview/index.html", encoding: .utf8).contains("<span class=\"rw-level--__2\" data-level=\"2\">level 2</span>"))
        #expect(try String(contentsOfFile: site + "/preview/theme.css", encoding: .utf8).contains(".rw-level--__2 {\n  font-weight: 700;\n}"))
        for theme in ["default", "menlo", "times", "important", "plain"] {
            let builtIn = try RunwayProcess.run(["theme", "check", theme, "--strict"])
            #expect(builtIn.status == 0, "\(theme): \(builtIn.stderr)")
        }
    }

    @Test func checkListsWhatIsLeftUnstyled() throws {
        let site = try Self.newSite()
        try FileManager.default.createDirectory(atPath: site + "/themes/sparse", withIntermediateDirectories: true)
        try """
            [attributes.mood]
            type = "string"
            values = ["calm", "loud"]

            [styles.body]
            font = "body"

            [styles."mood.calm"]
            foregroundColor = "teal"
            """.write(toFile: site + "/themes/sparse/theme.toml", atomically: true, encoding: .utf8)
        let check = try RunwayProcess.run(["theme", "check", "sparse", "--site", site])
        #expect(check.status == 0, "no templates of its own is fine: the default theme's serve: \(check.stderr)")
        // The default theme's templates serve it, its Mermaid hook among them.
        #expect(check.stdout == "theme sparse has render hooks: codeblock-mermaid\ntheme sparse leaves unstyled: paragraph, h1, h2, h3, h4, h5, h6, quote, codeBlock, list, listItem, table, headerRow, cell, thematicBreak, emphasized, strong, code, strikethrough, link, mood.loud, "
                + "callout.note, callout.tip, callout.important, callout.warning, callout.caution, "
                + "syntax.keyword, syntax.type, syntax.function, syntax.string, syntax.number, syntax.comment, syntax.operator, "
                + "syntax.punctuation, syntax.attribute, syntax.variable, syntax.constant, syntax.builtin, syntax.tag, syntax.property, "
                + "syntax.preprocessor, syntax.inserted, syntax.deleted, syntax.heading\n")
    }

    /// A broken theme's preview says what `theme check` says, at the theme's own files.
    @Test func previewReportsProblemsAtTheThemesFiles() throws {
        let site = try Self.newSite()
        try FileManager.default.createDirectory(atPath: site + "/themes/bt/templates", withIntermediateDirectories: true)
        try "extends = \"default\"\n\n[styles.h1]\nbold = \"yes\"\n".write(toFile: site + "/themes/bt/theme.toml", atomically: true, encoding: .utf8)
        let preview = try RunwayProcess.run(["theme", "preview", "bt", "--site", site, "--output", site + "/preview"])
        #expect(preview.status == 1)
        #expect(preview.stderr.contains("\(site)/themes/bt/theme.toml:4:1: error: bold must be true or false"), "\(preview.stderr)")
        try "extends = \"default\"\n".write(toFile: site + "/themes/bt/theme.toml", atomically: true, encoding: .utf8)
        try "x\n{{#page.title}}\n".write(toFile: site + "/themes/bt/templates/page.html", atomically: true, encoding: .utf8)
        let template = try RunwayProcess.run(["theme", "preview", "bt", "--site", site, "--output", site + "/preview"])
        #expect(template.status == 1)
        #expect(template.stderr.contains("\(site)/themes/bt/templates/page.html:2:1: error: template error: {{#page.title}} is not closed"),
                "\(template.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/preview"))
    }

    @Test func previewHasEveryIntentValueAndTextStyleInLightAndDark() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("runway-preview-\(UUID().uuidString)").path
        let preview = try RunwayProcess.run(["theme", "preview", "default", "--output", output])
        #expect(preview.status == 0, "\(preview.stderr)")
        let page = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        for tag in ["<h1 id=\"", "<h2 id=\"", "<h3 id=\"", "<h4 id=\"", "<h5 id=\"", "<h6 id=\"", "<blockquote>", "<ul>", "<ol>", "<pre><code", "<table>", "<em>",
                    "<strong>", "<code>", "<del>", "<a href=", "<img src=\"/specimen.svg\"", "type=\"checkbox\""] {
            #expect(page.contains(tag), "\(tag)")
        }
        for value in ["customStyle--boldcaps", "customStyle--smallitalics", "customColor--danger", "customColor--highlight",
                      "annotation--contact", "annotation--place", "annotation--date", "underlineStyle--single"] {
            #expect(page.contains("class=\"rw-\(value)"), "\(value)")
        }
        // Every syntax value and every callout kind (issue 16).
        for value in ["keyword", "type", "function", "string", "number", "comment", "operator", "punctuation", "attribute", "variable",
                      "constant", "builtin", "tag", "property", "preprocessor", "inserted", "deleted", "heading"] {
            #expect(page.contains("<span class=\"rw-syntax--\(value)\">\(value)</span>"), "\(value)")
        }
        for kind in ["note", "tip", "important", "warning", "caution"] {
            #expect(page.contains("<blockquote class=\"rw-callout rw-callout--\(kind)\" data-callout=\"\(kind)\">"), "\(kind)")
        }
        for style in ["largeTitle", "title", "title2", "title3", "headline", "subheadline", "body", "callout", "footnote", "caption", "caption2"] {
            #expect(page.contains("class=\"text-style-\(style)\""), "\(style)")
        }
        let dark = try String(contentsOfFile: output + "/theme-dark.css", encoding: .utf8)
        #expect(!dark.contains("prefers-color-scheme") && dark.contains("rgb(255, 69, 58)") || dark.contains("#FF453A"),
                "the dark values apply without the media query")
        #expect(try String(contentsOfFile: output + "/dark/index.html", encoding: .utf8).contains("href=\"/theme-dark.css\""))
        #expect(FileManager.default.fileExists(atPath: output + "/preview.html"))
    }

    /// A theme's preview shows each of its components, in light and in dark (issue 41, point 4).
    @Test func thePreviewShowsEveryComponent() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("runway-preview-\(UUID().uuidString)").path
        let preview = try RunwayProcess.run(["theme", "preview", "default", "--output", output])
        #expect(preview.status == 0, "\(preview.stderr)")
        for page in ["index.html", "dark/index.html"] {
            let html = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
            for expected in [#"<figure class="rw-figure"><img src="/specimen.svg" alt="" loading="lazy"><figcaption>The figure component</figcaption></figure>"#,
                             #"<figure class="rw-embed rw-embed--youtube">"#, #"<figure class="rw-embed rw-embed--vimeo">"#,
                             #"<details class="rw-details"><summary>example</summary><p>The details component</p></details>"#,
                             #"<audio controls preload="metadata" src="/specimen.svg"></audio>"#, #"<p class="rw-gist"><a href="https://gist.github.com/example/example">"#,
                             ##"<p><a class="rw-ref" href="#components">The ref component</a></p>"##] {
                #expect(html.contains(expected), "\(page): \(expected)")
            }
        }
        #expect(try String(contentsOfFile: output + "/theme.css", encoding: .utf8).contains(".rw-embed-frame {"))
    }
}

