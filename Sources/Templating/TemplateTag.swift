import RunwayText
import Foundation

/// A tag of a Mustache template (`{{ page.title }}`, `{{> partials/footer.html }}`,
/// `{{# empty(page.tags) }}`), as Runway's check of a template reads it: where it is, which
/// template it names, which values and transforms. swift-mustache keeps its own tokens to itself,
/// and renders a missing partial or an unknown transform as nothing, so Runway reads the tags.
struct TemplateTag: Sendable {
    /// `#`, `^`, `/`, `$`, `<`, `>`, `&`, `{`, or `` for a variable.
    var kind: String
    /// The tag's text without its braces and kind, trimmed.
    var content: String
    var file: String
    var position: SourcePosition

    /// The template a partial (`>`) or parent (`<`) tag names.
    var reference: String? {
        kind == ">" || kind == "<" ? content : nil
    }

    /// The transforms a value tag applies, outermost first: `empty` and `first` in `empty(first(a))`.
    var transforms: [String] {
        guard ["", "&", "{", "#", "^"].contains(kind) else { return [] }
        return content.split(separator: "(", omittingEmptySubsequences: false).dropLast().map {
            String($0.trimmingCharacters(in: .whitespaces))
        }
    }

    /// The value paths a tag names: `page.date` in `{{# empty(page.date) }}`; none for a text
    /// written in the tag (`asset("js/app.js")`).
    var names: [String] {
        guard ["", "&", "{", "#", "^", "/"].contains(kind), literal == nil else { return [] }
        let inner = content.split(separator: "(").last ?? ""
        let name = inner.prefix { $0 != ")" }.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? [] : [name]
    }

    /// The text a tag writes between double quotes as its value: `js/app.js` in `{{asset("js/app.js")}}`.
    var literal: String? {
        guard ["", "&", "{", "#", "^", "/"].contains(kind), let open = content.firstIndex(of: "\""),
              let close = content.lastIndex(of: "\""), open < close else { return nil }
        return String(content[content.index(after: open)..<close])
    }

    /// The static file an `asset` or `integrity` tag names, as the output has it (`js/app.js`).
    var asset: String? {
        guard let literal, transforms.contains(where: { $0 == "asset" || $0 == "integrity" }) else { return nil }
        return TemplateFilters.assetPath(literal)
    }

    func diagnostic(_ message: String) -> Diagnostic {
        Diagnostic(.error, "template error: \(message)", path: file, position: position)
    }

    /// Every tag of a template's text; an error for a tag that is not closed and for a change of
    /// delimiters (`{{=<% %>=}}`), which Runway's check does not follow.
    static func tags(in text: String, file: String) throws(Diagnostic) -> [TemplateTag] {
        var tags: [TemplateTag] = []
        let bytes = Array(text.utf8)
        var index = 0, line = 1, lineStart = 0
        // The column of the last position asked for on this line: the next counts on from it, so
        // that a line of many tags is read once, not once per tag.
        var counted = (offset: 0, column: 1)
        func position(_ offset: Int) -> SourcePosition {
            if counted.offset < lineStart || counted.offset > offset { counted = (lineStart, 1) }
            counted = (offset, counted.column + String(decoding: bytes[counted.offset..<offset], as: UTF8.self).count)
            return SourcePosition(line: line, column: counted.column)
        }
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let start = position(index)
            let triple = index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: "{")
            let close = Array((triple ? "}}}" : "}}").utf8)
            var end = index + (triple ? 3 : 2)
            while end + close.count <= bytes.count, !bytes[end..<end + close.count].elementsEqual(close) { end += 1 }
            guard end + close.count <= bytes.count else {
                throw Diagnostic(.error, "template error: a tag opened here is not closed with \(triple ? "}}}" : "}}")", path: file, position: start)
            }
            var inner = String(decoding: bytes[(index + (triple ? 3 : 2))..<end], as: UTF8.self)
            var kind = triple ? "{" : ""
            if !triple, let first = inner.first, "#^/$<>&!=".contains(first) {
                kind = String(first)
                inner.removeFirst()
            }
            if kind == "=" {
                throw Diagnostic(.error, "template error: Runway's templates keep Mustache's {{ }} delimiters (a change of delimiters is not followed)",
                                 path: file, position: start)
            }
            if kind != "!" {
                tags.append(TemplateTag(kind: kind, content: inner.trimmingCharacters(in: .whitespacesAndNewlines), file: file, position: start))
            }
            // Newlines inside the tag (a long comment) still count.
            for offset in index..<(end + close.count) where bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            }
            index = end + close.count
        }
        try checkSections(tags)
        return tags
    }

    /// Whether a space is inside the tag's name or transforms (`slugify( x )`, `a b`), which the
    /// engine cannot read; spaces around them are fine.
    var holdsSpace: Bool {
        kind != "!" && content.contains { $0.isWhitespace }
    }

    /// What is wrong with a tag that ``holdsSpace``, and how it is written instead when only spaces
    /// around parentheses are the trouble.
    var spaceProblem: String { Self.spaceProblem(kind: kind, content: content) }

    /// What is wrong with a tag of `kind` whose content (trimmed) holds a space.
    static func spaceProblem(kind: String, content: String) -> String {
        // The tag as written, braces and kind, around `inner`.
        let tag = { (inner: String) in kind == "{" ? "{{{\(inner)}}}" : "{{\(kind)\(inner)}}" }
        let compact = content.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " (", with: "(").replacingOccurrences(of: " )", with: ")")
        guard !compact.contains(" ") else { return "\(tag(content)) holds a space inside a name, which cannot have one" }
        return "\(tag(content)) holds a space inside its parentheses: write \(tag(compact))"
    }

    /// Whether the tag opens a section (`{{#…}}`, `{{^…}}`, `{{$…}}`, `{{<…}}`), which a `{{/…}}` closes.
    var opensSection: Bool { ["#", "^", "$", "<"].contains(kind) }

    /// How deep sections may nest: swift-mustache parses and renders them by recursion, and 5,000
    /// levels overflowed its stack (a crash, not a diagnostic).
    static let deepestSections = 100

    /// How deep sections may nest through the partials and parents a template includes, each
    /// file within ``deepestSections``: a chain of 100 partials of 99 levels each crashed a build.
    /// Themes nest a few levels; each level is a level of the renderer's recursion.
    static let deepestThroughTemplates = 300

    /// How deep templates may include one another (a partial that includes a partial…, a parent's
    /// parent): rendering goes down a level for each, and a chain of 10,000 partials overflowed
    /// the stack. Themes use a few levels.
    static let deepestInclusion = 100

    /// Each section (`{{#…}}`, `{{^…}}`, `{{$…}}`, `{{<…}}`) closed by a `{{/…}}` of its name, in
    /// order: an error at the opening tag of one left open, at the closing tag of one closed out of
    /// order, and at one nested deeper than ``deepestSections``. (swift-mustache only says that
    /// something is open when it reaches the file's end.)
    private static func checkSections(_ tags: [TemplateTag]) throws(Diagnostic) {
        var open: [TemplateTag] = []
        for tag in tags {
            if tag.opensSection {
                guard open.count < deepestSections else {
                    throw tag.diagnostic("sections nest deeper than \(deepestSections) levels here")
                }
                open.append(tag)
            } else if tag.kind == "/" {
                guard let last = open.popLast() else {
                    throw tag.diagnostic("{{/\(tag.content)}} closes a section that was never opened")
                }
                guard last.content == tag.content else {
                    throw tag.diagnostic("{{/\(tag.content)}} closes {{\(last.kind)\(last.content)}} (line \(last.position.line)), "
                                         + "which must be closed with {{/\(last.content)}} first")
                }
            }
        }
        if let unclosed = open.last {
            throw unclosed.diagnostic("{{\(unclosed.kind)\(unclosed.content)}} is not closed: end it with {{/\(unclosed.content)}}")
        }
    }
}
