import Foundation
import Testing

/// Issue 16, points 1, 2 and 6: fenced code with a language hint is tokenized by Pygments and its
/// runs carry `syntax`, written as `rw-syntax--VALUE` spans under styled themes; plain keeps
/// cmark-gfm's HTML; a missing tokenizer is one warning; tokens are cached between builds.
@Suite struct HighlightCommandTests {
    static let page = """
        # Code

        Some prose.

        ```swift
        // A greeting
        func greet(_ name: String) -> String {
            return "Hello, " + name
        }
        ```

        ```nosuchlanguage
        plain <text>
        ```

        """

    /// The text of a page's code blocks with every tag taken out and entities left as written.
    static func codeText(_ html: String) -> [String] {
        html.components(separatedBy: "<pre").dropFirst().map { block in
            let code = block.components(separatedBy: "</pre>")[0]
            return code.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        }
    }

    @Test func codeIsHighlightedUnderStyledThemesAndLeftAsCmarkWritesItUnderPlain() throws {
        let site = try TestSite(["content/code.md": Self.page])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        let page = try #require(site.read("_site/code/index.html"))
        #expect(page.contains(#"<pre><code class="language-swift"><span class="rw-syntax--comment">// A greeting</span>"#), "\(page)")
        #expect(page.contains(#"<span class="rw-syntax--keyword">func</span> <span class="rw-syntax--function">greet</span>"#))
        #expect(page.contains(#"<span class="rw-syntax--string">&quot;Hello, &quot;</span>"#))
        // A language Pygments does not know stays plain, without a word.
        #expect(page.contains("<pre><code class=\"language-nosuchlanguage\">plain &lt;text&gt;\n</code></pre>"))
        // The theme's stylesheet colours the values.
        #expect(site.read("_site/theme.css")?.contains(".rw-syntax--keyword {") == true)

        // Under plain, cmark-gfm's HTML byte for byte; and the highlighted code says the same text.
        let plain = try site.runway("build", site.root, "--theme", "plain", "--output", site.parent + "/plain")
        #expect(plain.status == 0, "\(plain.stderr)")
        let plainPage = try #require(try? String(contentsOfFile: site.parent + "/plain/code/index.html", encoding: .utf8))
        #expect(!plainPage.contains("rw-syntax"))
        let file = try RunwayProcess.file(Data(Self.page.utf8))
        let cmark = try RunwayProcess.runTool("/usr/bin/cmark-gfm", [file])
        let render = try RunwayProcess.run(["render", file, "--fragment"])
        #expect(render.stdout == cmark.stdout)
        #expect(Self.codeText(page) == Self.codeText(plainPage) && Self.codeText(page).count == 2)
    }

    /// Thirty languages and more, among them those the issue names: each gets tokens.
    @Test func thirtyLanguagesAreTokenized() throws {
        let samples: [(String, String)] = [
            ("swift", "let x: Int = 1 // one"), ("python", "def f(x):\n    return x  # one"), ("javascript", "const f = (x) => x + 1; // one"),
            ("typescript", "let x: number = 1;"), ("rust", "fn main() { let x = 1; }"), ("go", "func main() { x := 1 }"),
            ("c", "#include <stdio.h>\nint main(void) { return 0; }"), ("cpp", "int main() { std::string s = \"x\"; }"),
            ("java", "public class A { int x = 1; }"), ("kotlin", "fun main() { val x = 1 }"), ("ruby", "def f; puts \"x\"; end"),
            ("sh", "echo \"$HOME\" # home"), ("json", "{\"a\": 1}"), ("yaml", "a: 1 # one"), ("toml", "[a]\nb = 1"),
            ("html", "<p class=\"x\">Hi</p>"), ("css", "p { color: red; }"), ("sql", "SELECT a FROM b WHERE c = 1;"),
            ("markdown", "# Title\n\n*emphasis*"), ("diff", "-old\n+new"), ("php", "<?php echo 1; ?>"), ("csharp", "class A { int x = 1; }"),
            ("scala", "object A { val x = 1 }"), ("haskell", "main = print 1"), ("lua", "local x = 1 -- one"), ("perl", "my $x = 1;"),
            ("r", "x <- c(1, 2)"), ("dockerfile", "FROM debian\nRUN apt-get update"), ("makefile", "all:\n\techo 1"), ("ini", "[a]\nb = 1"),
            ("xml", "<a b=\"c\"/>"), ("objective-c", "@interface A : NSObject\n@end"), ("elixir", "defmodule A do\nend"),
            // A file extension where the name is another: Node.js's module files.
            ("mjs", "import fs from 'node:fs';"), ("cjs", "const fs = require('fs');"),
        ]
        let markdown = samples.map { "```\($0.0)\n\($0.1)\n```\n" }.joined(separator: "\n")
        let render = try RunwayProcess.run(["render", "-", "--fragment", "--theme", "default"], input: Data(markdown.utf8))
        #expect(render.status == 0 && render.stderr.isEmpty, "\(render.stderr)")
        let blocks = render.stdout.components(separatedBy: "<pre>").dropFirst()
        #expect(blocks.count == samples.count)
        for (block, (language, _)) in zip(blocks, samples) {
            #expect(block.contains("class=\"rw-syntax--"), "\(language) has no tokens: \(block)")
        }
        #expect(samples.count >= 30)
    }

    /// Without Pygments a build still works, with one warning at the first block; the next build
    /// with it reads those pages again, though they did not change.
    @Test func aBuildWithoutTheTokenizerWarnsOnceAndTheNextOneHighlights() throws {
        let site = try TestSite(["content/a.md": Self.page, "content/b.md": Self.page, "content/c.md": "# No code\n"])
        let missing = try site.runway(environment: ["RUNWAY_PYTHON": "/nonexistent/python3"], "build", site.root)
        #expect(missing.status == 0, "\(missing.stderr)")
        let warnings = missing.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "\(missing.stderr)")
        #expect(warnings.first?.hasPrefix(site.root + "/content/a.md:5:1: warning: code is not highlighted: cannot run /nonexistent/python3") == true,
                "\(missing.stderr)")
        // Both pages' blocks, the language Pygments would not know among them: it is not there to say.
        #expect(warnings.first?.hasSuffix("(and 3 more code blocks); to leave code plain without this warning, set highlightCode = false under [markdown] in runway.toml") == true,
                "\(missing.stderr)")
        #expect(site.read("_site/a/index.html")?.contains("rw-syntax") == false)
        // `--strict` makes the missing tokenizer an error, as any warning.
        let strict = try site.runway(environment: ["RUNWAY_PYTHON": "/nonexistent/python3"], "build", site.root, "--strict")
        #expect(strict.status == 1 && strict.stderr.contains("error: code is not highlighted"), "\(strict.stderr)")

        // A python without Pygments: the reason it gives.
        let fake = site.parent + "/python3"
        try "#!/bin/sh\necho '{\"error\": \"Pygments cannot be imported (No module named pygments)\"}'\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let noPygments = try site.runway(environment: ["RUNWAY_PYTHON": fake], "build", site.root)
        #expect(noPygments.stderr.contains("warning: code is not highlighted: Pygments cannot be imported (No module named pygments)"),
                "\(noPygments.stderr)")

        // One that starts and then dies at each block (or its message spans lines): a few tries
        // (a warning each; as many as threads ran at once), then one warning, on one line, for
        // all the other blocks of the 16.
        let many = (0..<12).map { "```swift\nlet x\($0) = \($0)\n```\n" }.joined(separator: "\n")
        try site.write(many, to: "content/many.md")
        try "#!/bin/sh\necho '{\"version\": \"9.9\"}'\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let dying = try site.runway(environment: ["RUNWAY_PYTHON": fake], "build", site.root)
        let dyingWarnings = dying.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(dying.status == 0 && dyingWarnings.count <= 8, "\(dying.stderr)")
        #expect(dyingWarnings.contains { $0.contains("code is not highlighted: Pygments failed 3 times in a row") && $0.contains("more code blocks") },
                "\(dying.stderr)")
        try "#!/bin/sh\nprintf '{\"error\": \"first\\\\nsecond\\\\u001b[31m\"}\\n'\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let multiline = try site.runway(environment: ["RUNWAY_PYTHON": fake], "build", site.root)
        #expect(multiline.stderr.contains("code is not highlighted: first second [31m"), "\(multiline.stderr)")
        #expect(multiline.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix(site.root) }, "\(multiline.stderr)")
        try FileManager.default.removeItem(atPath: site.root + "/content/many.md")

        let found = try site.runway("build", site.root)
        #expect(found.status == 0 && !found.stderr.contains("warning"), "\(found.stderr)")
        #expect(found.stdout.contains("parsed 2"), "only the pages with code are read again: \(found.stdout)")
        #expect(site.read("_site/a/index.html")?.contains("rw-syntax--keyword") == true)
        #expect(site.read("_site/b/index.html")?.contains("rw-syntax--keyword") == true)
    }

    /// `[markdown] highlightCode = false` (Hugo's `codeFences`, Zola's `highlight_code`): no
    /// tokenizer runs and none is missed; the site is what a build without Pygments writes, line
    /// numbers and callouts included, without its warning; turned on again, the pages are
    /// highlighted as a clean build highlights them.
    @Test func highlightingTurnedOffRunsNoTokenizerAndWritesTheCodeAsABuildWithoutOne() throws {
        let page = Self.page + "\n```python {linenos=true, hl_lines=[1]}\nx = 1\n```\n\n> [!NOTE]\n> Noted.\n"
        let site = try TestSite(["content/code.md": page], configuration: "[markdown]\nhighlightCode = false\n")
        // A python that leaves a mark when it is run.
        let mark = site.parent + "/ran", fake = site.parent + "/python3"
        try "#!/bin/sh\ntouch \(mark)\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let off = try site.runway(environment: ["RUNWAY_PYTHON": fake], "build", site.root)
        #expect(off.status == 0 && off.stderr.isEmpty, "\(off.stderr)")
        #expect(!FileManager.default.fileExists(atPath: mark), "no tokenizer is started")
        let html = try #require(site.read("_site/code/index.html"))
        #expect(!html.contains("rw-syntax") && html.contains("<pre><code class=\"language-swift\">// A greeting\n"), "\(html)")
        #expect(html.contains("<span class=\"rw-line rw-line--highlighted\" data-line=\"1\">x = 1\n</span>") && html.contains("rw-callout--note"),
                "\(html)")

        // The same site highlighted, but with no tokenizer to be found: the same files, and a warning.
        let other = try TestSite(["content/code.md": page])
        let missing = try other.runway(environment: ["RUNWAY_PYTHON": "/nonexistent/python3"], "build", other.root)
        #expect(missing.status == 0 && missing.stderr.contains("warning: code is not highlighted"), "\(missing.stderr)")
        let offFiles = site.tree("_site"), missingFiles = other.tree("_site")
        #expect(offFiles.count > 5 && Set(offFiles.keys) == Set(missingFiles.keys))
        for (file, text) in offFiles { #expect(text == missingFiles[file], "\(file)") }

        // On again: the configuration changed, so every page is read and its code highlighted, as
        // a clean build of the same site does.
        try site.write("title = \"T\"\nbaseURL = \"https://t.example/\"\n[markdown]\nhighlightCode = true\n", to: "runway.toml")
        let on = try site.runway("build", site.root)
        #expect(on.status == 0 && on.stderr.isEmpty, "\(on.stderr)")
        #expect(site.read("_site/code/index.html")?.contains("<span class=\"rw-syntax--keyword\">func</span>") == true)
        try FileManager.default.removeItem(atPath: site.root + "/.runway-cache")
        let clean = try site.runway("build", site.root, "--output", site.parent + "/clean")
        #expect(clean.status == 0, "\(clean.stderr)")
        let onFiles = site.tree("_site"), cleanFiles = site.tree(site.parent + "/clean")
        #expect(Set(onFiles.keys) == Set(cleanFiles.keys))
        for (file, text) in onFiles { #expect(text == cleanFiles[file], "\(file)") }
    }

    /// A summary that shows code (cut at `<!--more-->`, or written in the front matter) shows it
    /// highlighted in lists under styled themes, as the page does, and as cmark-gfm writes it
    /// under plain; a rebuild gives the list a clean build gives.
    @Test func summariesShowTheirCodeHighlightedUnderStyledThemes() throws {
        let cut = "---\ntitle: Cut\ndate: 2026-01-02\n---\nIntro.\n\n```swift\nlet x = 1\n```\n\n<!--more-->\n\nRest.\n"
        let written = "---\ntitle: Written\ndate: 2026-01-01\nsummary: |\n  Its summary:\n\n  ```python\n  y = 2\n  ```\n---\nBody.\n"
        let site = try TestSite(["content/posts/cut.md": cut, "content/posts/written.md": written])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let list = try #require(site.read("_site/posts/index.html"))
        #expect(list.contains("<pre><code class=\"language-swift\"><span class=\"rw-syntax--keyword\">let</span>"), "\(list)")
        #expect(list.contains("<pre><code class=\"language-python\"><span class=\"rw-syntax--variable\">y</span>")
                || list.contains("<pre><code class=\"language-python\">y <span class=\"rw-syntax--operator\">=</span>"), "\(list)")
        #expect(list.contains("<span class=\"rw-syntax--number\">2</span>"), "\(list)")

        let plain = try site.runway("build", site.root, "--theme", "plain", "--output", site.parent + "/plain")
        #expect(plain.status == 0, "\(plain.stderr)")
        let plainList = try #require(try? String(contentsOfFile: site.parent + "/plain/posts/index.html", encoding: .utf8))
        #expect(plainList.contains("<pre><code class=\"language-swift\">let x = 1\n</code></pre>") && !plainList.contains("rw-syntax"), "\(plainList)")

        // The text after the marker changes: the page is read again, its summary is the same.
        try site.write(cut.replacingOccurrences(of: "Rest.", with: "More rest."), to: "content/posts/cut.md")
        let rebuild = try site.runway("build", site.root)
        #expect(rebuild.status == 0 && rebuild.stdout.contains("parsed 1"), "\(rebuild.stdout)")
        let clean = try site.runway("build", site.root, "--output", site.parent + "/clean")
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(site.read("_site/posts/index.html") == (try? String(contentsOfFile: site.parent + "/clean/posts/index.html", encoding: .utf8)))
    }

    /// Tokens are kept beside the build cache: a rebuild after the prose changed highlights the
    /// code from them, without the tokenizer.
    @Test func aRebuildWhereNoCodeChangedNeedsNoTokenizer() throws {
        let site = try TestSite(["content/code.md": Self.page])
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.exists(".runway-cache/_site.tokens"))
        try site.write(Self.page.replacingOccurrences(of: "Some prose.", with: "Other prose."), to: "content/code.md")
        let rebuild = try site.runway(environment: ["RUNWAY_PYTHON": "/nonexistent/python3"], "build", site.root)
        #expect(rebuild.status == 0 && !rebuild.stderr.contains("warning"), "\(rebuild.stderr)")
        let page = try #require(site.read("_site/code/index.html"))
        #expect(page.contains("Other prose.") && page.contains("<span class=\"rw-syntax--keyword\">func</span>"))
        // A changed block needs the tokenizer again.
        try site.write(Self.page.replacingOccurrences(of: "A greeting", with: "A welcome"), to: "content/code.md")
        let changed = try site.runway(environment: ["RUNWAY_PYTHON": "/nonexistent/python3"], "build", site.root)
        #expect(changed.stderr.contains("code.md:5:1: warning: code is not highlighted"), "\(changed.stderr)")
        // A token file that is not one is ignored: the blocks are tokenized again.
        try site.write("{not json", to: ".runway-cache/_site.tokens")
        try site.write(Self.page.replacingOccurrences(of: "Some prose.", with: "Third prose."), to: "content/code.md")
        let corrupt = try site.runway("build", site.root)
        #expect(corrupt.status == 0 && !corrupt.stderr.contains("warning"), "\(corrupt.stderr)")
        #expect(site.read("_site/code/index.html")?.contains("<span class=\"rw-syntax--keyword\">func</span>") == true)
        #expect(site.read(".runway-cache/_site.tokens")?.hasPrefix("runway-tokens 1\n") == true)
    }

    /// The token file keeps a changed block's old tokens while pages come from the cache (one may
    /// still show them), and a build that reads every page keeps only the blocks it used.
    @Test func aBuildThatReadsEveryPageKeepsOnlyTheTokensItUsed() throws {
        let site = try TestSite(["content/a.md": "```swift\nlet a = 1\n```\n", "content/b.md": "```python\nb = 2\n```\n"])
        func blocks() -> Int { (site.read(".runway-cache/_site.tokens") ?? "").split(separator: "\n").count - 1 }
        #expect(try site.runway("build", site.root).status == 0)
        #expect(blocks() == 2)
        try site.write("```swift\nlet a = 10\n```\n", to: "content/a.md")
        let edited = try site.runway("build", site.root)
        #expect(edited.status == 0 && edited.stdout.contains("parsed 1"), "\(edited.stdout)")
        #expect(blocks() == 3)
        // Without the build cache every page is read again.
        try FileManager.default.removeItem(atPath: site.root + "/.runway-cache/_site.json")
        let full = try site.runway(environment: ["RUNWAY_PYTHON": "/nonexistent/python3"], "build", site.root)
        #expect(full.status == 0 && !full.stderr.contains("warning"), "\(full.stderr)")
        #expect(blocks() == 2)
        #expect(site.read("_site/a/index.html")?.contains("<span class=\"rw-syntax--number\">10</span>") == true)
    }
}

/// Issue 16, point 4: Hugo's code block options, through a site build.
@Suite struct CodeBlockOptionsCommandTests {
    static let page = "# Options\n\n```python {linenos=true, hl_lines=[2], linenostart=5, style=monokai}\nx = 1\ny = 2\n```\n"

    @Test func linesAreNumberedAndHighlightedUnderStyledThemes() throws {
        let site = try TestSite(["content/options.md": Self.page])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0)
        #expect(build.stderr.contains("content/options.md:3:1: warning: unknown code block option 'style'"), "\(build.stderr)")
        let page = try #require(site.read("_site/options/index.html"))
        #expect(page.contains("""
            <pre class="rw-code rw-code--numbered"><code class="language-python"><span class="rw-line" data-line="5">x <span class="rw-syntax--operator">=</span> <span class="rw-syntax--number">1</span>
            </span><span class="rw-line rw-line--highlighted" data-line="6">y
            """), "\(page)")
        #expect(site.read("_site/theme.css")?.contains("content: attr(data-line)") == true)
        let plain = try site.runway("build", site.root, "--theme", "plain", "--output", site.parent + "/plain")
        #expect(plain.status == 0)
        #expect((try? String(contentsOfFile: site.parent + "/plain/options/index.html", encoding: .utf8))?
            .contains("<pre><code class=\"language-python\">x = 1\ny = 2\n</code></pre>") == true)
    }
}

/// Issue 16, point 5: GitHub's alerts become callouts under styled themes.
@Suite struct CalloutCommandTests {
    static let page = """
        # Alerts

        > [!NOTE]
        > Worth *knowing*.

        > [!warning]
        >
        > Mind the gap.

        > [!TIP]

        > A plain quote.

        """

    /// An alert whose marker a table follows at once is a callout too (cmark-gfm gives that
    /// paragraph the document's start as its place, and the quote stayed a quote).
    @Test func anAlertHoldingATableIsACallout() throws {
        let site = try TestSite(["content/t.md": "Intro.\n\n> [!NOTE]\n> | a | b |\n> |---|---|\n> | 1 | 2 |\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try #require(site.read("_site/t/index.html"))
        #expect(page.contains("<blockquote class=\"rw-callout rw-callout--note\" data-callout=\"note\">\n<p class=\"rw-callout-title\">Note</p>\n<table>"), "\(page)")
        #expect(!page.contains("[!NOTE]"))
    }

    @Test func alertsBecomeCalloutsWithTitlesFromTheStringTables() throws {
        let site = try TestSite(["content/alerts.md": Self.page, "content/alerts.fr.md": Self.page],
                                configuration: "[languages.fr]\nname = \"Français\"\n")
        #expect(try site.runway("build", site.root).status == 0)
        let page = try #require(site.read("_site/alerts/index.html"))
        #expect(page.contains("""
            <blockquote class="rw-callout rw-callout--note" data-callout="note">
            <p class="rw-callout-title">Note</p>
            <p>Worth <em>knowing</em>.</p>
            </blockquote>
            <blockquote class="rw-callout rw-callout--warning" data-callout="warning">
            <p class="rw-callout-title">Warning</p>
            <p>Mind the gap.</p>
            </blockquote>
            <blockquote>
            <p>[!TIP]</p>
            </blockquote>
            <blockquote>
            <p>A plain quote.</p>
            </blockquote>
            """), "\(page)")
        #expect(site.read("_site/fr/alerts/index.html")?.contains("<p class=\"rw-callout-title\">Remarque</p>") == true)
        // A summary shows the title its page shows, in the page's language.
        try site.write("---\ntitle: Cut\n---\n> [!NOTE]\n> First.\n\n<!--more-->\n\nRest.\n", to: "content/posts/cut.fr.md")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/fr/posts/index.html")?.contains("<div class=\"summary\"><blockquote class=\"rw-callout rw-callout--note\" data-callout=\"note\">\n<p class=\"rw-callout-title\">Remarque</p>") == true,
                "\(site.read("_site/fr/posts/index.html") ?? "")")
        let css = try #require(site.read("_site/theme.css"))
        #expect(css.contains(".rw-callout--note {") && css.contains("border-color: #0969DA;") && css.contains("var(--rw-accent"))

        // A site's own table wins; plain keeps the marker, as cmark-gfm does.
        try site.write("calloutNote = \"Heads up\"\n", to: "i18n/en.toml")
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/alerts/index.html")?.contains("<p class=\"rw-callout-title\">Heads up</p>") == true)
        let plain = try site.runway("build", site.root, "--theme", "plain", "--output", site.parent + "/plain")
        #expect(plain.status == 0)
        #expect((try? String(contentsOfFile: site.parent + "/plain/alerts/index.html", encoding: .utf8))?
            .contains("<blockquote>\n<p>[!NOTE]\nWorth <em>knowing</em>.</p>\n</blockquote>") == true)
    }

    @Test func theRunsCarryTheCalloutUnderAStyledTheme() throws {
        let styled = try RunwayProcess.run(["runs", "--json", "-", "--theme", "default"], input: Data(Self.page.utf8))
        #expect(styled.stdout.contains("\"callout\" : \"note\"") && styled.stdout.contains("\"callout\" : \"warning\""))
        #expect(!styled.stdout.contains("[!NOTE]") && styled.stdout.contains("[!TIP]"))
        let parsed = try RunwayProcess.run(["runs", "--json", "-"], input: Data(Self.page.utf8))
        #expect(!parsed.stdout.contains("\"callout\"") && parsed.stdout.contains("[!NOTE]"))
    }
}
