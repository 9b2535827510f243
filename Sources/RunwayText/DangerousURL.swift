/// URLs that safe mode does not write: what Markdown's links and images and templates' URL
/// attributes share.
public enum DangerousURL {
    /// cmark's `_scan_dangerous_url`: `javascript:`, `vbscript:`, `file:` and `data:` other than
    /// `data:image/png|gif|jpeg|webp`, in any case (ASCII case, as cmark compares).
    public static func isDangerous(_ url: String) -> Bool {
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
