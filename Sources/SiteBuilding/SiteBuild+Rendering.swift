import RunwayText
import Foundation
import SiteContent
import SiteOutput
import Synchronization
import Templating

/// Rendering the outputs whose inputs changed, in parallel.
extension SiteBuild {
    /// What rendering needs besides the jobs.
    struct RenderInputs {
        var published: [PageRecord]
        /// The bodies of the pages parsed in this build, by file (the others are read again).
        var bodies: [String: PageBody]
        var reader: PageReader
        var templates: TemplateSet
        var contexts: TemplateContexts
        var lists: SiteLists
        var configuration: SiteConfiguration
    }

    /// Every job rendered in parallel, each written into `transaction` as soon as it is rendered
    /// (when there is one: without, only the errors count); errors in job order.
    func render(_ jobs: [OutputJob], _ inputs: RenderInputs, into transaction: OutputTransaction?) -> [Diagnostic] {
        let (published, bodies, reader, templates, contexts, lists, configuration) = (
            inputs.published, inputs.bodies, inputs.reader, inputs.templates, inputs.contexts, inputs.lists, inputs.configuration)
        let results = Mutex([Diagnostic?](repeating: nil, count: jobs.count))
        // Under a base path (`https://example.org/book-site/`), every root-relative URL of a page.
        let basePath = BasePath(baseURL: configuration.baseURL)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            var result: Result<String, Diagnostic>
            do throws(Diagnostic) {
                switch jobs[index].kind {
                case .page(let page, let layout, let translations):
                    let record = published[page]
                    var body = bodies[record.file]
                    if body == nil, let bytes = FileContents.read(record.source) {
                        body = reader.read(record.file, bytes: bytes).body
                    }
                    let context = contexts.page(record, body: body ?? PageBody(html: ""),
                                                translations: contexts.translations(translations, current: record.url),
                                                withListing: templates.readsListing(layout))
                    result = .success(try templates.render(layout, context: context))
                case .list(let listIndex, let number, let translations):
                    let list = lists.lists[listIndex]
                    let size = configuration.paginate
                    let total = lists.pageCount(list, size: size)
                    let url = SiteLists.pageURL(list.url, page: number)
                    let items = lists.items(of: list, page: number, size: size, entry: contexts.entry)
                    let pagination = Pagination(number: number, total: total,
                                                previous: number > 1 ? SiteLists.pageURL(list.url, page: number - 1) : "",
                                                next: number < total ? SiteLists.pageURL(list.url, page: number + 1) : "")
                    var intro: (record: PageRecord, body: PageBody)?
                    if let index = list.index, let body = bodies[index.file] ?? FileContents.read(index.source).flatMap({
                        reader.read(index.file, bytes: $0).body
                    }) {
                        intro = (index, body)
                    }
                    let context = contexts.list(title: list.title, url: url, language: list.language.code, intro: intro,
                                                feed: list.hasFeed ? list.url + "atom.xml" : "", items: items,
                                                translations: contexts.translations(translations, current: list.url),
                                                pagination: pagination)
                    result = .success(try templates.render("list.html", context: context))
                case .notFound:
                    result = .success(try templates.render("404.html", context: contexts.notFound(templates: templates)))
                case .text(let text), .redirect(let text):
                    result = .success(text)
                }
            } catch {
                result = .failure(error)
            }
            if jobs[index].kind.isRendered { result = result.map(basePath.apply(toHTML:)) }
            do throws(Diagnostic) {
                let contents = try result.get()
                try transaction?.write(contents, to: jobs[index].path)
            } catch {
                results.withLock { $0[index] = error }
            }
        }
        var reported = Set<Diagnostic>()
        return results.withLock { $0 }.compactMap { $0 }.filter { reported.insert($0).inserted }
    }
}
