import Foundation
import RunwayText

/// Zola's shortcodes in a page's body: an escaped `{{/* … */}}` or `{%/* … */%}` becomes the text
/// it shows, `youtube` and `vimeo` (the shortcodes Zola's themes give) the default theme's
/// components, `gist` a link to it; the rest (a site's own, body shortcodes ending in `{% end %}`) stay as they are,
/// each a finding. Zola reads them in code too, and so do these.
enum ZolaShortcodes {
    static func convert(_ page: inout PageText, context: ConversionContext, findings: inout [ImportFinding], converted: inout [String: Int]) {
        var scanner = BodyScanner(page.body, firstLine: page.bodyFirstLine)
        var log = UnconvertedLog()
        while !scanner.isAtEnd {
            let offset = scanner.offset
            for (open, close) in [("{{/*", "*/}}"), ("{%/*", "*/%}")] where scanner.has(open, at: offset) {
                guard let end = scanner.find(close, from: offset + 4) else { continue }
                let inner = scanner.text(offset + 4, end)
                converted["escaped shortcode", default: 0] += 1
                scanner.offset = end + 4
                scanner.writeLiteral(String(open.prefix(2)) + inner + String(close.suffix(2)), at: offset)
            }
            if scanner.offset != offset { continue }
            guard scanner.has("{{", at: offset) || scanner.has("{%", at: offset), let call = Self.call(at: offset, in: scanner) else {
                scanner.keep()
                continue
            }
            let line = scanner.line(at: offset)
            if let component = Self.embed(call) {
                converted["\(call.name)()", default: 0] += 1
                scanner.replace(upTo: call.end, with: component)
                continue
            }
            log.add("the shortcode \(call.isBody ? "{% " : "{{ ")\(call.name)(…)\(call.isBody ? " %}" : " }}")", line: line,
                    "has no Runway form yet; left as it was (runway check warns at it)")
            scanner.keep(upTo: call.end)
        }
        page.body = scanner.result
        findings += log.findings(file: context.file)
    }

    /// A shortcode call: `{{ name(args) }}`, or `{% name(args) %}` opening a body.
    struct Call {
        var end: Int
        var name: String
        var arguments: CallArguments
        var isBody: Bool
    }

    static func call(at offset: Int, in scanner: BodyScanner) -> Call? {
        let isBody = scanner.has("{%", at: offset)
        guard let end = scanner.find(isBody ? "%}" : "}}", from: offset + 2) else { return nil }
        let inner = scanner.text(offset + 2, end).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let open = inner.firstIndex(of: "("), inner.hasSuffix(")") else { return nil }
        let name = String(inner[..<open])
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let arguments = CallArguments(String(inner[inner.index(after: open)..<inner.index(before: inner.endIndex)]), commas: true)
        return Call(end: end + 2, name: name, arguments: arguments, isBody: isBody)
    }

    /// The default theme's component for `youtube` or `vimeo`, a link for `gist` (Zola's themes
    /// give its whole URL), or `nil` for another shortcode.
    static func embed(_ call: Call) -> String? {
        guard !call.isBody else { return nil }
        switch call.name {
        case "youtube":
            return call.arguments.value("id").map { ComponentText.call("youtube", label: "YouTube video", [("id", .text($0))]) }
        case "vimeo":
            return call.arguments.value("id").map { ComponentText.call("vimeo", label: "Vimeo video", [("id", .text($0))]) }
        case "gist":
            return call.arguments.value("url").map { "[Gist](\($0))" }
        default:
            return nil
        }
    }
}
