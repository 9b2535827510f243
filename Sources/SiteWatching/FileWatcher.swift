public import RunwayText
import Foundation
import SiteOutput
#if canImport(Glibc)
import Glibc
#endif

/// Watches folders and everything under them with inotify, and hands out the paths that changed in
/// batches: a batch closes once the folders have been quiet for `quiet` (editors save in several
/// steps: a temporary file, a rename, a delete). Folders created later are watched as they appear.
public final class FileWatcher: @unchecked Sendable {
    private let descriptor: Int32
    private let ignored: [String]
    private let quiet: Duration
    /// Watch descriptors to folders; guarded by `lock` (the reading thread and `watch(roots:)`).
    private var folders: [Int32: String] = [:]
    /// Guards `folders` and `isStopped`.
    private let lock = NSLock()
    private var isStopped = false

    /// Watches `roots` (missing ones are skipped), leaving out paths under `ignored` and editors'
    /// scratch files.
    public init(roots: [String], ignored: [String], quiet: Duration = .milliseconds(10)) throws(Diagnostic) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Diagnostic(.error, "cannot watch files: inotify_init1 failed (\(String(cString: strerror(errno))))", path: roots.first ?? ".")
        }
        self.ignored = ignored.map { URL(fileURLWithPath: $0).standardized.path }
        self.quiet = quiet
        lock.withLock {
            for root in roots where FileManager.default.fileExists(atPath: root) {
                watchTree(URL(fileURLWithPath: root).standardized.path)
            }
        }
    }

    deinit {
        close(descriptor)
    }

    /// Batches of changed paths (files and folders, absolute), until `stop()`.
    public func changes() -> AsyncStream<Set<String>> {
        AsyncStream { continuation in
            let thread = Thread { [self] in
                while let batch = nextBatch() {
                    if !batch.isEmpty { continuation.yield(batch) }
                }
                continuation.finish()
            }
            thread.name = "runway-watcher"
            thread.start()
        }
    }

    /// Also watches `roots` from now on, those not watched yet (a site that now uses a theme from
    /// elsewhere): when this returns, a change in them is seen.
    public func watch(roots: [String]) {
        lock.withLock {
            let watched = Set(folders.values)
            for root in roots.map({ URL(fileURLWithPath: $0).standardized.path })
            where !watched.contains(root) && FileManager.default.fileExists(atPath: root) {
                watchTree(root)
            }
        }
    }

    /// Ends the stream of changes within one polling interval.
    public func stop() {
        lock.withLock { isStopped = true }
    }

    private var shouldStop: Bool { lock.withLock { isStopped } }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_DELETE_SELF | IN_ATTRIB)

    /// Watches `folder` and every folder under it; `lock` is held.
    private func watchTree(_ folder: String) {
        guard !isIgnored(folder) else { return }
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        if watch >= 0 { folders[watch] = folder }
        // Folders only, never through a link: a link that loops (`content/loop -> ..`) would
        // recurse for ever, and what a build follows is inside the site, watched on its own path.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names {
            var info = stat()
            let path = folder + "/" + name
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { watchTree(path) }
        }
    }

    private func isIgnored(_ path: String) -> Bool {
        ignored.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Waits for a first event, then gathers events until the folders are quiet; `nil` once stopped.
    private func nextBatch() -> Set<String>? {
        var batch = Set<String>()
        // Wait for something, checking now and then whether to stop.
        while !wait(milliseconds: 200) {
            if shouldStop { return nil }
        }
        let quietMilliseconds = Int32(quiet.components.seconds * 1000 + quiet.components.attoseconds / 1_000_000_000_000_000)
        repeat {
            read(into: &batch)
        } while wait(milliseconds: quietMilliseconds)
        return shouldStop ? nil : batch
    }

    private func wait(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, milliseconds) > 0
    }

    private func read(into batch: inout Set<String>) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + length
            guard let folder = lock.withLock({ folders[watch] }) else { continue }
            if mask & UInt32(IN_DELETE_SELF) != 0 || mask & UInt32(IN_IGNORED) != 0 {
                lock.withLock { folders[watch] = nil }
                continue
            }
            let path = name.isEmpty ? folder : folder + "/" + name
            guard !isIgnored(path), !ScratchFiles.isScratch(name) else { continue }
            batch.insert(path)
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                // A new folder: watch it, and count what is already in it (it may have been moved in whole).
                lock.withLock { watchTree(path) }
                for file in (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? [] {
                    batch.insert(path + "/" + file)
                }
            }
        }
    }
}
