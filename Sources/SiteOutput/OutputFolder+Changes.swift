public import RunwayText
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Changes to an output folder: planning and journaling one (`begin`), recording it in the
/// manifest once committed, and saving the manifest.
extension OutputFolder {
    /// Starts a change: `writes` will be created or replaced, `removals` (files Runway wrote)
    /// removed. Refused, before anything is touched, when a write would replace a file Runway did
    /// not write or go through a link or a file where a folder belongs. Where one of Runway's own
    /// files is in the way of a folder (or its folder in the way of a file) and goes in this very
    /// change, it goes first, in a change of its own. One change at a time: the next waits for
    /// `record` or `rollback`.
    public func begin(writes: [(path: OutputPath, key: UInt64)], removals: [OutputPath]) throws(Diagnostic) -> OutputTransaction {
        try gate.withLock { open throws(Diagnostic) in
            guard !open else { throw Diagnostic(.error, "cannot begin a change while another is under way", path: location.path) }
            open = true
        }
        do throws(Diagnostic) {
            return try plan(writes: writes, removals: removals, clearing: true)
        } catch {
            gate.withLock { $0 = false }
            throw error
        }
    }

    /// Adds `writes` and `removals` to `transaction` before its commit, checked as `begin` checks
    /// its own: a step that knows its files only once the others are written (the search index,
    /// made from the new pages) commits with them or not at all. A write that the transaction
    /// already plans, or one where Runway's own file is in the way of a folder, is refused. When
    /// this throws, the caller rolls the transaction back.
    public func extend(_ transaction: OutputTransaction, writes: [(path: OutputPath, key: UInt64)], removals requested: [OutputPath]) throws(Diagnostic) {
        let planned = Set(transaction.writes)
        if let twice = writes.first(where: { planned.contains($0.path) }) {
            throw Diagnostic(.error, "the build makes this file twice: rename the page or the file in the way", path: root + "/" + twice.path.value)
        }
        let checked = try check(writes: writes, removals: requested)
        guard checked.clearable.isEmpty else {
            throw Diagnostic(.error, "a file of the build is in the way of a folder: \(checked.clearable.map(\.value).sorted().prefix(5).joined(separator: ", "))",
                             path: location.path)
        }
        var part = OutputJournal.Transaction(id: transaction.id)
        part.folders = checked.folders
        part.writes = writes
        part.removals = checked.removals
        unsaved.withLock { $0 = true }
        try journal.append(OutputJournal.records(part))
        transaction.add(part, replaced: checked.replaced)
        try prepare(part)
    }

    /// What a change would do, checked against what is in the folder: the folders it makes, the
    /// files it replaces (Runway's own), the removals it may do (files still as Runway wrote them)
    /// and Runway's files in the way that must go first. Throws when a write would replace what
    /// Runway did not write.
    private func check(writes: [(path: OutputPath, key: UInt64)], removals requested: [OutputPath]) throws(Diagnostic)
        -> (folders: [OutputPath], replaced: Set<OutputPath>, removals: [OutputPath], clearable: [OutputPath]) {
        let manifest = self.manifest
        let requestedSet = Set(requested)
        var conflicts: [String] = []
        // Runway's own files in the way, which this change removes anyway: removed first.
        var clearable: [OutputPath] = []
        var replaced = Set<OutputPath>()
        var folders: [OutputPath] = []
        var known: [OutputPath: Bool] = [:]   // folder → exists
        func folderExists(_ folder: OutputPath) -> Bool {
            if let exists = known[folder] { return exists }
            if let parent = folder.parent, !folderExists(parent) {
                known[folder] = false
                folders.append(folder)
                return false
            }
            var info = stat()
            let exists: Bool
            if lstat(root + "/" + folder.value, &info) != 0 {
                exists = false
                folders.append(folder)
            } else if info.st_mode & S_IFMT == S_IFDIR {
                exists = true
            } else if requestedSet.contains(folder) {
                clearable.append(folder)
                exists = true
            } else {
                conflicts.append(folder.value + (info.st_mode & S_IFMT == S_IFLNK ? " (a symbolic link where a folder belongs)" : " (a file where a folder belongs)"))
                exists = true
            }
            known[folder] = exists
            return exists
        }
        for write in writes {
            guard write.path.parent.map(folderExists) ?? true else { continue }
            var info = stat()
            guard lstat(root + "/" + write.path.value, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                let inside = requested.filter { $0.value.hasPrefix(write.path.value + "/") }
                if manifest.folders.contains(write.path) && !inside.isEmpty {
                    clearable += inside
                } else {
                    conflicts.append(write.path.value + " (a folder where a file belongs)")
                }
            } else if manifest.files[write.path] != nil {
                replaced.insert(write.path)
            } else {
                conflicts.append(write.path.value)
            }
        }
        if !conflicts.isEmpty {
            let listed = conflicts.sorted().prefix(5).joined(separator: ", ") + (conflicts.count > 5 ? " and \(conflicts.count - 5) more" : "")
            throw Diagnostic(.error, "the build would replace what Runway did not write: \(listed); move them away or choose another output folder",
                             path: location.path)
        }
        // A file is removed only while it is exactly what Runway wrote, in a folder that is still
        // a folder (not a link put in its place): one changed since (or one a manifest from
        // elsewhere names) stays, and is Runway's no more.
        let removals = requested.filter { path in
            guard let entry = manifest.files[path], FileSignature.of(root + "/" + path.value) == entry.signature else { return false }
            return path.ancestors.allSatisfy { folder in
                var info = stat()
                return lstat(root + "/" + folder.value, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
        }
        let abandoned = requested.filter { manifest.files[$0] != nil && !removals.contains($0) }
        if !abandoned.isEmpty {
            manifestState.withLock { for path in abandoned { $0.files[path] = nil } }
        }
        return (folders, replaced, removals, clearable)
    }

    /// The change `begin` starts, checked and journaled, with its folders made and its removals'
    /// backups linked.
    private func plan(writes: [(path: OutputPath, key: UInt64)], removals requested: [OutputPath], clearing: Bool) throws(Diagnostic)
        -> OutputTransaction {
        let checked = try check(writes: writes, removals: requested)
        if !checked.clearable.isEmpty && clearing {
            // A file became a folder (or the other way): Runway's own files that go anyway go first.
            let first = try plan(writes: [], removals: checked.clearable, clearing: false)
            record(try first.commit(), releasing: false)
            return try plan(writes: writes, removals: requested.filter { !Set(checked.clearable).contains($0) }, clearing: false)
        }
        var plan = OutputJournal.Transaction(id: hex(UInt64.random(in: .min ... .max)))
        plan.folders = checked.folders
        plan.writes = writes
        plan.removals = checked.removals
        unsaved.withLock { $0 = true }
        try journal.append(OutputJournal.begin(plan))
        do throws(Diagnostic) {
            try prepare(plan)
        } catch {
            OutputTransaction.undo(plan, root: root, committed: false)
            throw error
        }
        return OutputTransaction(root: root, journal: journal, plan: plan, replaced: checked.replaced) { [weak self] in self?.gate.withLock { $0 = false } }
    }

    /// Makes the folders of `plan` (on all processors, a level at a time, each level's parents
    /// before it) and links a backup of each file it removes.
    private func prepare(_ plan: OutputJournal.Transaction) throws(Diagnostic) {
        let levels = Dictionary(grouping: plan.folders) { $0.value.utf8.count { $0 == UInt8(ascii: "/") } }.sorted { $0.key < $1.key }.map(\.value)
        for level in levels {
            if let (folder, problem) = ConcurrentWork.firstFailure(level, { folder in
                mkdir(root + "/" + folder.value, 0o755) != 0 && errno != EEXIST ? errno : nil
            }) {
                throw Diagnostic(.error, "cannot create the folder: \(reason(problem))", path: root + "/" + folder.value)
            }
        }
        for removal in plan.removals {
            let backup = root + "/" + OutputTransaction.sibling(of: removal, transaction: plan.id, old: true)
            if let problem = OutputTransaction.keep(root + "/" + removal.value, as: backup) {
                throw Diagnostic(.error, "cannot keep the file while removing it: \(reason(problem))", path: root + "/" + removal.value)
            }
        }
    }

    /// Records a committed transaction in the manifest, removes the folders it left empty, and
    /// lets the next change begin.
    public func record(_ outcome: OutputTransaction.Outcome) {
        record(outcome, releasing: true)
    }

    private func record(_ outcome: OutputTransaction.Outcome, releasing: Bool) {
        manifestState.withLock { manifest in
            manifest.folders.formUnion(outcome.createdFolders)
            for (path, entry) in outcome.written { manifest.files[path] = entry }
            for path in outcome.removed { manifest.files[path] = nil }
            Self.removeEmptied(by: outcome.removed, from: &manifest, root: root)
        }
        unsaved.withLock { $0 = true }
        if releasing { gate.withLock { $0 = false } }
    }

    /// Removes the folders Runway made that `removed` left empty, deepest first.
    static func removeEmptied(by removed: [OutputPath], from manifest: inout OutputManifest, root: String) {
        for folder in Set(removed.flatMap(\.ancestors)).sorted(by: >) where manifest.folders.contains(folder) {
            var info = stat()
            guard lstat(root + "/" + folder.value, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            if rmdir(root + "/" + folder.value) == 0 { manifest.folders.remove(folder) }
        }
    }

    /// Writes the manifest (atomically, flushed to disk) and empties the journal it now covers;
    /// does nothing while a change is under way (its journal stays, and the next save covers it).
    public func saveManifest() throws(Diagnostic) {
        try gate.withLock { open throws(Diagnostic) in
            guard !open, unsaved.withLock({ $0 }) else { return }
            let text = manifestState.withLock { $0.encoded() }
            let path = location.state + ".manifest"
            let temporary = path + ".new"
            let file = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard file >= 0 else { throw Diagnostic(.error, "cannot write the output manifest: \(reason(errno))", path: temporary) }
            let problem = writeAll(file, text) ?? (fsync(file) == 0 ? nil : errno)
            Glibc.close(file)
            if let problem { throw Diagnostic(.error, "cannot write the output manifest: \(reason(problem))", path: temporary) }
            guard rename(temporary, path) == 0 else { throw Diagnostic(.error, "cannot write the output manifest: \(reason(errno))", path: path) }
            journal.remove()
            unsaved.withLock { $0 = false }
        }
    }
}
