public import Foundation

/// A folder's files as values: read whole to compare two builds' outputs, written from a table
/// of texts to make a fixture site.
public enum FileTree {
    /// Every file under `folder` (not its folders), by its path relative to it, with its bytes;
    /// empty when there is no such folder.
    public static func read(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? [] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return files
    }

    /// Writes each text of `files` at its path under `root`, making the folders it needs.
    public static func write(_ files: [String: String], under root: String) throws {
        for (path, text) in files {
            let file = root + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
    }

    /// The files under `folder` as one text, for a snapshot: each file's path on a line of its
    /// own, then its text; for bytes that are not UTF-8 text, their count and FNV-1a hash (a
    /// changed image is seen, its bytes are not written out). Files for which `leavingOut` is
    /// true are not listed; each of `naming`'s paths (a temporary folder, in a report) is written
    /// as its name, longest first.
    public static func listing(_ folder: String, leavingOut: (String) -> Bool = { _ in false }, naming: [String: String] = [:]) -> String {
        var text = ""
        for (path, data) in read(folder).sorted(by: { $0.key < $1.key }) where !leavingOut(path) {
            if var string = String(data: data, encoding: .utf8), !string.contains("\u{0}") {
                for (named, name) in naming.sorted(by: { $0.key.count > $1.key.count }) { string = string.replacingOccurrences(of: named, with: name) }
                text += "=== \(path)\n" + string + (string.hasSuffix("\n") || string.isEmpty ? "" : "\n(no newline at the end)\n")
            } else {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in data { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                text += "=== \(path)\n(\(data.count) bytes, FNV-1a \(String(hash, radix: 16)))\n"
            }
        }
        return text
    }
}
