import ArgumentParser
import Formatting
import SiteBuilding

/// `--output`, `--theme`, `--drafts`, `--future` and `--expired`, shared by `build`, `serve` and `watch`.
struct BuildOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder to write the site into (default: <site>/_site).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Build with this theme instead of runway.toml's.", valueName: "name"))
    var theme: String?

    @Flag(help: "Include drafts (draft: true).")
    var drafts = false

    @Flag(help: "Include pages dated after today.")
    var future = false

    @Flag(help: "Include pages whose expiryDate has come.")
    var expired = false

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
        build.future = future
        build.expired = expired
        build.allowNonEmpty = allowNonEmpty
        return build
    }
}
