/// The URLs in an HTML text's attributes, found over its UTF-8 bytes and rewritten: the values of
/// `href`, `src`, `action`, `formaction`, `poster`, `data`, `cite` and `xlink:href`, and each image
/// candidate of `srcset` and `imagesrcset`; quoted with `"` or `'`, or not; names in any case. Only
/// inside tags: text that reads like an attribute (`<code>href='/x/'</code>`, where `'` is not
/// escaped) is text.
package enum URLAttributes {
    /// `html` with each URL that `transform` gives a replacement for (its bytes as written, which
    /// it returns as they should be) replaced.
    package static func rewrite(_ html: String, _ transform: (ArraySlice<UInt8>) -> [UInt8]?) -> String {
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 256)
        var changed = false
        func emit(_ url: ArraySlice<UInt8>) {
            if let replacement = transform(url) {
                output += replacement
                changed = true
            } else {
                output += url
            }
        }
        var index = 0
        // Inside a tag (after `<` and a letter, until its `>` outside quotes), and in which quote.
        var inTag = false, quote: UInt8? = nil
        while index < bytes.count {
            let byte = bytes[index]
            output.append(byte)
            if !inTag {
                if byte == UInt8(ascii: "<"), index + 1 < bytes.count, isLetter(bytes[index + 1]) { inTag = true }
                index += 1
                continue
            }
            if let open = quote {
                if byte == open { quote = nil }
                index += 1
                continue
            }
            if byte == UInt8(ascii: ">") {
                inTag = false
                index += 1
                continue
            }
            let quoted = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            if quoted { quote = byte }
            // After `=` (and a quote, or none), preceded by one of the attribute names: a value starts here.
            let equals = quoted ? index - 1 : index
            guard quoted || byte == UInt8(ascii: "="), equals >= 0, bytes[equals] == UInt8(ascii: "="),
                  let kind = urlAttribute(bytes, before: equals), index + 1 < bytes.count,
                  quoted || (bytes[index + 1] != UInt8(ascii: "\"") && bytes[index + 1] != UInt8(ascii: "'"))
            else {
                index += 1
                continue
            }
            // Where the value ends: its quote, or (unquoted) a space or the tag's end.
            let ends = { (next: UInt8) in quoted ? next == byte : next == UInt8(ascii: ">") || isSpace(next) }
            let end = bytes[(index + 1)...].firstIndex(where: ends) ?? bytes.endIndex
            switch kind {
            case .url:
                emit(bytes[(index + 1)..<end])
            case .candidates:
                // `srcset`: URLs each followed by a descriptor (`/a.png 1x, /b.png 2x`); a URL runs
                // to a space, without the commas that end it.
                var at = index + 1
                while at < end {
                    let start = bytes[at..<end].firstIndex { !isSpace($0) && $0 != UInt8(ascii: ",") } ?? end
                    output += bytes[at..<start]
                    var urlEnd = bytes[start..<end].firstIndex(where: isSpace) ?? end
                    while urlEnd > start, bytes[urlEnd - 1] == UInt8(ascii: ",") { urlEnd -= 1 }
                    if start < urlEnd { emit(bytes[start..<urlEnd]) }
                    // The descriptor, to the comma that ends the candidate.
                    let next = bytes[urlEnd..<end].firstIndex(of: UInt8(ascii: ",")).map { $0 + 1 } ?? end
                    output += bytes[urlEnd..<next]
                    at = next
                }
            }
            // The loop goes on at the value's end (its quote, or what ends it).
            index = end
        }
        return changed ? String(decoding: output, as: UTF8.self) : html
    }

    /// What an attribute's value holds: one URL, or image candidates (`srcset`).
    private enum Kind { case url, candidates }

    private static let attributes: [([UInt8], Kind)] =
        ["href", "src", "action", "formaction", "poster", "data", "cite", "xlink:href"].map { (Array($0.utf8), .url) }
        + ["srcset", "imagesrcset"].map { (Array($0.utf8), .candidates) }

    /// The URL attribute whose name (in any case: `HREF`), itself after a space, the bytes before
    /// `end` end with.
    private static func urlAttribute(_ bytes: [UInt8], before end: Int) -> Kind? {
        attributes.first { name, _ in
            end >= name.count + 1 && bytes[(end - name.count)..<end].elementsEqual(name) { $0 | 0x20 == $1 }
                && isSpace(bytes[end - name.count - 1])
        }?.1
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
    }
}
