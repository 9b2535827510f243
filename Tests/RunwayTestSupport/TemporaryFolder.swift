import Foundation

/// Folders of a test's own under the system's temporary folder, each named for what it holds
/// and unique (`runway-site-<UUID>`), so that tests running side by side never share one.
public enum TemporaryFolder {
    /// The path of a new folder for `name`, not made yet (a build makes its output folder).
    public static func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("runway-\(name)-\(UUID().uuidString)").path
    }

    /// A new, empty folder for `name`.
    public static func make(_ name: String) throws -> String {
        let folder = path(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
