import Foundation
import Testing

/// Issue 15, point 17: `docs/` is a Runway site (what `make docs` builds): it checks clean under
/// `--strict` (every link between its pages resolves), has a page per feature, and lives under
/// its base path.
@Suite struct DocsSiteTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs").standardized.path

    @Test func theDocumentationBuildsCleanWithTheDefaultTheme() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("runway-docs-\(UUID().uuidString)").path
        let build = try RunwayProcess.run(["build", Self.docs, "--output", output, "--strict"])
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let features = try FileManager.default.contentsOfDirectory(atPath: Self.docs + "/content/features")
            .filter { $0.hasSuffix(".md") && $0 != "_index.md" }.map { String($0.dropLast(3)) }
        #expect(features.count >= 16)
        let list = try String(contentsOfFile: output + "/features/index.html", encoding: .utf8)
        for feature in features {
            #expect(FileManager.default.fileExists(atPath: output + "/features/\(feature)/index.html"), "\(feature)")
            #expect(list.contains("href=\"/runway/features/\(feature)/\""), "the features list links \(feature) under the base path")
        }
        for page in ["themes/index.html", "template-engines/index.html", "guide/getting-started/index.html", "guide/safety/index.html"] {
            #expect(FileManager.default.fileExists(atPath: output + "/" + page), "\(page)")
        }
        // The documentation's own component, in its page about components: its block form, in place of the paragraph.
        let components = try String(contentsOfFile: output + "/features/components/index.html", encoding: .utf8)
        #expect(components.contains("\n<details class=\"rw-details\"><summary>What runs --json shows</summary><p>A component’s output"), "\(components)")
        // The default theme's Mermaid hook, in the page about render hooks: the diagram's text for the browser's Mermaid.
        let hooks = try String(contentsOfFile: output + "/features/render-hooks/index.html", encoding: .utf8)
        #expect(hooks.contains("<pre class=\"mermaid rw-mermaid\">graph LR\n  Markdown --&gt; Runs --&gt; HTML\n</pre>\n"), "\(hooks)")
        let home = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        #expect(home.contains(#"<a href="/runway/guide/">Guide</a>"#) && home.contains(#"<a href="/runway/themes/">Themes</a>"#))
        #expect(home.contains(#"<a href="/runway/features/">features</a>"#) || home.contains(#"href="/runway/features/""#))
    }
}
