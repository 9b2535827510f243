public import RunwayText
import Formatting
public import Foundation
import MarkdownParsing
public import SiteContent
public import SiteOutput
public import SyntaxHighlighting
import Templating

/// `runway build`: a folder of Markdown into a complete website, in named steps over one set of
/// inputs: read content → resolve lists and taxonomies → key outputs → render → write (`survey`,
/// `publish`). Pages are parsed and rendered in parallel. With a build cache, only changed files are parsed, and only
/// outputs whose inputs changed (or whose file is not as Runway wrote it) are rendered and
/// written. The output folder is Runway's only as far as its manifest says (`SiteOutput`): a build
/// replaces and removes only files Runway wrote, and takes effect whole or not at all: each file
/// is written beside its place and renamed in at the end, and a build that fails (or is stopped)
/// changes nothing. The output is deterministic: the same sources give byte-identical files,
/// whatever the cache held.
public struct SiteBuild: Sendable {
    /// The site's folder (holding `runway.toml`).
    public var site: String
    /// The output folder; `nil` for the site's `_site`.
    public var output: String?
    /// A theme that replaces `runway.toml`'s.
    public var theme: String?
    /// Drafts (`draft: true`) are published too.
    public var drafts = false
    /// Pages dated after today are published too.
    public var future = false
    /// Pages whose `expiryDate` has come are published too.
    public var expired = false
    /// Warnings count as errors: they stop the build, and nothing is written.
    public var strict = false
    /// The environment the site is built for: its `[environments.NAME]` goes over the rest of
    /// `runway.toml`, and templates see it as `site.environment`.
    public var environment = SiteConfiguration.production
    /// A base URL over `runway.toml`'s (`--base-url`).
    public var baseURL: String?
    /// A scheme, host and port in place of those of `runway.toml`'s base URL, its path kept: the
    /// address `serve` answers on (`http://127.0.0.1:8000`), for canonical links and feeds.
    public var origin: String?
    /// Build into an output folder that is not empty though Runway has no record of writing it;
    /// the files already there stay (a build that would replace one of them fails).
    public var allowNonEmpty = false
    /// The date future-dated pages are compared with, as `YYYY-MM-DD`.
    public var today: String
    /// Where `run()` keeps its cache between builds; `nil` keeps none, so every build parses all.
    public var cachePath: String?
    /// Colours fenced code under styled themes (its tokens kept beside the cache); `nil` leaves code
    /// plain.
    public var highlighter: CodeHighlighter? = .shared
    /// Told how many pages of how many are read, from any thread.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Stops the build when requested (Ctrl-C): before its commit, it writes nothing and reports
    /// itself ``Report/stopped``.
    public var stop = BuildStop()

    /// A build of `site` into `output` (else `_site`), with `theme` instead of the configuration's,
    /// drafts when `drafts`, and `today` as the day that decides future and expired pages.
    public init(site: String, output: String? = nil, theme: String? = nil, drafts: Bool = false, today: Date = Date()) {
        self.site = site
        self.output = output
        self.theme = theme
        self.drafts = drafts
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        self.today = formatter.string(from: today)
        cachePath = BuildCache.defaultPath(destination: output ?? SitePaths.join(site, "_site"))
    }

    /// The output folder as named (`out/` is `out`: one folder, one cache, one set of keys).
    public var destination: String {
        var path = output ?? SitePaths.join(site, "_site")
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The site's `runway.toml` as this build reads it: for its environment, with its base URL.
    public func configuration() -> SiteConfiguration? {
        SiteConfiguration.load(site: site, environment: environment, baseURL: baseURL, origin: origin).configuration
    }

    /// The path the site is served under, from `runway.toml`'s base URL (`/book-site`), or empty.
    public var basePath: String {
        BasePath(baseURL: configuration()?.baseURL ?? "/").prefix
    }

    /// The folders of the theme the build uses and of the themes it extends, for file watchers.
    public var themeFolders: [String] {
        let name = theme ?? configuration()?.theme ?? "default"
        return ThemeLibrary.standard(site: site).folders(of: name)
    }

    /// The folders an output folder must not be or be inside: the site itself (nor a folder that
    /// holds it), what the build reads (content, static files, templates, themes) and Runway's
    /// cache and version control.
    public var protectedFolders: [OutputLocation.Protected] { Self.protectedFolders(site: site) }

    /// The folders of the site at `site` that an output folder must not be or be inside.
    public static func protectedFolders(site: String) -> [OutputLocation.Protected] {
        var folders = [OutputLocation.Protected(site, what: "the site's own folder", isSite: true)]
        for (name, what) in [("content", "the site's content"), ("static", "the site's static files"), ("templates", "the site's templates"), ("i18n", "the site's string tables"), ("data", "the site's data files"),
                             ("themes", "the site's themes"), (".runway-cache", "Runway's cache"), (".git", "the site's git repository")] {
            folders.append(.init(SitePaths.join(site, name), what: what))
        }
        for folder in ThemeLibrary.standard(site: site).folders { folders.append(.init(folder, what: "a folder of themes")) }
        return folders
    }

    /// Opens the output folder for writing (see `OutputFolder`): refused when it is the site, holds
    /// it or lies inside what the build reads, when another Runway writes into it, or when it is
    /// not empty and Runway has no record of it (unless `allowNonEmpty`).
    public func openOutput() throws(Diagnostic) -> OutputFolder {
        try OutputFolder(destination, options: .init(protected: protectedFolders, allowNonEmpty: allowNonEmpty))
    }

    /// What a build did: its pages, its diagnostics, and the files it parsed, wrote and removed.
    public struct Report: Sendable {
        /// How many pages the site has.
        public var pageCount: Int
        /// Every problem found, errors and warnings, each at its place.
        public var diagnostics: [Diagnostic]
        /// The output folder.
        public var output: String
        /// How many content files were parsed (the others came from the cache).
        public var parsed = 0
        /// Whether every content file was parsed: then every code block was looked up, and the
        /// token cache keeps only those (see `TokenCache.save(_:keepingOnlyUsed:)`).
        public var parsedEveryFile = false
        /// The output files written (static files copied included), relative to the output folder, sorted.
        public var written: [String] = []
        /// The output files removed because nothing makes them any more.
        public var removed: [String] = []
        /// Whether only the changed pages were looked at: a watcher saw pages' text change, and
        /// nothing they show other pages did.
        public var quick = false
        /// Whether the build was stopped (``SiteBuild/stop``) before it took effect; its only
        /// diagnostic then says so.
        public var stopped = false
        /// The path its pages were written to be served under (`/book-site`, from the base URL of
        /// the `runway.toml` it read; empty at a domain's root), or `nil` when it read none.
        public var basePath: String?
        /// Whether the build had no error (and so took effect).
        public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }

        /// A report of these figures.
        public init(pageCount: Int, diagnostics: [Diagnostic], output: String, parsed: Int = 0, written: [String] = [],
                    removed: [String] = [], quick: Bool = false) {
            self.pageCount = pageCount
            self.diagnostics = diagnostics
            self.output = output
            self.parsed = parsed
            self.written = written
            self.removed = removed
            self.quick = quick
        }
    }

    /// One build, with the cache at `cachePath` (saved again when the build succeeds), holding the
    /// output folder for its length.
    public func run() -> Report {
        let output: OutputFolder
        do throws(Diagnostic) {
            output = try openOutput()
        } catch {
            return Report(pageCount: 0, diagnostics: [error], output: destination)
        }
        let loaded = cachePath.flatMap { BuildCache.load($0, site: site) }
        if let tokens = tokenCachePath { highlighter?.cache.attach(tokens) }
        var cache = loaded
        var report = run(cache: &cache, output: output)
        do throws(Diagnostic) {
            try output.saveManifest()
        } catch {
            report.diagnostics.append(Diagnostic(.warning, error.message, path: error.path))
        }
        if !report.succeeded { output.removeIfUnused() }
        let unchanged = loaded != nil && report.parsed == 0 && report.written.isEmpty && report.removed.isEmpty
        guard report.succeeded else { return report }
        // The build cache and the tokens, side by side. Not as two iterations of one
        // `concurrentPerform`: the cache's own, nested in it, would get one thread.
        let (highlighter, parsedEveryFile) = (self.highlighter, report.parsedEveryFile)
        let tokens = DispatchWorkItem { highlighter?.cache.saveAttached(keepingOnlyUsed: parsedEveryFile) }
        DispatchQueue.global().async(execute: tokens)
        if let cachePath, let cache, !unchanged { cache.save(cachePath) }
        tokens.wait()
        Self.releaseInBackground(consume cache)
        return report
    }

    /// The report of a build stopped before it took effect: whatever it found, only that.
    func stoppedReport() -> Report {
        var report = Report(pageCount: 0, diagnostics: [
            Diagnostic(.error, "stopped before the build took effect: the output is as it was", path: destination)
        ], output: destination)
        report.stopped = true
        return report
    }

    /// What the warning that the tokenizer is missing adds for a site: how to build without it.
    static let highlightingHint = "to leave code plain without this warning, set highlightCode = false under [markdown] in runway.toml"

    /// Lets go of `value` on another thread. A build's last steps are its records, runs and pages
    /// freed one by one on one thread (70 ms of a 10,000-page build at the end of every cold
    /// build, while the other processor waited); freed beside the caller's next steps instead, or
    /// not at all when the command exits first, as the memory goes with the process.
    static func releaseInBackground<Value>(_ value: consuming Value) {
        let box = UncheckedBox(value)
        DispatchQueue.global(qos: .utility).async { _ = box }
    }

    /// A value handed to the thread that frees it, and used by no other after.
    private final class UncheckedBox<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }

    /// The file of the highlighted code's tokens, beside the cache.
    public var tokenCachePath: String? {
        cachePath.map { ($0 as NSString).deletingPathExtension + ".tokens" }
    }

    /// One build into `output` that starts from `cache` (`nil`: parse everything) and leaves in it
    /// what the next build needs. `changed`, when the caller knows it (a file watcher), names the
    /// content files (relative to the site) that may have changed; the others are taken as the
    /// cache has them. `trustOutputs`: the caller knows the output folder holds what its manifest
    /// says (it made it and holds it), so files are not checked one by one.
    public func run(cache: inout BuildCache?, output: OutputFolder, changed: Set<String>? = nil, trustOutputs: Bool = false) -> Report {
        // Each build has its own budget for the code blocks Pygments is slow on.
        highlighter?.tokenizer.beginBuild()
        let inputs: Inputs
        switch self.inputs() {
        case .success(let loaded): inputs = loaded
        case .failure(let problems): return Report(pageCount: 0, diagnostics: problems.diagnostics, output: destination)
        }
        guard !stop.isRequested else { return stoppedReport() }
        let plan = RebuildPlan.plan(changed: changed, cachedVersion: cache?.version, cachedDestination: cache?.destination,
                                    version: inputs.version, destination: destination, trustOutputs: trustOutputs,
                                    feedsShowWholePages: inputs.configuration.feeds.full, searchIndexed: inputs.configuration.search.enabled)
        let previous: BuildCache?, surveyed: Set<String>?
        switch plan {
        case .everything: (previous, surveyed) = (nil, nil)
        case .survey(let files): (previous, surveyed) = (cache, files)
        case .quick(let files):
            (previous, surveyed) = (cache, files)
            if let previous, let quick = quickRebuild(changed: files, previous: previous, cache: &cache, output: output, reader: inputs.reader,
                                                      templates: inputs.templates, configuration: inputs.configuration, theme: inputs.theme,
                                                      version: inputs.version, data: inputs.data,
                                                      assetsKey: inputs.requestedAssets.isEmpty ? nil : inputs.assets.key(of: inputs.requestedAssets),
                                                      diagnostics: inputs.diagnostics) {
                return quick
            }
        }
        let survey = self.survey(inputs, previous: previous, changed: surveyed)
        guard !stop.isRequested else { return stoppedReport() }
        var diagnostics = survey.diagnostics

        // 4. Render and 5. write: outputs whose key changed, or whose file is not as Runway wrote
        // it, are rendered; static files are copied when they changed; what Runway wrote and
        // nothing makes any more goes.
        let current = output.current(survey.plan.jobs.map { ($0.path, $0.key.value) } + survey.plan.copies.map { ($0.path, $0.key.value) },
                                     lookingAtFiles: !trustOutputs)
        let dirty = zip(survey.plan.jobs, current).filter { !$0.1 }.map(\.0)
        let copies = zip(survey.plan.copies, current.dropFirst(survey.plan.jobs.count)).filter { !$0.1 }.map(\.0)
        let kept = Set(survey.plan.jobs.map(\.path)).union(survey.plan.copies.map(\.path))
        // The search bundle's files are the search step's to keep or remove.
        let (indexing, searchProblems) = searchIndexing(jobs: survey.plan.jobs, copies: survey.plan.copies, published: survey.rendering.published,
                                                        templates: inputs.templates, configuration: inputs.configuration)
        diagnostics += searchProblems
        let removals = output.manifest.files.keys.filter { !kept.contains($0) && (indexing == nil || !$0.value.hasPrefix(Self.searchFolder + "/")) }.sorted()
        let search = indexing.flatMap { Self.searchIsCurrent($0, output: output, trustOutputs: trustOutputs) ? nil : $0 }

        if strict { diagnostics = diagnostics.map(\.promotedToError) }
        var report = Report(pageCount: survey.published.count, diagnostics: diagnostics, output: destination, parsed: survey.read.parsed)
        report.parsedEveryFile = survey.read.parsedEveryFile
        report.basePath = BasePath(baseURL: inputs.configuration.baseURL).prefix
        let published = publish(dirty, copies: copies, removals: removals, into: output, writing: report.succeeded,
                                rendering: survey.rendering, search: search)
        if published.stopped { return stoppedReport() }
        // The warnings of code highlighted as it was rendered come after the others; those that
        // the tokenizer is missing are said once.
        let late = published.diagnostics + published.rendered.highlightWarnings
        report.diagnostics = CodeHighlighter.collapsingUnavailable(report.diagnostics + (strict ? late.map(\.promotedToError) : late),
                                                                   hint: Self.highlightingHint)
        guard report.succeeded else { return report }
        report.written = published.written
        report.removed = published.removed
        var next = BuildCache(version: inputs.version, destination: destination)
        next.records = survey.rendering.bodies.updating(survey.read.records)
        next.related = survey.related
        next.contentURLs = survey.rendering.contexts.contentURLs
        next.readAt = survey.read.startedAt
        next.components = inputs.templates.componentHashes
        next.hooks = inputs.templates.hookHashes
        cache = cache.map(next.keepingSlices) ?? next
        Self.releaseInBackground(consume survey)
        return report
    }

    /// Every problem a build of the site would report before it writes anything (configuration,
    /// theme, front matter, Markdown, URLs, links), for `runway check`.
    func diagnose() -> (pageCount: Int, diagnostics: [Diagnostic]) {
        switch inputs() {
        case .failure(let problems): return (0, problems.diagnostics)
        case .success(let inputs):
            let survey = self.survey(inputs, previous: nil, changed: nil)
            // The templates the outputs render with: what is wrong with them is found when they are
            // loaded, so `check` says it without rendering a page.
            var used = Set<String>()
            var layoutProblems: [Diagnostic] = []
            for job in survey.plan.jobs {
                switch job.kind {
                case .page(let index, let layout, _, _):
                    if let problem = Self.layoutProblem(of: survey.rendering.published[index], templates: inputs.templates) {
                        layoutProblems.append(problem)
                    } else {
                        used.insert(layout)
                    }
                case .list: used.insert("list.html")
                case .home: used.insert("home.html")
                case .notFound: used.insert("404.html")
                case .text, .redirect, .twin: break
                }
            }
            var seen = Set(survey.diagnostics)
            let templateProblems = (layoutProblems + used.sorted().compactMap { inputs.templates.problem(of: $0) }).filter { seen.insert($0).inserted }
            // Pages, as a build counts them: a section's `_index.md` is its list's.
            return (survey.read.records.values.count { !$0.isSectionIndex },
                    CodeHighlighter.collapsingUnavailable(survey.diagnostics + templateProblems, hint: Self.highlightingHint))
        }
    }
}
