import Foundation
import Testing

/// Issue 39, points 10 and 11: a NUL written as an escape in `runway.toml` cut the value
/// (`title = "A\u0000B"` was "A"), and messages quoted what an input held as it was, control
/// bytes and all (an escape that colours or clears the terminal, a line break inside a value).
@Suite struct ControlCharacterCommandTests {
    @Test func aNULEscapeInTOMLIsAnError() throws {
        let site = try TestSite(["content/a.md": "# A\n"], configuration: "# \"\\u0000\" in a comment\nx = '\\u0000'\nsubtitle = \"\"\"\nA\\\n\\U00000000\"\"\"\n")
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr.hasPrefix("\(site.root)/runway.toml:7:1: error: invalid TOML: a string holds the NUL character (\\u0000)"), "\(check.stderr)")
    }

    @Test func messagesWriteControlCharactersAsEscapes() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ndate: \"2026-01-01 \\e[2J\\e[31mgone\\nX\"\n---\nA.\n"])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(!check.stderr.unicodeScalars.contains { $0.value == 0x1B }, "no escape reaches the terminal")
        #expect(check.stderr.contains("error: 'date' has a day, but \" \\u{1B}[2J\\u{1B}[31mgone\\u{A}X\" is not a time of day"), "\(check.stderr)")
        #expect(check.stderr.split(separator: "\n").count == 2, "one line a message: \(check.stderr)")
    }
}
