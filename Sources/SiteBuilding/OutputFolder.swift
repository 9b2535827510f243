import AttributedText
import Foundation

/// Writes a build into a fresh folder beside the output and swaps it in only when the build
/// succeeded, so a failed build leaves the previous output as it was, and files without a source
/// any more are gone.
struct OutputFolder {
    let destination: String
    let staging: String

    init(destination: String) throws(Diagnostic) {
        self.destination = destination
        staging = destination + ".building-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try? FileManager.default.removeItem(atPath: staging)
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(.error, "cannot create the output folder: \(error.localizedDescription)", path: staging)
        }
    }

    /// Writes `contents` at `relative` inside the staged build; safe to call from several threads.
    func write(_ contents: String, to relative: String) throws(Diagnostic) {
        let path = staging + "/" + relative
        // Most pages are alone in a folder of their own: make it when the file cannot be created.
        var problem = Self.create(path, contents)
        if problem == ENOENT {
            let parent = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            if mkdir(parent, 0o755) != 0 && errno != EEXIST {
                try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
            problem = Self.create(path, contents)
        }
        if let problem {
            throw Diagnostic(.error, "cannot write: \(String(cString: strerror(problem)))", path: path)
        }
    }

    /// Creates (or truncates) the file at `path` with `contents`, through the system calls
    /// themselves: Foundation's `Data.write(to:)` and the URL it needs cost a tenth of the writing
    /// of a 10,000-page build. The error number on failure.
    private static func create(_ path: String, _ contents: String) -> Int32? {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { return errno }
        defer { close(file) }
        var text = contents
        return text.withUTF8 { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(file, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Copies one file (a static file) into the staged build, replacing what is there.
    func copy(_ source: String, to relative: String) throws(Diagnostic) {
        let path = staging + "/" + relative
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: source, toPath: path)
        } catch {
            throw Diagnostic(.error, "cannot copy: \(error.localizedDescription)", path: source)
        }
    }

    /// Puts the staged build in place of the previous output.
    func commit() throws(Diagnostic) {
        let manager = FileManager.default
        let previous = destination + ".previous-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            if manager.fileExists(atPath: destination) { try manager.moveItem(atPath: destination, toPath: previous) }
            try manager.moveItem(atPath: staging, toPath: destination)
            try? manager.removeItem(atPath: previous)
        } catch {
            if !manager.fileExists(atPath: destination) { try? manager.moveItem(atPath: previous, toPath: destination) }
            throw Diagnostic(.error, "cannot replace the output: \(error.localizedDescription)", path: destination)
        }
    }

    /// Drops the staged build; the previous output stays.
    func discard() {
        try? FileManager.default.removeItem(atPath: staging)
    }
}
