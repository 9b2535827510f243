import Foundation

/// Paths inside a site, written the way the user named the site (so `.` gives `content/a.md`).
public enum SitePaths {
    public static func join(_ site: String, _ relative: String) -> String {
        site == "." || site.isEmpty ? relative : (site.hasSuffix("/") ? site + relative : site + "/" + relative)
    }

    /// Every file under `root`, relative to it (a link to a file counts; folders, linked or not,
    /// are walked only when real). Read with `readdir`, which tells files from folders without a
    /// `stat` of each: Foundation's enumerator took a tenth of a second for 10,000 pages.
    static func files(under root: String) -> [String] {
        var files: [String] = []
        var pending = [""]
        while let folder = pending.popLast() {
            guard let directory = opendir(folder.isEmpty ? root : root + "/" + folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): pending.append(relative)
                case Int32(DT_REG): files.append(relative)
                default:
                    var info = stat()
                    guard stat(root + "/" + relative, &info) == 0 else { continue }
                    if info.st_mode & S_IFMT == S_IFREG { files.append(relative) }
                    if info.st_mode & S_IFMT == S_IFDIR && entry.pointee.d_type == DT_UNKNOWN { pending.append(relative) }
                }
            }
        }
        return files
    }

    /// Every Markdown file under `<site>/content`, sorted, as paths relative to the site.
    static func contentFiles(site: String) -> [String] {
        files(under: join(site, "content")).filter { $0.hasSuffix(".md") }.map { "content/" + $0 }.sorted()
    }

    /// A file that could not be copied, and why.
    struct CopyFailure: Error {
        let path: String
        let underlying: any Error
    }

    /// Copies every file under `source` into `destination` (created as needed, files replaced), in
    /// sorted order; returns how many files were copied.
    @discardableResult
    static func copyTree(from source: String, to destination: String) throws(CopyFailure) -> Int {
        let manager = FileManager.default
        var count = 0
        let files = (manager.enumerator(atPath: source)?.allObjects as? [String] ?? []).sorted()
        for file in [""] + files {
            let from = file.isEmpty ? source : source + "/" + file
            let target = file.isEmpty ? destination : destination + "/" + file
            do {
                var isFolder: ObjCBool = false
                _ = manager.fileExists(atPath: from, isDirectory: &isFolder)
                if isFolder.boolValue {
                    try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
                } else {
                    try? manager.removeItem(atPath: target)
                    try manager.copyItem(atPath: from, toPath: target)
                    count += 1
                }
            } catch {
                throw CopyFailure(path: from, underlying: error)
            }
        }
        return count
    }
}
