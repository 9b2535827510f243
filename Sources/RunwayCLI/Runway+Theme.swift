import ArgumentParser
import RunwayText
import Foundation
import SiteBuilding
import ThemeTools

extension Runway {
    /// `runway theme new | check | preview`: making a theme without reading Swift.
    struct ThemeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "theme",
            abstract: "Make, check and preview themes.",
            subcommands: [New.self, Check.self, Preview.self]
        )

        struct New: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Make a theme in the site's themes/ folder, copied from another.",
                discussion: "The new theme builds and checks clean as it is; edit its theme.toml, templates and static/ from there."
            )

            @Argument(help: ArgumentHelp("The new theme's name: letters, digits, - and _.", valueName: "name"))
            var name: String

            @Option(help: ArgumentHelp("The theme to start from.", valueName: "theme"))
            var from = "default"

            @Option(help: ArgumentHelp("The site to make it in.", valueName: "dir"))
            var site = "."

            func run() throws {
                let (folder, files) = try ThemeScaffold(name: name, from: from, site: site).run()
                Terminal.print("Created theme \(name) in \(folder) (\(files.count) files). Next: runway theme check \(name)\n")
            }
        }

        struct Check: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Check a theme: its file, the themes it extends and its templates.",
                discussion: "Problems are printed as file:line:col; then what the theme leaves unstyled. Exit status 1 when there is an error."
            )

            @Argument(help: ArgumentHelp("A theme name, or a theme's folder.", valueName: "name|dir"))
            var theme: String

            @Option(help: ArgumentHelp("The site whose themes/ folder is searched first.", valueName: "dir"))
            var site = "."

            @Flag(help: "Treat warnings as errors.")
            var strict = false

            func run() throws {
                let report = ThemeCheck(theme: theme, site: site).run()
                let diagnostics = strict ? report.diagnostics.map(\.promotedToError) : report.diagnostics
                Terminal.report(diagnostics)
                if !report.components.isEmpty {
                    Terminal.print("theme \(report.name) has components:\n" + report.components.map { "  \($0)\n" }.joined())
                }
                if !report.hooks.isEmpty {
                    Terminal.print("theme \(report.name) has render hooks: \(report.hooks.joined(separator: ", "))\n")
                }
                if let unstyled = report.unstyled {
                    Terminal.print(unstyled.isEmpty ? "theme \(report.name) styles every intent and custom value\n"
                                   : "theme \(report.name) leaves unstyled: \(unstyled.joined(separator: ", "))\n")
                }
                Terminal.summarize(diagnostics, checked: "theme \(report.name)")
                if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
            }
        }

        struct Preview: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write a specimen site of a theme: every intent, custom value and text style, light and dark.",
                discussion: "Its links start at /: serve the output folder at a server's root (python3 -m http.server -d DIR 8001) and open /preview.html to see light and dark side by side."
            )

            @Argument(help: ArgumentHelp("A theme name, or a theme's folder.", valueName: "name|dir"))
            var theme: String

            @Option(help: ArgumentHelp("Where to write it (default: <site>/_theme-preview/<name>).", valueName: "dir"))
            var output: String?

            @Option(help: ArgumentHelp("The site whose themes/ folder is searched first.", valueName: "dir"))
            var site = "."

            func run() throws {
                let report = ThemePreview(theme: theme, site: site, output: output).run()
                Terminal.report(report.diagnostics)
                guard report.succeeded else { throw ExitCode.failure }
                Terminal.print("Wrote the preview of \(theme) into \(report.output): / light, /dark/ dark, /preview.html both\n")
            }
        }
    }
}
