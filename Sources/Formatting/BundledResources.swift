public import Foundation

/// Where the folders that ship with Runway (`themes/`, `site-template/`) are: `$RUNWAY_HOME`, the
/// source tree the running `runway` was built in (`.build/<config>/runway`), or
/// `share/runway/` beside an installed `bin/runway`.
public enum BundledResources {
    /// The folder `name` that contains `marker`, or `nil` with the places looked in.
    public static func locate(
        _ name: String, containing marker: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = CommandLine.arguments[0]
    ) -> (folder: String?, lookedIn: [String]) {
        var candidates: [String] = []
        if let home = environment["RUNWAY_HOME"] { candidates.append(home + "/" + name) }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            for candidate in [folder.appendingPathComponent(name).path, folder.appendingPathComponent("share/runway/" + name).path]
            where !candidates.contains(candidate) {
                candidates.append(candidate)
            }
            folder.deleteLastPathComponent()
        }
        let found = candidates.first { FileManager.default.fileExists(atPath: $0 + "/" + marker) }
        return (found, candidates)
    }

    /// What to say when Runway's folder `name` (`themes`, `site-template`) is nowhere it looked.
    public static func notFound(_ name: String, lookedIn: [String]) -> String {
        "cannot find Runway's own \(name) (looked in \(lookedIn.joined(separator: ", "))): install Runway with "
            + "`make install` (its share/runway/ goes beside its bin/runway), or set RUNWAY_HOME to the folder that holds themes/ and site-template/"
    }
}
