import RunwayText
import Foundation
import MarkdownWriting
import SiteContent
import SiteOutput
import Synchronization
import Templating

/// Rendering the outputs whose inputs changed, in parallel.
extension SiteBuild {
    /// A page's Markdown twin: its title as a heading (unless its text begins with one), then its
    /// text, written from its runs (`MarkdownWriter`).
    static func twin(of page: PageRecord, reader: PageReader, contentURLs: ContentURLs) -> String {
        guard let bytes = FileContents.read(page.source), case .page(let parsed) = reader.parse(page.file, bytes: bytes) else { return "" }
        // Links to content files (`../b.md`) as the pages' URLs, as in its HTML.
        let pages = Dictionary(contentURLs.replacements(of: page).map { ($0.from, $0.to) }) { first, _ in first }
        let body = MarkdownWriter.markdown(of: parsed.text) { pages[$0] ?? $0 }
        let startsWithTitle = parsed.text.runs.first.map { run in
            if case .header(1, _)? = run.attributes.presentationIntent?.innermost?.kind { true } else { false }
        } ?? false
        let title = startsWithTitle || page.title.isEmpty ? "" : "# " + MarkdownWriter.escapedLine(page.title) + "\n\n"
        return title + body
    }

    /// What rendering needs besides the jobs.
    struct RenderInputs {
        var published: [PageRecord]
        /// The pages' bodies, whether their code waited for the tokenizer or not.
        var bodies: PageBodies
        var reader: PageReader
        var templates: TemplateSet
        var contexts: TemplateContexts
        var lists: SiteLists
        var configuration: SiteConfiguration
        /// Every path the site serves: a URL already under the base path that is one of them
        /// gets the path too (`BasePath.apply(toHTML:serves:)`).
        var served = ServedPaths([])
    }

    /// What rendering the jobs gave besides the files.
    struct Rendered {
        /// The errors, in job order.
        var errors: [Diagnostic] = []
        /// What highlighting the code of each deferred page said (``PageBodies``), by file.
        var highlighted: [String: PageReader.Highlighting.Outcome] = [:]
        /// The outputs found to show code left plain for want of the tokenizer as they were
        /// rendered, whose keys did not say so (`SiteBuild.pending(_:)`).
        var pending: Set<OutputPath> = []

        /// The files of the pages rendered: a deferred page left out (a draft) has its code
        /// highlighted for the cache, its warnings said only when it is built.
        var published: Set<String> = []

        /// The warnings of the published deferred pages' highlighting, by file.
        var highlightWarnings: [Diagnostic] {
            highlighted.filter { published.contains($0.key) }.sorted { $0.key < $1.key }.flatMap(\.value.diagnostics)
        }
    }

    /// Every job rendered in parallel, each written into `transaction` as soon as it is rendered
    /// (when there is one: without, only the errors count); errors in job order. The deferred
    /// pages' code is highlighted then, the jobs that show it last; that of the deferred pages no
    /// job shows after them, for its warnings.
    func render(_ jobs: [OutputJob], _ inputs: RenderInputs, into transaction: OutputTransaction?) -> Rendered {
        let (published, bodies, reader, templates, contexts, lists, configuration) = (
            inputs.published, inputs.bodies, inputs.reader, inputs.templates, inputs.contexts, inputs.lists, inputs.configuration)
        let results = Mutex([Diagnostic?](repeating: nil, count: jobs.count))
        // The jobs showing deferred pages last, in the order their code was sent.
        let order = jobs.indices.map { index -> (index: Int, rank: Int) in
            let file: String? = switch jobs[index].kind {
            case .page(let page, _, _, _): published[page].file
            case .list(let list, _, _): lists.lists[list].index?.file
            default: nil
            }
            return (index, bodies.rank(of: file))
        }.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.index)
        // Under a base path (`https://example.org/book-site/`), every root-relative URL of a page.
        let basePath = BasePath(baseURL: configuration.baseURL)
        let stop = self.stop
        // A long render asks now and then whether the build was stopped, or another render passed
        // one of its limits (then the build fails, and the renders left need not take their time).
        let stopped: @Sendable () -> Bool = { stop.isRequested }
        let budget = RenderBudget()
        DispatchQueue.concurrentPerform(iterations: jobs.count) { position in
            // Stopped: what is left is not rendered (the caller rolls back).
            guard !stop.isRequested else { return }
            let index = order[position]
            var result: Result<String, Diagnostic>
            do throws(Diagnostic) {
                switch jobs[index].kind {
                case .page(let page, let layout, let translations, let number):
                    let record = published[page]
                    if let problem = Self.layoutProblem(of: record, templates: templates) { throw problem }
                    var context = contexts.page(record, body: bodies.body(of: record, for: jobs[index].path, keyed: true) ?? PageBody(html: ""),
                                                translations: contexts.translations(translations, current: record.url),
                                                withListing: templates.readsListing(layout), withRelated: templates.readsRelated(layout))
                    if configuration.isHome(record), templates.readsItems(layout) {
                        contexts.paginateHome(&context, language: record.language, number: number, size: configuration.paginate)
                    }
                    result = .success(try Self.render(layout, context: context, images: record.templateImages, listed: contexts.listedImages,
                                                      templates: templates,
                                                      stop: stopped, budget: budget))
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
                    if let record = list.index, let shown = bodies.body(of: record, for: jobs[index].path, keyed: false) {
                        intro = (record, shown)
                    }
                    let context = contexts.list(title: list.title, url: url, language: list.language.code, intro: intro,
                                                feed: list.hasFeed ? list.url + "atom.xml" : "", items: items,
                                                translations: contexts.translations(translations, current: list.url),
                                                pagination: pagination)
                    result = .success(try Self.render("list.html", context: context, images: list.index?.templateImages ?? [],
                                                      listed: contexts.listedImages, templates: templates, stop: stopped, budget: budget))
                case .home(let language, let translations, let number):
                    var context = contexts.home(language,
                                                translations: contexts.translations(translations, current: language.prefix + "/"),
                                                templates: templates)
                    if templates.readsItems("home.html") {
                        contexts.paginateHome(&context, language: language.code, number: number, size: configuration.paginate)
                    }
                    result = .success(try Self.render("home.html", context: context, images: [], listed: contexts.listedImages, templates: templates,
                                                      stop: stopped, budget: budget))
                case .notFound(let language):
                    result = .success(try Self.render("404.html", context: contexts.notFound(language, templates: templates), images: [],
                                                      listed: contexts.listedImages, templates: templates, stop: stopped, budget: budget))
                case .text(let text), .redirect(let text):
                    result = .success(text)
                case .twin(let page):
                    result = .success(Self.twin(of: published[page], reader: reader, contentURLs: contexts.contentURLs))
                }
            } catch where TemplateSet.isStop(error) {
                // Stopped, or another render passed a limit (its error is the build's).
                return
            } catch {
                result = .failure(error)
            }
            if jobs[index].kind.isRendered { result = result.map { basePath.apply(toHTML: $0, serves: inputs.served.contains) } }
            do throws(Diagnostic) {
                let contents = try result.get()
                try transaction?.write(contents, to: jobs[index].path)
            } catch {
                results.withLock { $0[index] = error }
            }
        }
        // The deferred pages no job showed: their code's warnings.
        if !stop.isRequested { bodies.highlightTheRest() }
        var reported = Set<Diagnostic>()
        let errors = Self.collapsingWriteFailures(results.withLock { $0 }.compactMap { $0 }.filter { reported.insert($0).inserted })
        return Rendered(errors: errors,
                        highlighted: bodies.outcomes, pending: bodies.pendingOutputs, published: Set(published.map(\.file)))
    }

    /// The template `name` rendered over `context` with `images`, the images its page's or list's
    /// front matter names, and `listed`, those of the pages it may list (``RenderedImages``); a
    /// stop or a bound passed is thrown on, as the other renders' are.
    static func render(_ name: String, context: TemplateContext, images: [TemplateImage], listed: [String: [TemplateImage]],
                       templates: TemplateSet, stop: @escaping @Sendable () -> Bool, budget: RenderBudget) throws(Diagnostic) -> String {
        try RenderedImages.$current.withValue(RenderedImages(own: images, listed: listed)) { () -> Result<String, Diagnostic> in
            do throws(Diagnostic) { return .success(try templates.render(name, context: context, stop: stop, budget: budget)) } catch { return .failure(error) }
        }.get()
    }

    /// The errors of files that could not be written for one reason (a full disk: every page
    /// fails alike) as one, the first by path, saying how many more: a full disk printed one line
    /// per file, 3,564 of them.
    static func collapsingWriteFailures(_ errors: [Diagnostic]) -> [Diagnostic] {
        var byReason: [String: [Diagnostic]] = [:]
        for error in errors where error.message.hasPrefix("cannot write: ") { byReason[error.message, default: []].append(error) }
        var kept = errors.filter { error in !error.message.hasPrefix("cannot write: ") || (byReason[error.message]?.count ?? 0) == 1 }
        for (_, same) in byReason.sorted(by: { $0.key < $1.key }) where same.count > 1 {
            var first = same.min { $0.path < $1.path }!
            first.message += " (and \(same.count - 1) more file\(same.count == 2 ? "" : "s") for the same reason; the output is as it was)"
            kept.append(first)
        }
        return kept
    }
}
