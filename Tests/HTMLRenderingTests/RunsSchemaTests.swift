import RunwayText
import Foundation
import MarkdownParsing
import Testing

/// The runs' JSON form (what `runway runs --json` prints; `StreamedRunsJSONTests` holds the two
/// equal) against its schema, `docs/static/runs.schema.json`, validated by Debian's
/// python3-jsonschema: every example of the GFM spec, and every kind of run. The schema is strict
/// (no unknown key in a run or a component), so a change to the form fails here until the schema,
/// and the version, follow.
@Suite struct RunsSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    static let schema = root + "/docs/static/runs.schema.json"

    /// Runs `scripts/validate-json.py` over `documents`: its report, and whether all were valid.
    static func validate(_ documents: [String]) throws -> (valid: Bool, report: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-schema-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files: [String] = []
        for (index, document) in documents.enumerated() {
            let file = folder + "/\(index + 1).json"
            try document.write(toFile: file, atomically: false, encoding: .utf8)
            files.append(file)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root + "/scripts/validate-json.py", schema] + files
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("runway-schema-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus == 0, try String(contentsOf: output, encoding: .utf8))
    }

    static func json(_ text: AttributedText) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(text), as: UTF8.self)
    }

    @Test func everySpecExamplesRunsFollowTheSchema() throws {
        let parser = MarkdownParser(options: .gfmCommandLine)
        let documents = try SpecExample.loadAll().map { try Self.json(parser.parse($0.markdown)) }
        #expect(documents.count > 600)
        let (valid, report) = try Self.validate(documents)
        #expect(valid, "\(report.prefix(3000))")
        #expect(report.contains("\(documents.count) valid"))
    }

    /// What breaks the form is refused: the schema is no formality.
    @Test func theSchemaRefusesWhatIsNotTheForm() throws {
        let good = try Self.json(MarkdownParser().parse("# T\n\n^[x](tone: 'calm')\n"))
        let broken = [
            good.replacingOccurrences(of: "\"version\" : 2", with: "\"version\" : 3"),
            good.replacingOccurrences(of: "\"level\" : 1", with: "\"depth\" : 1"),
            good.replacingOccurrences(of: "\"kind\" : \"paragraph\"", with: "\"kind\" : \"para\""),
            good.replacingOccurrences(of: "\"text\" : \"T\"", with: "\"text\" : \"T\", \"style\" : \"x\""),
            good.replacingOccurrences(of: "\"raw\"", with: "\"source\""),
        ]
        #expect(Set(broken).count == broken.count && !broken.contains(good))
        #expect(try Self.validate([good]).valid)
        for document in broken {
            #expect(!(try Self.validate([document]).valid), "\(document)")
        }
    }
}
