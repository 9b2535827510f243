import ArgumentParser
import RunwayText
import SiteBuilding

extension Runway {
    /// `runway check [<site>] [--strict]`: diagnostics only, writes nothing.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Report every problem in a site's configuration and content; write nothing.",
            discussion: """
                Checks runway.toml and every Markdown file under content/ against the custom attributes \
                the site declares. Exit status: 0 clean (warnings allowed), 1 errors, or warnings with --strict.
                """
        )

        @OptionGroup var site: SiteOptions

        @OptionGroup var pages: PageOptions

        @Flag(help: "Treat warnings as errors.")
        var strict = false

        func run() throws {
            let report = SiteCheck(build: pages.build(site: site.path)).run()
            let diagnostics = report.diagnostics.map { strict ? $0.promotedToError : $0 }
            Terminal.report(diagnostics)
            Terminal.summarize(diagnostics, checked: "\(report.pageCount) page\(report.pageCount == 1 ? "" : "s")")
            if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
        }
    }
}

/// The site folder argument every site command shares.
struct SiteOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The site's folder (the one holding runway.toml).", valueName: "site"))
    var path: String = "."
}
