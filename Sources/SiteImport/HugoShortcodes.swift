import Foundation
import RunwayText

/// Hugo's shortcodes in a page's body, as Runway writes the same thing: `figure` the default
/// theme's `figure` component (an image, when it has no caption), `highlight` a fenced code block
/// with its options, `ref` and `relref` the content file's path, `param` its value, `details` its
/// `details` component (a `<details>` element, or a bold summary without raw HTML, when its text
/// is more than a paragraph), `youtube`, `vimeo` and `gist` their components; an escaped
/// `{{</* … */>}}` the shortcode's text. Hugo runs shortcodes in code too, and so do these. The
/// rest (`x`, `instagram`, inline shortcodes, a theme's own) stay as they are, each a finding.
enum HugoShortcodes {
    /// A shortcode's tag: `{{< name args >}}` or `{{% name args %}}`, a closing `{{< /name >}}`,
    /// from `start` to `end` in the body.
    struct Tag {
        var start: Int
        var end: Int
        var name: String
        var arguments: CallArguments
        var isClosing: Bool
        var isSelfClosing: Bool
    }

    static func convert(_ page: inout PageText, context: ConversionContext, findings: inout [ImportFinding], converted: inout [String: Int]) {
        var scanner = BodyScanner(page.body, firstLine: page.bodyFirstLine)
        // The paired shortcodes converted so far whose closing tag is to come (`details`).
        var open: [String] = []
        var log = UnconvertedLog()
        while !scanner.isAtEnd {
            let offset = scanner.offset
            guard scanner.has("{{<", at: offset) || scanner.has("{{%", at: offset) else {
                scanner.keep()
                continue
            }
            let percent = scanner.has("{{%", at: offset)
            // `{{</* figure */>}}`: the shortcode's text, shown as it is.
            if scanner.has(percent ? "{{%/*" : "{{</*", at: offset), let close = scanner.find(percent ? "*/%}}" : "*/>}}", from: offset) {
                let inner = scanner.text(offset + 5, close)
                let literal = (percent ? "{{%" : "{{<") + inner + (percent ? "%}}" : ">}}")
                converted["escaped shortcode", default: 0] += 1
                scanner.offset = close + 5
                scanner.writeLiteral(literal, at: offset)
                continue
            }
            guard let tag = Self.tag(at: offset, in: scanner) else {
                scanner.keep()
                continue
            }
            let line = scanner.line(at: offset)
            if tag.isClosing {
                if let index = open.lastIndex(of: tag.name) {
                    open.remove(at: index)
                    scanner.replace(upTo: tag.end, with: ["details", "collapse"].contains(tag.name) ? (context.unsafe ? "\n</details>" : "") : "")
                } else {
                    scanner.keep(upTo: tag.end)
                }
                continue
            }
            if let done = Self.conversion(of: tag, in: scanner, context: context, line: line) {
                converted["{{< \(tag.name) >}}", default: 0] += 1
                scanner.replace(upTo: done.end, with: done.text)
                if let note = done.note { findings.append(ImportFinding(file: context.file, line: line, kind: .converted, message: note)) }
                if let name = done.opens { open.append(name) }
                continue
            }
            if tag.name == "ref" || tag.name == "relref" {
                log.add("{{< \(tag.name) \"\(tag.arguments.value("path", or: 0) ?? "")\" >}}", line: line, "names no content file; left as it was")
            } else {
                // Its closing tag stays too.
                log.add("the shortcode {{\(percent ? "%" : "<") \(tag.name) \(percent ? "%" : ">")}}", line: line,
                        "has no Runway form yet; left as it was (runway check warns at it)")
            }
            scanner.keep(upTo: tag.end)
        }
        page.body = scanner.result
        findings += log.findings(file: context.file)
    }

    /// What a converted shortcode becomes: the text in place of the body up to `end`, what the
    /// report says of what is lost, and the name of a paired shortcode whose closing tag is to be
    /// converted too.
    struct Conversion {
        var end: Int
        var text: String
        var note: String?
        var opens: String?
    }

    /// `tag` converted, or `nil` when Runway has no form for it (or its arguments are not ones
    /// it can read).
    static func conversion(of tag: Tag, in scanner: BodyScanner, context: ConversionContext, line: Int) -> Conversion? {
        switch tag.name {
        case "highlight":
            guard let closing = Self.closing(of: tag, in: scanner) else { return nil }
            let code = scanner.text(tag.end, closing.start).replacingOccurrences(of: "{{</*", with: "{{<")
                .replacingOccurrences(of: "*/>}}", with: ">}}")
            let options = CodeFence.hugoOptions(tag.arguments.value("options", or: 1) ?? "")
            return Conversion(end: closing.end, text: CodeFence.block(language: tag.arguments.value("lang", or: 0), options: options, code: code))
        case "figure":
            guard let source = tag.arguments.value("src") else { return nil }
            let alt = tag.arguments.value("alt") ?? tag.arguments.value("title") ?? ""
            let title = tag.arguments.value("title").map { " \"\(Self.escapedTitle($0))\"" } ?? ""
            if let written = tag.arguments.value("caption") ?? tag.arguments.value("title") {
                // Hugo's `attr` is the credit, `attrlink` where it leads (the component's credit is text).
                // A link in the caption becomes its text, and the report says where it led.
                let (caption, links) = Self.unlinked(written)
                return Conversion(end: tag.end, text: ComponentText.call("figure", label: Self.escapedText(caption), [
                    ("src", .text(source)), ("alt", .text(tag.arguments.value("alt") ?? caption.filter { $0 != "*" && $0 != "_" })),
                    ("credit", tag.arguments.value("attr").map { .text($0) }), ("link", tag.arguments.value("link").map { .text($0) }),
                ]), note: links.isEmpty ? nil
                    : "{{< figure >}}'s caption links (\(links.joined(separator: ", "))) became their text: a component's text holds no link")
            }
            var image = "![\(Self.escapedText(alt))](\(Self.destination(source))\(title))"
            if let link = tag.arguments.value("link") { image = "[\(image)](\(Self.destination(link)))" }
            if let credit = tag.arguments.value("attr") { image += "\\\n*\(credit)*" }
            return Conversion(end: tag.end, text: image)
        case "youtube", "vimeo", "gist":
            guard let call = Self.embed(tag) else { return nil }
            return Conversion(end: tag.end, text: call)
        case "ref", "relref":
            guard let target = tag.arguments.value("path", or: 0), let resolved = context.resolve(target) else { return nil }
            return Conversion(end: tag.end, text: resolved)
        case "param":
            let siteParams: [String: AttributeValue] = if case .object(let fields)? = context.site["params"] { fields } else { [:] }
            guard let key = tag.arguments.value("name", or: 0),
                  let value = ConversionContext.text(at: key, in: context.page) ?? ConversionContext.text(at: key, in: siteParams)
            else { return nil }
            return Conversion(end: tag.end, text: value)
        case "audio", "video":
            // Themes' own (PaperMod's): a file and its caption.
            guard let source = tag.arguments.value("src") else { return nil }
            let caption = tag.arguments.value("caption") ?? (source as NSString).lastPathComponent
            return Conversion(end: tag.end, text: ComponentText.call(tag.name, label: Self.escapedText(caption), [
                ("src", .text(source)), ("poster", tag.name == "video" ? tag.arguments.value("poster").map { .text($0) } : nil),
            ]), note: "{{< \(tag.name) >}}, a theme's shortcode, became the default theme's \(tag.name) component (its src and caption)")
        case "details", "collapse":
            guard !tag.isSelfClosing, let closing = Self.closing(of: tag, in: scanner) else { return nil }
            // A summary in bold or emphasis (PaperMod's `**Expand**`) is its text: a summary is not Markdown.
            let summary = (tag.arguments.value("summary") ?? "Details").trimmingCharacters(in: CharacterSet(charactersIn: "*_"))
            let text = scanner.text(tag.end, closing.start).trimmingCharacters(in: .whitespacesAndNewlines)
            // A paragraph of text is the component's; more (blocks, code) stays a <details> of raw HTML.
            if !text.isEmpty, !text.contains("\n\n"), !text.contains("```"), !text.contains("{{") {
                return Conversion(end: closing.end, text: ComponentText.call("details", label: text.replacingOccurrences(of: "\n", with: " "), [
                    ("summary", .text(summary)), ("open", tag.arguments.value("open") == "true" ? .flag(true) : nil),
                ]))
            }
            guard context.unsafe else {
                return Conversion(end: tag.end, text: "**\(summary)**\n", note: "{{< \(tag.name) >}} became its summary in bold and its text: "
                                  + "without [markdown] unsafe there is no <details>", opens: tag.name)
            }
            let isOpen = tag.arguments.value("open") == "true" || tag.arguments.value("openByDefault") == "true" ? " open" : ""
            return Conversion(end: tag.end, text: "<details\(isOpen)><summary>\(summary)</summary>\n", opens: tag.name)
        default:
            return nil
        }
    }

    /// The shortcode tag at `offset`, or `nil` when the text there is not one.
    static func tag(at offset: Int, in scanner: BodyScanner) -> Tag? {
        let percent = scanner.has("{{%", at: offset)
        guard let close = scanner.find(percent ? "%}}" : ">}}", from: offset + 3) else { return nil }
        var inner = scanner.text(offset + 3, close).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !inner.isEmpty, !inner.contains("{{") else { return nil }
        let isClosing = inner.hasPrefix("/")
        if isClosing { inner = String(inner.dropFirst()).trimmingCharacters(in: .whitespaces) }
        let isSelfClosing = inner.hasSuffix("/")
        if isSelfClosing { inner = String(inner.dropLast()).trimmingCharacters(in: .whitespaces) }
        let nameEnd = inner.firstIndex(where: \.isWhitespace) ?? inner.endIndex
        let name = String(inner[..<nameEnd])
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._-/".contains($0) }) else { return nil }
        return Tag(start: offset, end: close + 3, name: name, arguments: CallArguments(String(inner[nameEnd...])), isClosing: isClosing,
                   isSelfClosing: isSelfClosing)
    }

    /// The closing tag of `tag` (`{{< /highlight >}}`, either delimiter), past any of the same
    /// name nested in it.
    static func closing(of tag: Tag, in scanner: BodyScanner) -> Tag? {
        var depth = 0
        var offset = tag.end
        while let next = [scanner.find("{{<", from: offset), scanner.find("{{%", from: offset)].compactMap({ $0 }).min() {
            if let found = Self.tag(at: next, in: scanner), found.name == tag.name {
                if found.isClosing {
                    if depth == 0 { return found }
                    depth -= 1
                } else if !found.isSelfClosing {
                    depth += 1
                }
                offset = found.end
            } else {
                offset = next + 3
            }
        }
        return nil
    }

    /// The component of what `youtube`, `vimeo` or `gist` embeds.
    static func embed(_ tag: Tag) -> String? {
        switch tag.name {
        case "youtube":
            guard let id = tag.arguments.value("id", or: 0) else { return nil }
            return ComponentText.call("youtube", label: Self.escapedText(tag.arguments.value("title") ?? "YouTube video"), [
                ("id", .text(id)), ("start", tag.arguments.value("start").flatMap(Int.init).map { .number($0) }),
            ])
        case "vimeo":
            guard let id = tag.arguments.value("id", or: 0) else { return nil }
            return ComponentText.call("vimeo", label: Self.escapedText(tag.arguments.value("title") ?? "Vimeo video"), [("id", .text(id))])
        default:
            guard let user = tag.arguments.value("user", or: 0), let id = tag.arguments.value("id", or: 1) else { return nil }
            return ComponentText.call("gist", label: "Gist \(Self.escapedText(user))/\(id)", [
                ("user", .text(user)), ("id", .text(id)), ("file", tag.arguments.value("file", or: 2).map { .text($0) }),
            ])
        }
    }

    /// A link's text with what Markdown would read as syntax escaped.
    /// `text` with each Markdown link (`[Jr Korpa](https://…)`) as its text, and the links as
    /// `text → URL`: a component's text is a span's, and CommonMark's links do not nest.
    static func unlinked(_ text: String) -> (text: String, links: [String]) {
        let pattern = try! NSRegularExpression(pattern: #"\[([^\[\]]*)\]\(\s*<?([^()\s>]*)>?(?:\s+"[^"]*")?\s*\)"#)
        let range = NSRange(text.startIndex..., in: text)
        let links = pattern.matches(in: text, range: range).map { match in
            String(text[Range(match.range(at: 1), in: text)!]) + " → " + String(text[Range(match.range(at: 2), in: text)!])
        }
        return (pattern.stringByReplacingMatches(in: text, range: range, withTemplate: "$1"), links)
    }

    static func escapedText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }

    static func escapedTitle(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// A link's destination as Markdown takes it: in `<…>` when it has spaces or parentheses.
    static func destination(_ url: String) -> String {
        url.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) ? "<\(url)>" : url
    }
}
