public import AttributedText
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An output folder Runway writes into, held for one build (`runway build`) or for as long as
/// `serve` or `watch` run. Opening it checks where it is (``OutputLocation``), locks it against a
/// second writer, finishes or undoes a build a stop interrupted (``OutputJournal``), and reads the
/// manifest of what Runway wrote there. A folder that is not empty and that Runway has no record
/// of writing is refused unless `allowNonEmpty`; then its other files are left alone.
public final class OutputFolder: Sendable {
    public let location: OutputLocation
    /// The folder's real path: every file is written under it.
    public var root: String { location.real }
    private let manifestState: Mutex<OutputManifest>
    /// The open folder, locked; `-1` once closed.
    private let lock: Mutex<Int32>
    let journal: OutputJournal
    /// Whether the manifest on disk is behind the one in memory (transactions in the journal since).
    private let unsaved = Mutex(false)
    /// Whether a change is under way (between `begin` and `record` or its rollback): the manifest
    /// is not saved meanwhile, and no other change begins.
    private let gate = Mutex(false)
    /// Whether opening made the folder.
    private let created: Bool

    public struct Options: Sendable {
        /// Folders the output must not be, or be inside (the site's content, static files, templates…).
        public var protected: [OutputLocation.Protected]
        /// Build into a folder that is not empty though Runway has no record of it, leaving its files alone.
        public var allowNonEmpty: Bool

        public init(protected: [OutputLocation.Protected], allowNonEmpty: Bool = false) {
            self.protected = protected
            self.allowNonEmpty = allowNonEmpty
        }
    }

    /// Opens (creating it when missing) the output folder at `path`.
    public init(_ path: String, options: Options) throws(Diagnostic) {
        location = try OutputLocation(path, protected: options.protected)
        journal = OutputJournal(path: location.state + ".journal")
        var info = stat()
        created = stat(location.real, &info) != 0
        if let problem = Self.makePath(location.real) {
            throw Diagnostic(.error, "cannot create the output folder: \(reason(problem))", path: location.path)
        }
        try Self.makeFolder((location.state as NSString).deletingLastPathComponent, named: location.path)
        Self.removeOldStaging(of: location)
        let descriptor = open(location.real, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Diagnostic(.error, "cannot open the output folder: \(reason(errno))", path: location.path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let problem = errno
            var info = stat()
            let holder = fstat(descriptor, &info) == 0 ? Self.holder(ofLockOn: UInt64(info.st_ino)) : nil
            Glibc.close(descriptor)
            guard problem == EWOULDBLOCK else {
                throw Diagnostic(.error, "cannot lock the output folder: \(reason(problem))", path: location.path)
            }
            throw Diagnostic(.error, "another Runway is writing into this folder\(holder.map { " (\($0))" } ?? ""); "
                             + "wait for it to finish, or stop it", path: location.path)
        }

        do throws(Diagnostic) {
            let recovered = try Self.recover(location, journal: journal)
            var manifest: OutputManifest
            if let recovered {
                manifest = recovered
            } else {
                let found = Self.entries(of: location.real)
                if !found.isEmpty && !options.allowNonEmpty {
                    let sample = found.prefix(3).joined(separator: ", ") + (found.count > 3 ? ", …" : "")
                    throw Diagnostic(.error, """
                        is not empty (\(sample)) and Runway has no record of writing it. Runway never replaces or removes \
                        files it did not write: choose a new or empty folder, remove this one yourself if it is an old \
                        output, or pass --allow-non-empty to build into it and leave its other files alone
                        """, path: location.path)
                }
                manifest = OutputManifest(folder: location.real)
            }
            manifestState = Mutex(manifest)
        } catch {
            flock(descriptor, LOCK_UN)
            Glibc.close(descriptor)
            throw error
        }
        lock = Mutex(descriptor)
        if FileManager.default.fileExists(atPath: journal.path) {
            unsaved.withLock { $0 = true }
            try saveManifest()
        }
    }

    deinit {
        close()
    }

    /// Lets another Runway write into the folder; this one must not write any more.
    public func close() {
        lock.withLock { descriptor in
            guard descriptor >= 0 else { return }
            // Unlocked first: a child process forked meanwhile (between its fork and its exec)
            // holds a copy of the descriptor, and the lock would last as long as that copy.
            flock(descriptor, LOCK_UN)
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    /// After a build that wrote nothing: the folder, when opening made it and it is still empty,
    /// goes again, with Runway's record of it, so that a failed first build leaves no trace.
    public func removeIfUnused() {
        guard created, manifest.files.isEmpty, Self.entries(of: root).isEmpty, (try? FileManager.default.contentsOfDirectory(atPath: root))?.isEmpty == true
        else { return }
        rmdir(root)
        for suffix in [".manifest", ".journal"] { unlink(location.state + suffix) }
        rmdir((location.state as NSString).deletingLastPathComponent)
    }

    /// What Runway wrote into the folder, as far as it knows.
    public var manifest: OutputManifest { manifestState.withLock { $0 } }

    /// Whether the file at `path` is still exactly as Runway wrote it with `key`.
    public func holds(_ path: OutputPath, key: UInt64) -> Bool {
        guard let entry = manifestState.withLock({ $0.files[path] }), entry.key == key else { return false }
        return FileSignature.of(root + "/" + path.value) == entry.signature
    }

    /// Whether the manifest lists `path` with `key` (without looking at the file).
    public func records(_ path: OutputPath, key: UInt64) -> Bool {
        manifestState.withLock { $0.files[path]?.key == key }
    }

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

    /// The change `begin` starts, checked and journaled, with its folders made and its removals'
    /// backups linked.
    private func plan(writes: [(path: OutputPath, key: UInt64)], removals requested: [OutputPath], clearing: Bool) throws(Diagnostic)
        -> OutputTransaction {
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
        if !clearable.isEmpty && clearing {
            // A file became a folder (or the other way): Runway's own files that go anyway go first.
            let first = try plan(writes: [], removals: clearable, clearing: false)
            record(try first.commit(), releasing: false)
            return try plan(writes: writes, removals: requested.filter { !Set(clearable).contains($0) }, clearing: false)
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
        var plan = OutputJournal.Transaction(id: hex(UInt64.random(in: .min ... .max)))
        plan.folders = folders
        plan.writes = writes
        plan.removals = removals
        unsaved.withLock { $0 = true }
        try journal.append(OutputJournal.begin(plan))
        for folder in folders where mkdir(root + "/" + folder.value, 0o755) != 0 && errno != EEXIST {
            let problem = errno
            OutputTransaction.undo(plan, root: root, committed: false)
            throw Diagnostic(.error, "cannot create the folder: \(reason(problem))", path: root + "/" + folder.value)
        }
        for removal in removals {
            let backup = root + "/" + OutputTransaction.sibling(of: removal, transaction: plan.id, old: true)
            if let problem = OutputTransaction.keep(root + "/" + removal.value, as: backup) {
                OutputTransaction.undo(plan, root: root, committed: false)
                throw Diagnostic(.error, "cannot keep the file while removing it: \(reason(problem))", path: root + "/" + removal.value)
            }
        }
        return OutputTransaction(root: root, journal: journal, plan: plan, replaced: replaced) { [weak self] in self?.gate.withLock { $0 = false } }
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
            } else if !stored.files.isEmpty,
                      stored.files.allSatisfy({ FileSignature.of(root + "/" + $0.key.value) == $0.value.signature }) {
                // The site moved (`mv ~/blog ~/sites/blog` keeps every file's inode and time): a
                // manifest whose every file is here, exactly as it says, is this folder's.
                stored.folder = root
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

    /// Who holds the lock on the folder with inode `inode`, from the kernel's table of locks
    /// (`/proc/locks`): `pid 1234: runway serve`.
    static func holder(ofLockOn inode: UInt64) -> String? {
        guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        for line in table.split(separator: "\n") {
            // `1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF`
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int32(fields[4]),
                  fields[5].split(separator: ":").last.flatMap({ UInt64($0) }) == inode
            else { continue }
            let command = (FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data())
                .split(separator: 0).prefix(4).map { String(decoding: $0, as: UTF8.self) }
            let words = command.enumerated().map { $0.offset == 0 ? ($0.element as NSString).lastPathComponent : $0.element }
            return "pid \(pid)" + (words.isEmpty ? "" : ": " + words.joined(separator: " "))
        }
        return nil
    }

    /// Makes `folder` and the folders above it that are missing; the error number when it cannot.
    static func makePath(_ folder: String) -> Int32? {
        var info = stat()
        if stat(folder, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR }
        let parent = (folder as NSString).deletingLastPathComponent
        if parent != folder, let problem = makePath(parent) { return problem }
        return mkdir(folder, 0o755) == 0 || errno == EEXIST ? nil : errno
    }

    /// The names in a folder, but Runway's own leftovers.
    static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(OutputTransaction.reservedPrefix) }.sorted()
    }

    /// Makes the folder where Runway keeps its record of the output, refusing a link there.
    static func makeFolder(_ folder: String, named output: String) throws(Diagnostic) {
        var info = stat()
        if lstat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw Diagnostic(.error, "is \(info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a folder"); Runway keeps its record of \(output) only in a folder of its own", path: folder)
            }
            return
        }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw Diagnostic(.error, "cannot create Runway's cache folder: \(reason(errno))", path: folder)
        }
    }

    /// Removes the staging folders (`NAME.building-PID`) that builds of earlier Runway versions
    /// left beside the output when they were killed. Only a folder of exactly that name (PID in
    /// decimal digits, no larger than the system's largest process id, its process gone) that
    /// holds nothing but files and folders goes: a folder of the user's such as
    /// `_site.previous-20240101` or one with a link in it stays.
    static func removeOldStaging(of location: OutputLocation) {
        let absolute = URL(fileURLWithPath: location.path).standardized.path
        let parent = (absolute as NSString).deletingLastPathComponent
        let name = (absolute as NSString).lastPathComponent
        let largest = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 4_194_304
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(name + ".building-") {
            let digits = entry.utf8.dropFirst(name.utf8.count + ".building-".utf8.count)
            guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ (48...57).contains($0) }),
                  let pid = Int32(String(decoding: digits, as: UTF8.self)), pid > 0, pid <= largest,
                  kill(pid, 0) != 0 && errno == ESRCH
            else { continue }
            let path = (parent as NSString).appendingPathComponent(entry)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, holdsOnlyFilesAndFolders(path) else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Whether everything under `folder` is a regular file or a folder (no link, no device).
    private static func holdsOnlyFilesAndFolders(_ folder: String) -> Bool {
        for entry in (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? [] {
            var info = stat()
            guard lstat(folder + "/" + entry, &info) == 0 else { return false }
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFDIR else { return false }
        }
        return true
    }
}
extension OutputFolder {
    /// Makes the files Runway keeps in this folder exactly those under `source` (a folder of
    /// regular files, such as a build made elsewhere), as one transaction: new and changed files
    /// copied in, files Runway wrote that `source` lacks removed, other files left alone.
    /// Returns the files written and removed.
    public func replaceContents(withFilesIn source: String) throws(Diagnostic) -> (written: [OutputPath], removed: [OutputPath]) {
        var files: [(path: OutputPath, key: UInt64)] = []
        for relative in ((FileManager.default.enumerator(atPath: source)?.allObjects as? [String]) ?? []).sorted() {
            guard let data = FileManager.default.contents(atPath: source + "/" + relative),
                  FileSignature.of(source + "/" + relative) != nil else { continue }
            guard let path = OutputPath(relative) else {
                throw Diagnostic(.error, "cannot be copied into the output: \(OutputPath.problem(with: relative) ?? "")", path: source + "/" + relative)
            }
            files.append((path, fnv(data)))
        }
        let changed = files.filter { !holds($0.path, key: $0.key) }
        let kept = Set(files.map(\.path))
        let removals = manifest.files.keys.filter { !kept.contains($0) }.sorted()
        guard !changed.isEmpty || !removals.isEmpty else { return ([], []) }
        let transaction = try begin(writes: changed, removals: removals)
        do throws(Diagnostic) {
            for file in changed { try transaction.copy(from: source + "/" + file.path.value, to: file.path) }
        } catch {
            transaction.rollback()
            throw error
        }
        record(try transaction.commit())
        return (changed.map(\.path), removals)
    }
}
