import RunwayText
import Foundation
import SiteContent
import SiteOutput
import SyntaxHighlighting
import Synchronization

/// What a build starts from: the content files (from the cache when unchanged), the static files,
/// what counts as published, and the version of every input that is not content.
extension SiteBuild {
    /// The static files of the output, by path, with the file each comes from: the theme's
    /// `static/` (a parent theme's first), then the site's `static/`, a later one winning. A link
    /// is followed only inside its own `static/` (a warning says which were skipped), and the
    /// output gets a copy of what it leads to, never a link.
    func staticSources(themeFolders: [String]) -> (sources: [String: String], diagnostics: [Diagnostic]) {
        var sources: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for folder in themeFolders.reversed() + [site] {
            let root = SitePaths.join(folder, "static")
            let listing = SitePaths.list(under: root, inside: folder)
            for file in listing.files { sources[file] = root + "/" + file }
            diagnostics += SitePaths.problems(of: listing, under: root)
        }
        return (sources, diagnostics)
    }

    /// The static files with the files of each published page bundle (`PageBundle`) beside its
    /// page, at its URL. A page bundle's file that would replace a static file, or another
    /// bundle's, is an error at the file; a section's (a branch bundle's) is left out, with a
    /// warning when the two files differ.
    func withBundles(_ statics: [String: String], pages: [PageRecord]) -> (sources: [String: String], diagnostics: [Diagnostic]) {
        var sources = statics
        var diagnostics: [Diagnostic] = []
        for page in pages {
            guard let (folder, kind) = PageBundle.resourceFolder(of: page.file) else { continue }
            for file in PageBundle.resources(in: folder, kind: kind, site: site) {
                let output = String(SiteURL.folder(ofPageURL: page.url).dropFirst()) + file, source = SitePaths.join(site, folder + "/" + file)
                if let other = sources[output], other != source {
                    // A section's or the home page's folder may hold what a site also keeps in
                    // static/ (Hugo publishes both): the other file is published, with a warning
                    // unless the two are the same bytes. A page bundle's file is the page's own.
                    if kind == .branch {
                        if FileContents.read(other) != FileContents.read(source) {
                            diagnostics.append(Diagnostic(.warning, "not published: /\(output) is \(other), which this file would replace; rename one of them",
                                                          path: source))
                        }
                        continue
                    }
                    diagnostics.append(Diagnostic(.error, "would be published at /\(output), as \(other) is: rename one of them", path: source))
                    continue
                }
                sources[output] = source
            }
        }
        return (sources, diagnostics)
    }

    func isPublished(_ page: PageRecord) -> Bool {
        (drafts || !page.metadata.draft)
            && (future || ([page.metadata.date, page.metadata.publishDate].allSatisfy { $0.map { String($0.prefix(10)) <= today } ?? true }))
            && (expired || (page.metadata.expiryDate.map { String($0.prefix(10)) > today } ?? true))
    }


    /// A hash of every input but the content: the running binary (a new Runway renders differently),
    /// `runway.toml`, the theme's files, the templates, the site's string tables, and the options
    /// (the environment and a base URL over the file's among them).
    func inputsVersion(themeFolders: [String], templateFolders: [String], destination: String) -> ContentHash {
        var version = ContentHash()
        version.add(BuildCache.signature(of: "/proc/self/exe"))
        version.add(ProcessInfo.processInfo.arguments.first ?? "")
        version.add(FileContents.read(SitePaths.join(site, SiteConfiguration.fileName)) ?? [])
        // Components' templates are the keys of the pages that show them (``TemplateSet/componentHashes``),
        // and so are render hooks' (``TemplateSet/hookHashes``).
        for folder in themeFolders + templateFolders + [SitePaths.join(site, "i18n")] {
            let inTemplates = templateFolders.contains(folder) ? "" : "templates/"
            for file in SitePaths.files(under: folder).sorted() where !file.hasPrefix(inTemplates + "components/") && !file.hasPrefix(inTemplates + "render/") {
                version.add(folder + "/" + file)
                version.add(FileContents.read(folder + "/" + file) ?? [])
            }
        }
        version.add(theme ?? "")
        version.add(environment + " " + (baseURL ?? "-") + " " + (origin ?? "-"))
        version.add((drafts ? "drafts" : "published") + (future ? " future" : "") + (expired ? " expired" : ""))
        version.add(today)
        version.add(destination)
        return version
    }


    struct ReadContent {
        var records: [String: PageRecord] = [:]
        var bodies: [String: PageBody] = [:]
        /// The pages with code waiting for the tokenizer (sent for them, or the same block sent
        /// for another page), by file, in the order it was sent:
        /// their records are made without waiting for its answers, their bodies when they are
        /// rendered (`RenderInputs.body(of:)`).
        var deferred: [String: (page: PageReader.ParsedPage, order: Int)] = [:]
        var diagnostics: [Diagnostic] = []
        var parsed = 0
        /// Whether every content file was parsed (none came from the cache).
        var parsedEveryFile = false
        /// When reading began, for the next build's `BuildCache.readAt`.
        var startedAt = Date().timeIntervalSince1970
    }

    /// The content files, sorted: the folder's listing, or, when a watcher named the changed files,
    /// the cache's files with those added or taken away (listing ten thousand files is slow).
    /// A changed file is taken only when it is a content file that leads inside `content/`.
    func contentFiles(previous: BuildCache?, changed: Set<String>?) -> (files: [String], skipped: [Diagnostic]) {
        guard let changed, let previous else { return SitePaths.contentFiles(site: site) }
        var files = Set(previous.records.keys)
        var skipped: [Diagnostic] = []
        for file in changed {
            let path = SitePaths.join(site, file)
            // A file (through any link): a folder named `notes.md` holds pages, and is none.
            guard SitePaths.isContentFile(file), RealPath.kind(of: path) == .file else {
                files.remove(file)
                continue
            }
            // As the listing has it: inside content/ (through any link), not into `.git`.
            let content = SitePaths.join(site, "content")
            let followed = RealPath.of(content).map { SitePaths.follow(path, within: $0, named: content) }
            switch followed {
            case .success?: files.insert(file)
            case .failure(let skip)?:
                files.remove(file)
                skipped.append(SitePaths.skippedLink(at: path, to: skip.target, skip.reason))
            case nil: files.remove(file)
            }
        }
        return (files.sorted(), skipped)
    }

    /// How long before a build began reading content a file must have been last modified for its
    /// signature alone to say it is unchanged: more than any file system's timestamp granularity.
    static let timestampMargin = 2.0

    /// Every content file's record: from the cache when the file is unchanged (or, with `changed`,
    /// not named), else parsed, its body kept for rendering.
    ///
    /// In two passes: the first parses each file and sends its code to the tokenizer, streamed;
    /// the second finishes the pages without waiting for Pygments, those whose code it has
    /// without their bodies (`ReadContent.deferred`), which rendering makes.
    /// `components`: the hashes of the components' templates (``Templating/TemplateSet/componentHashes``);
    /// `hooks`: the render hooks' (``Templating/TemplateSet/hookHashes``).
    func readContent(_ files: [String], reader: PageReader, previous: BuildCache?, changed: Set<String>?,
                     components: [String: ContentHash] = [:], hooks: [String: ContentHash] = [:]) -> ReadContent {
        let startedAt = Date().timeIntervalSince1970
        let results = Mutex([(record: PageRecord?, body: PageBody?, diagnostics: [Diagnostic], parsed: Bool)](
            repeating: (nil, nil, [], false), count: files.count))
        let done = Mutex(0)
        let progress = self.progress
        let site = self.site
        let count = { @Sendable in
            let count = done.withLock { count in
                count += 1
                return count
            }
            progress?(count, files.count)
        }
        // The reader's highlighter: none when the site turns highlighting off.
        let highlighter = reader.highlighter
        // Pages whose code waits for the tokenizer are read again, unless this process knows it is
        // still missing (`serve` rebuilding without Pygments).
        let retryPending = !(highlighter?.tokenizer.isKnownUnavailable ?? true)
        // The pages parsed, in that order, with the number of their blocks that wait for the tokenizer.
        let parsed = Mutex([(index: Int, page: ParsedSlot, signature: FileSignature?, waiting: Int)]())
        let read = { @Sendable (prefetch: CodeHighlighter.Prefetch?) in
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                let file = files[index]
                // A record whose images changed since is not kept either: their sizes are in its summary.
                let cached = previous?.records[file].flatMap { $0.highlightPending && retryPending ? nil : $0 }
                    .flatMap { $0.images.isEmpty || $0.imagesKey == PageRecord.imagesKey($0.images) ? $0 : nil }
                    .flatMap { Self.hasImageCopies($0, in: reader.imageVariants) ? $0 : nil }
                    // Nor one that shows a component whose template changed.
                    .flatMap { record in
                        components.isEmpty && (previous?.components.isEmpty ?? true) ? record
                            : record.values.allSatisfy { previous?.components[$0.attribute] == components[$0.attribute] } ? record : nil
                    }
                    // Nor one with an element whose hook changed, came or went.
                    .flatMap { record in
                        hooks.isEmpty && (previous?.hooks.isEmpty ?? true) ? record
                            : record.hookNames.allSatisfy { previous?.hooks[$0] == hooks[$0] } ? record : nil
                    }
                if let changed, !changed.contains(file), let cached {
                    results.withLock { $0[index] = (cached, nil, cached.diagnostics, false) }
                    return count()
                }
                // A file whose size, modification time and inode are what its record says, and which
                // was last modified well before the build that made the record began reading (so that
                // no edit can hide in the file system's timestamp granularity), is as the record says.
                let path = SitePaths.join(site, file)
                let signature = FileSignature.following(path)
                if let cached, let signature, cached.signature == signature, let readAt = previous?.readAt,
                   signature.modified < readAt - Self.timestampMargin {
                    results.withLock { $0[index] = (cached, nil, cached.diagnostics, false) }
                    return count()
                }
                guard let bytes = FileContents.read(path) else {
                    let problem = Diagnostic(.error, "cannot be read (permission denied?)", path: path)
                    results.withLock { $0[index] = (nil, nil, [problem], false) }
                    return count()
                }
                if let cached, cached.hash == ContentHash(bytes) {
                    let record = cached.signature == signature ? cached : cached.signed(signature)
                    results.withLock { $0[index] = (record, nil, cached.diagnostics, false) }
                    return count()
                }
                switch reader.parse(file, bytes: bytes) {
                case .unreadable(let problem):
                    results.withLock { $0[index] = (nil, nil, [problem], false) }
                    count()
                case .page(let page):
                    let waiting = page.codeToHighlight.flatMap { prefetch?.add($0) } ?? 0
                    parsed.withLock { $0.append((index, ParsedSlot(page), signature, waiting)) }
                }
            }
        }
        if let highlighter { highlighter.prefetching(read) } else { read(nil) }
        // Pages whose code went to the tokenizer are finished without it: their records now,
        // their bodies when they are rendered, by which time Pygments has answered.
        let pages = parsed.withLock { $0 }
        DispatchQueue.concurrentPerform(iterations: pages.count) { position in
            let (index, slot, signature, waiting) = pages[position]
            guard let page = slot.page else { return }
            let finished: (record: PageRecord?, body: PageBody?, diagnostics: [Diagnostic])
            // A page whose summary shows code waits for its tokens here: lists show the summary.
            let defers = waiting > 0 && !reader.summaryShowsCode(page)
            if defers {
                let made = reader.finishWithoutBody(page)
                finished = (made.record, nil, made.diagnostics)
            } else {
                finished = reader.finish(page)
            }
            results.withLock { $0[index] = (finished.record?.signed(signature), finished.body, finished.diagnostics, true) }
            // A page finished whole is let go here, on this processor, not all at once at the end
            // (and is not among the deferred pages below).
            if !defers { slot.page = nil }
            count()
        }
        var content = ReadContent(startedAt: startedAt)
        for (order, page) in pages.enumerated() where page.waiting > 0 {
            if let parsed = page.page.page { content.deferred[files[page.index]] = (parsed, order) }
        }
        for (file, result) in zip(files, results.withLock { $0 }) {
            content.diagnostics += result.diagnostics
            if result.parsed { content.parsed += 1 }
            guard let record = result.record else { continue }
            content.records[file] = record
            if let body = result.body { content.bodies[file] = body }
        }
        content.parsedEveryFile = content.parsed == files.count
        return content
    }
}

/// A parsed page that the thread finishing it lets go of.
private final class ParsedSlot: @unchecked Sendable {
    // `@unchecked`: each slot is read and cleared by the one task that finishes its page, and read
    // again only after all of them are done.
    var page: PageReader.ParsedPage?

    init(_ page: PageReader.ParsedPage) { self.page = page }
}
