package import RunwayText
import Foundation

/// What other generators write in content and Runway does not run: Hugo's shortcodes
/// (`{{< youtube ID >}}`, `{{% note %}}`), Liquid's tags and variables (`{% highlight ruby %}`,
/// `{{ site.url }}`), Zola's shortcodes (`{{ resize_image(…) }}`, escaped `{{/* … */}}`) and
/// kramdown's attribute lists (`{: #id}`) and its `markdown="1"` on HTML. Runway prints them as text; outside code, each kind on a
/// page is a warning at its first place, naming the construct and what Runway has instead (a site
/// moved from Hugo showed 28 shortcodes as text on 8 pages, without a word).
package enum ForeignSyntax {
    /// One kind of construct found on a page: where it first is, and how many there are.
    package struct Finding: Equatable, Sendable {
        package var position: SourcePosition
        package var construct: String
        package var instead: String
        package var count: Int
    }

    /// The warnings for `body` (a page's Markdown, its lines as the file's), leaving out what is
    /// inside `code` (the source ranges of its code spans and blocks).
    package static func warnings(in body: String, code: [SourceRange], path: String) -> [Diagnostic] {
        findings(in: body, code: code).map { finding in
            let more = finding.count > 1 ? " (and \(finding.count - 1) more on this page)" : ""
            return Diagnostic(.warning, "\(finding.construct) is printed as text\(more): \(finding.instead)", path: path, position: finding.position)
        }
    }

    /// Each kind of construct in `body` outside `code`, in the order first found.
    package static func findings(in body: String, code: [SourceRange]) -> [Finding] {
        var found: [Finding] = []
        var index: [String: Int] = [:]
        let bytes = Array(body.utf8)
        var line = 1, lineStart = 0, offset = 0
        // The code ranges (runs', which do not overlap) by end, gone through once as positions
        // move on: the first that ends after a position is the one that may hold it.
        let sortedCode = code.sorted { $0.end < $1.end }
        var nextCode = 0
        func inCode(_ position: SourcePosition) -> Bool {
            while nextCode < sortedCode.count, sortedCode[nextCode].end <= position { nextCode += 1 }
            return nextCode < sortedCode.count && sortedCode[nextCode].start <= position
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A {
                line += 1
                lineStart = offset + 1
                offset += 1
                continue
            }
            // kramdown's `<div markdown="1">`: the tag up to its `>`, on its line.
            if byte == UInt8(ascii: "<"), offset + 1 < bytes.count, (0x61...0x7A).contains(bytes[offset + 1] | 0x20) {
                let tag = String(decoding: bytes[offset..<min(bytes.count, offset + 400)].prefix { $0 != 0x0A && $0 != UInt8(ascii: ">") }, as: UTF8.self)
                let position = SourcePosition(line: line, column: offset - lineStart + 1)
                if tag.range(of: #"\smarkdown=["']?(1|block|span)["']?"#, options: .regularExpression) != nil, !inCode(position) {
                    let construct = "Markdown inside HTML with kramdown's markdown=\"1\""
                    if let known = index[construct] {
                        found[known].count += 1
                    } else {
                        index[construct] = found.count
                        found.append(Finding(position: position, construct: construct,
                                             instead: "Runway reads Markdown inside an HTML block when blank lines set it apart (CommonMark): "
                                                 + "put the opening and closing tags on lines of their own, with blank lines inside, and leave the attribute out",
                                             count: 1))
                    }
                }
                offset += 1
                continue
            }
            guard byte == UInt8(ascii: "{"), offset + 1 < bytes.count,
                  [UInt8(ascii: "{"), UInt8(ascii: "%"), UInt8(ascii: ":")].contains(bytes[offset + 1]) else {
                offset += 1
                continue
            }
            let position = SourcePosition(line: line, column: offset - lineStart + 1)
            if let (seen, length) = construct(at: offset, in: bytes, lineStart: lineStart), !inCode(position) {
                // A closing tag (`{{< /highlight >}}`, `{% endraw %}`) belongs to its opening one.
                guard let kind = seen else {
                    offset += max(length, 1)
                    continue
                }
                if let known = index[kind.group ?? kind.construct] {
                    found[known].count += 1
                } else {
                    index[kind.group ?? kind.construct] = found.count
                    found.append(Finding(position: position, construct: kind.construct, instead: kind.instead, count: 1))
                }
                offset += max(length, 1)
                continue
            }
            offset += 1
        }
        return found
    }

    private struct Kind {
        var construct: String
        var instead: String
        /// What kinds are counted together as: the construct, but one for every template value.
        var group: String?
    }

    /// The construct that starts at `offset` (its `{`), and its length, if one does; no kind for a
    /// closing tag.
    private static func construct(at offset: Int, in bytes: [UInt8], lineStart: Int) -> (Kind?, Int)? {
        let next = bytes[offset + 1]
        let rest = String(decoding: bytes[offset..<min(bytes.count, offset + 400)].prefix { $0 != 0x0A }, as: UTF8.self)
        // Hugo: `{{< name … >}}`, `{{% name … %}}`; escaped `{{</* … */>}}`.
        if next == UInt8(ascii: "{"), rest.hasPrefix("{{<") || rest.hasPrefix("{{%") {
            let percent = rest.hasPrefix("{{%")
            let close = percent ? "%}}" : ">}}"
            guard let end = rest.range(of: close) else { return nil }
            let inner = rest[rest.index(rest.startIndex, offsetBy: 3)..<end.lowerBound].drop { $0 == " " }
            if inner.hasPrefix("/*") {
                return (Kind(construct: "Hugo's escaped shortcode \(percent ? "{{%/* … */%}}" : "{{</* … */>}}")",
                             instead: "Runway shows {{< >}} as written, so write it without /* */"), rest[..<end.upperBound].utf8.count)
            }
            if inner.hasPrefix("/") { return (nil, rest[..<end.upperBound].utf8.count) }
            let name = word(inner)
            guard !name.isEmpty else { return nil }
            return (Kind(construct: "the Hugo shortcode \(percent ? "{{% " : "{{< ")\(name) \(close)", instead: hugoInstead(name)),
                    rest[..<end.upperBound].utf8.count)
        }
        // Liquid and Zola: `{% name … %}`, Zola's `{% name(…) %}` and escaped `{%/* … */%}`.
        if next == UInt8(ascii: "%") {
            guard let end = rest.range(of: "%}") else { return nil }
            let inner = rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound].drop { $0 == " " || $0 == "-" }
            let length = rest[..<end.upperBound].utf8.count
            if inner.hasPrefix("/*") {
                return (Kind(construct: "Zola's escaped shortcode {%/* … */%}", instead: "Runway shows {% %} as written, so write it without /* */"), length)
            }
            let name = word(inner)
            guard !name.isEmpty else { return nil }
            if inner.dropFirst(name.count).hasPrefix("(") {
                return (Kind(construct: "the Zola shortcode {% \(name)(…) %}", instead: zolaInstead), length)
            }
            if name.hasPrefix("end") { return (nil, length) }
            return (Kind(construct: "the Liquid tag {% \(name) %}", instead: liquidInstead(name)), length)
        }
        // Liquid's variables, Zola's calls: `{{ site.url }}`, `{{ resize_image(…) }}`, escaped `{{/* … */}}`.
        if next == UInt8(ascii: "{") {
            guard let end = rest.range(of: "}}") else { return nil }
            let inner = rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound].drop { $0 == " " || $0 == "-" }
            let length = rest[..<end.upperBound].utf8.count
            if inner.hasPrefix("/*") {
                return (Kind(construct: "Zola's escaped shortcode {{/* … */}}", instead: "Runway shows {{ }} as written, so write it without /* */"), length)
            }
            let name = word(inner)
            guard !name.isEmpty, name.first?.isLetter == true else { return nil }
            if inner.dropFirst(name.count).hasPrefix("(") {
                return (Kind(construct: "the Zola shortcode {{ \(name)(…) }}", instead: zolaInstead), length)
            }
            return (Kind(construct: "a template's value, {{ \(name) }},",
                         instead: "Runway does not run templates in content (a template writes values: {{page.params.NAME}}, {{site.params.NAME}})",
                         group: "value"), length)
        }
        // kramdown: `{: #id}`, `{: .class}`, `{:toc}` at the start of a line or after a heading.
        if next == UInt8(ascii: ":"), rest.count > 2, let close = rest.firstIndex(of: "}"),
           [" ", "#", ".", "t"].contains(rest[rest.index(rest.startIndex, offsetBy: 2)]) {
            return (Kind(construct: "a kramdown attribute list ({: …})",
                         instead: "a heading takes its id after its text (## Title {#like-this}), and text takes a class or an attribute as ^[text](name: value)"),
                    rest[...close].utf8.count)
        }
        return nil
    }

    /// The name at the start of a tag's inside: letters, digits, `_`, `-`, `.`, `/`.
    private static func word(_ text: Substring) -> String {
        String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." || $0 == "/" })
    }

    private static let zolaInstead = "Runway has no shortcodes: write what it shows in Markdown (an image: ![alt](src)), or as raw HTML under [markdown] unsafe"

    private static func hugoInstead(_ name: String) -> String {
        switch name {
        case "highlight": "a fenced code block (```LANG, with {hl_lines=[2]} after it)"
        case "figure": "an image with a title, ![alt](src \"caption\")"
        case "ref", "relref": "a link to the page's file, [text](other.md), which Runway turns into the page's URL and checks"
        case "youtube", "vimeo", "gist", "x", "tweet", "twitter", "instagram", "audio", "video":
            "a link to it, or the embed as raw HTML under [markdown] unsafe"
        case "details", "collapse": "<details><summary>…</summary>…</details> as raw HTML under [markdown] unsafe"
        case "param": "nothing in content: a template reads page.params"
        default: "Runway has no shortcodes: write what it shows in Markdown, or as raw HTML under [markdown] unsafe"
        }
    }

    private static func liquidInstead(_ name: String) -> String {
        switch name {
        case "highlight": "a fenced code block (```ruby)"
        case "raw": "take it out (Runway runs no templates in content, and shows what is between {% raw %} and {% endraw %} as written)"
        case "link", "post_url": "a link to the page's file, [text](../posts/2024-01-01-title.md), which Runway turns into the page's URL and checks"
        case "include": "nothing in content: a template includes partials ({{>partials/NAME.html}})"
        default: "Runway runs no templates in content: a template does this"
        }
    }
}
