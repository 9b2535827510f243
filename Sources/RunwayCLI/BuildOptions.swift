import ArgumentParser
import SiteBuilding

/// `--output`, `--theme` and `--drafts`, shared by `build`, `serve` and `watch`.
struct BuildOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder to write the site into (default: <site>/_site).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Build with this theme instead of runway.toml's.", valueName: "name"))
    var theme: String?

    @Flag(help: "Include drafts and future-dated pages.")
    var drafts = false

    /// The build these options describe, of the site at `site`.
    func build(site: String) -> SiteBuild {
        SiteBuild(site: site, output: output, theme: theme, drafts: drafts)
    }
}
