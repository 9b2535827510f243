/// How cmark writes a URL into `href` and `src`: percent-encoding what is not safe in a URL,
/// `&` and `'` as entities, and (in safe mode) nothing at all for a dangerous scheme.
enum URLEscaping {
    /// The bytes cmark leaves as they are in an `href` (its `HREF_SAFE` table).
    private static let safe: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for character in "-_.+!*(),%#@?=;:/$~" { table[Int(character.asciiValue!)] = true }
        return table
    }()

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    static func writeHref(_ url: String, to output: inout HTMLOutput) {
        for byte in url.utf8 {
            if safe[Int(byte)] {
                output.write(byte: byte)
            } else if byte == UInt8(ascii: "&") {
                output.write("&amp;")
            } else if byte == UInt8(ascii: "'") {
                output.write("&#x27;")
            } else {
                output.write(byte: UInt8(ascii: "%"))
                output.write(byte: hexDigits[Int(byte >> 4)])
                output.write(byte: hexDigits[Int(byte & 0xF)])
            }
        }
    }

    /// cmark's `_scan_dangerous_url`: `javascript:`, `vbscript:`, `file:` and `data:` other than
    /// `data:image/png|gif|jpeg|webp`, in any case (ASCII case, as cmark compares).
    static func isDangerous(_ url: String) -> Bool {
        let bytes = url.utf8
        guard let first = bytes.first else { return false }
        // Every dangerous scheme starts with one of these letters: most URLs end here.
        switch first | 0x20 {
        case UInt8(ascii: "j"), UInt8(ascii: "v"), UInt8(ascii: "f"), UInt8(ascii: "d"): break
        default: return false
        }
        func starts(with prefix: StaticString) -> Bool {
            prefix.withUTF8Buffer { prefix in
                var index = bytes.startIndex
                for expected in prefix {
                    guard index != bytes.endIndex else { return false }
                    let byte = bytes[index]
                    let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                    guard lower == expected else { return false }
                    bytes.formIndex(after: &index)
                }
                return true
            }
        }
        if starts(with: "data:image/png") || starts(with: "data:image/gif") || starts(with: "data:image/jpeg")
            || starts(with: "data:image/webp") {
            return false
        }
        return starts(with: "javascript:") || starts(with: "vbscript:") || starts(with: "file:") || starts(with: "data:")
    }
}
