import Foundation

/// Paths inside a site, written the way the user named the site (so `.` gives `content/a.md`).
enum SitePaths {
    static func join(_ site: String, _ relative: String) -> String {
        site == "." || site.isEmpty ? relative : (site.hasSuffix("/") ? site + relative : site + "/" + relative)
    }

    /// Every file under `<site>/static`, relative to it.
    static func staticFiles(site: String) -> [String] {
        let root = join(site, "static")
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
}
