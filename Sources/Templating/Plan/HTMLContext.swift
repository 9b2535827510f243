/// Where in HTML a template's value is written, as the template's own text before it has it: the
/// value is escaped for that place (Go's `html/template` does this; Mustache writes every value
/// the same way, which let `href="{{page.params.link}}"` carry `javascript:` in safe mode, and a
/// title ending in a backslash break the script it was in).
enum ValueContext: Sendable, Equatable {
    /// Text, or an attribute's value that is not a URL or a script: HTML-escaped.
    case html
    /// A URL attribute's value (`href`, `src`…): HTML-escaped; in safe mode a value that begins it
    /// (`atStart`) with a dangerous scheme (`javascript:`…) is not written, as Markdown's links.
    case url(atStart: Bool)
    /// Inside a `<script>` element, or an event handler attribute's value (`onclick`), in its code:
    /// the value as a JSON literal (a string in quotes).
    case script
    /// Inside a string or a comment of such a script: the value's characters escaped as a string's
    /// (`\u0022`…), without quotes.
    case scriptString
    /// `quoted` false: an attribute's value without quotes, where a space or `=` would end it
    /// and start another attribute; those are escaped too.
    indirect case attribute(ValueContext, quoted: Bool)
}

/// A small HTML tokenizer over a template's text (its tags left out), enough to tell where a value
/// falls: text, a tag, an attribute's name or value, a comment, a `<script>` or `<style>` element,
/// and inside a script a string or a comment.
struct HTMLContextTracker {
    private enum State: Equatable {
        case text
        case tagOpen
        case tagName(end: Bool)
        case inTag
        case attributeName
        case afterAttributeName
        case beforeValue
        case value(quote: UInt8?)
        case markup
        case comment
        case rawText
    }

    private var state = State.text
    private var name: [UInt8] = []
    private var tag: [UInt8] = []
    private var attribute: [UInt8] = []
    /// Bytes of the attribute value so far (a value written counts as one).
    private var valueLength = 0
    /// In a script element or an event handler's value: where its code is.
    private var script = ScriptState()
    /// The element whose text is raw (`script`, `style`), and how much of its end tag was seen.
    private var rawElement: [UInt8] = []
    private var rawEnd = 0
    private var dashes = 0

    /// Attributes whose value is a URL.
    static let urlAttributes: Set<[UInt8]> = Set(["href", "src", "action", "formaction", "cite", "poster", "background", "longdesc",
                                                   "manifest", "icon", "codebase", "data", "xlink:href", "ping"].map { Array($0.utf8) })

    /// The context a value written now falls in.
    var context: ValueContext {
        switch state {
        case .value(let quote):
            return .attribute(attributeContext(atStart: valueLength == 0), quoted: quote != nil)
        case .beforeValue:
            return .attribute(attributeContext(atStart: true), quoted: false)
        case .rawText where rawElement == Array("script".utf8):
            return script.inString ? .scriptString : .script
        default:
            return .html
        }
    }

    private func attributeContext(atStart: Bool) -> ValueContext {
        if Self.urlAttributes.contains(attribute) { return .url(atStart: atStart) }
        if attribute.starts(with: Array("on".utf8)) { return script.inString ? .scriptString : .script }
        return .html
    }

    /// A value was written where the tracker is: in a value, it makes the value longer (so a value
    /// after it does not begin a URL), and an unquoted value begins.
    mutating func wroteValue() {
        switch state {
        case .value: valueLength += 1
        case .beforeValue:
            state = .value(quote: nil)
            valueLength = 1
        default: break
        }
    }

    /// Reads the template's text between two tags.
    mutating func feed(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes { feed(byte) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    private mutating func feed(_ byte: UInt8) {
        switch state {
        case .text:
            if byte == 0x3C { state = .tagOpen }
        case .tagOpen:
            if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) {
                name = [Self.lowered(byte)]
                state = .tagName(end: false)
            } else if byte == 0x2F {
                name = []
                state = .tagName(end: true)
            } else if byte == 0x21 {
                dashes = 0
                state = .markup
            } else if byte == 0x3F {
                state = .markup
                dashes = -1
            } else {
                state = .text
            }
        case .tagName(let end):
            if Self.isSpace(byte) || byte == 0x2F {
                tag = end ? [] : name
                state = .inTag
            } else if byte == 0x3E {
                tag = end ? [] : name
                endTag()
            } else {
                name.append(Self.lowered(byte))
            }
        case .inTag:
            if byte == 0x3E { endTag() } else if !Self.isSpace(byte) && byte != 0x2F {
                attribute = [Self.lowered(byte)]
                state = .attributeName
            }
        case .attributeName:
            if Self.isSpace(byte) { state = .afterAttributeName } else if byte == 0x3D { beginValue() } else if byte == 0x3E { endTag() } else if byte == 0x2F {
                state = .inTag
            } else {
                attribute.append(Self.lowered(byte))
            }
        case .afterAttributeName:
            if byte == 0x3D { beginValue() } else if byte == 0x3E { endTag() } else if !Self.isSpace(byte) && byte != 0x2F {
                attribute = [Self.lowered(byte)]
                state = .attributeName
            }
        case .beforeValue:
            if Self.isSpace(byte) { return }
            if byte == 0x22 || byte == 0x27 {
                state = .value(quote: byte)
            } else if byte == 0x3E {
                endTag()
            } else {
                state = .value(quote: nil)
                valueByte(byte)
            }
        case .value(let quote):
            if let quote, byte == quote {
                state = .inTag
            } else if quote == nil && Self.isSpace(byte) {
                state = .inTag
            } else if quote == nil && byte == 0x3E {
                endTag()
            } else {
                valueByte(byte)
            }
        case .markup:
            // `<!--…-->` a comment; `<!DOCTYPE…>`, `<?…>` up to the next `>`.
            if dashes >= 0 && byte == 0x2D {
                dashes += 1
                if dashes == 2 {
                    state = .comment
                    dashes = 0
                }
            } else if byte == 0x3E {
                state = .text
            } else {
                dashes = -1
            }
        case .comment:
            if byte == 0x3E && dashes >= 2 { state = .text }
            dashes = byte == 0x2D ? dashes + 1 : 0
        case .rawText:
            // The element ends at `</name`, in any case.
            let end = [0x3C, 0x2F] + rawElement
            if Self.lowered(byte) == end[rawEnd] {
                rawEnd += 1
                if rawEnd == end.count {
                    rawEnd = 0
                    name = rawElement
                    state = .tagName(end: true)
                    return
                }
            } else {
                // What looked like the end tag's start was the script's.
                for earlier in end.prefix(rawEnd) where rawElement == Array("script".utf8) { script.feed(earlier) }
                rawEnd = Self.lowered(byte) == end[0] ? 1 : 0
                if rawEnd == 0, rawElement == Array("script".utf8) { script.feed(byte) }
            }
        }
    }

    private mutating func beginValue() {
        state = .beforeValue
        valueLength = 0
        script = ScriptState()
    }

    private mutating func valueByte(_ byte: UInt8) {
        valueLength += 1
        if attribute.starts(with: Array("on".utf8)) { script.feed(byte) }
    }

    private mutating func endTag() {
        if tag == Array("script".utf8) || tag == Array("style".utf8) {
            rawElement = tag
            rawEnd = 0
            script = ScriptState()
            state = .rawText
        } else {
            state = .text
        }
        tag = []
    }
}

/// Where a script's code is: in code, in a string (`'`, `"` or a template literal), or in a comment.
struct ScriptState: Equatable {
    private var quote: UInt8?
    private var escaped = false
    private var lineComment = false
    private var blockComment = false
    private var previous: UInt8 = 0

    /// Whether what comes next is inside a string or a comment.
    var inString: Bool { quote != nil || lineComment || blockComment }

    mutating func feed(_ byte: UInt8) {
        let before = previous
        previous = byte
        if let open = quote {
            if escaped {
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else if byte == open {
                quote = nil
            }
        } else if lineComment {
            if byte == 0x0A { lineComment = false }
        } else if blockComment {
            if before == 0x2A && byte == 0x2F { blockComment = false }
        } else if byte == 0x22 || byte == 0x27 || byte == 0x60 {
            quote = byte
        } else if before == 0x2F && byte == 0x2F {
            lineComment = true
        } else if before == 0x2F && byte == 0x2A {
            blockComment = true
            // `/*/` does not end it: the `*` that opened it is not its close's.
            previous = 0
        }
    }
}
