import ArgumentParser
import RunwayText
import Foundation
import SiteImport

extension Runway {
    /// `runway import hugo|zola|jekyll <source> <new-site>`: another generator's site as a Runway site.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Write a Runway site from a Hugo, Zola or Jekyll site.",
            discussion: """
                Reads the source site (its configuration, content, page bundles and static files) and writes a new \
                Runway site: runway.toml from its configuration, its pages with their front matter and their \
                shortcodes or Liquid converted where Runway has the same thing, each page at the URL the original \
                generator gives it. The source is never changed; the new site's folder must not exist, or be empty. \
                The report lists every construct left as it was, at file:line, and what was left out. \
                Exit status: 0 when the new site checks without errors, 1 otherwise.
                """
        )

        @Argument(help: ArgumentHelp("The generator the site is made for: hugo, zola or jekyll.", valueName: "generator"),
                  transform: { name in
                      guard let generator = ForeignGenerator(rawValue: name.lowercased()) else {
                          throw ValidationError("'\(name)' is not a generator runway import reads: hugo, zola or jekyll")
                      }
                      return generator
                  })
        var generator: ForeignGenerator

        @Argument(help: ArgumentHelp("The site to import (its folder).", valueName: "source"))
        var source: String

        @Argument(help: ArgumentHelp("The folder to write the new site in.", valueName: "new-site"))
        var destination: String

        func run() throws {
            let report = SiteImporter(generator: generator, source: source, destination: destination).run()
            guard report.written else {
                Terminal.report(report.diagnostics)
                throw ExitCode.failure
            }
            var text = "Imported the \(generator.rawValue) site \(source) into \(destination): \(report.pages) page\(report.pages == 1 ? "" : "s")"
            text += report.ownURLs > 0 ? " (\(report.ownURLs) given their own url, to keep the one \(generator.rawValue) gives them)" : ""
            text += ", \(report.copies) file\(report.copies == 1 ? "" : "s") copied as they are.\n"
            if !report.converted.isEmpty {
                text += "\nConverted:\n" + report.converted.map { "  \($0.construct) ×\($0.count)\n" }.joined()
            }
            for (title, lines) in [("Converted, with what is lost", report.convertedWithLoss), ("Not converted, left as it was", report.unconverted),
                                   ("Left out", report.leftOut)] where !lines.isEmpty {
                text += "\n\(title) (\(lines.count)):\n" + lines.map { "  \($0)\n" }.joined()
            }
            let errors = report.diagnostics.count { $0.severity == .error }
            text += "\nrunway check \(destination): \(errors) error\(errors == 1 ? "" : "s"), "
                + "\(report.diagnostics.count - errors) warning\(report.diagnostics.count - errors == 1 ? "" : "s")"
                + (report.diagnostics.isEmpty ? "" : " (above, on standard error)") + ".\n"
            text += "\nLook at the result:\n  runway check \(destination)\n  runway serve \(destination)\n"
            Terminal.report(report.diagnostics)
            Terminal.print(text)
            try? Data(text.utf8).write(to: URL(fileURLWithPath: destination + "/import-report.txt"))
            if !report.succeeded { throw ExitCode.failure }
        }
    }
}
