public import AttributedText
public import Foundation

/// The site template `runway new` copies: the `site-template` folder of Runway's source tree.
public struct SiteTemplate: Sendable {
    /// The template's folder.
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// Finds the template: `$RUNWAY_SITE_TEMPLATE`, then `site-template` beside the source tree the
    /// running `runway` was built in (`.build/<config>/runway`), then `share/runway/site-template`
    /// beside an installed `bin/runway`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = CommandLine.arguments[0]) throws(Diagnostic) -> SiteTemplate {
        var candidates: [String] = []
        if let configured = environment["RUNWAY_SITE_TEMPLATE"] { candidates.append(configured) }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("site-template").path)
            candidates.append(folder.appendingPathComponent("share/runway/site-template").path)
            folder.deleteLastPathComponent()
        }
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate + "/" + SiteConfiguration.fileName) {
            return SiteTemplate(root: candidate)
        }
        throw Diagnostic(.error, "cannot find Runway's site template (looked in \(candidates.joined(separator: ", "))); set RUNWAY_SITE_TEMPLATE to its folder", path: executable)
    }

    /// Copies every file of the template into `directory`, which must not exist or be empty.
    /// Returns how many files were copied.
    @discardableResult
    public func copy(to directory: String) throws(Diagnostic) -> Int {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, (try? manager.contentsOfDirectory(atPath: directory))?.isEmpty == true else {
                throw Diagnostic(.error, "already exists and is not an empty folder; choose a new one", path: directory)
            }
        }
        var count = 0
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let files = (manager.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
            for file in files {
                let source = root + "/" + file
                let target = directory + "/" + file
                var isFolder: ObjCBool = false
                manager.fileExists(atPath: source, isDirectory: &isFolder)
                if isFolder.boolValue {
                    try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
                } else {
                    try manager.copyItem(atPath: source, toPath: target)
                    count += 1
                }
            }
        } catch {
            throw Diagnostic(.error, "cannot create the site: \(error.localizedDescription)", path: directory)
        }
        return count
    }
}
