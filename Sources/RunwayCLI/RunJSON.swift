import RunwayText
import Foundation

/// `runway runs --json`, written run by run: the same bytes as encoding the whole text at once
/// (pretty-printed, sorted keys, slashes as they are), without holding the document's JSON, which
/// can be far larger than the document, in memory. A test holds the two forms equal.
enum RunJSON {
    static func write(_ text: AttributedText, to output: (String) -> Void) throws {
        let encoder = Self.encoder
        guard !text.runs.isEmpty else {
            output(String(decoding: try encoder.encode(text), as: UTF8.self) + "\n")
            return
        }
        output("{\n  \"runs\" : [\n")
        for (index, run) in text.runs.enumerated() {
            let object = String(decoding: try encoder.encode(text.encodedRun(run)), as: UTF8.self)
            var indented = ""
            indented.reserveCapacity(object.utf8.count + 64)
            for line in object.split(separator: "\n", omittingEmptySubsequences: false) {
                if !indented.isEmpty { indented += "\n" }
                // An empty object's blank line stays blank, as in the whole document's encoding.
                if !line.isEmpty { indented += "    " }
                indented += line
            }
            output(indented + (index == text.runs.count - 1 ? "\n" : ",\n"))
        }
        output("  ],\n  \"version\" : \(AttributedText.jsonFormVersion)\n}\n")
    }

    /// The encoder of the JSON form.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
