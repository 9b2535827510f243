
/// Text for an HTML template: `&`, `<`, `>`, `"` and `'` as entities. Works on UTF-8 bytes (the
/// five are ASCII, so no multi-byte character is touched), and returns text without any as it is.
package func escape(_ text: String) -> String {
    let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
    guard text.utf8.contains(where: special) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
        switch byte {
        case 0x26: bytes += Array("&amp;".utf8)
        case 0x3C: bytes += Array("&lt;".utf8)
        case 0x3E: bytes += Array("&gt;".utf8)
        case 0x22: bytes += Array("&quot;".utf8)
        case 0x27: bytes += Array("&#39;".utf8)
        default: bytes.append(byte)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
