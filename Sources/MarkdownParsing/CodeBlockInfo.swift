public import RunwayText

/// A fence's info string: its first word is the language hint; `{…}` after it holds Hugo's code
/// block options (`{linenos=true, hl_lines=[2,3], linenostart=5}`), which become
/// `CodeBlockOptions`. An option Runway does not read, or a value it cannot, is a warning that
/// names it; the block is kept.
public enum CodeBlockInfo {
    /// The language hint, the options (`nil` when the info string has none), and the problems in words.
    public static func parse(_ info: String) -> (languageHint: String?, options: CodeBlockOptions?, problems: [String]) {
        let whitespace: (Character) -> Bool = { " \t\n\r\u{0B}\u{0C}".contains($0) }
        var rest = Substring(info)
        var hint: String?
        // The first word, whatever it is, as cmark-gfm takes it for the `language-` class.
        if !rest.isEmpty {
            let end = rest.firstIndex(where: whitespace) ?? rest.endIndex
            hint = String(rest[..<end])
            rest = rest[end...]
        }
        rest = rest.drop(while: whitespace)
        guard rest.first == "{" else { return (hint, nil, []) }
        guard let close = rest.firstIndex(of: "}") else {
            return (hint, nil, ["the code block's options have no closing '}'; they are ignored"])
        }
        var options = CodeBlockOptions()
        var problems: [String] = []
        // Options end at their first `}`: what follows is said, not read as options.
        let after = rest[rest.index(after: close)...].trimmingPrefix(while: whitespace)
        if !after.isEmpty {
            let shown = after.count > 40 ? after.prefix(40) + "…" : after
            problems.append("'\(shown)' after the code block's options is ignored")
        }
        var unknown: [String] = []
        for (key, written) in pairs(rest[rest.index(after: rest.startIndex)..<close]) {
            // A value in quotes is the value (Hugo's `linenos="table"`); hl_lines reads its own.
            let value = key == "hl_lines" ? written : Self.unquoted(written)
            switch key {
            case "linenos":
                switch value.lowercased() {
                case "true", "table", "inline": options.lineNumbers = true
                case "false": options.lineNumbers = false
                default: problems.append("linenos is \(value), not true, false, table or inline; lines are not numbered")
                }
            case "linenostart":
                if let start = Int(value), (-1_000_000_000...1_000_000_000).contains(start) {
                    options.firstLineNumber = start
                } else if Self.isWholeNumber(value) {
                    problems.append("linenostart is \(value), beyond a billion either way; lines are numbered from 1")
                } else {
                    problems.append("linenostart is \(value), not a whole number; lines are numbered from 1")
                }
            case "hl_lines":
                switch lineRanges(value) {
                case .success(let ranges): options.highlightedLines = ranges
                case .failure(let problem): problems.append("hl_lines is \(value), \(problem.rawValue); no line is highlighted")
                }
            default:
                unknown.append(key)
            }
        }
        // The options Runway does not read, in one warning: the first few by name.
        if unknown.count == 1 {
            problems.append("unknown code block option '\(unknown[0])' (Runway reads linenos, linenostart and hl_lines); it is ignored")
        } else if !unknown.isEmpty {
            let named = unknown.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (unknown.count > 3 ? " and \(unknown.count - 3) more" : "")
            problems.append("unknown code block options \(named) (Runway reads linenos, linenostart and hl_lines); they are ignored")
        }
        return (hint, options, problems)
    }

    /// `text` without the quotes around it, if it has a pair of them.
    static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// `key=value` pairs separated by commas or spaces, outside brackets and quotes (spaces around
    /// `=` are no separators).
    private static func pairs(_ written: Substring) -> [(String, String)] {
        var text = ""
        for character in written {
            if character == "=" { while text.last == " " || text.last == "\t" { text.removeLast() } }
            if (character == " " || character == "\t") && text.last == "=" { continue }
            text.append(character)
        }
        var pairs: [(String, String)] = []
        var current = ""
        var depth = 0
        var quote: Character?
        func finish() {
            let piece = current.trimmingSpaces
            current = ""
            guard !piece.isEmpty else { return }
            if let equals = piece.firstIndex(of: "=") {
                pairs.append((String(piece[..<equals]).trimmingSpaces, String(piece[piece.index(after: equals)...]).trimmingSpaces))
            } else {
                pairs.append((piece, "true"))
            }
        }
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth -= 1
            } else if (character == "," || character == " " || character == "\t") && depth <= 0 {
                finish()
                continue
            }
            current.append(character)
        }
        finish()
        return pairs
    }

    /// What is wrong with an `hl_lines` value, in words.
    enum LineRangeProblem: String, Error {
        case notLines = "not lines such as [2, 3] or \"2-4 7\""
        case beforeTheFirst = "but lines count from 1"
        case backwards = "but a range goes from its first line to its last (2-4, not 4-2)"
        case beyondTheLast = "but no line comes after line 1,000,000"
    }

    /// `[2, 3]`, `[2, "4-6"]`, `"2-4 7"`, `2`: line ranges, or what is wrong with the value.
    static func lineRanges(_ value: String) -> Result<[ClosedRange<Int>], LineRangeProblem> {
        var text = value.trimmingSpaces
        if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var ranges: [ClosedRange<Int>] = []
        for part in text.split(whereSeparator: { ", \t\"'".contains($0) }) {
            // `-1`: a line before the first, not a range.
            if part.first == "-", isWholeNumber(part.dropFirst()) { return .failure(.beforeTheFirst) }
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count <= 2, bounds.allSatisfy({ isWholeNumber($0) }) else { return .failure(.notLines) }
            // Numbers too long for an Int are beyond the last line.
            guard let low = Int(bounds[0]), let high = Int(bounds.last!), high <= 1_000_000 else { return .failure(.beyondTheLast) }
            guard low >= 1 else { return .failure(.beforeTheFirst) }
            guard low <= high else { return .failure(.backwards) }
            ranges.append(low...high)
        }
        return ranges.isEmpty ? .failure(.notLines) : .success(ranges)
    }

    /// Digits, perhaps after a `-` or `+`: a whole number, however large.
    static func isWholeNumber(_ text: some StringProtocol) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
