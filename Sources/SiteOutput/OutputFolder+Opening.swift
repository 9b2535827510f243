import RunwayText
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What opening a folder needs besides the manifest: making it and Runway's record folder, saying
/// who holds its lock, telling Runway's leftovers from the user's files, and removing staging
/// folders earlier versions left behind.
extension OutputFolder {
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
            // The whole command (four words of it left `runway serve --drafts` without its site),
            // a word with spaces in quotes, cut after 300 characters.
            let command = (FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data())
                .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            let words = command.enumerated().map { word in
                let text = word.offset == 0 ? (word.element as NSString).lastPathComponent : word.element
                return text.contains(where: \.isWhitespace) || text.isEmpty ? "'" + text + "'" : text
            }
            var line = words.joined(separator: " ")
            if line.count > 300 { line = String(line.prefix(300)) + "…" }
            return "pid \(pid)" + (words.isEmpty ? "" : ": " + line)
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
        let absolute = RealPath.absolute(location.path)
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
