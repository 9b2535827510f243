import Foundation
import Testing

/// Issue 38, point 6: a `runway` copied away from its source tree could not make a site, and said
/// "no theme named 'default'" without where it looked; `runway new site` was read as the `site`
/// subcommand without its folder. Installed as `make install` lays it out (`bin/runway`,
/// `share/runway/themes`, `share/runway/site-template`), it finds what it ships.
@Suite struct InstallCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A copy of the built binary at `folder/bin/runway`.
    static func copiedBinary(into folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RunwayProcess.executable.path, toPath: folder + "/bin/runway")
        return folder + "/bin/runway"
    }

    @Test func aCopiedBinarySaysWhereItLookedAndAnInstalledOneFindsItsThemes() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("runway-prefix-\(UUID().uuidString)").path
        let binary = try Self.copiedBinary(into: prefix)
        let site = prefix + "-site"
        let alone = try RunwayProcess.runTool(binary, ["new", site], environment: ["RUNWAY_HOME": "/nonexistent"])
        #expect(alone.status == 1)
        #expect(alone.stderr.contains("cannot find Runway's own site template (looked in /nonexistent/site-template, \(prefix)/bin/site-template, "
                                      + "\(prefix)/bin/share/runway/site-template, \(prefix)/site-template, \(prefix)/share/runway/site-template"), "\(alone.stderr)")
        #expect(alone.stderr.contains("install Runway with `make install` (its share/runway/ goes beside its bin/runway), or set RUNWAY_HOME"))

        // With a site from elsewhere, the build says where the themes were looked for.
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let build = try RunwayProcess.runTool(binary, ["build", site], environment: ["RUNWAY_HOME": "/nonexistent"])
        #expect(build.status == 1)
        #expect(build.stderr.contains("error: no theme named 'default' (looked in \(site)/themes/; available: none); cannot find Runway's own themes"),
                "\(build.stderr)")

        // Laid out as `make install` lays it out, it needs nothing else.
        try FileManager.default.createDirectory(atPath: prefix + "/share/runway", withIntermediateDirectories: true)
        for folder in ["themes", "site-template"] {
            try FileManager.default.copyItem(atPath: Self.repository + "/" + folder, toPath: prefix + "/share/runway/" + folder)
        }
        let installed = prefix + "-installed"
        #expect(try RunwayProcess.runTool(binary, ["new", installed], environment: ["RUNWAY_HOME": "/nonexistent"]).status == 0)
        let built = try RunwayProcess.runTool(binary, ["build", installed], environment: ["RUNWAY_HOME": "/nonexistent"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: installed + "/_site/index.html"))
    }

    /// `runway new site` makes the folder `site`, as `runway new <dir>` promises.
    @Test func newSiteMakesTheFolderSite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-new-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let made = try RunwayProcess.run(["new", "site"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/site/runway.toml"))
        #expect(try RunwayProcess.run(["new", "site", "other"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/other/runway.toml"))
    }
}
