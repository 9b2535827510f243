import Foundation
import RunwayText

/// Formulas that stay text because of a space inside their dollars (`$ \varphi = 1 $`): pandoc's
/// rule, which `[markdown] math = true` follows so that `$5 and $10` stays text, refuses them, and
/// KaTeX's auto-render in the browser (which Hugo themes use) accepts them. A site brought from
/// such a theme had its formulas printed as they were, without a word; each is now a warning at
/// its place saying how to write it.
///
/// Only what looks like TeX is taken for a formula: a backslash before a letter, `^`, `_` or `{`
/// between the dollars (`$ 5 and $ 10` says nothing). Never in code, raw HTML or a formula.
enum SpacedDollars {
    /// A warning for each spaced formula in the words of `text`, parsed from `source` and located
    /// in `path`: at its first dollar in the source, where the source writes it as it is (a
    /// dollar escaped there, `\$ x^2 $`, is no formula's).
    static func warnings(in text: AttributedText, source: String, path: String) -> [Diagnostic] {
        guard text.string.utf8.contains(UInt8(ascii: "$")) else { return [] }
        var warnings: [Diagnostic] = []
        let utf8 = Array(text.string.utf8)
        let lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        for run in text.runs where EmojiShortcodes.holdsWords(run.attributes) {
            for found in spacedFormulas(in: utf8[run.range]) {
                guard let position = position(of: Array(utf8[found]), in: run, lines: lines) else { continue }
                let formula = String(decoding: utf8[found], as: UTF8.self)
                let inside = formula.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                warnings.append(Diagnostic(.warning, "'\(formula)' is text, not a formula: a formula's dollars hold no space inside them "
                                           + "(so that '$5 and $10' stays text); write $\(inside)$ to set it",
                                           path: path, position: position))
            }
        }
        return warnings
    }

    /// The ranges of `$ … $` in `bytes` (a run's) that have a space or tab after the opening dollar
    /// or before the closing one, on one line, and look like TeX; a `$$` is no single dollar.
    static func spacedFormulas(in bytes: ArraySlice<UInt8>) -> [Range<Int>] {
        let dollar = UInt8(ascii: "$"), backslash = UInt8(ascii: "\\")
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func isSingle(_ index: Int) -> Bool {
            bytes[index] == dollar && (index == bytes.startIndex || (bytes[index - 1] != dollar && bytes[index - 1] != backslash))
                && (index + 1 == bytes.endIndex || bytes[index + 1] != dollar)
        }
        var found: [Range<Int>] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard isSingle(index) else { index += 1; continue }
            // The next single dollar on the line closes it.
            var close = index + 1
            while close < bytes.endIndex, bytes[close] != 0x0A, !isSingle(close) { close += 1 }
            guard close < bytes.endIndex, bytes[close] == dollar, close > index + 1 else { index = close; continue }
            let inside = bytes[(index + 1)..<close]
            let spaced = isBlank(inside.first!) || isBlank(inside.last!)
            let texLike = inside.indices.contains { at in
                switch inside[at] {
                case UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "{"): return true
                case backslash: return at + 1 < inside.endIndex && (inside[at + 1] | 0x20) >= UInt8(ascii: "a") && (inside[at + 1] | 0x20) <= UInt8(ascii: "z")
                default: return false
                }
            }
            if spaced && texLike && !inside.allSatisfy(isBlank) {
                found.append(index..<(close + 1))
                index = close + 1
            } else {
                // Not a formula: the closing dollar may open the next one.
                index = close
            }
        }
        return found
    }

    /// Where `formula` is written in the lines of the source the run came from: its first
    /// occurrence there whose dollar is not escaped; `nil` when there is none.
    private static func position(of formula: [UInt8], in run: AttributedText.Run, lines: [[UInt8]]) -> SourcePosition? {
        guard let source = run.sourceRange, source.start.line >= 1 else { return nil }
        for number in source.start.line...max(source.start.line, source.end.line) where number <= lines.count {
            let line = lines[number - 1]
            var start = number == source.start.line ? max(0, source.start.column - 1) : 0
            while start + formula.count <= line.count {
                if Array(line[start..<(start + formula.count)]) == formula, start == 0 || line[start - 1] != UInt8(ascii: "\\") {
                    return SourcePosition(line: number, column: start + 1)
                }
                start += 1
            }
        }
        return nil
    }
}
