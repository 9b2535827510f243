import Foundation
import Testing

/// The `runway` command as a user runs it: output, exit status and diagnostics.
@Suite struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let version = try RunwayProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        for command in [[], ["render"], ["runs"]] {
            let help = try RunwayProcess.run(command + ["--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: runway"))
        }
    }

    @Test func renderFragmentIsTheBodyHTML() throws {
        let result = try RunwayProcess.run(["render", "--fragment", "-"], input: Data("# Hi *there*\n\n- [x] done\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "<h1>Hi <em>there</em></h1>\n<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n</ul>\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func renderWithoutFragmentPrintsAStandaloneDocument() throws {
        let path = try RunwayProcess.file(Data("No heading, <b>raw</b>.\n".utf8), name: "my-notes.md")
        let result = try RunwayProcess.run(["render", path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains("<title>my-notes</title>"))
        #expect(result.stdout.contains("<p>No heading, <!-- raw HTML omitted -->raw<!-- raw HTML omitted -->.</p>"))
        let unsafe = try RunwayProcess.run(["render", "--unsafe", "--fragment", path])
        #expect(unsafe.stdout == "<p>No heading, <b>raw</b>.</p>\n")
    }

    /// The README's example, through `runs --json`, read back as the JSON contract.
    @Test func runsJSONShowsFourRunsWithTheirIntents() throws {
        let result = try RunwayProcess.run(["runs", "--json", "-"], input: Data("This is **Bold text** and this is _italic_".utf8))
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.map { $0["text"] as? String } == ["This is ", "Bold text", " and this is ", "italic"])
        let attributes = runs.map { $0["attributes"] as? [String: Any] ?? [:] }
        #expect(attributes.map { $0["inlinePresentationIntent"] as? Int } == [nil, 2, nil, 1])
        let paragraph = try #require((attributes[0]["presentationIntent"] as? [[String: Any]])?.first)
        #expect(paragraph["kind"] as? String == "paragraph")
        #expect(paragraph["identity"] as? Int == 1)
        #expect(runs[0]["sourceRange"] as? String == "1:1-1:9")
    }

    @Test func runsListingIsOneLineARun() throws {
        let result = try RunwayProcess.run(["runs", "-"], input: Data("a [b](https://x.y)\n".utf8))
        #expect(result.stdout == """
            1:1-1:3  "a "  paragraph#1
            1:4-1:5  "b"  paragraph#1 > link#1  link=https://x.y

            """)
    }

    @Test(arguments: [
        (["render", "/no/such/file.md"], "/no/such/file.md: error: no such file"),
        (["runs", "/tmp"], "/tmp: error: is a directory, not a Markdown file"),
    ])
    func unreadableInputIsADiagnostic(arguments: [String], message: String) throws {
        let result = try RunwayProcess.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func invalidUTF8AndBinaryBytesAreLocated() throws {
        let invalid = try RunwayProcess.file(Data("line one\nab\u{e9}".utf8.dropLast(1) + [0xC3, 0x28]))
        let result = try RunwayProcess.run(["render", invalid])
        #expect(result.status == 1)
        #expect(result.stderr == "\(invalid):2:3: error: is not valid UTF-8 (bad byte sequence)\n")
        let binary = try RunwayProcess.file(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]))
        let png = try RunwayProcess.run(["runs", "--json", binary])
        #expect(png.status == 1)
        // "\x89PNG\r\n" "\x1A\n" then NUL: line 3, column 1.
        #expect(png.stderr.hasPrefix("\(binary):3:1: error: contains a NUL byte"))
    }

    @Test(arguments: [["render"], ["render", "a.md", "--bogus"], ["frobnicate"], ["runs", "a", "b"]])
    func usageErrorsExitWithStatusTwo(arguments: [String]) throws {
        let result = try RunwayProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Usage: runway") || result.stderr.contains("USAGE: runway"))
    }

    /// A 50 MB file renders completely (no crash, no truncation).
    @Test func aFiftyMegabyteFileRenders() throws {
        let paragraph = "Some *emphasis*, `code` and a [link](https://example.com) in a long line of text.\n\n"
        let count = 50_000_000 / paragraph.utf8.count + 1
        let path = try RunwayProcess.file(Data(String(repeating: paragraph, count: count).utf8))
        let result = try RunwayProcess.run(["render", "--fragment", path])
        #expect(result.status == 0)
        let expected = "<p>Some <em>emphasis</em>, <code>code</code> and a <a href=\"https://example.com\">link</a> in a long line of text.</p>\n"
        #expect(result.stdout.utf8.count == expected.utf8.count * count)
        #expect(result.stdout.hasSuffix(expected))
    }
}
