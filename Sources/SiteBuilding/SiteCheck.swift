public import RunwayText
import Formatting
import Foundation

/// `runway check`: every diagnostic of a site's configuration and content, against the site's
/// scope, without writing anything: what `runway build` would report before it writes.
public struct SiteCheck: Sendable {
    /// The site's folder.
    public let site: String

    /// The build whose problems the check reports, without writing.
    private let build: SiteBuild

    /// A check of the site in `site`.
    public init(site: String) {
        self.init(build: SiteBuild(site: site))
    }

    /// A check of what `build` would publish: its site, with its theme and its pages (drafts,
    /// future and expired pages when it includes them).
    public init(build: SiteBuild) {
        site = build.site
        self.build = build
    }

    /// What was checked and what was found.
    public struct Report: Sendable {
        /// How many pages the site has.
        public var pageCount: Int
        /// In file order, then source order.
        public var diagnostics: [Diagnostic]
    }

    /// Everything a build would report before writing: configuration, theme, front matter,
    /// Markdown, URLs (two pages with one URL, a URL leaving the output), links, symbolic links, and
    /// what is wrong with the templates the pages render with.
    public func run() -> Report {
        var build = self.build
        build.cachePath = nil
        build.highlighter = nil
        let (pageCount, diagnostics) = build.diagnose()
        return Report(pageCount: pageCount, diagnostics: diagnostics)
    }
}
