import ArgumentParser
import AttributedText
import Foundation
import SiteContent

extension Runway {
    /// `runway new <dir>`: a new site from the bundled site template.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a new site from Runway's site template.",
            discussion: "The folder must not exist yet, or be empty."
        )

        @Argument(help: ArgumentHelp("The folder to create the site in.", valueName: "dir"))
        var directory: String

        func run() throws {
            let template = try SiteTemplate.locate()
            let created = try template.copy(to: directory)
            Terminal.print("Created a Runway site in \(directory) (\(created) files). Next: runway check \(directory)\n")
        }
    }
}
