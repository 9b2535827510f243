public import AttributedText
import Formatting
public import Foundation
import MarkdownParsing

/// `runway build`: a folder of Markdown into a complete website. Pages are parsed (under cmark's
/// lock) and rendered in parallel. With a build cache, only changed files are parsed and only
/// outputs whose inputs changed are rendered and written. Nothing is written unless the whole
/// build succeeds: a first build goes into a staging folder swapped in at the end, a later one
/// replaces changed files one by one (each atomically) once everything rendered. The output is
/// deterministic: the same sources give byte-identical files, whatever the cache held.
public struct SiteBuild: Sendable {
    public var site: String
    public var output: String?
    public var theme: String?
    public var drafts = false
    /// Warnings count as errors: they stop the build, and nothing is written.
    public var strict = false
    /// The date future-dated pages are compared with, as `YYYY-MM-DD`.
    public var today: String
    /// Where `run()` keeps its cache between builds; `nil` keeps none, so every build is full.
    public var cachePath: String?
    /// Told how many pages of how many are read, from any thread.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

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

    public var destination: String { output ?? SitePaths.join(site, "_site") }

    /// The folders of the theme the build uses and of the themes it extends, for file watchers.
    public var themeFolders: [String] {
        let name = theme ?? SiteConfiguration.load(site: site).configuration?.theme ?? "default"
        return ThemeLibrary.standard(site: site).folders(of: name)
    }

    public struct Report: Sendable {
        public var pageCount: Int
        public var diagnostics: [Diagnostic]
        public var output: String
        /// How many content files were parsed (the others came from the cache).
        public var parsed = 0
        /// The output files written (static files copied included), relative to the output folder, sorted.
        public var written: [String] = []
        /// The output files removed because nothing makes them any more.
        public var removed: [String] = []
        /// Whether only the changed pages were looked at: a watcher saw pages' text change, and
        /// nothing they show other pages did.
        public var quick = false
        public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
    }

    /// One build, with the cache at `cachePath` (saved again when the build succeeds).
    public func run() -> Report {
        let loaded = cachePath.flatMap(BuildCache.load)
        var cache = loaded
        let report = run(cache: &cache)
        let unchanged = loaded != nil && report.parsed == 0 && report.written.isEmpty && report.removed.isEmpty
        if report.succeeded, let cachePath, let cache, !unchanged { cache.save(cachePath) }
        return report
    }

    /// One build that starts from `cache` (`nil`: a full build) and leaves in it what the next build
    /// needs. `changed`, when the caller knows it (a file watcher), names the content files
    /// (relative to the site) that may have changed; the others are taken as the cache has them.
    /// `trustOutputs`: the caller knows the output folder holds what the cache says (it made it and
    /// nothing else writes there), so files are not checked one by one.
    public func run(cache: inout BuildCache?, changed: Set<String>? = nil, trustOutputs: Bool = false) -> Report {
        let destination = self.destination
        var diagnostics: [Diagnostic] = []
        func failed() -> Report { Report(pageCount: 0, diagnostics: diagnostics, output: destination) }
        let (loaded, configurationDiagnostics) = SiteConfiguration.load(site: site)
        diagnostics += configurationDiagnostics
        guard var configuration = loaded else { return failed() }
        if let theme { configuration.theme = theme }
        let library = ThemeLibrary.standard(site: site)
        let (loadedTheme, themeDiagnostics) = library.load(configuration.theme)
        diagnostics += themeDiagnostics
        guard let theme = loadedTheme, !diagnostics.contains(where: { $0.severity == .error }) else { return failed() }
        let templateFolders = TemplateSet.folders(site: site, theme: theme.name, library: library)
        let templates = TemplateSet(folders: templateFolders)
        // Every theme counts, not only the site's: a page may name another in its front matter.
        let themeFolders = library.names.compactMap { library.path(of: $0).map { ($0 as NSString).deletingLastPathComponent } }
        let version = inputsVersion(themeFolders: Array(Set(themeFolders)).sorted(), templateFolders: templateFolders, destination: destination)
        let previous = cache.flatMap { $0.version == version && $0.destination == destination
            && FileManager.default.fileExists(atPath: destination) ? $0 : nil }
        var next = BuildCache(version: version, destination: destination)

        // Content: unchanged files come from the cache, the others are parsed.
        let reader = PageReader(site: site, configuration: configuration, parser: MarkdownParser(scope: configuration.contentScope(theme: theme)),
                                themes: ThemeSet(library: library, site: theme))
        if let changed, let previous, trustOutputs,
           let quick = quickRebuild(changed: changed, previous: previous, cache: &cache, reader: reader, templates: templates,
                                    configuration: configuration, version: version, diagnostics: diagnostics) {
            return quick
        }
        let files = contentFiles(previous: previous, changed: changed)
        let read = readContent(files, reader: reader, previous: previous, changed: changed)
        diagnostics += read.diagnostics
        next.records = read.records
        let published = files.compactMap { read.records[$0] }.filter(isPublished)
        let newest = published.sorted(by: SiteLists.newestFirst)
        let lists = SiteLists(newestFirst: newest, languages: configuration.languages)
        let contexts = TemplateContexts(configuration: configuration, themeName: theme.name, newestFirst: newest)

        var targets = Set(published.map(\.url)).union(lists.urls(paginate: configuration.paginate))
        targets.formUnion(["/404.html", "/theme.css", "/sitemap.xml", "/robots.txt"])
        targets.formUnion(published.compactMap(\.metadata.theme).map { ThemeSet.stylesheet(of: $0) })
        for language in configuration.languages { targets.formUnion([language.prefix + "/index.xml", language.prefix + "/atom.xml"]) }
        let statics = staticSources(themeFolders: library.folders(of: theme.name))
        let staticFiles = statics.keys.sorted()
        targets.formUnion(staticFiles.map { "/" + $0 })
        let links = LinkCheck(targets: targets)
        for page in published { diagnostics += links.brokenLinks(in: page.links, pageURL: page.url, path: page.source) }

        // Every output with the key of its inputs; those whose key changed are rendered.
        let jobs = outputJobs(published: published, newest: newest, lists: lists, reader: reader, contexts: contexts, templates: templates,
                              configuration: configuration, theme: theme, version: version)
        let dirty = jobs.filter { job in
            guard let previous, previous.outputs[job.path] == job.key else { return true }
            return !trustOutputs && access(destination + "/" + job.path, F_OK) != 0
        }
        // A first build writes each file into the staging folder as soon as it is rendered; a
        // later one keeps what it rendered until everything has, then replaces files in place.
        var staging: OutputFolder?
        if previous == nil {
            do throws(Diagnostic) {
                staging = try OutputFolder(destination: destination)
            } catch {
                return Report(pageCount: published.count, diagnostics: diagnostics + [error], output: destination, parsed: read.parsed)
            }
        }
        let rendered = render(dirty, published: published, bodies: read.bodies, reader: reader, templates: templates,
                              contexts: contexts, lists: lists, configuration: configuration, staging: staging)
        diagnostics += rendered.diagnostics
        if strict { diagnostics = diagnostics.map(\.promotedToError) }
        var report = Report(pageCount: published.count, diagnostics: diagnostics, output: destination, parsed: read.parsed)
        guard report.succeeded else {
            staging?.discard()
            return report
        }

        for job in jobs { next.outputs[job.path] = job.key }
        for file in staticFiles { next.statics[file] = BuildCache.signature(of: statics[file]!) }
        var copied: [String] = staticFiles
        do throws(Diagnostic) {
            if let previous {
                (copied, report.removed) = try update(previous: previous, next: next, statics: statics, rendered: rendered.contents,
                                                      destination: destination)
            } else if let staging {
                try finish(staging, statics: statics)
            }
        } catch {
            report.diagnostics.append(error)
            return report
        }
        report.written = (rendered.paths + copied).sorted()
        cache = next
        return report
    }
}
