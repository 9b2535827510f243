import Foundation
import RunwayText
@testable import Templating
import Testing
import RunwayTestSupport

/// Runway's template engine against swift-mustache 2.1 (`ReferenceTemplates`), which it replaced:
/// the same templates over the same contexts render byte for byte the same, for every built-in
/// theme, `site-template/` and `docs/`, and for generated templates that use every construct of the
/// language (issue 40, point 2).
@Suite struct EngineDifferentialTests {
    /// The repository's root.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The template folders of each site and theme that ships: the default theme (the others
    /// extend it and have no templates), and `site-template/` and `docs/` over it.
    static let folderSets: [[String]] = {
        let theme = repository + "/themes/default/templates"
        return [[theme]] + ["site-template", "docs"].compactMap { site in
            let own = repository + "/" + site + "/templates"
            return FileManager.default.fileExists(atPath: own) ? [own, theme] : [theme]
        }
    }()

    @Test(arguments: folderSets.indices)
    func theShippedTemplatesRenderAsSwiftMustacheDid(set: Int) throws {
        let folders = Self.folderSets[set]
        let filters = Self.filters
        let templates = TemplateSet(folders: folders, filters: filters)
        let reference = try ReferenceTemplates(folders: folders, filters: filters)
        #expect(templates.problems.isEmpty, "\(templates.problems)")
        var names: [String] = []
        for folder in folders {
            names += (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") }
        }
        #expect(names.contains("page.html"))
        for name in Set(names).sorted() {
            for (index, context) in Self.contexts.enumerated() {
                let ours = try templates.render(name, context: context)
                #expect(ours == reference.render(name, context: context), "\(name), context \(index)")
            }
        }
    }

    /// Templates made from every construct, in every arrangement a seeded generator finds: text
    /// with line breaks of each kind and indentation, values escaped and not, sections and inverted
    /// sections over lists, booleans, text, numbers, objects and nothing, dotted names and the
    /// top of the stack, transforms (nested, and a list's place), comments, settings, partials
    /// alone on their lines and inline, parents with blocks and blocks with defaults.
    @Test(arguments: 0..<8)
    func generatedTemplatesRenderAsSwiftMustacheDid(batch: Int) throws {
        var generator = TemplateGenerator(seed: UInt64(batch) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var files = generator.library()
        let count = 250
        for index in 0..<count { files["t\(index).html"] = generator.template() }
        let root = try TemplateSetTests.folder(files)
        let templates = TemplateSet(folders: [root], filters: Self.filters)
        #expect(templates.problems.isEmpty, "\(templates.problems.prefix(3))")
        let reference = try ReferenceTemplates(templates: files, filters: Self.filters)
        var differences = 0
        for index in 0..<count {
            for context in Self.contexts.prefix(2) {
                let ours = try templates.render("t\(index).html", context: context)
                let theirs = reference.render("t\(index).html", context: context)
                if ours != theirs {
                    differences += 1
                    if differences <= 3 {
                        Issue.record("t\(index).html differs:\n--- template\n\(files["t\(index).html"] ?? "")\n--- ours\n\(ours)\n--- swift-mustache\n\(theirs ?? "nil")")
                    }
                }
            }
        }
        #expect(differences == 0)
    }

    static let filters = TemplateFilters(markdown: { text, language in "<p>\(language): " + escape(text) + "</p>" },
                                         slug: { $0.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "-") },
                                         baseURL: "https://example.org/book/",
                                         strings: ["en": ["minRead": "min read", "tags": "Tags", "contents": "Contents", "previous": "Previous",
                                                          "next": "Next", "newer": "Newer", "older": "Older"],
                                                   "fr": ["minRead": "min de lecture", "tags": "Étiquettes"]])

    /// A page with every member given (lists, pagination, a table of contents, neighbours, terms,
    /// translations, params of every kind), one in French with some empty, and an empty one.
    static let contexts: [TemplateContext] = {
        let entries = [PageEntry(title: "One & <1>", url: "/one/", date: "2026-01-01", summary: "First 'one'", summaryHTML: "<p>First</p>", readingTime: 1),
                       PageEntry(title: "Two", url: "/p/", date: "", summary: "", summaryHTML: "", readingTime: 0),
                       PageEntry(title: "Three", url: "/three/", date: "2025-12-31T10:00:00Z", summary: "S", summaryHTML: "<p>S</p>", readingTime: 12)]
        let menus = ["main": [MenuEntry(name: "Home", url: "/", weight: 1), MenuEntry(name: "Posts", url: "/p/", weight: 2)]]
        let params: [String: TemplateValue] = [
            "n": .integer(7), "x": .number(1.5), "flag": .bool(true), "off": .bool(false), "empty": .text(""), "html": .html("<b>b</b>"),
            "list": .list([.text("a"), .text("b & c")]), "none": .list([]),
            "objs": .list([.object([("k", .text("v1"))]), .object([("k", .text("v2")), ("deep", .object([("z", .text("zz"))]))])]),
            "obj": .object([("k", .text("v")), ("inner", .object([("z", .text("deep"))]))]),
            "mixed": .list([.integer(1), .bool(false), .number(2.5), .list([.text("x")]), .object([])]),
        ]
        let site = SiteContext(title: "Site <&>", baseURL: "https://example.org/book/", language: "en", theme: "default",
                               languages: [LanguageLink(code: "en", name: "English", url: "/"), LanguageLink(code: "fr", name: "Français", url: "/fr/")],
                               home: "/", params: ["author": .text("Ann"), "social": .list([.object([("name", .text("x")), ("url", .text("/x"))])])],
                               menus: menus)
        let toc = TableOfContents(headings: [(2, "A & B", "a"), (3, "B", "b"), (2, "C", "c")])
        let page = PageContext(title: "Fish & <Chips> \"q\" 'one'", content: "<h1>T</h1>\n<p>Body &amp; soul</p>\n", titleHTML: "<h1>T</h1>\n",
                               contentAfterTitle: "<p>Body &amp; soul</p>\n", url: "/p/", permalink: "https://example.org/book/p/",
                               date: "2026-11-03T09:30:00+01:00", lastmod: "2026-11-04", tags: ["a&b", "c"], summary: "A summary & more",
                               summaryHTML: "<p>A summary &amp; more</p>", wordCount: 321, readingTime: 2, lang: "en", section: "posts",
                               translations: [TranslationLink(lang: "en", name: "English", url: "/p/", current: true, permalink: "https://example.org/book/p/"),
                                              TranslationLink(lang: "fr", name: "Français", url: "/fr/p/", current: false, permalink: "https://example.org/book/fr/p/")],
                               stylesheet: "/theme.css", feed: "/posts/atom.xml", params: params, toc: toc,
                               terms: ["tags": [TermLink(name: "a&b", url: "/tags/a-b/"), TermLink(name: "c", url: "/tags/c/")]],
                               previous: entries[0], next: entries[2])
        let rich = TemplateContext(site: site, page: page, pages: TemplateListing(entries), items: entries,
                                   pagination: Pagination(number: 2, total: 3, previous: "/p/", next: "/p/page/3/"))
        var french = rich
        french.site = SiteContext(title: "Site", baseURL: "https://example.org/book/", language: "fr", theme: "default", languages: [], home: "/fr/")
        french.page.lang = "fr"
        french.page.date = ""
        french.page.tags = []
        french.page.terms = [:]
        french.page.previous = nil
        french.page.summary = ""
        french.page.params = ["n": .integer(0), "flag": .bool(false), "list": .list([])]
        french.pagination = nil
        french.items = []
        let empty = TemplateContext(site: SiteContext(title: "", baseURL: "/", language: "en", theme: "", languages: [], home: "/"),
                                    page: PageContext(title: "", url: "/", permalink: "", lang: "en", stylesheet: ""))
        return [rich, french, empty]
    }()
}

/// Templates made at random from Mustache's constructs, the same ones for the same seed.
struct TemplateGenerator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(state: seed)
    }

    private mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Text between tags (a brace inside text, never next to a tag's).
    static let texts = ["a", "Hello <b>&", " ", "  ", "\t", "é 日本 🇫🇷", "x", "a}b", "c{d", "e} {f", "<p>", "'q\" ", "line"]
    static let breaks = ["\n", "\n", "\r\n", "  \n", "\n\n"]
    static let values = ["page.title", "page.tags", "page.date", "site.title", "title", "url", ".", "t.minRead", "t.missing",
                         "page.readingTime", "page.params.n", "page.params.x", "page.params.flag", "page.params.off", "page.params.empty",
                         "page.params.html", "page.params.list", "page.params.none", "page.params.obj.k", "page.params.obj.inner.z",
                         "page.params.objs", "page.params.mixed", "nope", "page.nope", ".title", ".k", "k", "deep.z", "items", "pages",
                         "pagination.number", "pagination.isPaginated", "site.menus.main", "name", "page.toc", "page.terms.tags",
                         "first()", "last()", "index()", "even()", "odd()", "count(page.tags)", "empty(page.tags)", "first(page.tags)",
                         "last(items)", "reversed(page.tags)", "uppercased(page.title)", "slugify(title)", "plusone(page.readingTime)",
                         "equalzero(index())", "date(page.date)", "relURL(url)", "absURL(url)", "truncate(page.summary)",
                         "markdownify(page.title)", "lowercased(t.minRead)", "capitalized(title)", "empty(page.content)",
                         "minusone(count(items))", "odd(page.params.n)", "first(reversed(items))", "count(reversed(page.params.list))",
                         "empty(t.missing)", "page.content", "page.summaryHTML", "summaryHTML", "page.previous", "page.next.title"]
    static let sections = ["page.tags", "page.date", "page.params.flag", "page.params.off", "page.params.empty", "page.params.list",
                           "page.params.none", "page.params.obj", "page.params.objs", "page.params.n", "page.params.x", "items", "pages",
                           "page.previous", "nope", "page.translations", "site.languages", "t", "t.minRead", "first()", "last()",
                           "even()", "empty(page.tags)", "reversed(items)", "page.params.mixed", "page.toc", "page.terms.tags",
                           "pagination", "page.content", "page.params.html", "first(items)", ".", "page.params.obj.inner"]

    /// The partials and parents templates may name: `p0`…`p3` (each may include a later one),
    /// and parents with blocks. (A partial with a block that a block given to its parent includes
    /// recurses without end: an error of Runway's, a crash of swift-mustache's.)
    mutating func library() -> [String: String] {
        var files: [String: String] = [:]
        for index in (0..<4).reversed() {
            files["p\(index).html"] = body(depth: 1, partials: index + 1..<4, blocks: [])
        }
        files["base1.html"] = "<base1>" + pick(Self.breaks) + "{{$b1}}default one{{/b1}}" + pick(Self.breaks) + "  {{$b2}}" + pick(Self.breaks)
            + "  two\n{{/b2}}\n" + body(depth: 2, partials: 0..<4, blocks: ["b1"]) + "</base1>"
        files["base2.html"] = "{{<base1.html}}{{$b2}}from base2 {{page.title}}{{/b2}}{{/base1.html}}\n{{$b3}}three{{/b3}}"
        return files
    }

    /// A template of the constructs, which may include any partial and extend a parent.
    mutating func template() -> String {
        switch below(6) {
        case 0:
            // A parent with blocks, alone on their lines or not, indented or not.
            let parent = pick(["base1.html", "base2.html"])
            var text = pick(["", "  ", "x "]) + "{{<\(parent)}}" + pick(["", "\n", "  \n"])
            for block in ["b1", "b2", "b3"] where below(3) > 0 {
                text += pick(["", "  ", "\t"]) + "{{$\(block)}}" + pick(["", "\n"]) + body(depth: 2, partials: 0..<4, blocks: [])
                    + pick(["", "\n", "  "]) + "{{/\(block)}}" + pick(["", "\n"])
            }
            return text + "{{/\(parent)}}" + pick(["", "\n", " tail"])
        default:
            return body(depth: 3, partials: 0..<4, blocks: ["b1"])
        }
    }

    private mutating func body(depth: Int, partials: Range<Int>, blocks: [String]) -> String {
        var text = ""
        for _ in 0..<(1 + below(6)) {
            // At a line's start half the time, so that tags are alone on their lines.
            if below(2) == 0 { text += pick(Self.breaks) + pick(["", "", "  ", "\t"]) }
            switch below(12) {
            case 0, 1: text += pick(Self.texts)
            case 2: text += "{{" + pick(Self.values) + "}}"
            case 3: text += "{{{" + pick(Self.values) + "}}}"
            case 4: text += "{{&" + pick(Self.values) + "}}"
            case 5, 6 where depth > 0:
                let name = pick(Self.sections)
                text += "{{" + pick(["#", "#", "^"]) + name + "}}" + pick(["", "\n", "  \n"])
                    + body(depth: depth - 1, partials: partials, blocks: blocks) + pick(["", "\n", "  "]) + "{{/" + name + "}}"
            case 7 where !partials.isEmpty: text += "{{>p\(partials.lowerBound + below(partials.count)).html}}"
            case 8: text += pick(["{{! a comment }}", "{{!\nmultiline\n}}", "{{!}}"])
            case 9 where !blocks.isEmpty && depth > 0:
                let block = pick(blocks)
                text += "{{$\(block)}}" + body(depth: depth - 1, partials: partials, blocks: []) + "{{/\(block)}}"
            case 10: text += pick(["{{% CONTENT_TYPE: TEXT}}", "{{% CONTENT_TYPE: HTML}}", "{{%CONTENT_TYPE:RUNWAY_HTML}}"])
            default: text += pick(Self.breaks)
            }
            if below(3) == 0 { text += pick(["", " ", "  "]) + pick(Self.breaks) }
        }
        return text
    }
}
