import ArgumentParser
import Formatting
import SiteBuilding
import SiteContent

/// `--theme`, `--drafts`, `--future`, `--expired`, `--environment` and `--base-url`: the theme,
/// the pages a build publishes and the settings it reads, shared by `build`, `serve`, `watch` and
/// `check`.
struct PageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Use this theme instead of runway.toml's.", valueName: "name"))
    var theme: String?

    @Flag(help: "Include drafts (draft: true).")
    var drafts = false

    @Flag(help: "Include pages dated after today.")
    var future = false

    @Flag(help: "Include pages whose expiryDate has come.")
    var expired = false

    @Option(help: ArgumentHelp("""
        Build for this environment: runway.toml's [environments.NAME] goes over the rest of it, and templates \
        see site.environment (default: production; serve and watch: development).
        """, valueName: "name"))
    var environment: String?

    @Option(help: ArgumentHelp("Use this base URL instead of runway.toml's (serve: instead of its own address).", valueName: "url"))
    var baseURL: String?

    func validate() throws {
        if let theme, let problem = ThemeLibrary.problem(withName: theme) {
            throw ValidationError("--theme \(theme): \(problem)")
        }
        if let environment, environment.isEmpty || environment.contains(where: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw ValidationError("--environment \(environment): an environment's name is letters, digits, - and _ (production, development, staging)")
        }
        if let baseURL, let problem = SiteConfiguration.problem(withBaseURLOption: baseURL) {
            throw ValidationError("--base-url \(baseURL): \(problem)")
        }
    }

    /// The build of the site at `site` into `output` (`nil`: `<site>/_site`) these options
    /// describe, for `environment` unless they name one.
    func build(site: String, output: String? = nil, environment defaultEnvironment: String = SiteConfiguration.production) -> SiteBuild {
        var build = SiteBuild(site: site, output: output, theme: theme, drafts: drafts)
        build.future = future
        build.expired = expired
        build.environment = environment ?? defaultEnvironment
        build.baseURL = baseURL
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

    /// The build these options describe, of the site at `site`, for `environment` unless they
    /// name one.
    func build(site: String, environment: String = SiteConfiguration.production) -> SiteBuild {
        var build = pages.build(site: site, output: output, environment: environment)
        build.allowNonEmpty = allowNonEmpty
        return build
    }
}
