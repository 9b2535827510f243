import ArgumentParser
import Formatting
import SiteBuilding

/// `--output`, `--theme` and `--drafts`, shared by `build`, `serve` and `watch`.
struct BuildOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder to write the site into (default: <site>/_site).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Build with this theme instead of runway.toml's.", valueName: "name"))
    var theme: String?

    @Flag(help: "Include drafts and future-dated pages.")
    var drafts = false

    @Flag(help: ArgumentHelp("""
        Build into an output folder that is not empty though Runway did not write it; its other files \
        are left alone (a build that would replace one fails).
        """))
    var allowNonEmpty = false

    func validate() throws {
        if let theme, let problem = ThemeLibrary.problem(withName: theme) {
            throw ValidationError("--theme \(theme): \(problem)")
        }
    }

    /// The build these options describe, of the site at `site`.
    func build(site: String) -> SiteBuild {
        var build = SiteBuild(site: site, output: output, theme: theme, drafts: drafts)
        build.allowNonEmpty = allowNonEmpty
        return build
    }
}
