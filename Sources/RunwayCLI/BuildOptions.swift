import ArgumentParser
import Formatting
import SiteBuilding

/// `--theme`, `--drafts`, `--future` and `--expired`: the theme and the pages a build publishes,
/// shared by `build`, `serve`, `watch` and `check`.
struct PageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Use this theme instead of runway.toml's.", valueName: "name"))
    var theme: String?

    @Flag(help: "Include drafts (draft: true).")
    var drafts = false

    @Flag(help: "Include pages dated after today.")
    var future = false

    @Flag(help: "Include pages whose expiryDate has come.")
    var expired = false

    func validate() throws {
        if let theme, let problem = ThemeLibrary.problem(withName: theme) {
            throw ValidationError("--theme \(theme): \(problem)")
        }
    }

    /// The build of the site at `site` into `output` (`nil`: `<site>/_site`) these options describe.
    func build(site: String, output: String? = nil) -> SiteBuild {
        var build = SiteBuild(site: site, output: output, theme: theme, drafts: drafts)
        build.future = future
        build.expired = expired
        return build
    }
}

/// `--output`, the page options and `--allow-non-empty`, shared by `build`, `serve` and `watch`.
struct BuildOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder to write the site into (default: <site>/_site).", valueName: "dir"))
    var output: String?

    @OptionGroup var pages: PageOptions

    @Flag(help: ArgumentHelp("""
        Build into an output folder that is not empty though Runway did not write it; its other files \
        are left alone (a build that would replace one fails).
        """))
    var allowNonEmpty = false

    /// The build these options describe, of the site at `site`.
    func build(site: String) -> SiteBuild {
        var build = pages.build(site: site, output: output)
        build.allowNonEmpty = allowNonEmpty
        return build
    }
}
