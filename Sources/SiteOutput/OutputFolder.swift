public import RunwayText
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
    /// Where the folder is, and what Runway may do there.
    public let location: OutputLocation
    /// The folder's real path: every file is written under it.
    public var root: String { location.real }
    let manifestState: Mutex<OutputManifest>
    /// The open folder, locked; `-1` once closed.
    private let lock: Mutex<Int32>
    let journal: OutputJournal
    /// Whether the manifest on disk is behind the one in memory (transactions in the journal since).
    let unsaved = Mutex(false)
    /// Whether a change is under way (between `begin` and `record` or its rollback): the manifest
    /// is not saved meanwhile, and no other change begins.
    let gate = Mutex(false)
    /// Whether opening made the folder.
    private let created: Bool

    /// What opening a folder must respect.
    public struct Options: Sendable {
        /// Folders the output must not be, or be inside (the site's content, static files, templates…).
        public var protected: [OutputLocation.Protected]
        /// Build into a folder that is not empty though Runway has no record of it, leaving its files alone.
        public var allowNonEmpty: Bool
        /// Whether the command has `--allow-non-empty`: the refusal of a folder that is not empty
        /// then names it as a way out.
        public var offersAllowNonEmpty: Bool

        /// Options protecting `protected`, allowing a folder that is not empty when `allowNonEmpty`.
        public init(protected: [OutputLocation.Protected], allowNonEmpty: Bool = false, offersAllowNonEmpty: Bool = true) {
            self.protected = protected
            self.allowNonEmpty = allowNonEmpty
            self.offersAllowNonEmpty = offersAllowNonEmpty
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
                    if let problem = Self.manifestProblem(location) {
                        throw Diagnostic(.error, """
                            Runway's record of what it wrote into \(location.path) cannot be read (\(problem.reason)), so it \
                            cannot tell the files it wrote there from others and changes nothing: if the folder holds only an \
                            old output, remove it yourself and build again
                            """, path: location.state + ".manifest", position: SourcePosition(line: problem.line, column: 1))
                    }
                    let sample = found.prefix(3).joined(separator: ", ") + (found.count > 3 ? ", …" : "")
                    if let other = Self.otherRecordedFolder(location) {
                        throw Diagnostic(.error, """
                            is not empty (\(sample)) and Runway's record beside it is of another folder, \(other), whose \
                            files these are not as far as it can tell (a copy that did not keep the files' times, such as \
                            cp -r, looks so; cp -a and mv keep them). Runway never replaces or removes files it did not \
                            write: if this folder holds only an old output, remove it yourself and build again
                            """, path: location.path)
                    }
                    let ways = options.offersAllowNonEmpty
                        ? "choose a new or empty folder, remove this one yourself if it is an old output, or pass "
                            + "--allow-non-empty to build into it and leave its other files alone"
                        : "choose a new or empty folder or remove this one yourself if it is an old output"
                    throw Diagnostic(.error, "is not empty (\(sample)) and Runway has no record of writing it. Runway never "
                                     + "replaces or removes files it did not write: " + ways, path: location.path)
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

    /// Whether the folder at its path is still the one this holds: one removed or replaced while
    /// `serve` or `watch` held it (`rm -rf _site`) is not, and must be opened anew.
    public var isInPlace: Bool {
        lock.withLock { descriptor in
            var held = stat(), current = stat()
            return descriptor >= 0 && fstat(descriptor, &held) == 0 && stat(root, &current) == 0
                && held.st_ino == current.st_ino && held.st_dev == current.st_dev
        }
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
        guard created, manifest.files.isEmpty, (try? FileManager.default.contentsOfDirectory(atPath: root))?.isEmpty == true else { return }
        rmdir(root)
        for suffix in [".manifest", ".journal"] { unlink(location.state + suffix) }
        rmdir((location.state as NSString).deletingLastPathComponent)
    }

    /// What Runway wrote into the folder, as far as it knows.
    public var manifest: OutputManifest { manifestState.withLock { $0 } }

    /// Whether the file at `path` is still exactly as Runway wrote it with `key`.
    public func holds(_ path: OutputPath, key: UInt64) -> Bool {
        current([(path, key)], lookingAtFiles: true)[0]
    }

    /// For each of `outputs`, whether the manifest lists it with its key and, when `lookingAtFiles`,
    /// whether its file is still as Runway wrote it (`holds`). The files are looked at in
    /// parallel: a build of thousands of pages asks about each at its start.
    public func current(_ outputs: [(path: OutputPath, key: UInt64)], lookingAtFiles: Bool) -> [Bool] {
        let files = manifestState.withLock { $0.files }
        let recorded = outputs.map { output in files[output.path].flatMap { $0.key == output.key ? $0.signature : nil } }
        guard lookingAtFiles else { return recorded.map { $0 != nil } }
        let root = root
        return ConcurrentWork.map(Array(zip(outputs.map(\.path), recorded)), chunk: 256) { path, signature in
            signature.map { FileSignature.of(root + "/" + path.value) == $0 } ?? false
        }
    }
}
