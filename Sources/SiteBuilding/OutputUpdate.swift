import AttributedText
import Foundation

/// Updates an output folder in place, for a build that only changed some files: each file is
/// written beside its place and renamed over it (so a reader never sees half a file), and files
/// that no longer have a source are removed, with folders left empty.
struct OutputUpdate {
    let destination: String

    func write(_ contents: String, to relative: String) throws(Diagnostic) {
        let path = destination + "/" + relative
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Diagnostic(.error, "cannot write: \(error.localizedDescription)", path: path)
        }
    }

    func copy(_ source: String, to relative: String) throws(Diagnostic) {
        let path = destination + "/" + relative
        let temporary = path + ".runway-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: temporary)
            try FileManager.default.copyItem(atPath: source, toPath: temporary)
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw Diagnostic(.error, "cannot copy: \(error.localizedDescription)", path: source)
        }
    }

    /// Removes a file the build no longer makes, and the folders it leaves empty.
    func remove(_ relative: String) {
        var path = destination + "/" + relative
        try? FileManager.default.removeItem(atPath: path)
        while true {
            path = (path as NSString).deletingLastPathComponent
            guard path.count > destination.count, rmdir(path) == 0 else { break }
        }
    }
}
