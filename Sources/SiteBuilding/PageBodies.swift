import Foundation
import RunwayText
import SiteContent
import SiteOutput
import Synchronization

/// The bodies of the pages a build renders, whatever became of their code: parsed in this build,
/// waiting for the tokenizer (their code was sent while the others were read; their bodies are
/// made as they are rendered, last, in the order it was sent), or read again from their files.
/// What highlighting the deferred pages said, and which outputs showed code still plain, are
/// kept here as they come, for the build's warnings and its cache.
final class PageBodies: Sendable {
    /// The bodies of the pages parsed in this build, by file.
    private let parsed: [String: PageBody]
    /// The pages parsed in this build whose code went to the tokenizer (`ReadContent.deferred`).
    private let deferred: [String: (page: PageReader.ParsedPage, order: Int)]
    private let reader: PageReader
    private let highlighted = Mutex([String: PageReader.Highlighting.Outcome]())
    private let pending = Mutex(Set<OutputPath>())

    /// The bodies of `parsed`, those of `deferred` made as they are asked for, and the others
    /// read again with `reader`.
    init(parsed: [String: PageBody], deferred: [String: (page: PageReader.ParsedPage, order: Int)] = [:], reader: PageReader) {
        self.parsed = parsed
        self.deferred = deferred
        self.reader = reader
    }

    /// The body of `record` for the output at `path`; `nil` when its file cannot be read any more.
    /// `keyed`: the output's key says whether the record's code waits for the tokenizer (a page's
    /// own key does, a list's does not); an output showing plain code that its key did not
    /// announce is noted (``pendingOutputs``), so that its key is made to say so.
    func body(of record: PageRecord, for path: OutputPath, keyed: Bool) -> PageBody? {
        var (body, waits, keyed) = (parsed[record.file], record.highlightPending, keyed)
        if body == nil, let page = deferred[record.file]?.page {
            let highlighting = reader.highlighting(page)
            highlighted.withLock { $0[record.file] = highlighting.outcome }
            (body, waits, keyed) = (reader.body(of: page, record: record, highlighting), highlighting.outcome.pending, false)
        } else if body == nil, let bytes = FileContents.read(record.source) {
            let read = reader.read(record.file, bytes: bytes)
            (body, waits) = (read.body, read.record?.highlightPending ?? false)
            keyed = keyed && waits == record.highlightPending
        }
        if waits && !keyed { pending.withLock { _ = $0.insert(path) } }
        return body
    }

    /// Where an output showing the page of `file` is rendered among the others: a deferred page
    /// by the order its code was sent, after every other output (-1).
    func rank(of file: String?) -> Int {
        file.flatMap { deferred[$0]?.order } ?? -1
    }

    /// Highlights the code of the deferred pages no output showed (drafts, outputs unchanged,
    /// pages in error), for its warnings and the cache.
    func highlightTheRest() {
        let left = deferred.filter { file, _ in highlighted.withLock { $0[file] == nil } }.map { ($0.key, $0.value.page) }
        DispatchQueue.concurrentPerform(iterations: left.count) { index in
            let highlighting = reader.highlighting(left[index].1)
            highlighted.withLock { $0[left[index].0] = highlighting.outcome }
        }
    }

    /// What highlighting each deferred page's code said, by file.
    var outcomes: [String: PageReader.Highlighting.Outcome] { highlighted.withLock { $0 } }

    /// The outputs that showed code left plain for want of the tokenizer, whose keys did not say so.
    var pendingOutputs: Set<OutputPath> { pending.withLock { $0 } }

    /// `records` with what the deferred pages' highlighting found in place of their pages'
    /// records (whether their code still waits, its warnings), for the next build's cache.
    func updating(_ records: [String: PageRecord]) -> [String: PageRecord] {
        var records = records
        for (file, outcome) in outcomes {
            guard let record = records[file], let page = deferred[file]?.page else { continue }
            records[file] = reader.record(record, of: page, outcome)
        }
        return records
    }
}
