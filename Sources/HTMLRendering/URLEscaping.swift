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
}
