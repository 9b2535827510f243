import RunwayText
import Foundation
@testable import SiteBuilding
@testable import SiteContent
import SyntaxHighlighting
import Testing
import RunwayTestSupport

/// A cold build sends its code to Pygments and makes the records of those pages without waiting
/// for the answers; their bodies are made as they are rendered (issue 16, speed). A differential
/// test: the outputs, warnings and records equal those of a build that highlights every page as
/// it reads it (its tokens cached already, nothing is sent).
@Suite struct DeferredHighlightTests {
    /// Pages with code of every kind a build meets: headings (twice the same) with and without an
    /// image beside code, a callout,
    /// a block too long to highlight (a warning) beside one that is sent, a draft (rendered by no
    /// job), a section's intro (shown by its list), a block on three pages, and a page without code.
    static func site() throws -> String {
        let long = "```js\n" + String(repeating: "let x = 1;\n", count: PygmentsTokenizer.maximumLength / 11 + 1) + "```\n"
        let root = try SiteBuildTests.site(pages: [
            "index.md": "# Home\n",
            "a.md": "# A\n\n## Setup\n\n```swift {linenos=true}\nlet x = 1\n```\n\n![logo](/img/logo.png)\n\n> [!NOTE]\n> Mind it.\n\n## Setup\n",
            "b.md": "---\ntitle: B\n---\nText.\n\n```python\nprint(1)\n```\n\n" + long,
            "draft.md": "---\ndraft: true\n---\n```js\nvar y\n```\n\n" + long,
            "plain.md": "# Plain\n\nNo code.\n",
            // B's block on two more pages: sent once, and each copy waits for that answer.
            "copy-1.md": "# Copy 1\n\n```python\nprint(1)\n```\n",
            "copy-2.md": "# Copy 2\n\n## Again\n\n```python\nprint(1)\n```\n",
            // Without an image, a waiting page's record is made without rendering its body: its
            // headings' ids (a link checks one) are the rendering's.
            "twice.md": "# Twice\n\n## Step\n\n```python\nprint(1)\n```\n\n## Step\n\nSee [the second](#step-1), not [this](#step-2).\n",
            // Summaries that show code, cut from the text and written in the front matter: lists
            // show them highlighted, so these records wait for their tokens.
            "more.md": "# More\n\nBefore.\n\n```ruby\nputs 1\n```\n\n<!--more-->\n\nAfter.\n",
            "written.md": "---\ntitle: Written\nsummary: |\n  With code:\n\n  ```go\n  x := 1\n  ```\n---\nBody.\n\n```go\ny := 2\n```\n",
        ])
        try FileManager.default.createDirectory(atPath: root + "/content/guide", withIntermediateDirectories: true)
        try "---\ntitle: Guide\n---\nIntro.\n\n```sh\necho hi\n```\n".write(toFile: root + "/content/guide/_index.md", atomically: true, encoding: .utf8)
        try "# One\n\n```json\n{\"a\": 1}\n```\n".write(toFile: root + "/content/guide/one.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/static/img", withIntermediateDirectories: true)
        // A PNG's signature and header: 2 × 3 pixels.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        FileManager.default.createFile(atPath: root + "/static/img/logo.png", contents: Data(png))
        return root
    }

    /// A build of `root` into a new folder with `highlighter`: its report, the records it leaves
    /// (encoded), and its files.
    static func build(_ root: String, _ highlighter: CodeHighlighter) throws -> (report: SiteBuild.Report, records: [String: Data], files: [String: Data]) {
        let output = TemporaryFolder.path("deferred")
        var build = SiteBuild(site: root, output: output)
        build.highlighter = highlighter
        var cache: BuildCache?
        let report = build.run(cache: &cache, output: try build.openOutput())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let records = try (cache?.records ?? [:]).mapValues { try encoder.encode($0) }
        return (report, records, FileTree.read(output))
    }

    @Test func deferredBodiesEqualBodiesHighlightedAsRead() throws {
        let root = try Self.site()
        let highlighter = CodeHighlighter(cache: TokenCache())
        let deferred = try Self.build(root, highlighter)
        // Every distinct block but the long one went to the tokenizer, as a stream (a summary
        // written in the front matter asked for on its own).
        let sent = highlighter.tokenizer.requestCount
        #expect(sent == 8)
        let read = try Self.build(root, highlighter)
        #expect(highlighter.tokenizer.requestCount == sent, "the second build found every token cached")

        #expect(deferred.report.succeeded && read.report.succeeded)
        #expect(deferred.files.keys.sorted() == read.files.keys.sorted())
        for (name, contents) in read.files where deferred.files[name] != contents {
            Issue.record("\(name) differs:\n\(String(decoding: deferred.files[name] ?? Data(), as: UTF8.self))\n---\n\(String(decoding: contents, as: UTF8.self))")
        }
        #expect(deferred.records == read.records)
        // The same warnings (those of deferred pages come after the others): the long blocks, once
        // per page, not the draft's (a page left out has its warnings said when it is built).
        #expect(deferred.report.diagnostics.map(\.description).sorted() == read.report.diagnostics.map(\.description).sorted())
        #expect(read.report.diagnostics.filter { $0.message.contains("longer than") }.map(\.path).sorted()
                == [root + "/content/b.md"])
        // And the code is highlighted: the page, the section's intro on its list.
        let page = String(decoding: deferred.files["a/index.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains("rw-syntax--keyword") && page.contains("width=\"2\" height=\"3\"") && page.contains("id=\"setup-1\""))
        #expect(String(decoding: deferred.files["twice/index.html"] ?? Data(), as: UTF8.self).contains("<h2 id=\"step-1\">"))
        #expect(deferred.report.diagnostics.filter { $0.path == root + "/content/twice.md" }.map(\.message)
                == ["broken link: #step-2 names no heading of this page (no heading has the id 'step-2')"])
        #expect(String(decoding: deferred.files["guide/index.html"] ?? Data(), as: UTF8.self).contains("rw-syntax--"))
        // The summaries' code is highlighted in the records lists read.
        for file in ["content/more.md", "content/written.md"] {
            #expect(String(decoding: deferred.records[file] ?? Data(), as: UTF8.self).contains("rw-syntax--"), "\(file)")
        }
    }

    /// A rebuild that changes only a draft renders nothing, and still highlights its code: what
    /// that says (its block too long) is kept in its record, for a build with drafts, and not said
    /// by a build that leaves the draft out, as a build that highlights as it reads does.
    @Test func aDeferredPageNoOutputShowsIsHighlightedForItsWarnings() throws {
        let root = try Self.site()
        var build = SiteBuild(site: root, output: TemporaryFolder.path("deferred"))
        build.highlighter = CodeHighlighter(cache: TokenCache())
        var cache: BuildCache?
        let output = try build.openOutput()
        #expect(build.run(cache: &cache, output: output).succeeded)
        let draft = root + "/content/draft.md"
        try (String(contentsOfFile: draft, encoding: .utf8) + "\n```js\nvar changed\n```\n").write(toFile: draft, atomically: true, encoding: .utf8)
        let rebuild = build.run(cache: &cache, output: output, changed: ["content/draft.md"])
        #expect(rebuild.parsed == 1 && rebuild.written.isEmpty, "\(rebuild.written)")
        #expect(!rebuild.diagnostics.contains { $0.path == draft }, "\(rebuild.diagnostics)")
        #expect(cache?.records["content/draft.md"]?.diagnostics.contains { $0.message.contains("longer than") } == true)
    }
}
