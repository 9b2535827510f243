import RunwayText
import Foundation
import SiteBuilding
import SiteContent
import Testing

/// A header toml++ would abort the process on (`[[[`, marzer/tomlplusplus#301) in a site's
/// runway.toml or in a page's `+++` front matter is an error at its place in that file.
@Suite struct SiteTOMLAbortTests {
    static let message = "error: invalid TOML: a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '['"

    @Test func headerWithoutAKeyInRunwayTOML() throws {
        let root = try SiteCheckTests.site(config: "title = \"T\"\n\n[[[languages]]]\n", pages: [:])
        let (configuration, diagnostics) = SiteConfiguration.load(site: root)
        #expect(configuration == nil)
        #expect(diagnostics.map(\.description) == ["\(root)/runway.toml:3:3: \(Self.message)"])
    }

    /// Through the split and the metadata reader the build reads every page with.
    @Test func headerWithoutAKeyInTOMLFrontMatter() throws {
        let frontMatter = FrontMatter.split("+++\ntitle = \"A\"\n[[[\n+++\n\nText\n").frontMatter
        let (metadata, diagnostics) = PageMetadata.read(frontMatter, path: "content/a.md")
        #expect(metadata.title == nil)
        #expect(diagnostics.map(\.description) == ["content/a.md:3:3: \(Self.message)"])
    }
}
