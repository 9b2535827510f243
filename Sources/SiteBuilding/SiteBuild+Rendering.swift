import AttributedText
import Foundation
import Synchronization

/// Rendering the outputs whose inputs changed, in parallel.
extension SiteBuild {
    struct Rendered {
        /// Every file rendered.
        var paths: [String] = []
        /// What was rendered, when it was not written to a staging folder at once.
        var contents: [(path: String, contents: String)] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Every job rendered in parallel, and written into `staging` at once when there is one;
    /// errors in job order.
    func render(_ jobs: [OutputJob], published: [PageRecord], bodies: [String: String], reader: PageReader,
                        templates: TemplateSet, contexts: TemplateContexts, lists: SiteLists,
                        configuration: SiteConfiguration, staging: OutputFolder?) -> Rendered {
        let results = Mutex([Result<String?, Diagnostic>?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            var result: Result<String, Diagnostic>
            do throws(Diagnostic) {
                switch jobs[index].kind {
                case .page(let page, let layout, let translations):
                    let record = published[page]
                    var body = bodies[record.file]
                    if body == nil, let data = FileManager.default.contents(atPath: record.source) {
                        body = reader.read(record.file, bytes: [UInt8](data)).body
                    }
                    let context = contexts.page(record, body: body ?? "",
                                                translations: contexts.translations(translations, current: record.url),
                                                withListing: templates.mentions("pages", in: layout))
                    result = .success(try templates.render(layout, context: context))
                case .list(let listIndex, let number, let translations):
                    let list = lists.lists[listIndex]
                    let size = configuration.paginate
                    let total = lists.pageCount(list, size: size)
                    let url = SiteLists.pageURL(list.url, page: number)
                    let items = list.isTagIndex
                        ? (lists.tagIndex[list.language.code] ?? []).map {
                            TemplateObject(["title": escape("\($0.name) (\($0.count))"), "url": escape($0.url), "date": "", "summary": ""])
                        }
                        : list.pages.dropFirst((number - 1) * size).prefix(size).map(TemplateContexts.entry)
                    let pagination = TemplateObject([
                        "number": number, "total": total,
                        "previous": number > 1 ? SiteLists.pageURL(list.url, page: number - 1) : "",
                        "next": number < total ? SiteLists.pageURL(list.url, page: number + 1) : "",
                    ])
                    let context = contexts.list(title: list.title, url: url, language: list.language.code, items: items,
                                                translations: contexts.translations(translations, current: list.url),
                                                pagination: pagination)
                    result = .success(try templates.render("list.html", context: context))
                case .notFound:
                    result = .success(try templates.render("404.html", context: contexts.notFound()))
                case .text(let text):
                    result = .success(text)
                }
            } catch {
                result = .failure(error)
            }
            guard let staging, case .success(let contents) = result else {
                results.withLock { $0[index] = result.map { $0 } }
                return
            }
            do throws(Diagnostic) {
                try staging.write(contents, to: jobs[index].path)
                results.withLock { $0[index] = .success(nil) }
            } catch {
                results.withLock { $0[index] = .failure(error) }
            }
        }
        var rendered = Rendered()
        var reported = Set<Diagnostic>()
        for (job, result) in zip(jobs, results.withLock { $0 }) {
            switch result {
            case .success(let contents)?:
                rendered.paths.append(job.path)
                if let contents { rendered.contents.append((job.path, contents)) }
            case .failure(let error)?: if reported.insert(error).inserted { rendered.diagnostics.append(error) }
            case nil: break
            }
        }
        return rendered
    }
}
