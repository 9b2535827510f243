import Foundation
import Testing

/// What a probe of the theme author's workflow found: each case gave a build that went on
/// without a word where it should have said what was wrong.
@Suite struct ThemeAuthoringCommandTests {
    /// A site using a theme `paper` made by `theme new`, from `from`.
    static func siteWithTheme(from: String = "menlo") throws -> String {
        let site = try ThemeToolsTests.newSite()
        #expect(try RunwayProcess.run(["theme", "new", "paper", "--from", from, "--site", site]).status == 0)
        let toml = try String(contentsOfFile: site + "/runway.toml", encoding: .utf8)
        try toml.replacingOccurrences(of: "theme = \"default\"", with: "theme = \"paper\"")
            .write(toFile: site + "/runway.toml", atomically: true, encoding: .utf8)
        return site
    }

    /// A folder where the theme's file belongs is an error at it: before, the theme was read as an
    /// empty one, and the build went on without a style or a custom attribute.
    @Test func aThemeFileThatCannotBeReadIsAnError() throws {
        let site = try Self.siteWithTheme()
        try FileManager.default.removeItem(atPath: site + "/themes/paper/theme.toml")
        try FileManager.default.createDirectory(atPath: site + "/themes/paper/theme.toml", withIntermediateDirectories: false)
        let build = try RunwayProcess.run(["build", site])
        #expect(build.status == 1 && build.stderr.hasPrefix("\(site)/themes/paper/theme.toml: error: is a folder, where the theme's file belongs\n"),
                "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/_site"))
        let check = try RunwayProcess.run(["theme", "check", "paper", "--site", site])
        #expect(check.status == 1 && check.stderr.contains("theme.toml: error: is a folder"), "\(check.stderr)")
    }
}
