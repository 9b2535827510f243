import RunwayText
import Templating

/// `make fuzz TARGET=template`: arbitrary bytes as templates, cut at lines `=====` into a page
/// (`page.html`), a parent (`base.html`) and partials (`partials/pN.html`), the way a pull request
/// could write a theme. Every set must load with its problems located, and every template without
/// one must render (within the render's bounds) or end with a located error: a crash, a trap, a
/// hang or an ASan report is a finding. Seeds: `Fuzz/seeds/template/`.
enum TemplateTarget {
    static func exercise(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        var texts: [String: String] = [:]
        for (index, part) in text.split(separator: "\n=====\n", omittingEmptySubsequences: false).prefix(6).enumerated() {
            texts[index == 0 ? "page.html" : index == 1 ? "base.html" : "partials/p\(index - 2).html"] = String(part)
        }
        var filters = TemplateFilters.standalone
        // Half the inputs render in safe mode.
        filters.safeURLs = (bytes.first ?? 0) % 2 == 0
        let templates = TemplateSet(texts: texts, filters: filters)
        for problem in templates.problems {
            precondition(problem.severity == .error && problem.position != nil, "a template's problem must be located: \(problem)")
        }
        // Small bounds, so that an input that passes them is found in a moment, not a minute.
        var limits = RenderLimits.standard
        limits.outputBytes = 1 << 20
        limits.expansions = 20_000
        limits.items = 200_000
        for name in texts.keys.sorted() where templates.problem(of: name) == nil {
            do throws(Diagnostic) {
                _ = try templates.render(name, context: context, limits: limits)
            } catch {
                precondition(error.position != nil, "a render's error must be located: \(error)")
            }
        }
    }

    /// A page with every kind of value.
    static let context: TemplateContext = {
        let entry = PageEntry(title: "One <1>", url: "/one/", date: "2026-01-01", summary: "S", summaryHTML: "<p>S</p>", readingTime: 1)
        let page = PageContext(title: "T \"q\" & 'a' \\", content: "<p>Body</p>", url: "/p/", permalink: "https://x.org/p/", date: "2026-11-03",
                               tags: ["a", "b"], summary: "Sum", lang: "en", section: "posts", stylesheet: "/theme.css",
                               params: ["link": .text("javascript:alert(1)"), "n": .integer(Int.max), "x": .number(.nan), "flag": .bool(true),
                                        "list": .list([.text("x"), .object([("k", .text("v"))])])],
                               toc: TableOfContents(headings: [(2, "A", "a")]), terms: ["tags": [TermLink(name: "a", url: "/tags/a/")]],
                               previous: entry, next: entry)
        let site = SiteContext(title: "S", baseURL: "https://x.org/", language: "en", theme: "t",
                               languages: [LanguageLink(code: "en", name: "English", url: "/")], home: "/",
                               menus: ["main": [MenuEntry(name: "Home", url: "/", weight: 1)]])
        return TemplateContext(site: site, page: page, pages: TemplateListing([entry, entry]), items: [entry],
                               pagination: Pagination(number: 1, total: 2, previous: "", next: "/page/2/"))
    }()
}
