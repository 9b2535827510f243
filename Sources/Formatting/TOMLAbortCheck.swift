import RunwayText

/// Refuses, before TOMLKit sees it, the TOML that would make toml++ abort the process instead of
/// reporting a parse error.
///
/// toml++ (the C++ parser inside TOMLKit 0.6.0) states its parser's preconditions as assertions,
/// live in debug builds; where its callers do not establish them, malformed input ends the whole
/// process with SIGABRT (exit 134), `runway serve` with it. With `-DNDEBUG` the assertions become
/// `__builtin_assume`: undefined behaviour on exactly that input. Four places, each refused here
/// with a message at its line and (UTF-8) column:
///
/// A. **A table header without a key** (fixed upstream in marzer/tomlplusplus PR #301, May 2026,
///    not in TOMLKit's copy). `parse_table_header()` consumes a `[`, the spaces and tabs after it,
///    and (when no space or tab came between) a second `[` and the spaces and tabs after that; it
///    reports `]` and the end of the input itself, and otherwise calls `parse_key()`, which asserts
///    `is_bare_key_character(*cp) || is_string_delimiter(*cp)`. Refused: a `[` that starts a
///    statement, followed so by anything but `A-Za-z0-9_-` (toml++'s bare-key characters without
///    unreleased TOML features, as TOMLKit builds it), `"`, `'`, `]` or the end (`[[[`, `[[=`,
///    `[.a]`, a `[` ending a line).
/// B. **An array element that is a `}` or a Unicode line break.** `parse_array()` skips spaces,
///    tabs, line breaks and comments, handles `,` and `]`, and hands anything else to
///    `parse_value()`, which asserts `!is_value_terminator(*cp)`. Refused: where an array expects
///    an element (after `[` or `,`), a `}`, U+0085, U+2028 or U+2029 (`a = [}`).
/// C. **A date-time without a time.** A value `parse_value()` takes for a date-time goes to
///    `parse_date_time()`, which reads `YYYY-MM-DD` and `T`, `t` or a space, then calls
///    `parse_time()`, asserting `is_decimal_digit(*cp)`. Refused: a value starting `YYYY-MM-DDT`
///    (or `t`) and then a character that is not a digit (`1979-05-27T:00`).
/// D. **A date, a space and a digit.** `parse_value()` scans a value's
///    first token (at most 127 characters); when it is ten characters (underscores aside) with `-`
///    5th and 8th and a space and a digit follow, it scans on as for `YYYY-MM-DD HH…`. When the
///    digit ends the value, that scan asserts `!is_value_terminator(*cp)` on the character after
///    it; when underscores made the token 125 characters or longer, toml++ then steps back over
///    more characters than its reader keeps, and `step_back()` asserts
///    `negative_offset_ + count <= history_.count`. Refused: such a token, a space and a digit,
///    when the token holds a `_` or the digit is followed by a character that is not a digit
///    (`1979-05-27 9`, `1979-05-2___…___7 12`).
/// Each refused input is invalid TOML: a key must follow a header's `[`; an array element is never
/// `}`; a date-time's time is `HH:MM:SS`; a value with two `-` that starts with a digit can only be
/// a date, which has no `_`; and after a value that starts with a digit, a space and a digit can
/// only be the hour of a date-time, two digits. So valid TOML is never refused.
///
/// **Why the check finds every such place**: toml++ parses a header only in its document loop
/// (`parse_document()`), at the start of a statement: at the start of the input (after a UTF-8
/// byte-order mark, which it skips), or after an earlier statement with only whitespace, line
/// breaks and comments since. It parses a value after a key's `=` (and the spaces and tabs after
/// it) and in an array after `[` or `,` (and whitespace, line breaks and comments). A `[` inside a
/// value opens an array, and neither arrays nor inline tables parse headers. Every statement
/// toml++ accepts ends at a line break: a header's key holds single-line strings only (toml++
/// rejects a multi-line one after reading it), so the header ends on its own line; a key-value pair
/// ends at the first line break outside its strings and comments once its value's brackets are
/// closed (toml++ wants only a comment or a line break after the value). The check finds those line
/// breaks, the `=` and the array elements by tracking
/// - strings: `"…"` with `\` escapes and `'…'` without, both ending at their quote (or, refused by
///   toml++, at the line's end); `"""…"""` with escapes and `'''…'''` without, which span lines and
///   end at the first run of three or more quotes, taking at most five of them as toml++ does
///   (`"""a""""` is `a"`);
/// - comments: from a `#` outside strings to the end of the line;
/// - value brackets: `[` and `{` open an array or an inline table, `]` and `}` close the innermost,
///   and a `,` in an array expects the next element.
/// On any prefix of the input that toml++ accepts this reading is toml++'s own, so every header and
/// value toml++ starts to parse is one the check examined first. Past the point where toml++ would
/// stop with an error the check may read differently, and then refuse with its own message: only
/// ever on input that is not TOML.
enum TOMLAbortCheck {
    /// A place toml++ would abort at, and what is wrong there.
    struct Problem: Equatable {
        var position: SourcePosition
        var message: String
    }

    /// The first place in `text` toml++ would abort at, or `nil` when it would not abort.
    static func firstProblem(in text: String) -> Problem? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.run()
        }
    }

    /// One pass over the UTF-8 bytes: every structural character of TOML is ASCII, and the text is
    /// valid UTF-8 (a Swift string), so a multi-byte character never looks like one.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        /// The byte at `offset`, or `nil` past the end.
        private func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        /// Statement after statement, as `parse_document()` reads them.
        mutating func run() -> Problem? {
            while let byte = byte(index) {
                switch byte {
                case .space, .tab, .carriageReturn, .lineFeed: index += 1
                case .hash: skipComment()
                case .openBracket:
                    if let problem = checkHeader() { return problem }
                    skipLine()
                default:
                    if let problem = checkKeyValuePair() { return problem }
                }
            }
            return nil
        }

        /// The header starting at `index` (a `[`): what follows its opening bracket(s) must be able
        /// to start a key, or be something toml++ reports itself.
        private func checkHeader() -> Problem? {
            var at = index + 1
            var opener = "["
            let spaced = skipSpaces(&at)
            if byte(at) == .openBracket, !spaced {
                at += 1
                opener = "[["
                skipSpaces(&at)
            }
            guard let next = byte(at) else { return nil }
            if next.isBareKeyCharacter || next == .quote || next == .apostrophe || next == .closeBracket { return nil }
            return problem(at: at, "a table header needs a key after '\(opener)' (bare, \"quoted\" or 'literal'), saw \(describe(at))")
        }

        /// Moves `at` past spaces and tabs; whether there were any.
        @discardableResult
        private func skipSpaces(_ at: inout Int) -> Bool {
            let start = at
            while let byte = byte(at), byte == .space || byte == .tab { at += 1 }
            return at > start
        }

        /// A key-value pair from its first character to the line break after its value (or the
        /// end), checking each value where toml++ starts to parse one: after `=` and, in an array,
        /// after `[` or `,`, once whitespace (and in an array line breaks and comments) is passed.
        private mutating func checkKeyValuePair() -> Problem? {
            /// The `[` and `{` of the arrays and inline tables open at `index`.
            var open: [UInt8] = []
            var expectsValue = false
            while let byte = byte(index) {
                switch byte {
                case .lineFeed:
                    index += 1
                    if open.isEmpty { return nil }
                    continue
                case .space, .tab, .carriageReturn:
                    index += 1
                    continue
                case .hash:
                    skipComment()
                    continue
                default: break
                }
                if expectsValue {
                    expectsValue = false
                    if let problem = checkValue(inArray: open.last == .openBracket) { return problem }
                }
                switch byte {
                case .quote, .apostrophe: skipString()
                case .equals:
                    expectsValue = true
                    index += 1
                case .openBracket:
                    open.append(byte)
                    expectsValue = true
                    index += 1
                case .openBrace:
                    open.append(byte)
                    index += 1
                case .closeBracket, .closeBrace:
                    _ = open.popLast()
                    index += 1
                case .comma:
                    expectsValue = open.last == .openBracket
                    index += 1
                default: index += 1
                }
            }
            return nil
        }

        /// The value starting at `index`, where toml++'s `parse_value()` would start.
        private func checkValue(inArray: Bool) -> Problem? {
            // B. `parse_array()` calls `parse_value()`, which asserts `!is_value_terminator(*cp)`,
            // on what it did not skip as whitespace, a line break or a comment and is not `,` or
            // `]`: so on a `}` or on the line breaks U+0085, U+2028 and U+2029.
            if inArray, bytes[index] == .closeBrace || isUnicodeLineBreak(at: index) {
                return problem(at: index, "an array needs a value or ']' here, saw \(describe(index))")
            }
            guard let first = byte(index), first.isDigit else { return nil }
            // C. A value toml++ takes for a date-time (by the characters in it) is read by
            // `parse_date_time()`: a date `YYYY-MM-DD`, a `T` or `t`, then `parse_time()`, which
            // asserts `is_decimal_digit(*cp)`.
            let date = (0..<10).allSatisfy { offset in
                offset == 4 || offset == 7 ? byte(index + offset) == .minus : byte(index + offset)?.isDigit == true
            }
            if date, let separator = byte(index + 10), separator == .upperT || separator == .lowerT,
               let next = byte(index + 11), !next.isDigit {
                return problem(at: index + 11, "a date-time needs a time (HH:MM:SS) after '\(Character(UnicodeScalar(separator)))', saw \(describe(index + 11))")
            }
            // D. A first token of ten characters (underscores aside) with `-` 5th and 8th, then a
            // space and a digit, makes `parse_value()` read on as a date-time `YYYY-MM-DD HH…`. When
            // the digit ends the value, its scan asserts `!is_value_terminator(*cp)` on what follows;
            // when underscores made the token 125 characters or longer, it then steps back over more
            // characters than its reader keeps (127), and `step_back()` asserts
            // `negative_offset_ + count <= history_.count`.
            var end = index
            while let byte = byte(end), !byte.endsToken { end += 1 }
            guard byte(end) == .space, byte(end + 1)?.isDigit == true else { return nil }
            let characters = Array(String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars).filter { $0 != "_" }
            guard characters.count == 10, characters[4] == "-", characters[7] == "-" else { return nil }
            if let underscore = bytes[index..<end].firstIndex(of: .underscore) {
                return problem(at: underscore, "a date or date-time cannot contain '_'")
            }
            if let after = byte(end + 2), !after.isDigit {
                return problem(at: end + 1, "a date-time needs a time (HH:MM:SS) after the space, saw a single digit")
            }
            return nil
        }

        /// Whether U+0085, U+2028 or U+2029 starts at `offset`: the line breaks toml++ counts as
        /// whitespace that ends a value but does not skip.
        private func isUnicodeLineBreak(at offset: Int) -> Bool {
            (byte(offset) == 0xC2 && byte(offset + 1) == 0x85)
                || (byte(offset) == 0xE2 && byte(offset + 1) == 0x80 && (byte(offset + 2) == 0xA8 || byte(offset + 2) == 0xA9))
        }

        /// A comment, up to (not over) the line break that ends it.
        private mutating func skipComment() {
            while let byte = byte(index), byte != .lineFeed { index += 1 }
        }

        /// Up to and over the next line break.
        private mutating func skipLine() {
            skipComment()
            if index < bytes.count { index += 1 }
        }

        /// The string starting at `index`, of whichever of the four kinds its opening quotes say.
        private mutating func skipString() {
            let quote = bytes[index]
            let escapes = quote == .quote
            if byte(index + 1) == quote, byte(index + 2) == quote {
                index += 3
                while let byte = byte(index) {
                    if escapes, byte == .backslash {
                        index += 2
                    } else if byte == quote {
                        var run = 0
                        while self.byte(index + run) == quote { run += 1 }
                        index += min(run, 5)
                        if run >= 3 { return }
                    } else {
                        index += 1
                    }
                }
            } else {
                index += 1
                while let byte = byte(index), byte != .lineFeed {
                    index += 1
                    if escapes, byte == .backslash {
                        if self.byte(index) != .lineFeed { index += 1 }
                    } else if byte == quote {
                        return
                    }
                }
            }
        }

        /// `message` at the line and UTF-8 column of byte `offset`.
        private func problem(at offset: Int, _ message: String) -> Problem {
            let before = bytes[..<offset]
            let line = before.count(where: { $0 == .lineFeed }) + 1
            let lineStart = (before.lastIndex(of: .lineFeed) ?? -1) + 1
            return Problem(position: SourcePosition(line: line, column: offset - lineStart + 1), message: message)
        }

        /// The character at byte `offset`, as a message shows it.
        private func describe(_ offset: Int) -> String {
            let scalar = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self).unicodeScalars.first!
            if scalar == "\n" || scalar == "\r" { return "a line break" }
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            }
            return "'\(scalar)'"
        }
    }
}

extension UInt8 {
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let apostrophe = UInt8(ascii: "'")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let underscore = UInt8(ascii: "_")
    fileprivate static let upperT = UInt8(ascii: "T")
    fileprivate static let lowerT = UInt8(ascii: "t")

    /// `0-9`.
    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    /// Whether the byte ends the first token of a value: ASCII whitespace (tab to carriage return,
    /// space), `]`, `}`, `,` or `#`, the ASCII characters of toml++'s `is_value_terminator`.
    fileprivate var endsToken: Bool {
        (self >= .tab && self <= .carriageReturn) || self == .space || self == .closeBracket || self == .closeBrace
            || self == .comma || self == .hash
    }

    /// `A-Za-z0-9_-`, toml++'s `is_bare_key_character` (TOMLKit builds it without unreleased
    /// TOML features, so no other character starts a bare key).
    fileprivate var isBareKeyCharacter: Bool {
        (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z")) || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || self == UInt8(ascii: "_") || self == UInt8(ascii: "-")
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
