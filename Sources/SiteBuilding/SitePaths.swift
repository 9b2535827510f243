import Foundation

/// Paths inside a site, written the way the user named the site (so `.` gives `content/a.md`).
public enum SitePaths {
    public static func join(_ site: String, _ relative: String) -> String {
        site == "." || site.isEmpty ? relative : (site.hasSuffix("/") ? site + relative : site + "/" + relative)
    }

    /// Every file under `root`, relative to it.
    static func files(under root: String) -> [String] {
        let manager = FileManager.default
        return ((manager.enumerator(atPath: root)?.allObjects as? [String]) ?? []).filter { file in
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: root + "/" + file, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// Every Markdown file under `<site>/content`, sorted, as paths relative to the site.
    static func contentFiles(site: String) -> [String] {
        let root = join(site, "content")
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let file = enumerator.nextObject() as? String {
            if file.hasSuffix(".md") { files.append("content/" + file) }
        }
        return files.sorted()
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
