import Foundation

/// kramdown's `markdown="1"` on an HTML block (`<div class="note" markdown="1">`), which tells it
/// to read Markdown inside: CommonMark, and Runway, read Markdown inside an HTML block when blank
/// lines set it apart, so the attribute goes and the blank lines come (10 blocks of
/// jekyllrb.com's upgrading guide showed their Markdown raw).
enum KramdownBlocks {
    static func convert(_ page: inout PageText, file: String, findings: inout [ImportFinding], converted: inout [String: Int]) {
        var lines = page.body.components(separatedBy: "\n")
        var log = UnconvertedLog()
        var fence = FenceTracker()
        var index = 0
        var changed = false
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if fence.isCode(trimmed) {
                index += 1
                continue
            }
            guard let attribute = Self.attribute(in: trimmed) else {
                index += 1
                continue
            }
            let line = page.bodyFirstLine + index
            // A tag alone on its line (`<div class="note" markdown="1">`), closed on a line of its own.
            guard trimmed.hasPrefix("<"), trimmed.hasSuffix(">"), !trimmed.hasSuffix("/>"),
                  let name = Self.tagName(trimmed), let close = Self.closingLine(of: name, after: index, in: lines) else {
                log.add("kramdown's markdown=\"1\" on HTML", line: line,
                        "asks kramdown to read Markdown inside the element, which Runway does when blank lines set the Markdown apart "
                        + "(the opening and the closing tag each on a line of its own); left as it was")
                index += 1
                continue
            }
            lines[index] = lines[index].replacingOccurrences(of: attribute, with: "")
            lines.insert("", at: close)
            lines.insert("", at: index + 1)
            converted["markdown=\"1\" on an HTML block", default: 0] += 1
            changed = true
            index += 2
        }
        if changed { page.body = lines.joined(separator: "\n") }
        findings += log.findings(file: file)
    }

    /// ` markdown="1"` (or `block`, `span`, single quotes), as written in `line`'s tag.
    static func attribute(in line: String) -> String? {
        guard line.contains("<"), let range = line.range(of: #"\s+markdown=["']?(1|block|span)["']?"#, options: .regularExpression) else { return nil }
        return String(line[range])
    }

    /// The element name of a line that opens one (`div` for `<div class="note">`).
    private static func tagName(_ line: String) -> String? {
        let name = line.dropFirst().prefix { $0.isLetter || $0.isNumber }
        return name.isEmpty ? nil : name.lowercased()
    }

    /// The line that closes the element `name` opened on line `index`: `</name>` alone on it, at
    /// the same depth (inner elements of the same name counted).
    private static func closingLine(of name: String, after index: Int, in lines: [String]) -> Int? {
        var depth = 1
        for next in lines.indices.dropFirst(index + 1) {
            let text = lines[next].lowercased()
            let opens = text.components(separatedBy: "<" + name).count - 1
            let closes = text.components(separatedBy: "</" + name).count - 1
            depth += opens - closes
            if closes > 0 && depth <= 0 {
                return text.trimmingCharacters(in: .whitespaces) == "</\(name)>" ? next : nil
            }
        }
        return nil
    }
}
