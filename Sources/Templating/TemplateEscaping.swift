import Foundation
import Mustache


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

/// The escaping of `{{ }}` in Runway's templates: ``escape(_:)``. The engine's own HTML escaping
/// goes character by character, looking each up in a dictionary, which took a thirteenth of a
/// build's processor time; this goes over bytes and returns text without the five as it is. The
/// same entities for the same five characters; a `<` that starts a character with combining marks
/// (`<\u{338}`) is escaped too, which the engine's leaves.
struct TemplateHTMLEscaping: MustacheContentType {
    func escapeText(_ text: String) -> String {
        escape(text)
    }

    /// The name templates give it (`{{% CONTENT_TYPE: … }}`).
    static let name = "RUNWAY_HTML"

    /// The line put before every template's text: a tag alone on its line, which the engine drops
    /// (so the template renders exactly as before, one line down). It makes the template escape
    /// with this; partials and parents each have theirs.
    static let pragma: String = {
        MustacheContentTypes.register(TemplateHTMLEscaping(), named: name)
        return "{{% CONTENT_TYPE: \(name)}}\n"
    }()
}
