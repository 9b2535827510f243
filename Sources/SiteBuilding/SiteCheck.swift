public import AttributedText
import Formatting
import Foundation
import MarkdownParsing
import Synchronization

/// `runway check`: every diagnostic of a site's configuration and content, against the site's
/// scope, without writing anything.
public struct SiteCheck: Sendable {
    public let site: String

    public init(site: String) {
        self.site = site
    }

    /// What was checked and what was found.
    public struct Report: Sendable {
        public var pageCount: Int
        /// In file order, then source order.
        public var diagnostics: [Diagnostic]
    }

    public func run() -> Report {
        let (configuration, configurationDiagnostics) = SiteConfiguration.load(site: site)
        guard let configuration else { return Report(pageCount: 0, diagnostics: configurationDiagnostics) }
        let (theme, themeDiagnostics) = ThemeLibrary.standard(site: site).load(configuration.theme)
        let scope = configuration.contentScope(theme: theme)
        let parser = MarkdownParser(scope: scope)
        let files = SitePaths.contentFiles(site: site)
        let results = Mutex(Array(repeating: [Diagnostic](), count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = SitePaths.join(site, files[index])
            let found: [Diagnostic]
            do throws(Diagnostic) {
                let source = try SourceText.read(path)
                found = parser.parse(FrontMatter.split(source.text).body, path: path).diagnostics
            } catch {
                found = [error]
            }
            results.withLock { $0[index] = found }
        }
        return Report(pageCount: files.count,
                      diagnostics: configurationDiagnostics + themeDiagnostics + results.withLock { $0.flatMap { $0 } })
    }
}
