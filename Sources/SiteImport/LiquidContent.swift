import Foundation
import RunwayText

/// Jekyll's Liquid in a page's body, as Runway writes the same thing: `{% raw %}` the text it
/// keeps from running, `{% comment %}` nothing, `{% highlight %}` a fenced code block, `{% link %}`
/// and `{% post_url %}` the content file's path, `{{ site.X }}` and `{{ page.X }}` their values
/// (a `relative_url` or `absolute_url` filter the path, or the site's URL and the path). Liquid
/// runs in code too, and so do these. The rest (`include`, loops, conditions, assignments,
/// other filters) stay as they are, each a finding.
enum LiquidContent {
    static func convert(_ page: inout PageText, context: ConversionContext, findings: inout [ImportFinding], converted: inout [String: Int]) {
        var scanner = BodyScanner(page.body, firstLine: page.bodyFirstLine)
        var log = UnconvertedLog()
        func unconverted(_ what: String, line: Int, _ reason: String) {
            log.add(what, line: line, "\(reason); left as it was (runway check warns at it)")
        }
        while !scanner.isAtEnd {
            let offset = scanner.offset
            let line = scanner.line(at: offset)
            if scanner.has("{%", at: offset), let tag = Self.tag(at: offset, in: scanner, open: "{%", close: "%}") {
                let words = tag.content.split(whereSeparator: \.isWhitespace).map(String.init)
                let name = words.first ?? ""
                let closing = ["raw": "endraw", "comment": "endcomment", "highlight": "endhighlight"][name]
                let end = closing.flatMap { Self.find(tag: $0, in: scanner, from: tag.end) }
                if closing != nil, end == nil {
                    unconverted("the Liquid tag {% \(name) %}", line: line, "is never closed")
                    scanner.keep(upTo: tag.end)
                    continue
                }
                if ["raw", "comment", "highlight"].contains(name) { converted["{% \(name) %}", default: 0] += 1 }
                switch name {
                case "raw":
                    scanner.offset = end!.end
                    scanner.writeLiteral(scanner.text(tag.end, end!.start), at: tag.end)
                case "comment":
                    scanner.replace(upTo: end!.end, with: "")
                case "highlight":
                    var options: [(String, String)] = []
                    for word in words.dropFirst(2) {
                        if word == "linenos" { options.append(("linenos", "true")) }
                        if word.hasPrefix("mark_lines=") { options.append(("hl_lines", String(word.dropFirst("mark_lines=".count)))) }
                    }
                    scanner.replace(upTo: end!.end, with: CodeFence.block(language: words.count > 1 ? words[1] : nil, options: options,
                                                                         code: scanner.text(tag.end, end!.start)))
                case "link", "post_url":
                    let argument = words.dropFirst().joined(separator: " ")
                    let target = name == "post_url" ? "_posts/" + argument : argument
                    if let resolved = context.resolve(target.hasPrefix("/") ? target : "/" + target) {
                        converted["{% \(name) %}", default: 0] += 1
                        scanner.replace(upTo: tag.end, with: resolved)
                    } else {
                        log.add("{% \(name) \(argument) %}", line: line, "names no content file; left as it was")
                        scanner.keep(upTo: tag.end)
                    }
                default:
                    let what = name.hasPrefix("end") ? "" : "the Liquid tag {% \(name) %}"
                    if !what.isEmpty { unconverted(what, line: line, name == "include" ? "includes a template, which Runway does not run in content" : "is a template's logic, which Runway does not run in content") }
                    scanner.keep(upTo: tag.end)
                }
                continue
            }
            if scanner.has("{{", at: offset), let tag = Self.tag(at: offset, in: scanner, open: "{{", close: "}}") {
                if let value = Self.value(of: tag.content, context: context) {
                    let parts = tag.content.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                    let subject = parts.first.map { $0.hasPrefix("'") || $0.hasPrefix("\"") ? "'…'" : $0 } ?? ""
                    converted["{{ " + ([subject] + parts.dropFirst()).joined(separator: " | ") + " }}", default: 0] += 1
                    // A quoted text is printed as it is: `{{ "{{" }}` shows `{{`.
                    if parts.count == 1, subject == "'…'" {
                        scanner.offset = tag.end
                        scanner.writeLiteral(value, at: tag.start)
                    } else {
                        scanner.replace(upTo: tag.end, with: value)
                    }
                } else {
                    unconverted("the Liquid value {{ \(tag.content) }}", line: line, "has no value the import can give")
                    scanner.keep(upTo: tag.end)
                }
                continue
            }
            scanner.keep()
        }
        page.body = scanner.result
        findings += log.findings(file: context.file)
    }

    /// A tag from `start` to `end`, its content without the delimiters, whitespace control
    /// (`{%-`, `-%}`) or the spaces inside.
    struct Tag {
        var start: Int
        var end: Int
        var content: String
    }

    static func tag(at offset: Int, in scanner: BodyScanner, open: String, close: String) -> Tag? {
        guard let end = scanner.find(close, from: offset + 2) else { return nil }
        var content = Substring(scanner.text(offset + 2, end))
        guard !content.contains("\n\n") else { return nil }
        if content.hasPrefix("-") { content = content.dropFirst() }
        if content.hasSuffix("-") { content = content.dropLast() }
        let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return Tag(start: offset, end: end + close.utf8.count, content: trimmed)
    }

    /// The next `{% name %}` tag from `offset`.
    static func find(tag name: String, in scanner: BodyScanner, from offset: Int) -> Tag? {
        var offset = offset
        while let next = scanner.find("{%", from: offset) {
            if let found = tag(at: next, in: scanner, open: "{%", close: "%}"), found.content.split(whereSeparator: \.isWhitespace).first.map(String.init) == name {
                return found
            }
            offset = next + 2
        }
        return nil
    }

    /// What `{{ content }}` prints, when the import knows: a value of the site or the page, a
    /// quoted path through `relative_url` (the path; Runway puts the base path in front) or
    /// `absolute_url` (the site's URL and the path); `nil` for the rest.
    static func value(of content: String, context: ConversionContext) -> String? {
        let parts = content.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let subject = parts.first else { return nil }
        let filters = parts.dropFirst()
        var value: String
        if let quote = subject.first, quote == "'" || quote == "\"", subject.count >= 2, subject.last == quote {
            value = String(subject.dropFirst().dropLast())
        } else if subject.hasPrefix("site.") {
            let key = String(subject.dropFirst("site.".count))
            if key == "baseurl" { value = "" } else if let found = ConversionContext.text(at: key, in: context.site) { value = found } else { return nil }
        } else if subject.hasPrefix("page."), let found = ConversionContext.text(at: String(subject.dropFirst("page.".count)), in: context.page) {
            value = found
        } else {
            return nil
        }
        for filter in filters {
            switch filter {
            case "relative_url":
                if !value.hasPrefix("/"), !value.contains(":") { value = "/" + value }
            case "absolute_url":
                let base = ConversionContext.text(at: "url", in: context.site) ?? ""
                if !value.contains("://") { value = (base.hasSuffix("/") ? String(base.dropLast()) : base) + (value.hasPrefix("/") ? value : "/" + value) }
            default:
                return nil
            }
        }
        return value
    }
}
