public import AttributedText
import Formatting
public import Foundation
import HTMLRendering
import MarkdownParsing
import Synchronization

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

    /// The static files of the output, by path, with the file each comes from: the theme's
    /// `static/` (a parent theme's first), then the site's `static/`, a later one winning.
    private func staticSources(themeFolders: [String]) -> [String: String] {
        var sources: [String: String] = [:]
        for folder in themeFolders.reversed() + [site] {
            let root = SitePaths.join(folder, "static")
            for file in SitePaths.files(under: root) { sources[file] = root + "/" + file }
        }
        return sources
    }

    /// The template a page renders with: its `layout`, else `home.html` for a language's home page
    /// (when there is one), else `page.html`.
    static func layout(of page: PageRecord, configuration: SiteConfiguration, templates: TemplateSet) -> String {
        let home = page.url == (configuration.language(page.language)?.prefix ?? "") + "/"
        return page.metadata.layout ?? (home && templates.exists("home.html") ? "home.html" : "page.html")
    }

    /// The key of a page's output: the build's version, the page's file and URL, its layout, its
    /// translations, and the listing of its language when its templates read `pages`.
    static func pageKey(version: ContentHash, page: PageRecord, layout: String, translations: [TemplateContexts.Version],
                        listing: ContentHash?) -> ContentHash {
        var key = version
        key.add(page.hash)
        key.add(page.url)
        key.add(layout)
        for version in translations { key.add(version.language.code + " " + version.url) }
        key.add(listing?.description ?? "-")
        return key
    }

    static func outputPath(of page: PageRecord) -> String {
        String(page.url.dropFirst()) + "index.html"
    }

    func isPublished(_ page: PageRecord) -> Bool {
        drafts || (!page.metadata.draft && (page.metadata.date.map { String($0.prefix(10)) <= today } ?? true))
    }

    /// A hash of every input but the content: the running binary (a new Runway renders differently),
    /// `runway.toml`, the theme's files, the templates, and the options.
    private func inputsVersion(themeFolders: [String], templateFolders: [String], destination: String) -> ContentHash {
        var version = ContentHash()
        version.add(BuildCache.signature(of: "/proc/self/exe"))
        version.add(ProcessInfo.processInfo.arguments.first ?? "")
        version.add(FileManager.default.contents(atPath: SitePaths.join(site, SiteConfiguration.fileName)) ?? Data())
        for folder in themeFolders + templateFolders {
            for file in ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).sorted() {
                version.add(folder + "/" + file)
                version.add(FileManager.default.contents(atPath: folder + "/" + file) ?? Data())
            }
        }
        version.add(theme ?? "")
        version.add(drafts ? "drafts" : "published")
        version.add(today)
        version.add(destination)
        return version
    }

    private struct ReadContent {
        var records: [String: PageRecord] = [:]
        var bodies: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        var parsed = 0
    }

    /// The content files, sorted: the folder's listing, or, when a watcher named the changed files,
    /// the cache's files with those added or taken away (listing ten thousand files is slow).
    private func contentFiles(previous: BuildCache?, changed: Set<String>?) -> [String] {
        guard let changed, let previous else { return SitePaths.contentFiles(site: site) }
        var files = Set(previous.records.keys)
        for file in changed {
            if access(SitePaths.join(site, file), F_OK) == 0 { files.insert(file) } else { files.remove(file) }
        }
        return files.sorted()
    }

    /// Every content file's record: from the cache when the file is unchanged (or, with `changed`,
    /// not named), else parsed, its body kept for rendering.
    private func readContent(_ files: [String], reader: PageReader, previous: BuildCache?, changed: Set<String>?) -> ReadContent {
        let results = Mutex([(record: PageRecord?, body: String?, diagnostics: [Diagnostic], parsed: Bool)](
            repeating: (nil, nil, [], false), count: files.count))
        let done = Mutex(0)
        let progress = self.progress
        let site = self.site
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            defer {
                let count = done.withLock { count in
                    count += 1
                    return count
                }
                progress?(count, files.count)
            }
            let file = files[index]
            let cached = previous?.records[file]
            if let changed, !changed.contains(file), let cached {
                results.withLock { $0[index] = (cached, nil, cached.diagnostics, false) }
                return
            }
            guard let data = FileManager.default.contents(atPath: SitePaths.join(site, file)) else {
                let problem = Diagnostic(.error, "cannot be read (permission denied?)", path: SitePaths.join(site, file))
                results.withLock { $0[index] = (nil, nil, [problem], false) }
                return
            }
            let bytes = [UInt8](data)
            if let cached, cached.hash == ContentHash(bytes) {
                results.withLock { $0[index] = (cached, nil, cached.diagnostics, false) }
                return
            }
            let page = reader.read(file, bytes: bytes)
            results.withLock { $0[index] = (page.record, page.body, page.diagnostics, true) }
        }
        var content = ReadContent()
        for (file, result) in zip(files, results.withLock { $0 }) {
            content.diagnostics += result.diagnostics
            if result.parsed { content.parsed += 1 }
            guard let record = result.record else { continue }
            content.records[file] = record
            if let body = result.body { content.bodies[file] = body }
        }
        return content
    }

    /// One file of the output and the key of what it is made from.
    struct OutputJob {
        enum Kind {
            case page(Int, layout: String, translations: [TemplateContexts.Version])
            case list(Int, number: Int, translations: [TemplateContexts.Version])
            case notFound
            case text(String)
        }

        var path: String
        var key: ContentHash
        var kind: Kind
    }

    private func outputJobs(published: [PageRecord], newest: [PageRecord], lists: SiteLists, reader: PageReader, contexts: TemplateContexts, templates: TemplateSet,
                            configuration: SiteConfiguration, theme: Theme, version: ContentHash) -> [OutputJob] {
        var readsListing: [String: Bool] = [:]
        func listingKey(_ layout: String, _ language: String, into key: inout ContentHash) {
            if readsListing[layout] == nil { readsListing[layout] = templates.mentions("pages", in: layout) }
            key.add(readsListing[layout] == true ? contexts.listingHashes[language]?.description ?? "" : "-")
        }
        func versions<T>(_ items: [T], key: (T) -> String, url: (T) -> String, language: (T) -> String) -> [String: [TemplateContexts.Version]] {
            var grouped: [String: [TemplateContexts.Version]] = [:]
            for item in items {
                guard let site = configuration.language(language(item)) else { continue }
                grouped[key(item), default: []].append(.init(language: site, url: url(item)))
            }
            return grouped.mapValues { $0.sorted { a, b in
                (configuration.languages.firstIndex(of: a.language) ?? 0, a.url) < (configuration.languages.firstIndex(of: b.language) ?? 0, b.url) } }
        }
        let pageVersions = versions(published, key: \.translationKey, url: \.url, language: \.language)
        let listVersions = versions(lists.lists, key: { String($0.url.dropFirst($0.language.prefix.count)) }, url: \.url,
                                    language: \.language.code)

        var jobs: [OutputJob] = []
        for (index, page) in published.enumerated() {
            let layout = Self.layout(of: page, configuration: configuration, templates: templates)
            let translations = (pageVersions[page.translationKey] ?? []).count > 1 ? pageVersions[page.translationKey]! : []
            if readsListing[layout] == nil { readsListing[layout] = templates.mentions("pages", in: layout) }
            let key = Self.pageKey(version: version, page: page, layout: layout, translations: translations,
                                   listing: readsListing[layout] == true ? contexts.listingHashes[page.language] ?? ContentHash() : nil)
            jobs.append(OutputJob(path: Self.outputPath(of: page), key: key,
                                  kind: .page(index, layout: layout, translations: translations)))
        }
        for (index, list) in lists.lists.enumerated() {
            let total = lists.pageCount(list, size: configuration.paginate)
            let unprefixed = String(list.url.dropFirst(list.language.prefix.count))
            let translations = (listVersions[unprefixed] ?? []).count > 1 ? listVersions[unprefixed]! : []
            for number in 1...total {
                var key = version
                key.add(list.url)
                key.add("\(number)/\(total)")
                key.add(list.title)
                for version in translations { key.add(version.language.code + " " + version.url) }
                if list.isTagIndex {
                    for tag in lists.tagIndex[list.language.code] ?? [] { key.add("\(tag.name) \(tag.url) \(tag.count)") }
                } else {
                    let size = configuration.paginate
                    for page in list.pages.dropFirst((number - 1) * size).prefix(size) { TemplateContexts.addEntry(page, to: &key) }
                }
                listingKey("list.html", list.language.code, into: &key)
                jobs.append(OutputJob(path: String(SiteLists.pageURL(list.url, page: number).dropFirst()) + "index.html", key: key,
                                      kind: .list(index, number: number, translations: translations)))
            }
        }
        var notFoundKey = version
        listingKey("404.html", configuration.languages[0].code, into: &notFoundKey)
        jobs.append(OutputJob(path: "404.html", key: notFoundKey, kind: .notFound))

        var texts: [(String, String)] = []
        for language in configuration.languages {
            let pages = newest.filter { $0.language == language.code }
            let home = language.prefix + "/"
            texts.append((String((language.prefix + "/index.xml").dropFirst()),
                          Feeds.rss(pages, title: language.title, baseURL: configuration.baseURL, home: home)))
            texts.append((String((language.prefix + "/atom.xml").dropFirst()),
                          Feeds.atom(pages, title: language.title, baseURL: configuration.baseURL, home: home)))
        }
        let used = published.filter { $0.metadata.theme == nil }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
        texts.append(("theme.css", ThemeStylesheet(theme: theme).css(usedValues: used)))
        // A stylesheet for each theme pages chose for themselves.
        for name in Set(published.compactMap(\.metadata.theme)).sorted() {
            guard let own = reader.themes.theme(name) else { continue }
            let values = published.filter { $0.metadata.theme == name }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
            texts.append(("themes/\(name).css", ThemeStylesheet(theme: own).css(usedValues: values)))
        }
        texts.append(("sitemap.xml", Self.sitemap((published.map(\.url) + lists.urls(paginate: configuration.paginate)).sorted(),
                                                  baseURL: configuration.baseURL)))
        texts.append(("robots.txt", "User-agent: *\nAllow: /\nSitemap: \(Self.absolute("/sitemap.xml", baseURL: configuration.baseURL))\n"))
        for (path, text) in texts { jobs.append(OutputJob(path: path, key: ContentHash(text.utf8), kind: .text(text))) }
        return jobs
    }

    private struct Rendered {
        /// Every file rendered.
        var paths: [String] = []
        /// What was rendered, when it was not written to a staging folder at once.
        var contents: [(path: String, contents: String)] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Every job rendered in parallel, and written into `staging` at once when there is one;
    /// errors in job order.
    private func render(_ jobs: [OutputJob], published: [PageRecord], bodies: [String: String], reader: PageReader,
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

    /// A first build (or one after the inputs changed): the static files join the staged pages, and
    /// the staging folder takes the output's place.
    private func finish(_ staging: OutputFolder, statics: [String: String]) throws(Diagnostic) {
        do throws(Diagnostic) {
            for (file, source) in statics.sorted(by: { $0.key < $1.key }) { try staging.copy(source, to: file) }
            try staging.commit()
        } catch {
            staging.discard()
            throw error
        }
    }

    /// A later build: changed files replaced in place, static files copied when they changed, and
    /// files nothing makes any more removed. Returns the static files copied and the files removed.
    private func update(previous: BuildCache, next: BuildCache, statics: [String: String], rendered: [(path: String, contents: String)],
                        destination: String) throws(Diagnostic) -> (copied: [String], removed: [String]) {
        let output = OutputUpdate(destination: destination)
        var copied: [String] = []
        for (file, signature) in next.statics.sorted(by: { $0.key < $1.key })
        where previous.statics[file] != signature || access(destination + "/" + file, F_OK) != 0 {
            try output.copy(statics[file]!, to: file)
            copied.append(file)
        }
        let failures = Mutex([Diagnostic?](repeating: nil, count: rendered.count))
        DispatchQueue.concurrentPerform(iterations: rendered.count) { index in
            do throws(Diagnostic) {
                try output.write(rendered[index].contents, to: rendered[index].path)
            } catch {
                failures.withLock { $0[index] = error }
            }
        }
        if let failure = failures.withLock({ $0.compactMap { $0 }.first }) { throw failure }
        let gone = Set(previous.outputs.keys).union(previous.statics.keys)
            .subtracting(next.outputs.keys).subtracting(next.statics.keys).sorted()
        for file in gone { output.remove(file) }
        return (copied, gone)
    }

    static func absolute(_ url: String, baseURL: String) -> String {
        (baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL) + url
    }

    static func sitemap(_ urls: [String], baseURL: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in urls {
            let encoded = url.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: " ") })
                ? url : (url.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url)
            xml += "  <url><loc>\(escape(absolute(encoded, baseURL: baseURL)))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }
}

/// Text for an HTML template: `&`, `<`, `>`, `"` and `'` as entities. Works on UTF-8 bytes (the
/// five are ASCII, so no multi-byte character is touched), and returns text without any as it is.
func escape(_ text: String) -> String {
    let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
    guard text.utf8.contains(where: special) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
        switch byte {
        case 0x26: bytes += Array("&amp;".utf8)
        case 0x3C: bytes += Array("&lt;".utf8)
        case 0x3E: bytes += Array("&gt;".utf8)
        case 0x22: bytes += Array("&quot;".utf8)
        case 0x27: bytes += Array("&#39;".utf8)
        default: bytes.append(byte)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

extension AttributeValue {
    /// The value as Stencil sees it, strings escaped.
    var templateValue: Any {
        switch self {
        case .string(let value): escape(value)
        case .integer(let value): value
        case .number(let value): value
        case .bool(let value): value
        case .null: ""
        case .array(let values): values.map(\.templateValue)
        case .object(let values): TemplateObject(values.mapValues(\.templateValue))
        }
    }
}
