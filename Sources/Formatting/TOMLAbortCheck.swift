public import AttributedText

/// Refuses, before TOMLKit sees it, the TOML that would make toml++ abort the process instead of
/// reporting a parse error.
///
/// toml++ (the C++ parser inside TOMLKit 0.6.0) states its parser's preconditions as assertions,
/// live in debug builds. `parse_table_header()` consumes a header's `[`, the spaces and tabs after
/// it, and (when no space or tab came between) a second `[` and the spaces and tabs after that; it
/// reports `]` and the end of the input itself, and otherwise calls `parse_key()`, which asserts
/// `is_bare_key_character(*cp) || is_string_delimiter(*cp)`. So `[[[`, `[[=`, `[.a]`, or a `[` at
/// the end of a line ends the whole process with SIGABRT (exit 134): `runway serve` with it. With
/// `-DNDEBUG` the assertion becomes `__builtin_assume`, undefined behaviour on exactly this input.
/// Fixed upstream in marzer/tomlplusplus PR #301 (May 2026), not in TOMLKit's copy.
///
/// **The condition refused**: a `[` that starts a statement, then spaces or tabs, then (only when
/// no space or tab came between) a second `[` and spaces or tabs, then anything but a bare-key
/// character `A-Za-z0-9_-`, `"`, `'`, `]` or the end of the input. That is where toml++ calls
/// `parse_key()` with a character it asserts cannot be there; a header's key must start there, so
/// the input is never valid TOML.
///
/// **Why finding statement starts suffices**: toml++ parses a header only in its document loop
/// (`parse_document()`), at the start of a statement: at the start of the input (after a UTF-8
/// byte-order mark, which it skips), or after an earlier statement with only whitespace, line
/// breaks and comments since. A `[` inside a value opens an array, and neither arrays nor inline
/// tables parse headers. Every statement toml++ accepts ends at a line break: a header's key holds
/// single-line strings only (toml++ rejects a multi-line one after reading it), so the header ends
/// on its own line; a key-value pair ends at the first line break outside its strings and comments
/// once its value's brackets are closed (toml++ wants only a comment or a line break after the
/// value). The check finds those line breaks by tracking
/// - strings: `"…"` with `\` escapes and `'…'` without, both ending at their quote (or, refused by
///   toml++, at the line's end); `"""…"""` with escapes and `'''…'''` without, which span lines
///   and end at the first run of three or more quotes, taking at most five of them as toml++ does
///   (`"""a""""` is `a"`);
/// - comments: from a `#` outside strings to the end of the line;
/// - value brackets: `[` and `{` open, `]` and `}` close.
/// On any prefix of the input that toml++ accepts this reading is toml++'s own, so every `[` toml++
/// would take for a header is one the check examines, before toml++ gets there. Past the point
/// where toml++ would stop with an error the check may read differently, and then refuse with its
/// own message: only ever on input that is not TOML. Valid TOML is never refused, since toml++
/// accepts all of it and every `[` that starts a statement in it is a header with a key.
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
                default: skipKeyValuePair()
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

        /// A key-value pair from its first character to the line break after its value (or the end).
        private mutating func skipKeyValuePair() {
            var depth = 0
            while let byte = byte(index) {
                switch byte {
                case .lineFeed:
                    index += 1
                    if depth == 0 { return }
                case .hash: skipComment()
                case .quote, .apostrophe: skipString()
                case .openBracket, .openBrace:
                    depth += 1
                    index += 1
                case .closeBracket, .closeBrace:
                    depth = max(0, depth - 1)
                    index += 1
                default: index += 1
                }
            }
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
