import ArgumentParser
import RunwayText
import Foundation
import SiteContent

extension Runway {
    /// `runway new <dir>` (`runway new site <dir>`): a new site; `runway new page <path>`: a new page.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a new site, or a new page of a site.",
            subcommands: [NewSite.self, NewPage.self],
            defaultSubcommand: NewSite.self
        )
    }

    /// `runway new site <dir>`: a new site from the bundled site template.
    struct NewSite: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "site",
            abstract: "Create a new site from Runway's site template.",
            discussion: "The folder must not exist yet, or be empty."
        )

        @Argument(help: ArgumentHelp("The folder to create the site in.", valueName: "dir"))
        var directory: String?

        func run() throws {
            // `runway new site` is a site in the folder `site`, as `runway new <dir>` promises.
            let directory = directory ?? "site"
            let template = try SiteTemplate.locate()
            let created = try template.copy(to: directory)
            Terminal.print("Created a Runway site in \(directory) (\(created) files). Next: runway check \(directory)\n")
        }
    }

    /// `runway new page posts/my-post.md`: a new content file from an archetype.
    struct NewPage: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "page",
            abstract: "Create a new page from an archetype.",
            discussion: """
                The page is PATH under the site's content/ (posts/my-post.md), from archetypes/<section>.md or \
                archetypes/default.md in the site, else in its theme, else Runway's: a title made from the file's \
                name, today's date and draft: true. An existing file is never replaced.
                """
        )

        @Argument(help: ArgumentHelp("The page to create, relative to content/ (posts/my-post.md).", valueName: "path"))
        var path: String

        @Option(help: ArgumentHelp("The site (default: the current folder).", valueName: "dir"))
        var site = "."

        func run() throws {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            formatter.timeZone = .current
            let file = try Archetype.newPage(site: site, path: path, today: formatter.string(from: Date()))
            // A site's archetype may leave `draft` out: then the page is published as it is.
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            let isDraft = PageMetadata.read(FrontMatter.split(text).frontMatter, path: file).0.draft
            Terminal.print("Created \(file). Next: write it" + (isDraft ? ", then remove draft: true (or build with --drafts)\n" : "; a build publishes it\n"))
        }
    }
}
