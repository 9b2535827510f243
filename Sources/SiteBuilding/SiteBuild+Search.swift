import RunwayText
import Foundation
import SiteContent
import SiteOutput
import SiteSearch
import Templating

/// The search step (`[search] enabled = true`): once every page of the build is written beside its
/// place, Pagefind indexes them as they will be, and its bundle (`/pagefind/`) joins the same
/// transaction, so the pages and their index take effect together or not at all.
extension SiteBuild {
    /// The folder of the output that holds the search bundle.
    static let searchFolder = "pagefind"

    /// What the search index is made from: the pages it indexes, and their keys.
    struct SearchIndexing {
        /// The pages' HTML files, sorted.
        var pages: [OutputPath]
        /// The pages' paths and keys and the search settings: the same key, the same index.
        var key: ContentHash
        var settings: SearchSettings
        /// `runway.toml`, for an error about the search.
        var configurationFile: String
    }

    /// The search index's plan when the site has search: every page whose front matter does not
    /// say `search: false`; not a list, nor a page whose template lists others (a home page: its
    /// list would find every page's title there too), a 404 page, an alias or a page that sends
    /// its readers elsewhere. The errors: an output of the build in the bundle's folder.
    func searchIndexing(jobs: [OutputJob], copies: [StaticCopy], published: [PageRecord], templates: TemplateSet,
                        configuration: SiteConfiguration) -> (indexing: SearchIndexing?, diagnostics: [Diagnostic]) {
        guard configuration.search.enabled else { return (nil, []) }
        var diagnostics: [Diagnostic] = []
        let prefix = Self.searchFolder + "/"
        for job in jobs where job.path.value.hasPrefix(prefix) {
            diagnostics.append(Diagnostic(.error, "its URL \(Self.url(of: job.path)) is inside /\(prefix), where the search index goes: change its URL or slug",
                                          path: job.file ?? job.claimant, position: job.file.map { _ in job.position ?? SourcePosition(line: 1, column: 1) }))
        }
        for copy in copies where copy.path.value.hasPrefix(prefix) {
            diagnostics.append(Diagnostic(.error, "would be published inside /\(prefix), where the search index goes: move it", path: copy.source))
        }
        var pages: [(path: OutputPath, key: ContentHash)] = []
        for job in jobs {
            guard case .page(let index, let layout, _, 1) = job.kind, published[index].metadata.search, published[index].metadata.redirectTo == nil,
                  !templates.readsItems(layout), !templates.readsListing(layout) else { continue }
            pages.append((job.path, job.key))
        }
        pages.sort { $0.path < $1.path }
        var key = ContentHash()
        key.add(configuration.search.command ?? "")
        for page in pages {
            key.add(page.path.value)
            key.add(page.key)
        }
        let indexing = SearchIndexing(pages: pages.map(\.path), key: key, settings: configuration.search,
                                      configurationFile: SitePaths.join(site, "runway.toml"))
        return (indexing, diagnostics)
    }

    /// The files of the output's search bundle, as its manifest has them.
    static func searchFiles(in output: OutputFolder) -> [OutputPath: UInt64] {
        var files: [OutputPath: UInt64] = [:]
        for (path, entry) in output.manifest.files where path.value.hasPrefix(searchFolder + "/") { files[path] = entry.key }
        return files
    }

    /// The bundle's entry file, whose key in the manifest is the key of the index it belongs to.
    static let searchEntry = OutputPath(searchFolder + "/pagefind-entry.json")!

    /// Whether the output holds the index `indexing` makes: the entry's key is the index's, and
    /// every file of the bundle is as Runway wrote it (unless `trustOutputs`).
    static func searchIsCurrent(_ indexing: SearchIndexing, output: OutputFolder, trustOutputs: Bool) -> Bool {
        let files = searchFiles(in: output)
        guard files[searchEntry] == indexing.key.value else { return false }
        return output.current(files.map { ($0.key, $0.value) }, lookingAtFiles: !trustOutputs).allSatisfy { $0 }
    }

    /// Indexes the pages as `transaction` will leave them, and adds the bundle's new and changed
    /// files to it, with the removal of the previous bundle's others. The files written and removed.
    func index(_ indexing: SearchIndexing, into transaction: OutputTransaction, output: OutputFolder) throws(Diagnostic)
        -> (written: [String], removed: [String]) {
        let position = indexing.settings.position ?? SourcePosition(line: 1, column: 1)
        let pagefind: Pagefind
        switch Pagefind.locate(indexing.settings.command) {
        case .success(let found): pagefind = found
        case .failure(let failure): throw Diagnostic(.error, failure.description, path: indexing.configurationFile, position: position)
        }
        let scratch = output.location.state + ".search"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try transaction.linkFiles(indexing.pages, into: scratch + "/site")
        let stop = self.stop
        let bundle: [Pagefind.BundleFile]
        do throws(Pagefind.Failure) {
            bundle = try pagefind.index(site: scratch + "/site", bundle: scratch + "/bundle", stopped: { stop.isRequested })
        } catch {
            throw Diagnostic(.error, error.stopped ? "stopped while indexing the site for search" : "the search index: " + error.description,
                             path: indexing.configurationFile, position: position)
        }
        var files: [(path: OutputPath, key: UInt64, source: String)] = []
        for file in bundle {
            guard let path = OutputPath(Self.searchFolder + "/" + file.path) else {
                throw Diagnostic(.error, "Pagefind wrote a file that cannot be published: \(file.path)", path: file.location)
            }
            guard let bytes = FileContents.read(file.location) else { throw Diagnostic(.error, "cannot read what Pagefind wrote", path: file.location) }
            files.append((path, path == Self.searchEntry ? indexing.key.value : ContentHash(bytes).value, file.location))
        }
        // Files of the previous bundle that are the same (most fragments, when one page changed) stay.
        let current = output.current(files.map { ($0.path, $0.key) }, lookingAtFiles: true)
        let writes = zip(files, current).filter { !$0.1 }.map(\.0)
        let kept = Set(files.map(\.path))
        let removals = Self.searchFiles(in: output).keys.filter { !kept.contains($0) }.sorted()
        try output.extend(transaction, writes: writes.map { ($0.path, $0.key) }, removals: removals)
        for write in writes { try transaction.copy(from: write.source, to: write.path) }
        return (writes.map(\.path.value), removals.map(\.value))
    }
}
