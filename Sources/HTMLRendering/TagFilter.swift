/// GFM's tagfilter: raw HTML keeps every tag but these, whose `<` becomes `&lt;`.
enum TagFilter {
    private static let disallowed: [[UInt8]] = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ].map { Array($0.utf8) }

    /// Whether the tag starting at `text[start]` (a `<`) is one GFM disallows.
    static func isDisallowedTag(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        disallowed.contains { matches(text, at: start, name: $0) }
    }

    private static func matches(_ text: UnsafeBufferPointer<UInt8>, at start: Int, name: [UInt8]) -> Bool {
        let size = text.count - start
        guard size >= 3, text[start] == UInt8(ascii: "<") else { return false }
        var index = start + 1
        if text[index] == UInt8(ascii: "/") { index += 1 }
        for letter in name {
            guard index < text.count else { return false }
            var byte = text[index]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            guard byte == letter else { return false }
            index += 1
        }
        guard index < text.count else { return false }
        let next = text[index]
        if next == UInt8(ascii: ">") || [9, 10, 11, 12, 13, 32].contains(next) { return true }
        return next == UInt8(ascii: "/") && index + 1 < text.count && text[index + 1] == UInt8(ascii: ">")
    }

    /// Raw HTML with every disallowed tag's `<` written as `&lt;`.
    static func write(_ text: UnsafeBufferPointer<UInt8>, to output: inout HTMLOutput) {
        var start = 0
        for index in 0..<text.count where text[index] == UInt8(ascii: "<") && isDisallowedTag(text, at: index) {
            output.write(bytes: UnsafeBufferPointer(rebasing: text[start..<index]))
            output.write("&lt;")
            start = index + 1
        }
        output.write(bytes: UnsafeBufferPointer(rebasing: text[start...]))
    }
}
