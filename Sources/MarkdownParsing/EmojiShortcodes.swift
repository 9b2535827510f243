public import RunwayText

/// Emoji shortcodes (`:tada:`) in a text's words replaced by their emoji, as GitHub writes them:
/// a name between two colons that the table knows; any other (`:notone:`, `12:30:00`) stays as
/// written. Never in code (spans and blocks), raw HTML or formulas; a link's or an image's words are words.
public struct EmojiShortcodes: Sendable {
    /// Each shortcode's emoji, by its name without colons (`tada`).
    public let table: [String: String]
    /// The longest name of the table, in bytes: no colon further than that from another opens one.
    let longest: Int

    /// Shortcodes of `table` (names without their colons).
    public init(table: [String: String]) {
        self.table = table
        longest = table.keys.map(\.utf8.count).max() ?? 0
    }

    /// `text` with the shortcodes of its words replaced; the same text when it has none. Each
    /// run keeps its attributes and where it is in the source.
    public func replaced(in text: AttributedText) -> AttributedText {
        guard text.string.utf8.contains(UInt8(ascii: ":")) else { return text }
        var builder: AttributedText.Builder?
        var string = text.string
        string.withUTF8 { utf8 in
            for (index, run) in text.runs.enumerated() {
                let bytes = UnsafeBufferPointer(rebasing: utf8[run.range])
                let replacement = Self.holdsWords(run.attributes) ? replaced(in: bytes) : nil
                if let replacement, builder == nil {
                    builder = AttributedText.Builder(reservingCapacity: utf8.count, runCount: text.runs.count)
                    for earlier in text.runs[..<index] {
                        builder!.append(bytes: UnsafeBufferPointer(rebasing: utf8[earlier.range]), attributes: earlier.attributes,
                                        sourceRange: earlier.sourceRange)
                    }
                }
                guard builder != nil else { continue }
                if let replacement {
                    builder!.append(replacement, attributes: run.attributes, sourceRange: run.sourceRange)
                } else {
                    builder!.append(bytes: bytes, attributes: run.attributes, sourceRange: run.sourceRange)
                }
            }
        }
        return builder?.build() ?? text
    }

    /// Whether a run's text is words: not code, not raw HTML, not a formula.
    static func holdsWords(_ attributes: AttributeContainer) -> Bool {
        if case .codeBlock? = attributes.presentationIntent?.innermost?.kind { return false }
        if !attributes.customAttributes.isEmpty, MathKey.value(in: attributes) != nil { return false }
        switch attributes.inlineIntent?.innermost?.kind {
        case .code?, .inlineHTML?, .blockHTML?: return false
        default: return true
        }
    }

    /// The text of `bytes` with its shortcodes replaced, or `nil` when it has none.
    func replaced(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let colon = UInt8(ascii: ":")
        var output: [UInt8]?
        var copied = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == colon else { index += 1; continue }
            // The next colon within the longest name, with no space before it; the bytes up to
            // where the search stopped hold no colon.
            var end = index + 1
            while end < bytes.count, end - index <= longest, bytes[end] != colon, bytes[end] > 0x20 { end += 1 }
            guard end < bytes.count, bytes[end] == colon, end > index + 1 else {
                index = end
                continue
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
            guard let emoji = table[name] else {
                // The closing colon may open the next shortcode.
                index = end
                continue
            }
            if output == nil { output = []; output!.reserveCapacity(bytes.count) }
            output!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            output!.append(contentsOf: emoji.utf8)
            index = end + 1
            copied = index
        }
        guard var output else { return nil }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return String(decoding: output, as: UTF8.self)
    }
}
