import Foundation
import Testing

/// One example of the GFM spec that Debian's cmark-gfm package ships.
struct SpecExample: Sendable, CustomTestStringConvertible {
    let number: Int
    let section: String
    let markdown: String
    let html: String
    let isDisabled: Bool

    var testDescription: String { "example \(number) (\(section))" }

    static let specPath = "/usr/share/doc/cmark-gfm/spec.txt.gz"

    /// Every example, numbered from 1 in file order as the spec numbers them.
    static func loadAll() throws -> [SpecExample] {
        let text = try run("/bin/gzip", ["-dc", specPath])
        var examples: [SpecExample] = []
        var section = ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        let fence = String(repeating: "`", count: 32)
        while let line = lines.next() {
            if line.hasPrefix("#") { section = line.drop(while: { $0 == "#" || $0 == " " }).description }
            guard line.hasPrefix(fence + " example") else { continue }
            var markdown: [Substring] = []
            var html: [Substring] = []
            var inHTML = false
            while let body = lines.next(), body != fence {
                if body == "." && !inHTML { inHTML = true; continue }
                if inHTML { html.append(body) } else { markdown.append(body) }
            }
            func join(_ part: [Substring]) -> String {
                part.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
            }
            examples.append(SpecExample(
                number: examples.count + 1, section: section, markdown: join(markdown), html: join(html),
                isDisabled: line.contains("disabled")))
        }
        return examples
    }
}

/// Runs a program, feeding it `input`, and returns what it printed.
func run(_ path: String, _ arguments: [String], input: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let stdout = Pipe()
    process.standardOutput = stdout
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    try process.run()
    if let input {
        let data = Data(input.utf8)
        let writer = stdin.fileHandleForWriting
        DispatchQueue.global().async {
            writer.write(data)
            try? writer.close()
        }
    }
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
