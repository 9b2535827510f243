import RunwayText
import Foundation
import Mustache
@testable import Templating
import Synchronization
import Testing

/// Every template construct has a bound that is an error at its tag, and a render stops when
/// asked (issue 39, points 2 to 4).
extension TemplateSetTests {
    /// Sections nested through a chain of partials, each file within its 100 levels: past 300
    /// in all, an error at the tag where the chain passes the limit (100 partials of 99 levels
    /// crashed the build, and check said nothing); 3 of them render.
    @Test(arguments: [3, 100])
    func sectionsNestedThroughPartialsHaveALimit(partials: Int) throws {
        var files: [String: String] = [:]
        for index in 0..<partials {
            let inner = index + 1 < partials ? "{{>p\(index + 1).html}}" : "END"
            files["p\(index).html"] = String(repeating: "{{^x}}", count: 99) + inner + String(repeating: "{{/x}}", count: 99)
        }
        let root = try Self.folder(files)
        let templates = TemplateSet(folders: [root])
        if partials == 3 {
            #expect(templates.problems.isEmpty, "\(templates.problems)")
            #expect(try templates.render("p0.html", context: Self.context()).contains("END"))
        } else {
            #expect(throws: Diagnostic.self) { try templates.render("p0.html", context: Self.context()) }
            #expect(templates.problems.contains { $0.description.hasPrefix(root + "/p96.html:1:595: error: template error: sections nest 396 levels deep through 'p97.html'") },
                    "\(templates.problems.prefix(3))")
        }
    }

    /// A chain of partials each including the next: 10,000 of them overflowed the stack of the
    /// check (build and check exited 139), and 7,000 took 38 s and 907 MB. Now the check walks
    /// with a stack of its own, each template once; past 100 levels the chain is an error at the
    /// tag that passes the limit, and within it the chain renders.
    @Test(arguments: [100, 10_000])
    func aLongChainOfPartialsIsAnErrorNotACrash(partials: Int) throws {
        var files: [String: String] = [:]
        for index in 0..<partials {
            files["p\(index).html"] = "<\(index)>" + (index + 1 < partials ? "{{>p\(index + 1).html}}" : "END")
        }
        let root = try Self.folder(files)
        let templates = TemplateSet(folders: [root])
        if partials == 100 {
            #expect(templates.problems.isEmpty, "\(templates.problems.prefix(3))")
            #expect(try templates.render("p0.html", context: Self.context()).hasSuffix("<99>END"))
        } else {
            #expect(throws: Diagnostic.self) { try templates.render("p0.html", context: Self.context()) }
            // p9899 includes 100 levels (p9900…p9999 below it); the first past the limit is p9898.
            #expect(templates.problem(of: "p9898.html")?.description
                    == root + "/p9898.html:1:7: error: template error: templates include one another 101 levels deep from here, through 'p9899.html'; at most 100 can be rendered")
            #expect(templates.problem(of: "p9899.html") == nil)
            #expect(templates.problem(of: "p0.html") == templates.problem(of: "p9898.html"), "the error of the template it needs")
        }
    }

    /// Parsing is linear: 200,000 tags took swift-mustache more than ten minutes (it measured
    /// the distance to the end of the text at every tag); Runway's parser reads them in one pass.
    @Test(.timeLimit(.minutes(10))) func twoHundredThousandTagsParseAndRender() throws {
        let root = try Self.folder(["t.html": String(repeating: "<{{page.title}}>{{#page.tags}}{{.}}{{/page.tags}}\n", count: 50_000)])
        let templates = TemplateSet(folders: [root])
        #expect(templates.problems.isEmpty)
        let page = try templates.render("t.html", context: Self.context(title: "T", tags: ["a", "b"]))
        #expect(page == String(repeating: "<T>ab\n", count: 50_000))
    }

    /// Partials that each include the next one twice: 20 levels made 3 MB pages in 27 s, 30 would
    /// have made a billion expansions. A render has bounds, each an error at the tag that passes it:
    /// the expansions of a page, its size, and how deep its templates are inside one another.
    @Test(.timeLimit(.minutes(10))) func partialsThatIncludeTheNextTwiceStopAtABound() throws {
        var files: [String: String] = ["p30.html": "x"]
        for level in 0..<30 { files["p\(level).html"] = "{{>p\(level + 1).html}}{{>p\(level + 1).html}}" }
        let root = try Self.folder(files)
        let templates = TemplateSet(folders: [root])
        #expect(templates.problems.isEmpty, "a chain of 30 is within the check's limits")
        #expect(throws: Diagnostic.self) { try templates.render("p0.html", context: Self.context()) }
        do {
            _ = try templates.render("p0.html", context: Self.context())
        } catch {
            #expect(error.description.contains("error: template error: this page includes partials and parents more than 1000000 times, here the last"), "\(error)")
            #expect(error.position?.line == 1)
        }
        // Within the bounds, the same templates render: 2^10 x's from p20.
        #expect(try templates.render("p20.html", context: Self.context()) == String(repeating: "x", count: 1 << 10))
    }

    /// A page longer than the bound (64 MiB) is an error at the tag where it passes it.
    @Test(.timeLimit(.minutes(10))) func aPageLongerThanTheBoundIsAnError() throws {
        let kilobyte = String(repeating: "y", count: 1024)
        var files: [String: String] = ["q17.html": kilobyte]
        for level in 0..<17 { files["q\(level).html"] = "{{>q\(level + 1).html}}{{>q\(level + 1).html}}" }
        let templates = TemplateSet(folders: [try Self.folder(files)])
        do {
            _ = try templates.render("q0.html", context: Self.context())
            Issue.record("rendered 128 MiB")
        } catch {
            #expect(error.message == "template error: this page is longer than 64 MiB here (do partials include the next one more than once?)", "\(error)")
        }
        var limits = RenderLimits.standard
        limits.outputBytes = 1 << 20
        #expect(throws: Diagnostic.self) { try templates.render("q4.html", context: Self.context(), limits: limits) }
        #expect(try templates.render("q8.html", context: Self.context(), limits: limits).utf8.count == 512 * 1024)
    }

    /// A block that includes the parent that shows it recurses without end (the outermost block
    /// wins, so the parent shows it again): an error at a tag, where swift-mustache's stack
    /// overflowed. The check cannot see it: no template names itself.
    @Test(.timeLimit(.minutes(10))) func aBlockThatIncludesItsOwnParentIsAnErrorNotACrash() throws {
        let root = try Self.folder(["base.html": "<b>{{$content}}{{/content}}</b>",
                                    "page.html": "{{<base.html}}{{$content}}{{<base.html}}{{$content}}inner{{/content}}{{/base.html}}{{/content}}{{/base.html}}"])
        let templates = TemplateSet(folders: [root])
        #expect(templates.problems.isEmpty)
        do {
            _ = try templates.render("page.html", context: Self.context())
            Issue.record("rendered")
        } catch {
            #expect(error.message.hasPrefix("template error: sections, partials and blocks are inside one another too deep here (at most 400 levels"), "\(error)")
        }
    }

    /// A render takes at most its bound of stack, however deep: `make fuzz` (whose frames the
    /// address sanitizer makes large) overflowed a thread's 8 MiB within the bound of levels.
    @Test func aRenderStopsAtItsBoundOfStack() throws {
        let root = try Self.folder(["base.html": "<b>{{$content}}{{/content}}</b>",
                                    "page.html": "{{<base.html}}{{$content}}{{<base.html}}{{$content}}inner{{/content}}{{/base.html}}{{/content}}{{/base.html}}"])
        var limits = RenderLimits.standard
        limits.stackBytes = 256 << 10
        do {
            _ = try TemplateSet(folders: [root]).render("page.html", context: Self.context(), limits: limits)
            Issue.record("rendered")
        } catch {
            #expect(error.message.hasPrefix("template error: sections, partials and blocks are inside one another too deep here (at most 400 levels, and 256 KiB of the stack)"), "\(error)")
        }
        // Ten levels are well within it.
        let sections = String(repeating: "{{#page.title}}", count: 10) + "x" + String(repeating: "{{/page.title}}", count: 10)
        #expect(try TemplateSet(texts: ["t.html": sections]).render("t.html", context: Self.context(), limits: limits) == "x")
    }

    /// A render asks `stop` now and then: a long one ends when it says so, with an error.
    @Test func aRenderEndsWhenAskedToStop() throws {
        let root = try Self.folder(["t.html": "{{#pages}}{{>row.html}}{{/pages}}", "row.html": "{{title}}"])
        let templates = TemplateSet(folders: [root])
        var context = Self.context()
        context.pages = TemplateListing((0..<5_000).map { PageEntry(title: "p\($0)", url: "/\($0)/", date: "", summary: "", summaryHTML: "", readingTime: 0) })
        let asked = Mutex(0)
        #expect(try templates.render("t.html", context: context, stop: { asked.withLock { $0 += 1 }; return false }).hasSuffix("p4999"))
        #expect(asked.withLock { $0 } >= 4, "asked every 1,024 rows or partials")
        do {
            _ = try templates.render("t.html", context: context, stop: { true })
            Issue.record("rendered")
        } catch {
            #expect(error.message == "template error: stopped while rendering")
        }
    }
}
