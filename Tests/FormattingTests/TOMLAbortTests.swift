import RunwayText
import Foundation
import Formatting
import Testing
import TOMLKit

/// TOML that toml++ (inside TOMLKit) would abort the process on is an error at its place instead,
/// and valid TOML still reads as TOMLKit reads it.
@Suite struct TOMLAbortTests {
    /// The diagnostic `TOMLSource` throws for `text`, or `nil` when it reads it.
    func diagnostic(_ text: String, path: String = "runway.toml") -> Diagnostic? {
        do {
            _ = try TOMLSource(path: path, text: text)
            return nil
        } catch {
            return error
        }
    }

    /// toml++ reads a C string: what follows a NUL byte would be ignored without a word.
    @Test func aNULByteIsALocatedError() throws {
        let error = try #require(diagnostic("title = \"a\"\nx = 1\u{0}garbage = \"ignored\"\n"))
        #expect(error.description == "runway.toml:2:6: error: invalid TOML: a NUL byte (is this a binary file?)")
    }

    /// Headers whose opening `[` or `[[` is not followed by a key: toml++ calls `parse_key()` there
    /// and its assertion aborts (marzer/tomlplusplus#301). Each is an error at the character.
    @Test(arguments: [
        ("[[[", 1, 3, "a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '['"),
        ("[[[1]]]", 1, 3, "a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '['"),
        ("[[[a]]]\n", 1, 3, "a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '['"),
        ("[[[]]", 1, 3, "a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '['"),
        ("[[=", 1, 3, "a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '='"),
        ("[=]", 1, 2, "a table header needs a key after '[' (bare, \"quoted\" or 'literal'), saw '='"),
        ("[ .a]", 1, 3, "a table header needs a key after '[' (bare, \"quoted\" or 'literal'), saw '.'"),
        ("a = 1\n  [[ [x]]\n", 2, 6, "a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '['"),
        ("title = 'x'\n[\n", 2, 2, "a table header needs a key after '[' (bare, \"quoted\" or 'literal'), saw a line break"),
        ("[\u{2028}]", 1, 2, "a table header needs a key after '[' (bare, \"quoted\" or 'literal'), saw U+2028"),
        ("[é]", 1, 2, "a table header needs a key after '[' (bare, \"quoted\" or 'literal'), saw 'é'"),
        // After values that hold brackets, quotes and comment signs, the header is still found.
        ("s = \"\"\"\n[[[ inside\n\"\"\"\"\na = [\n  1, # ]\n  [2],\n]\nb = { c = '[' }\n[[[\n", 9, 3,
         "a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '['"),
    ] as [(String, Int, Int, String)])
    func headerWithoutAKeyIsALocatedError(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(diagnostic(text))
        #expect(error.description == "runway.toml:\(line):\(column): error: invalid TOML: \(message)")
    }

    /// Values toml++ would abort on: an array element that is a `}` or a Unicode line break
    /// (`parse_value()` asserts `!is_value_terminator`), a date-time whose `T` no digit follows
    /// (`parse_time()` asserts `is_decimal_digit`), a date with a space and one digit (the value's
    /// scan asserts `!is_value_terminator`), a date long with underscores, a space and a digit
    /// (`step_back()` asserts it keeps that many characters). Each is an error at the character.
    @Test(arguments: [
        ("a = [}", 1, 6, "an array needs a value or ']' here, saw '}'"),
        ("a = [1,\n  }\n", 2, 3, "an array needs a value or ']' here, saw '}'"),
        ("a = { b = [}] }", 1, 12, "an array needs a value or ']' here, saw '}'"),
        ("a = [ # ]\n\u{2028}]", 2, 1, "an array needs a value or ']' here, saw U+2028"),
        ("a = [\u{85}]", 1, 6, "an array needs a value or ']' here, saw U+0085"),
        ("d = 1979-05-27T:00", 1, 16, "a date-time needs a time (HH:MM:SS) after 'T', saw ':'"),
        ("d = [1979-05-27tx]", 1, 17, "a date-time needs a time (HH:MM:SS) after 't', saw 'x'"),
        ("d = 1979-05-27 9\n", 1, 16, "a date-time needs a time (HH:MM:SS) after the space, saw a single digit"),
        ("d = [1_979-05-27 1]", 1, 7, "a date or date-time cannot contain '_'"),
        ("d = 1979-05-2" + String(repeating: "_", count: 116) + "7 12:00:00\n", 1, 14, "a date or date-time cannot contain '_'"),
        ("t = { d = 1979-05-27 0, e = 1 }", 1, 22, "a date-time needs a time (HH:MM:SS) after the space, saw a single digit"),
    ] as [(String, Int, Int, String)])
    func valueTOMLPlusPlusWouldAbortOnIsALocatedError(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(diagnostic(text))
        #expect(error.description == "runway.toml:\(line):\(column): error: invalid TOML: \(message)")
    }

    /// `[[[` in a theme's theme.toml, read through the theme library.
    @Test func headerWithoutAKeyInAThemeFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-themes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/broken", withIntermediateDirectories: true)
        try "description = \"x\"\n\n[[[styles]]]\n".write(toFile: root + "/broken/theme.toml", atomically: true, encoding: .utf8)
        let (theme, diagnostics) = ThemeLibrary(folders: [root]).load("broken")
        #expect(theme == nil)
        #expect(diagnostics.map(\.description) == [
            "\(root)/broken/theme.toml:3:3: error: invalid TOML: a table header needs a key after '[[' (bare, \"quoted\" or 'literal'), saw '['",
        ])
    }

    /// Valid TOML with every construct the check reads past, each `[` that is not a header in
    /// strings, comments and values: read exactly as TOMLKit reads it.
    @Test(arguments: [
        "[ a ]\nx = 1\n[[ b ]]\ny = 2\n[[b]]\n[ a . c ]\n",
        "[a.\"b.c\".'d']\n[\"[[[\"]\n['[=']\n[_-09Az]\n",
        "basic = \"[[[ # \\\" ] \\\\\"\nliteral = '[[[ # \\'\n",
        "multi = \"\"\"\n[[[\n# not a comment\n\"\" \\\"\"\" \\\n  [[[ \"\"\"\"\"\n[t]\n",
        "multi = '''\n[[[\n'' '''''\n[t]\n",
        "empty = \"\"\nempty_literal = ''\n[t]\n",
        "a = [\n  1, # a comment ] } [[[\n  2,\n]\n[t]\n",
        "a = [[1, 2], [3, [4, []]], [\"]\", '[']]\n[t]\n",
        "t = { a = 1, b = { c = [1, { d = \"]\" }] } }\n[[u]]\n",
        "a.b.c = 1\n\"x y\".z = 2\n'l'.k = 3\n[a.d]\n",
        "# [[[ in a comment\n  # [=\n[t] # [[[\n",
        "d = 1979-05-27 07:32:00Z\nf = [inf, -0.0, 0x1F]\n[t]\n",
        "\u{FEFF}[t]\nk = 1\n",
        "k = 1\r\n[t]\r\na = [\r\n  1,\r\n]\r\n",
        "d = 1979-05-27 07:32:00\ne = 1979-05-27 # a date\nf = [ 1979-05-27, 1979-05-27T07:32:00Z, 1979-05-27 07:32:00.5 ]\n",
        "1979-05-27Tx = 1\n\"1979-05-27 9\" = '}'\n[1979-05-27t]\n",
        "a = [ 1, 2, ]\nb = [\n  # }\n]\nc = { d = [], e = [{}] }\n",
        "",
    ])
    func validTOMLReadsAsTOMLKitReadsIt(text: String) throws {
        let source = try TOMLSource(path: "runway.toml", text: text)
        #expect(source.table == (try TOMLTable(string: text)))
    }

    /// Every input the TOML fuzz target (`make fuzz TARGET=toml`) once crashed on, kept in
    /// Fixtures/toml-crashers/: each reads as a table (then as a theme file) or is a located error.
    @Test(arguments: crashers)
    func fuzzCrasherIsATableOrALocatedError(name: String) throws {
        let data = try Data(contentsOf: Self.crasherFolder.appendingPathComponent(name))
        do {
            let source = try TOMLSource(path: "runway.toml", text: String(decoding: data, as: UTF8.self))
            _ = ThemeFile.read(name: "fuzz", source: source)
        } catch {
            #expect(error.severity == .error)
            #expect(error.position != nil)
            #expect(error.message.hasPrefix("invalid TOML: "))
        }
    }

    static let crasherFolder = Bundle.module.url(forResource: "Fixtures/toml-crashers", withExtension: nil)!

    static var crashers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: crasherFolder.path)) ?? []).sorted()
    }
}
