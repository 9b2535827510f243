package import RunwayText
import Formatting
import Foundation
import SiteOutput
import TOMLKit
import Yams

// Front matter's YAML and TOML read into values (YAML 1.1's types, aliases bounded), and the
// dates it may hold.
extension PageMetadata {
    static func yaml(_ frontMatter: FrontMatter, path: String, diagnostics: inout [Diagnostic]) -> [String: AttributeValue] {
        yaml(frontMatter.text, firstLine: frontMatter.firstLine, kind: "front matter", path: path, diagnostics: &diagnostics)
    }

    /// The mapping YAML `text` (a page's front matter, or a data or configuration file: `kind`,
    /// for messages) holds, its first line line `firstLine` of the file at `path`.
    static func yaml(_ text: String, firstLine: Int, kind: String, path: String, diagnostics: inout [Diagnostic]) -> [String: AttributeValue] {
        guard let value = yamlValue(text, firstLine: firstLine, kind: kind, path: path, diagnostics: &diagnostics) else { return [:] }
        guard case .object(let table) = value else {
            diagnostics.append(Diagnostic(.error, "\(kind) must be a mapping of keys to values", path: path,
                                          position: SourcePosition(line: firstLine, column: 1)))
            return [:]
        }
        return table
    }

    /// The value YAML `text` holds, whatever it is (a data file may be a list); `nil` with an error
    /// when it cannot be read, and `.object([:])` for an empty text.
    static func yamlValue(_ text: String, firstLine: Int, kind: String, path: String, diagnostics: inout [Diagnostic]) -> AttributeValue? {
        let frontMatter = (text: text, firstLine: firstLine)
        do {
            // Composed with the basic resolver, every scalar's type is decided once, below: Yams's
            // default resolver matches each scalar against its regular expressions every time
            // its tag is asked for, which a 10,000-page build felt.
            guard let root = try Yams.compose(yaml: frontMatter.text, .basic, .default, .utf8) else { return .object([:]) }
            var budget = valueLimit
            let value: AttributeValue?
            do throws(ValueLimitReached) {
                value = try attributeValue(root, budget: &budget)
            } catch {
                diagnostics.append(Diagnostic(.error, "\(kind) holds more than \(valueLimit) values once its aliases (*name) are expanded; "
                                              + "write the values out, or use fewer aliases", path: path,
                                              position: SourcePosition(line: frontMatter.firstLine, column: 1)))
                return nil
            }
            return value ?? .null
        } catch let error as YamlError {
            var position = SourcePosition(line: frontMatter.firstLine, column: 1)
            var message = "\(error)"
            // Where the construct began (the context) says more to a writer than where YAML noticed.
            if case .scanner(let context, let problem, let mark, _) = error {
                let at = context?.mark ?? mark
                position = SourcePosition(line: frontMatter.firstLine + at.line - 1, column: at.column)
                message = "\(problem) \(context?.text ?? "")"
            } else if case .reader(let problem, let offset, _, let yaml) = error {
                // `offset` counts Characters from the start of the front matter.
                let before = offset.map { yaml.prefix(max(0, $0)) } ?? ""
                let line = before.count(where: { $0 == "\n" })
                let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
                position = SourcePosition(line: frontMatter.firstLine + line, column: column)
                message = problem
            } else if case .parser(let context, let problem, let mark, _) = error {
                let at = context?.mark ?? mark
                position = SourcePosition(line: frontMatter.firstLine + at.line - 1, column: at.column)
                message = "\(problem) \(context?.text ?? "")"
            }
            diagnostics.append(Diagnostic(.error, "invalid YAML \(kind): \(message.trimmingCharacters(in: .whitespaces))",
                                          path: path, position: position))
            return nil
        } catch {
            diagnostics.append(Diagnostic(.error, "invalid YAML \(kind): \(error)", path: path,
                                          position: SourcePosition(line: frontMatter.firstLine, column: 1)))
            return nil
        }
    }

    static func toml(_ frontMatter: FrontMatter, path: String, diagnostics: inout [Diagnostic]) -> [String: AttributeValue] {
        do {
            return try TOMLSource(path: path, text: frontMatter.text).values(datesAsText: true)
        } catch {
            var shifted = error
            shifted.position = error.position.map { SourcePosition(line: $0.line + frontMatter.firstLine - 1, column: $0.column) }
            diagnostics.append(shifted)
            return [:]
        }
    }

    /// `YYYY-MM-DD`, a day of the calendar (not `2026-02-30`), alone or followed by a time
    /// (`T09:30:00Z`, ` 09:30`): the date a page's permalink, sort order and feeds read.
    /// Whether a term is empty or spaces only: no word.
    package static func isBlank(_ term: String) -> Bool {
        term.allSatisfy(\.isWhitespace)
    }

    /// What is wrong with a date of the front matter, or `nil`: it must be a day of the calendar
    /// from the year 0001 (HTML's `<time>` has no year 0, and 0000 was shown as year 1), and a
    /// time after it must be one (`2026-01-01T25:00:00Z` was kept as the day, and the page's
    /// `<time datetime>` carried the text while its feeds said midnight).
    package static func dateProblem(_ text: String) -> String? {
        let example = "such as 2026-11-03, or a date and time such as 2026-11-03T09:30:00Z"
        guard isDate(text) else { return "must be a date \(example), not \"\(Diagnostic.printable(text))\"" }
        if text.hasPrefix("0000") { return "must be a date from the year 0001, not \"\(Diagnostic.printable(text))\"" }
        guard text.utf8.count == 10 || PageDate(text)?.hasTime == true else {
            return "has a day, but \"\(Diagnostic.printable(String(text.dropFirst(10))))\" is not a time of day: write HH:MM or HH:MM:SS "
                + "(hours below 24, minutes and seconds below 60), then Z or an offset such as +02:00"
        }
        return nil
    }

    package static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
        else { return false }
        let digit = { (index: Int) in Int(bytes[index] - 48) }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6), day = digit(8) * 10 + digit(9)
        guard (1...12).contains(month), day >= 1, day <= days(inMonth: month, of: year) else { return false }
        return bytes.count == 10 || bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " ")
    }

    /// Whether a YAML timestamp (`2026-11-03`, `2026-1-5`, either followed by a time) starts with
    /// a day of the calendar.
    static func namesACalendarDay(_ timestamp: String) -> Bool {
        let parts = timestamp.prefix { $0 != "T" && $0 != "t" && $0 != " " }.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
        return (1...12).contains(month) && day >= 1 && day <= days(inMonth: month, of: year)
    }

    /// How many days `month` (1 to 12) has in `year`, in the Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD` in UTC, as YAML's `date: 2026-11-01` was written. By hand: a date formatter
    /// per page cost a tenth of a 10,000-page build.
    static func fullDate(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.tm_year + 1900, 4) + "-" + padded(parts.tm_mon + 1, 2) + "-" + padded(parts.tm_mday, 2)
    }

    /// How many values front matter may hold, aliases expanded. A YAML alias repeats what its anchor
    /// holds without repeating the text: nine lines of nine aliases each make 9⁹ values (an "alias
    /// bomb") from a few hundred bytes. Real front matter holds tens.
    static let valueLimit = 100_000

    struct ValueLimitReached: Error {}

    /// A YAML node as a value, with YAML 1.1's types for plain scalars (what `Yams.load` gives):
    /// booleans, integers, floats, null (no value) and timestamps (a date as `YYYY-MM-DD`, a date and time as written). Each
    /// value spends one of `budget`.
    private static func attributeValue(_ node: Node, budget: inout Int) throws(ValueLimitReached) -> AttributeValue? {
        budget -= 1
        guard budget >= 0 else { throw ValueLimitReached() }
        switch node {
        case .scalar(let scalar):
            return scalar.style == .plain ? plainValue(scalar) : .string(scalar.string)
        case .sequence(let sequence):
            var values: [AttributeValue] = []
            for item in sequence { if let value = try attributeValue(item, budget: &budget) { values.append(value) } }
            return .array(values)
        case .mapping(let mapping):
            var table: [String: AttributeValue] = [:]
            for (key, value) in mapping {
                guard case .scalar(let key) = key else { continue }
                if let value = try attributeValue(value, budget: &budget) { table[key.string] = value }
            }
            return .object(table)
        case .alias:
            return nil
        }
    }

    private static func plainValue(_ scalar: Node.Scalar) -> AttributeValue? {
        let string = scalar.string
        guard let first = string.utf8.first else { return nil }
        // A plain scalar that starts with a letter can only be a boolean or null: the resolver's
        // other patterns start with a digit, a sign, a dot, `~`, `<` or `=`. Asking the resolver
        // (its regular expressions, one by one) for every tag and title cost a 10,000-page build.
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) {
            if let bool = booleans[string] { return .bool(bool) }
            return ["null", "Null", "NULL"].contains(string) ? nil : .string(string)
        }
        if isPlainDate(string) { return .string(string) }
        switch Resolver.default.resolveTag(of: Node(string)) {
        case .null: return nil
        case .bool: return booleans[string].map { .bool($0) }
        case .int: return Int.construct(from: scalar).map { .integer($0) } ?? .string(string)
        case .float: return Double.construct(from: scalar).map { .number($0) } ?? .string(string)
        // A day no calendar has (`2026-02-30`, `2026-13-01`) stays the text it is, which the
        // date's check then refuses, instead of the day a calendar rolls it over to.
        case .timestamp where !namesACalendarDay(string): return .string(string)
        // A date and time stays as written, as when it is quoted: its day is the one written in
        // its own offset (`2025-12-31T23:30:00-05:00` is the 31st, not UTC's 1st), and its time
        // orders the day's pages.
        case .timestamp where isDate(string) && string.utf8.count > 10: return .string(string)
        case .timestamp: return Date.construct(from: scalar).map { .string(fullDate($0)) } ?? .string(string)
        default: return .string(string)
        }
    }

    /// YAML 1.1's booleans, as its resolver spells them.
    private static let booleans: [String: Bool] = {
        var words: [String: Bool] = [:]
        for (word, value) in [("yes", true), ("no", false), ("true", true), ("false", false), ("on", true), ("off", false)] {
            for spelling in [word, word.capitalized, word.uppercased()] { words[spelling] = value }
        }
        return words
    }()

    /// `YYYY-MM-DD` with a month and a day that every month has: the timestamp it stands for is
    /// written back as the same text, so it needs neither the resolver nor a calendar.
    private static func isPlainDate(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9].map { Int(bytes[$0]) - 48 }
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return false }
        let month = digits[4] * 10 + digits[5], day = digits[6] * 10 + digits[7]
        return (1...12).contains(month) && (1...28).contains(day)
    }
}
