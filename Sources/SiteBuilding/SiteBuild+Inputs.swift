import AttributedText
import Foundation
import Synchronization

/// What a build starts from: the content files (from the cache when unchanged), the static files,
/// what counts as published, and the version of every input that is not content.
extension SiteBuild {
    /// The static files of the output, by path, with the file each comes from: the theme's
    /// `static/` (a parent theme's first), then the site's `static/`, a later one winning.
    func staticSources(themeFolders: [String]) -> [String: String] {
        var sources: [String: String] = [:]
        for folder in themeFolders.reversed() + [site] {
            let root = SitePaths.join(folder, "static")
            for file in SitePaths.files(under: root) { sources[file] = root + "/" + file }
        }
        return sources
    }

    func isPublished(_ page: PageRecord) -> Bool {
        drafts || (!page.metadata.draft && (page.metadata.date.map { String($0.prefix(10)) <= today } ?? true))
    }


    /// A hash of every input but the content: the running binary (a new Runway renders differently),
    /// `runway.toml`, the theme's files, the templates, and the options.
    func inputsVersion(themeFolders: [String], templateFolders: [String], destination: String) -> ContentHash {
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


    struct ReadContent {
        var records: [String: PageRecord] = [:]
        var bodies: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        var parsed = 0
    }

    /// The content files, sorted: the folder's listing, or, when a watcher named the changed files,
    /// the cache's files with those added or taken away (listing ten thousand files is slow).
    func contentFiles(previous: BuildCache?, changed: Set<String>?) -> [String] {
        guard let changed, let previous else { return SitePaths.contentFiles(site: site) }
        var files = Set(previous.records.keys)
        for file in changed {
            if access(SitePaths.join(site, file), F_OK) == 0 { files.insert(file) } else { files.remove(file) }
        }
        return files.sorted()
    }

    /// Every content file's record: from the cache when the file is unchanged (or, with `changed`,
    /// not named), else parsed, its body kept for rendering.
    func readContent(_ files: [String], reader: PageReader, previous: BuildCache?, changed: Set<String>?) -> ReadContent {
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
}
