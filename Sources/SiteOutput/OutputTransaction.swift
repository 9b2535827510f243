public import RunwayText
import Foundation
import Synchronization

/// One change to an output folder that takes effect whole or not at all. `begin` checks every
/// path and records the plan in the journal; `write` and `copy` put each new file beside its place
/// (`.runway-ID-n-NAME`), linking the file it replaces to a backup; `commit` renames them into place
/// and removes what goes; `rollback` (or a failure while committing) leaves the folder as it was.
/// Nobody reading the folder sees a file half written, and a build that fails changes nothing.
public final class OutputTransaction: Sendable {
    /// The start of every name Runway uses for its own files inside an output folder; no output
    /// file may start with it.
    public static let reservedPrefix = ".runway-"

    let root: String
    let id: String
    let journal: OutputJournal
    /// What the transaction does, as planned at `begin` and grown by `OutputFolder.extend`.
    private let planned: Mutex<Planned>
    private struct Planned {
        var plan: OutputJournal.Transaction
        /// The planned writes, by path, with their keys.
        var keys: [OutputPath: UInt64]
        /// The files already there that a write replaces (Runway's own), which get a backup.
        var replaced: Set<OutputPath>
    }
    var plan: OutputJournal.Transaction { planned.withLock { $0.plan } }
    private let staged = Mutex<[OutputPath: FileSignature]>([:])
    private let finished = Mutex(false)

    /// What a committed transaction changed, for the manifest.
    public struct Outcome: Sendable {
        /// The files written, with their keys and signatures.
        public var written: [OutputPath: OutputManifest.Entry] = [:]
        /// The files removed.
        public var removed: [OutputPath] = []
        /// The folders made.
        public var createdFolders: [OutputPath] = []
    }

    /// Lets the folder's next change begin (after a rollback or a failed commit; after a
    /// commit, `OutputFolder.record` does).
    private let release: @Sendable () -> Void

    init(root: String, journal: OutputJournal, plan: OutputJournal.Transaction, replaced: Set<OutputPath>,
         release: @escaping @Sendable () -> Void = {}) {
        self.release = release
        self.root = root
        self.id = plan.id
        self.journal = journal
        planned = Mutex(Planned(plan: plan, keys: Dictionary(plan.writes.map { ($0.path, $0.key) }, uniquingKeysWith: { _, last in last }),
                                replaced: replaced))
    }

    /// Grows the plan by `part` (same transaction, journaled already): its folders, writes and
    /// removals, and the files among its writes that replace Runway's own.
    func add(_ part: OutputJournal.Transaction, replaced: Set<OutputPath>) {
        planned.withLock { planned in
            planned.plan.folders += part.folders
            planned.plan.writes += part.writes
            planned.plan.removals += part.removals
            for write in part.writes { planned.keys[write.path] = write.key }
            planned.replaced.formUnion(replaced)
        }
    }

    /// The file that holds what `path` will be once the transaction commits: the new file
    /// beside its place when the transaction writes it (and it is written), else the file in place.
    public func currentFile(of path: OutputPath) -> String {
        staged.withLock { $0[path] } != nil ? root + "/" + Self.sibling(of: path, transaction: id) : absolute(path)
    }

    /// The planned paths to write.
    public var writes: [OutputPath] { plan.writes.map(\.path) }

    func absolute(_ path: OutputPath) -> String { root + "/" + path.value }

    /// The name a new file has beside its place until the commit (`.runway-ID-n-NAME`), or its
    /// backup (`.runway-ID-o-NAME`); a name too long for that is replaced by its hash (`-N-`,
    /// `-O-`). No two files of one folder can get the same one.
    static func sibling(of path: OutputPath, transaction id: String, old: Bool = false) -> String {
        let name = path.name
        let literal = reservedPrefix + id + (old ? "-o-" : "-n-")
        let own = literal.utf8.count + name.utf8.count <= 255 ? literal + name
            : reservedPrefix + id + (old ? "-O-" : "-N-") + hex(ContentHash(name.utf8).value)
        return path.parent.map { $0.value + "/" + own } ?? own
    }

    /// Puts the files at `paths`, as they will be once the transaction commits (`currentFile(of:)`),
    /// at the same paths in `folder` (emptied first): hard links where the file system allows,
    /// else copies. For a program that reads the new output before it is in place (the search
    /// indexer), without a page of it half written or one of the previous build.
    public func linkFiles(_ paths: [OutputPath], into folder: String) throws(Diagnostic) {
        try? FileManager.default.removeItem(atPath: folder)
        var made = Set<String>()
        func makeFolder(_ path: String) throws(Diagnostic) {
            guard !made.contains(path) else { return }
            if let slash = path.lastIndex(of: "/"), slash > path.startIndex { try makeFolder(String(path[..<slash])) }
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw Diagnostic(.error, "cannot create the folder: \(reason(errno))", path: path) }
            made.insert(path)
        }
        try makeFolder(folder)
        for path in paths {
            if let parent = path.parent { try makeFolder(folder + "/" + parent.value) }
            if let problem = Self.keep(currentFile(of: path), as: folder + "/" + path.value) {
                throw Diagnostic(.error, "cannot link the page for the search index: \(reason(problem))", path: absolute(path))
            }
        }
    }

    /// Writes `contents` as the new file at `path`; safe to call from several threads at once.
    public func write(_ contents: String, to path: OutputPath) throws(Diagnostic) {
        var contents = contents
        let file = try create(path)
        let problem = contents.withUTF8 { writeAll(file, UnsafeRawBufferPointer($0)) }
        try finish(file, path, problem: problem)
    }

    /// Copies the regular file at `source` as the new file at `path` (a link at `source` has been
    /// judged by the caller: its target's contents are copied, never the link).
    public func copy(from source: String, to path: OutputPath) throws(Diagnostic) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Diagnostic(.error, "cannot read: \(reason(errno))", path: source) }
        defer { close(input) }
        let file = try create(path)
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        var problem: Int32?
        var readProblem: Int32?
        while problem == nil {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                readProblem = errno
                break
            }
            if count == 0 { break }
            problem = buffer.withUnsafeBytes { writeAll(file, UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
        if let readProblem {
            close(file)
            unlink(root + "/" + Self.sibling(of: path, transaction: id))
            throw Diagnostic(.error, "cannot read: \(reason(readProblem))", path: source)
        }
        try finish(file, path, problem: problem)
    }

    private func create(_ path: OutputPath) throws(Diagnostic) -> Int32 {
        guard planned.withLock({ $0.keys[path] }) != nil else {
            throw Diagnostic(.error, "cannot write: the build did not plan this file", path: absolute(path))
        }
        let temporary = root + "/" + Self.sibling(of: path, transaction: id)
        let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw Diagnostic(.error, "cannot write: \(reason(errno))", path: absolute(path)) }
        return file
    }

    private func finish(_ file: Int32, _ path: OutputPath, problem: Int32?) throws(Diagnostic) {
        var info = stat()
        let statProblem = fstat(file, &info) == 0 ? nil : errno
        close(file)
        if let problem = problem ?? statProblem {
            throw Diagnostic(.error, "cannot write: \(reason(problem))", path: absolute(path))
        }
        if planned.withLock({ $0.replaced.contains(path) }) {
            let backup = root + "/" + Self.sibling(of: path, transaction: id, old: true)
            unlink(backup)
            if let problem = Self.keep(absolute(path), as: backup), problem != ENOENT {
                throw Diagnostic(.error, "cannot keep the previous version while replacing it: \(reason(problem))", path: absolute(path))
            }
        }
        staged.withLock { $0[path] = FileSignature(info) }
    }

    /// The journal's commit record of this transaction: what each new file is, then `commit`.
    func commitRecord() -> String {
        OutputJournal.commit(id, staged: staged.withLock { $0 })
    }

    /// Puts every new file in place and removes the files that go, or, when that fails part way,
    /// puts back what was there and throws.
    public func commit() throws(Diagnostic) -> Outcome {
        let signatures = staged.withLock { $0 }
        let (plan, replaced) = planned.withLock { ($0.plan, $0.replaced) }
        if let missing = plan.writes.first(where: { signatures[$0.path] == nil }) {
            rollback()
            throw Diagnostic(.error, "cannot write: the build did not write this planned file", path: absolute(missing.path))
        }
        do throws(Diagnostic) {
            try journal.append(commitRecord(), durable: true)
        } catch {
            rollback()
            throw error
        }
        // The renames on all processors: `undo` finds which were done, path by path.
        if let (write, problem) = ConcurrentWork.firstFailure(plan.writes, { write in
            rename(root + "/" + Self.sibling(of: write.path, transaction: id), absolute(write.path)) == 0 ? nil : errno
        }) {
            abort()
            throw Diagnostic(.error, "cannot put the new version in place: \(reason(problem)); the previous output is back",
                             path: absolute(write.path))
        }
        for removal in plan.removals where unlink(absolute(removal)) != 0 && errno != ENOENT {
            let problem = errno
            abort()
            throw Diagnostic(.error, "cannot remove: \(reason(problem)); the previous output is back", path: absolute(removal))
        }
        finished.withLock { $0 = true }
        // Only files that were there have backups (a cold build's thousands of writes have none).
        Self.dropBackups(plan.writes.map(\.path).filter(replaced.contains) + plan.removals, transaction: id, root: root)
        var outcome = Outcome(removed: plan.removals, createdFolders: plan.folders)
        for write in plan.writes { outcome.written[write.path] = .init(key: write.key, signature: signatures[write.path]!) }
        return outcome
    }

    /// Undoes the transaction before its commit: the new files and the folders made for them go.
    public func rollback() {
        guard !finished.withLock({ done in defer { done = true }; return done }) else { return }
        Self.undo(plan, root: root, committed: false)
        release()
    }

    /// A failure while committing: the journal says so first, then what was put in place is undone.
    private func abort() {
        try? journal.append("abort " + id + "\n")
        finished.withLock { $0 = true }
        var committed = plan
        committed.staged = staged.withLock { $0 }
        Self.undo(committed, root: root, committed: true)
        release()
    }

    /// Puts the folder back as it was before `plan`. Before the commit (`committed` false) nothing
    /// was put in place: new files and backups go. After it, a write whose new file is gone was
    /// renamed into place: its backup goes back, or, when there was none, the file was new and
    /// goes, if it is exactly the file the commit record says was written. Safe to repeat (a stop
    /// during an undo is undone again by the next build).
    static func undo(_ plan: OutputJournal.Transaction, root: String, committed: Bool) {
        for write in plan.writes {
            let target = root + "/" + write.path.value
            let temporary = root + "/" + sibling(of: write.path, transaction: plan.id)
            let backup = root + "/" + sibling(of: write.path, transaction: plan.id, old: true)
            if !committed || exists(temporary) {
                unlink(temporary)
                unlink(backup)
            } else if exists(backup) {
                rename(backup, target)
            } else if let staged = plan.staged[write.path], FileSignature.of(target) == staged {
                unlink(target)
            }
        }
        for removal in plan.removals {
            let backup = root + "/" + sibling(of: removal, transaction: plan.id, old: true)
            if committed && !exists(root + "/" + removal.value) && exists(backup) {
                rename(backup, root + "/" + removal.value)
            } else {
                unlink(backup)
            }
        }
        for folder in plan.folders.reversed() { rmdir(root + "/" + folder.value) }
    }

    /// Finishes a committed transaction after a stop: new files still beside their place go in,
    /// backups go, and the files it removes go when they are still what `manifest` (the folder's
    /// manifest before the transaction) says Runway wrote.
    static func redo(_ plan: OutputJournal.Transaction, root: String, manifest: OutputManifest?) throws(Diagnostic) {
        for write in plan.writes {
            let temporary = root + "/" + sibling(of: write.path, transaction: plan.id)
            guard exists(temporary) else { continue }
            guard rename(temporary, root + "/" + write.path.value) == 0 else {
                throw Diagnostic(.error, "cannot finish the interrupted build: \(reason(errno))", path: root + "/" + write.path.value)
            }
        }
        for removal in plan.removals {
            let target = root + "/" + removal.value
            if let known = manifest?.files[removal], FileSignature.of(target) == known.signature { unlink(target) }
        }
        dropBackups(plan.writes.map(\.path) + plan.removals, transaction: plan.id, root: root)
    }

    /// Removes the backups of `paths` that `transaction` kept.
    private static func dropBackups(_ paths: [OutputPath], transaction: String, root: String) {
        ConcurrentWork.forEachChunk(of: paths.count, chunk: 128) { range in
            for index in range { unlink(root + "/" + sibling(of: paths[index], transaction: transaction, old: true)) }
        }
    }

    /// Keeps the file at `path` as `backup` too: a hard link, or, on a file system without them
    /// (vfat, some network mounts) or where they are refused, a copy. The error number when neither works.
    static func keep(_ path: String, as backup: String) -> Int32? {
        if link(path, backup) == 0 { return nil }
        let problem = errno
        guard [EPERM, EOPNOTSUPP, EXDEV, EMLINK, ENOSYS].contains(problem) else { return problem }
        let input = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else { return errno }
        defer { close(input) }
        let output = open(backup, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard output >= 0 else { return errno }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return errno }
            if count == 0 { return nil }
            if let failure = buffer.withUnsafeBytes({ writeAll(output, UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }) { return failure }
        }
    }

    /// Whether anything (a link included, unfollowed) is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
