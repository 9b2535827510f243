public import RunwayText
import SiteContent

extension SiteBuild {
    /// Where a content file is published: its URL, its language, and whether this build publishes
    /// it (a draft, a future or an expired page has a URL too).
    public struct PageLocation: Sendable, Equatable {
        /// The file, relative to the site (`content/posts/a.md`).
        public var file: String
        /// Its URL in the site (`/posts/a/`), before any base path, as Runway names it.
        public var url: String
        /// Its language's code.
        public var language: String
        /// Whether a build with this one's options publishes it.
        public var published: Bool
        /// Whether it is a section's `_index.md`, whose URL is its list's.
        public var isSectionIndex: Bool
    }

    /// The URL of every content file Runway reads as a page, from step 1 of a build (reading the
    /// content), with what stopped the files that have none: `runway import` compares them with
    /// the URLs the other generator gives the same files. Nothing is written.
    public func pageLocations() -> (locations: [PageLocation], diagnostics: [Diagnostic]) {
        let inputs: Inputs
        switch self.inputs() {
        case .success(let loaded): inputs = loaded
        case .failure(let problems): return ([], problems.diagnostics)
        }
        let (files, skipped) = contentFiles(previous: nil, changed: nil)
        let read = readContent(files, reader: inputs.reader, previous: nil, changed: nil)
        let locations = files.compactMap { file -> PageLocation? in
            guard let record = read.records[file] else { return nil }
            return PageLocation(file: file, url: record.url, language: record.language, published: isPublished(record),
                                isSectionIndex: record.isSectionIndex)
        }
        return (locations, inputs.diagnostics + skipped + read.diagnostics)
    }
}
