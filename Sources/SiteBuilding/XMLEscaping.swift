import Templating
/// Text for an XML document (feeds, the sitemap): escaped as for HTML, and every character XML 1.0
/// forbids (the C0 controls but tab, newline and carriage return; U+FFFE and U+FFFF) replaced by
/// U+FFFD, so that a control character in a title or a summary cannot make a feed ill-formed.
func xmlEscape(_ text: String) -> String {
    let escaped = escape(text)
    let forbidden: (Unicode.Scalar) -> Bool = {
        ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0xFFFE || $0.value == 0xFFFF
    }
    guard escaped.unicodeScalars.contains(where: forbidden) else { return escaped }
    var scalars = String.UnicodeScalarView()
    for scalar in escaped.unicodeScalars { scalars.append(forbidden(scalar) ? "\u{FFFD}" : scalar) }
    return String(scalars)
}
