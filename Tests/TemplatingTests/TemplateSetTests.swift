import RunwayText
import Foundation
import Mustache
@testable import Templating
import Synchronization
import Testing

/// The template layer through its package API: what templates see, how text is escaped, the
/// transforms, and every template error at its file, line and column.
@Suite struct TemplateSetTests {
    /// A folder of templates (`name` → text), made for one test.
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-templates-\(UUID().uuidString)").path
        for (name, text) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    static func context(title: String = "Fish & <Chips> \"quoted\" 'single'", date: String = "2026-11-03", lang: String = "en",
                        body: String = "<p>Body &amp; soul</p>", tags: [String] = ["a&b", "c"]) -> TemplateContext {
        let site = SiteContext(title: "Site", baseURL: "https://example.org/book/", language: lang, theme: "t",
                               languages: [LanguageLink(code: "en", name: "English", url: "/")], home: "/")
        let page = PageContext(title: title, content: body, url: "/p/", permalink: "https://example.org/book/p/", date: date, tags: tags,
                               summary: "", lang: lang, stylesheet: "/theme.css")
        let entries = [PageEntry(title: "One", url: "/one/", date: "2026-01-01", summary: "", summaryHTML: "", readingTime: 1),
                       PageEntry(title: "This", url: "/p/", date: "", summary: "", summaryHTML: "", readingTime: 1),
                       PageEntry(title: "Two <2>", url: "/two/", date: "", summary: "S", summaryHTML: "<p>S</p>", readingTime: 1)]
        return TemplateContext(site: site, page: page, pages: TemplateListing(entries), items: entries,
                               pagination: Pagination(number: 2, total: 3, previous: "/l/", next: "/l/page/3/"))
    }

    /// A text between double quotes is a value of its own (`asset("js/app.js")`, or any
    /// transform's), escaped as any value; the files `asset` and `integrity` tags name are known
    /// per template, its partials included; an unclosed quote is an error at its tag.
    @Test func aQuotedTextIsAValueAndAssetsAreKnownPerTemplate() throws {
        var filters = TemplateFilters.standalone
        filters.assets = { path in path == "js/app.js" ? ("/js/app.1234abcd.js", "sha384-x") : nil }
        let templates = TemplateSet(texts: [
            "page.html": "{{uppercased(\"a&b\")}} {{relURL(\"/about/\")}} <script src=\"{{asset(\"js/app.js\")}}\" integrity=\"{{integrity(\"/js/app.js\")}}\"></script>"
                + "{{#asset(\"js/app.js\")}}[{{.}}]{{/asset(\"js/app.js\")}}{{^asset(\"nope.js\")}}none{{/asset(\"nope.js\")}}{{>partials/x.html}}",
            "partials/x.html": "{{asset(\"css/more.css\")}}",
            "plain.html": "{{page.title}}",
        ], filters: filters)
        #expect(templates.problems.isEmpty, "\(templates.problems)")
        #expect(try templates.render("page.html", context: Self.context())
                == "A&amp;B /about/ <script src=\"/js/app.1234abcd.js\" integrity=\"sha384-x\"></script>[/js/app.1234abcd.js]none")
        #expect(templates.assetsRead(by: "page.html") == ["css/more.css", "js/app.js", "nope.js"] && templates.assetsRead(by: "plain.html").isEmpty)
        // Each tag once, by file and place; a section's closing tag is not one more.
        #expect(templates.assetTags.map { "\($0.file):\($0.position.column) \($0.asset)" }
                == ["page.html:58 js/app.js", "page.html:93 js/app.js", "page.html:131 js/app.js", "page.html:184 nope.js", "partials/x.html:1 css/more.css"],
                "\(templates.assetTags.map { "\($0.file):\($0.position.column) \($0.asset)" })")
        let broken = TemplateSet(texts: ["t.html": "a\n{{asset(\"js/app.js)}}"])
        #expect(broken.problems.map(\.description) == ["t.html:2:1: error: template error: a text in a tag is written between double quotes: \"js/app.js\""],
                "\(broken.problems)")
    }

    @Test func parentsBlocksAndPartialsWithTheSiteOverTheTheme() throws {
        let theme = try Self.folder([
            "base.html": "<title>{{$title}}{{page.title}}{{/title}}</title>\n{{$content}}default{{/content}}\n{{>partials/footer.html}}\n",
            "page.html": "{{<base.html}}{{$content}}<main>{{{page.content}}}</main>{{/content}}{{/base.html}}",
            "partials/footer.html": "<footer>theme</footer>",
        ])
        let site = try Self.folder(["partials/footer.html": "<footer>{{site.title}}</footer>"])
        let templates = TemplateSet(folders: [site, theme])
        let page = try templates.render("page.html", context: Self.context())
        #expect(page ==
            "<title>Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &#39;single&#39;</title>\n<main><p>Body &amp; soul</p></main>\n<footer>Site</footer>",
                "a standalone partial tag's line ends where the partial does")
        #expect(templates.exists("base.html") && templates.exists("partials/footer.html") && !templates.exists("list.html"))
    }

    /// A block a template gives its parent that the parent does not have is never shown: a warning
    /// at the block's tag (a `base.html` without `{{$content}}` left every page without its text,
    /// and the build said nothing). Blocks the parent has through its partials or its own parent
    /// count; a template's own blocks, outside a parent tag, are its defaults and need no parent.
    @Test func aBlockItsParentDoesNotHaveIsAWarning() throws {
        let root = try Self.folder([
            "base.html": "<title>{{$title}}x{{/title}}</title>{{>partials/head.html}}",
            "partials/head.html": "{{$head}}{{/head}}",
            "middle.html": "{{<base.html}}{{$title}}m{{/title}}{{/base.html}}",
            "page.html": "{{<base.html}}{{$title}}t{{/title}}{{$head}}h{{/head}}\n  {{$content}}body{{/content}}{{/base.html}}",
            "deep.html": "{{<middle.html}}{{$head}}h{{/head}}{{$nope}}{{/nope}}{{/middle.html}}",
            "own.html": "{{$content}}mine{{/content}}",
        ])
        let templates = TemplateSet(folders: [root])
        #expect(templates.problems.isEmpty)
        let warnings = templates.findings.map { warning in
            "\((warning.path as NSString).lastPathComponent):\(warning.position?.line ?? 0):\(warning.position?.column ?? 0): \(warning.severity): \(warning.message)"
        }
        #expect(warnings == [
            "deep.html:1:36: warning: {{$nope}} is a block that 'middle.html' does not have, so what it holds is never shown "
                + "(its blocks: head, title); add {{$nope}} to 'middle.html' where it belongs",
            "page.html:2:3: warning: {{$content}} is a block that 'base.html' does not have, so what it holds is never shown "
                + "(its blocks: head, title); add {{$content}} to 'base.html' where it belongs",
        ])
        // It renders, as Mustache does: without the block's text.
        #expect(try templates.render("page.html", context: Self.context()).hasPrefix("<title>t</title>"))
        #expect(try !templates.render("page.html", context: Self.context()).contains("body"))
        #expect(TemplateSet(folders: [try Self.folder(["base.html": "{{$content}}{{/content}}", "page.html": "{{<base.html}}{{$content}}x{{/content}}{{/base.html}}"])])
            .findings.isEmpty)
    }

    /// Text is escaped wherever a template writes it with `{{ }}`, trusted HTML only with `{{{ }}}`;
    /// empty text counts as false; lists loop with the entries' members.
    @Test func textIsEscapedHTMLIsTrustedAndEmptyIsFalse() throws {
        let root = try Self.folder(["t.html": """
            {{page.title}}|{{{page.content}}}|{{page.content}}|{{#page.summary}}S{{/page.summary}}{{^page.summary}}no summary{{/page.summary}}|\
            {{#page.tags}}[{{.}}]{{/page.tags}}|{{#otherPages}}{{title}}{{#date}}@{{date}}{{/date}};{{/otherPages}}|\
            {{#pages}}{{#first()}}first:{{/first()}}{{index()}}{{/pages}}|{{#pagination.isPaginated}}{{pagination.number}}/{{pagination.total}}{{/pagination.isPaginated}}|\
            {{^empty(page.tags)}}tags{{/empty(page.tags)}}{{#site.languages}}{{name}}{{/site.languages}}
            """])
        let page = try TemplateSet(folders: [root]).render("t.html", context: Self.context())
        #expect(page == "Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &#39;single&#39;|<p>Body &amp; soul</p>|&lt;p&gt;Body &amp;amp; soul&lt;/p&gt;|"
            + "no summary|[a&amp;b][c]|One@2026-01-01;Two &lt;2&gt;;|first:012|2/3|tagsEnglish", "\(page)")
    }

    /// An object written as text is its type's name, as when the context's objects were classes:
    /// never its members (a string table's order changes from process to process).
    @Test func anObjectWrittenAsTextIsItsTypesName() throws {
        let root = try Self.folder(["t.html": "{{page}}|{{t}}|{{.}}"])
        let filters = TemplateFilters(markdown: { text, _ in text }, slug: { $0 }, baseURL: "https://example.org/",
                                      strings: ["en": ["a": "1", "b": "2", "c": "3", "d": "4"]])
        let templates = TemplateSet(folders: [root], filters: filters)
        let page = try templates.render("t.html", context: Self.context())
        let parts = page.split(separator: "|").map(String.init)
        #expect(parts.count == 3)
        #expect(parts.first == "Templating.TemplateObject")
        #expect(parts.dropFirst().first == "Templating.TemplateFilters.TranslationTable")
        #expect(parts.last == "Templating.RootObject")
        #expect(try templates.render("t.html", context: Self.context()) == page)
    }

    @Test func transformsReadTheTextAsWrittenAndKnowThePagesLanguage() throws {
        let root = try Self.folder(["t.html": """
            {{slugify(page.title)}}|{{truncate(page.summary)}}|{{date(page.date)}}|{{relURL(page.url)}}|{{absURL(page.url)}}|\
            {{{markdownify(page.title)}}}|{{t.newer}}|{{t.missing}}|{{uppercased(page.title)}}
            """])
        let filters = TemplateFilters(markdown: { text, language in "<p>md(\(language)):" + text + "</p>" }, slug: { $0.lowercased().filter(\.isLetter) },
                                      baseURL: "https://example.org/book/", strings: ["fr": ["newer": "Plus récents"], "en": ["newer": "Newer"]])
        let templates = TemplateSet(folders: [root], filters: filters)
        var french = Self.context(title: "Fish & Chips", lang: "fr")
        french.page.summary = String(repeating: "word & ", count: 20)
        let page = try templates.render("t.html", context: french)
        let parts = page.split(separator: "|").map(String.init)
        #expect(parts[0] == "fishchips")
        #expect(parts[1].hasSuffix("…") && parts[1].contains("word &amp; word") && !parts[1].contains("&am…") && !parts[1].hasSuffix("&…"))
        #expect(parts[2] == "3 novembre 2026")
        #expect(parts[3] == "/book/p/" && parts[4] == "https://example.org/book/p/")
        #expect(parts[5] == "<p>md(fr):Fish & Chips</p>", "markdownify knows the page's language")
        #expect(parts[6] == "Plus récents" && parts[7] == "missing")
        #expect(parts[8] == "FISH &amp; CHIPS")
        let english = try templates.render("t.html", context: Self.context(title: "Fish & Chips"))
        #expect(english.contains("|November 3, 2026|") && english.contains("|Newer|"), "\(english)")
        // A URL with its own origin is left as it is, by both.
        for url in ["https://other.org/x", "//cdn.example/y.css", "mailto:me@example.org", "tel:+15551234", "HTTPS://OTHER.ORG/"] {
            #expect(try TemplateSet(folders: [try Self.folder(["u.html": "{{relURL(page.url)}}|{{absURL(page.url)}}"])], filters: filters)
                .render("u.html", context: { var context = Self.context(); context.page.url = url; return context }()) == url + "|" + url)
        }
        // A colon after the first slash is part of a path, not a scheme.
        #expect(try TemplateSet(folders: [try Self.folder(["u.html": "{{relURL(page.url)}}|{{absURL(page.url)}}"])], filters: filters)
            .render("u.html", context: { var context = Self.context(); context.page.url = "notes/a:b/"; return context }())
            == "/book/notes/a:b/|https://example.org/book/notes/a:b/")
    }

    /// What Mustache itself renders as nothing (a missing partial, an unknown transform) or cannot
    /// end (a partial that includes itself) is an error at the tag, found when the set is made, and
    /// a template that needs a broken one reports that one's error.
    @Test(arguments: [
        ("t.html", "a\n  {{>partials/missing.html}}\n", "t.html:2:3: error: template error: no template 'partials/missing.html'"),
        ("t.html", "a\n{{ nothing(page.title) }}\n", "t.html:2:1: error: template error: unknown transform 'nothing'"),
        ("t.html", "{{#page.tags}}\n{{#page.title}}x{{/page.tags}}", "t.html:2:17: error: template error: {{/page.tags}} closes {{#page.title}} (line 2)"),
        // Columns count characters, tag after tag on one line, and start again on the next.
        ("t.html", "é {{page.title}}{{#page.tags}}ü{{/page.title}}", "t.html:1:32: error: template error: {{/page.title}} closes {{#page.tags}} (line 1)"),
        ("t.html", "{{page.title}}{{page.title}}\né{{/page.tags}}", "t.html:2:2: error: template error: {{/page.tags}} closes a section that was never opened"),
        ("t.html", "x\n\n   {{^page.tags}}never closed", "t.html:3:4: error: template error: {{^page.tags}} is not closed"),
        // The engine's own parse errors, at the author's line (Runway's pragma line before the text is not counted).
        ("t.html", "<p>\n{{% CONTENT_TYPE: BOGUS}}\n", "t.html:2:1: error: template error: an unknown {{% … }} setting"),
        ("t.html", "{{/page.tags}}", "t.html:1:1: error: template error: {{/page.tags}} closes a section that was never opened"),
        ("t.html", "ok {{page.title", "t.html:1:4: error: template error: a tag opened here is not closed with }}"),
        ("t.html", "{{>t.html}}", "t.html:1:1: error: template error: partials make a cycle: t.html → t.html"),
        // A space inside a name or a transform's parentheses: the engine said "a tag is not closed".
        ("t.html", "x\n {{ slugify( page.title ) }}", "t.html:2:2: error: template error: {{slugify( page.title )}} holds a space inside its parentheses: write {{slugify(page.title)}}"),
        ("t.html", "{{page.title}} {{#empty(page.tags )}}a{{/empty(page.tags )}}",
         "t.html:1:16: error: template error: {{#empty(page.tags )}} holds a space inside its parentheses: write {{#empty(page.tags)}}"),
        ("t.html", "{{{ markdownify( page.title ) }}}", "t.html:1:1: error: template error: {{{markdownify( page.title )}}} holds a space inside its parentheses: write {{{markdownify(page.title)}}}"),
        ("t.html", "{{ page title }}", "t.html:1:1: error: template error: {{page title}} holds a space inside a name, which cannot have one"),
        ("t.html", "{{<base.html}}{{/base.html}}", "base.html:1:1: error: template error: partials make a cycle: base.html → base.html"),
        ("t.html", "{{=<% %>=}}", "t.html:1:1: error: template error: Runway's templates keep Mustache's {{ }} delimiters"),
        // A parent outside the templates folder is named (swift-mustache said "a tag is not closed with }}").
        ("t.html", "{{<../base.html}}{{/../base.html}}", "t.html:1:1: error: template error: no template '../base.html' (a parent must be a file"),
        // 5,000 nested sections overflowed the engine's stack: the 101st is an error.
        ("t.html", String(repeating: "{{#page}}", count: 5000) + "x" + String(repeating: "{{/page}}", count: 5000),
         "t.html:1:901: error: template error: sections nest deeper than 100 levels here"),
    ])
    func templateErrorsAreLocated(name: String, text: String, expected: String) throws {
        let root = try Self.folder([name: text, "base.html": "{{<base.html}}{{/base.html}}"])
        let templates = TemplateSet(folders: [root])
        do {
            _ = try templates.render(name, context: Self.context())
            Issue.record("rendered")
        } catch {
            #expect(error.description.hasPrefix(root + "/" + expected), "\(error)")
        }
        #expect(templates.problems.contains { $0.description.hasPrefix(root + "/" + expected) }, "\(templates.problems)")
    }

    @Test func aMissingTemplateAndABrokenFileAreErrors() throws {
        let root = try Self.folder(["ok.html": "ok"])
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: root + "/bad.html"))
        let templates = TemplateSet(folders: [root])
        #expect(throws: Diagnostic.self) { try templates.render("none.html", context: Self.context()) }
        do {
            _ = try templates.render("bad.html", context: Self.context())
        } catch {
            #expect(error.description == root + "/bad.html:1:3: error: contains a NUL byte: this looks like a binary file, not a template")
        }
        #expect(try templates.render("ok.html", context: Self.context()) == "ok")
    }

    /// Editors' leftovers beside the templates (a backup of a broken version, a lock file, a swap
    /// file, an autosave, a hidden folder's files) are not templates: before, any of them with a
    /// syntax error failed the whole build.
    @Test func editorsLeftoversAreNotTemplates() throws {
        let broken = "{{#x}}\n"
        let root = try Self.folder(["page.html": "ok", "page.html~": broken, ".#page.html": broken, ".page.html.swp": broken,
                                    "#page.html#": broken, ".git/page.html": broken, "partials/.DS_Store": broken, "partials/#": "#"])
        let templates = TemplateSet(folders: [root])
        #expect(templates.problems.isEmpty, "\(templates.problems)")
        #expect(try templates.render("page.html", context: Self.context()) == "ok")
        #expect(try templates.render("partials/#", context: Self.context()) == "#", "a name of one '#' is a template")
        #expect(throws: Diagnostic.self) { try templates.render("page.html~", context: Self.context()) }
        #expect(!TemplateSet(folders: [try Self.folder(["page.html": "ok", "other.html": broken])]).problems.isEmpty)
    }

    /// Whether a page's template shows the listing decides whether the page is rendered again when
    /// any page's entry changes: followed through parents and partials.
    @Test func theListingIsReadThroughParentsAndPartials() throws {
        let root = try Self.folder([
            "base.html": "{{$content}}{{/content}}{{>partials/recent.html}}",
            "partials/recent.html": "{{#otherPages}}{{title}}{{/otherPages}}",
            "plain.html": "{{page.title}} {{pagesCount}}",
            "page.html": "{{<base.html}}{{$content}}x{{/content}}{{/base.html}}",
            "direct.html": "{{#pages.0}}{{title}}{{/pages.0}}",
        ])
        let templates = TemplateSet(folders: [root])
        #expect(templates.readsListing("page.html") && templates.readsListing("base.html") && templates.readsListing("direct.html"))
        #expect(!templates.readsListing("plain.html"))
    }

    /// One set rendered from many threads at once gives what it gives from one.
    @Test func renderingFromManyThreadsIsTheSame() throws {
        let root = try Self.folder([
            "base.html": "{{$content}}{{/content}}|{{#otherPages}}{{title}},{{/otherPages}}|{{date(page.date)}}",
            "page.html": "{{<base.html}}{{$content}}{{page.title}}{{/content}}{{/base.html}}",
        ])
        let templates = TemplateSet(folders: [root])
        let contexts = (0..<200).map { Self.context(title: "Page \($0)", lang: $0 % 2 == 0 ? "en" : "fr") }
        let serial = try contexts.map { try templates.render("page.html", context: $0) }
        let parallel = Mutex([String](repeating: "", count: contexts.count))
        DispatchQueue.concurrentPerform(iterations: contexts.count) { index in
            let page = (try? templates.render("page.html", context: contexts[index])) ?? "failed"
            parallel.withLock { $0[index] = page }
        }
        #expect(parallel.withLock { $0 } == serial)
        #expect(serial[1] == "Page 1|One,Two &lt;2&gt;,|3 novembre 2026")
    }
}
