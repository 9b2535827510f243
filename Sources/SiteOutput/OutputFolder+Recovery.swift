import RunwayText
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading the manifest back when a folder is opened, with what the journal says happened since:
/// a transaction a stop interrupted is finished or undone first.
extension OutputFolder {
    /// The manifest as the last stop left the folder: an interrupted transaction finished or
    /// undone, and every committed one since the manifest was saved applied to it. `nil` when
    /// there is no manifest of this folder (or it cannot be read).
    static func recover(_ location: OutputLocation, journal: OutputJournal) throws(Diagnostic) -> OutputManifest? {
        let root = location.real
        var manifest: OutputManifest?
        if let data = FileContents.read(location.state + ".manifest"),
           case .success(var stored) = OutputManifest.decode(String(decoding: data, as: UTF8.self)) {
            if stored.folder == root {
                manifest = stored
            } else if !stored.files.isEmpty, let found = Self.copiedFiles(of: stored, in: root) {
                // The site moved (`mv ~/blog ~/sites/blog` keeps every file's inode and time) or
                // was copied with its times (`cp -a`, `rsync -a`): a manifest whose every file is
                // here, of the size and time it says, is this folder's, with the files' new inodes.
                stored.folder = root
                stored.files = found
                manifest = stored
            }
        }
        guard let transactions = journal.read() else {
            // Not a journal: nothing can be finished or undone from it.
            journal.remove()
            return manifest
        }
        guard var last = transactions.last else { return manifest }
        // Each transaction ends (or is undone) before the next begins: only the last can be
        // unfinished. The manifest before it is the stored one with the others applied.
        var before = manifest
        for transaction in transactions.dropLast() { before = Self.apply(transaction, to: before, root: root) }
        switch last.state {
        case .open: OutputTransaction.undo(last, root: root, committed: false)
        case .aborted: OutputTransaction.undo(last, root: root, committed: true)
        case .committed:
            do throws(Diagnostic) {
                try OutputTransaction.redo(last, root: root, manifest: before)
            } catch {
                try journal.append("abort " + last.id + "\n")
                OutputTransaction.undo(last, root: root, committed: true)
                last.state = .aborted
            }
        }
        guard var recovered = Self.apply(last, to: before, root: root) else { return nil }
        if last.state == .committed { removeEmptied(by: last.removals, from: &recovered, root: root) }
        recovered.folders = recovered.folders.filter { folder in
            var info = stat()
            return lstat(root + "/" + folder.value, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
        return recovered
    }

    /// Why the stored manifest of the folder cannot be read, with its line; `nil` when there is
    /// none or it can be read.
    static func manifestProblem(_ location: OutputLocation) -> ManifestProblem? {
        guard let data = FileContents.read(location.state + ".manifest"),
              case .failure(let problem) = OutputManifest.decode(String(decoding: data, as: UTF8.self))
        else { return nil }
        return problem
    }

    /// The folder a readable manifest beside `location` names, when it is another (the site was
    /// copied or moved, and its files are no longer as the manifest says); else `nil`.
    static func otherRecordedFolder(_ location: OutputLocation) -> String? {
        guard let data = FileContents.read(location.state + ".manifest"),
              case .success(let stored) = OutputManifest.decode(String(decoding: data, as: UTF8.self)),
              stored.folder != location.real else { return nil }
        return stored.folder
    }

    /// The manifest after a transaction of the journal: a committed one's new files (as the
    /// commit record describes them, and only while they are) and folders join it, the files it
    /// removed leave it. A manifest that did not exist begins with the first committed one.
    static func apply(_ transaction: OutputJournal.Transaction, to manifest: OutputManifest?, root: String) -> OutputManifest? {
        guard transaction.state == .committed else { return manifest }
        var result = manifest ?? OutputManifest(folder: root)
        result.folders.formUnion(transaction.folders)
        for write in transaction.writes {
            // A file that is not what the commit record says keeps the entry it had, if any: the
            // next build compares it with what it wrote before.
            if let current = FileSignature.of(root + "/" + write.path.value), current == transaction.staged[write.path] {
                result.files[write.path] = OutputManifest.Entry(key: write.key, signature: current)
            }
        }
        for removal in transaction.removals { result.files[removal] = nil }
        return result
    }

    /// The entries of `manifest` with each file's signature as found in `root`, when every file
    /// it lists is there with the size and modification time it says (its inode may differ: a
    /// copy's); else `nil`. A folder that only happens to hold files of the same names is not
    /// taken for a copy: the times are to the nanosecond.
    static func copiedFiles(of manifest: OutputManifest, in root: String) -> [OutputPath: OutputManifest.Entry]? {
        var files = manifest.files
        for (path, entry) in manifest.files {
            guard let found = FileSignature.of(root + "/" + path.value), found.size == entry.signature.size,
                  found.seconds == entry.signature.seconds, found.nanoseconds == entry.signature.nanoseconds else { return nil }
            files[path]?.signature = found
        }
        return files
    }
}
