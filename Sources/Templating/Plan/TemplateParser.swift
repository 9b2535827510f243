import Foundation
import RunwayText

/// Reads a template's text into its ``TemplatePlan``, in one pass over its bytes: time in
/// proportion to its length (swift-mustache measured the distance to the end of the text at
/// every tag: 20,000 tags took 11 s to parse, 200,000 more than ten minutes).
///
/// It reads Mustache as swift-mustache 2.1 did, so that every template renders as it did: a
/// section, comment, partial, parent, block or setting alone on its line (but for spaces and tabs)
/// takes the line with it; a standalone partial or parent is indented as its tag; the lines of a
/// block given to a parent lose the indentation of its first line; after a section, whether the
/// line is taken as new is what its opening tag was. Where that engine lost text silently
/// (`{{` followed by a line break, which it dropped), this is an error. Braces, spaces and tabs
/// are read as bytes (the engine read characters, so a combining mark after one changed it).
struct TemplateParser {
    private let source: TemplateSource
    private let bytes: [UInt8]
    private var index = 0
    /// Where in HTML the text read so far leaves a value, and up to where it was read.
    private var html = HTMLContextTracker()
    private var htmlRead = 0

    /// A parse error at a byte offset of the text.
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// What the parse knows where it is: in which section, parent or block, and whether the line
    /// is new (nothing but spaces before this point).
    private struct State {
        /// The section, parent or block being read: its closing tag must name it.
        var section: (name: String, transforms: [String])?
        var newLine = true
        /// Inside a parent tag (`{{<base.html}}…`): blocks there are the blocks it gives.
        var inParent = false
        /// Right inside a parent tag, where only blocks (and text, which is ignored) may be.
        var parentTopLevel = false
        /// In a block given to a parent: the indentation of its first line, which every line loses.
        var blockIndent: Int?

        func entering(_ name: String, transforms: [String], newLine: Bool) -> State {
            var state = self
            state.section = (name, transforms)
            state.parentTopLevel = false
            state.newLine = state.newLine && newLine
            return state
        }

        func enteringParent(_ name: String) -> State {
            var state = self
            state.section = (name, [])
            state.newLine = true
            state.inParent = true
            state.parentTopLevel = true
            return state
        }
    }

    private init(_ text: String, file: String) {
        bytes = Array(text.utf8)
        source = TemplateSource(file: file, bytes: bytes)
    }

    /// The plan of `text`, or the first error in it at its line and column.
    static func plan(_ text: String, file: String) throws(Diagnostic) -> TemplatePlan {
        var parser = TemplateParser(text, file: file)
        do {
            return TemplatePlan(steps: try parser.steps(State()))
        } catch {
            throw Diagnostic(.error, "template error: \(error.message)", path: file, position: parser.source.position(of: error.offset))
        }
    }

    /// The steps up to the end of the text, or of the section `state` is in (its closing tag read).
    private mutating func steps(_ initial: State) throws(Failure) -> [PlanStep] {
        var steps: [PlanStep] = []
        var state = initial
        // Spaces and tabs that began the line, not written yet: a tag alone on the line drops them.
        var pending = ""
        while index < bytes.count {
            if state.newLine {
                let start = index
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                let spaces = String(decoding: bytes[start..<index], as: UTF8.self)
                if state.inParent && !state.parentTopLevel {
                    if let indent = state.blockIndent {
                        pending = String(spaces.dropFirst(indent))
                    } else {
                        state.blockIndent = spaces.count
                    }
                } else {
                    pending = spaces
                }
            }
            let textStart = index
            var textEnd = index
            var newline = 0
            var opened = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
                    newline = byte == 0x0A ? 1 : 2
                    break
                }
                if byte == 0x7B, index + 1 < bytes.count, bytes[index + 1] == 0x7B {
                    opened = true
                    break
                }
                index += 1
            }
            textEnd = index
            let text = String(decoding: bytes[textStart..<textEnd], as: UTF8.self)
            if newline > 0 {
                steps.append(.text(pending + text + String(decoding: bytes[index..<index + newline], as: UTF8.self)))
                index += newline
                state.newLine = true
                continue
            }
            if !text.isEmpty {
                steps.append(.text(pending + text))
                pending = ""
                state.newLine = false
            }
            guard opened else { break }
            let tagStart = index
            html.feed(bytes[htmlRead..<tagStart])
            defer { htmlRead = index }
            index += 2
            if index < bytes.count, newlineLength(at: index) > 0 {
                throw Failure(offset: tagStart, message: "a tag cannot have a line break right after its {{")
            }
            guard index < bytes.count else { throw Failure(offset: tagStart, message: "a tag opened here is not closed with }}") }
            var setNewLine = false
            switch bytes[index] {
            case 0x23, 0x5E:  // `#`, `^`
                let inverted = bytes[index] == 0x5E
                index += 1
                let (name, transforms) = try name(of: tagStart)
                if standalone(state) {
                    setNewLine = true
                } else if !pending.isEmpty {
                    steps.append(.text(pending))
                    pending = ""
                }
                let site = site(of: tagStart)
                let body = try self.steps(state.entering(name, transforms: transforms, newLine: setNewLine))
                steps.append(.section(ValueReference(name: name, transforms: transforms), inverted: inverted, body: TemplatePlan(steps: body), site: site))
            case 0x2F:  // `/`
                index += 1
                // A parent's name may have slashes (`{{/layouts/base.html}}`).
                let (name, transforms) = state.inParent && state.parentTopLevel ? (try partialName(of: tagStart), []) : try name(of: tagStart)
                guard let open = state.section else {
                    throw Failure(offset: tagStart, message: "{{/\(name)}} closes a section that was never opened")
                }
                guard open.name == name, open.transforms == transforms else {
                    throw Failure(offset: tagStart, message: "{{/\(name)}} closes a section opened with another name ({{#\(open.name)}} or the like)")
                }
                if !standalone(state), !pending.isEmpty {
                    steps.append(.text(pending))
                }
                return steps
            case 0x21:  // `!`
                index += 1
                guard let end = find(0x7D, 0x7D, from: index) else { throw Failure(offset: tagStart, message: "a comment opened here is not closed with }}") }
                index = end + 2
                setNewLine = standalone(state)
            case 0x7B:  // `{`
                if !pending.isEmpty {
                    steps.append(.text(pending))
                    pending = ""
                }
                index += 1
                let (name, transforms) = try name(of: tagStart)
                guard index < bytes.count, bytes[index] == 0x7D else {
                    throw Failure(offset: tagStart, message: "a tag opened with {{{ is not closed with }}}")
                }
                index += 1
                steps.append(.value(ValueReference(name: name, transforms: transforms), escaped: false, context: html.context))
                html.wroteValue()
            case 0x26:  // `&`
                if !pending.isEmpty {
                    steps.append(.text(pending))
                    pending = ""
                }
                index += 1
                let (name, transforms) = try name(of: tagStart)
                steps.append(.value(ValueReference(name: name, transforms: transforms), escaped: false, context: html.context))
                html.wroteValue()
            case 0x3E:  // `>`
                index += 1
                let name = try partialName(of: tagStart)
                if !pending.isEmpty { steps.append(.text(pending)) }
                let alone = standalone(state)
                setNewLine = alone
                steps.append(.partial(name: name, indentation: alone ? pending : nil, blocks: nil, site: site(of: tagStart)))
                pending = ""
            case 0x3C:  // `<`
                index += 1
                let name = try partialName(of: tagStart)
                if !pending.isEmpty { steps.append(.text(pending)) }
                setNewLine = standalone(state)
                let site = site(of: tagStart)
                var blocks: [String: TemplatePlan] = [:]
                for step in try self.steps(state.enteringParent(name)) {
                    switch step {
                    case .blockDefinition(let block, let plan): blocks[block] = plan
                    case .text: continue
                    default:
                        throw Failure(offset: tagStart, message: "{{<\(name)}} may hold only blocks ({{$name}}…{{/name}}) that it gives its parent, and text")
                    }
                }
                steps.append(.partial(name: name, indentation: pending, blocks: blocks, site: site))
                pending = ""
            case 0x24:  // `$`
                index += 1
                let (name, transforms) = try name(of: tagStart)
                guard transforms.isEmpty else { throw Failure(offset: tagStart, message: "a block ({{$\(name)}}) cannot have a transform") }
                let site = site(of: tagStart)
                if state.parentTopLevel {
                    setNewLine = standalone(state)
                    let body = try self.steps(state.entering(name, transforms: [], newLine: setNewLine))
                    steps.append(.blockDefinition(name: name, plan: TemplatePlan(steps: body)))
                } else {
                    if !pending.isEmpty { steps.append(.text(pending)) }
                    setNewLine = standalone(state)
                    let body = try self.steps(state.entering(name, transforms: [], newLine: setNewLine))
                    steps.append(.block(name: name, defaultPlan: TemplatePlan(steps: body), indentation: pending, site: site))
                    pending = ""
                }
            case 0x3D:  // `=`
                throw Failure(offset: tagStart, message: "Runway's templates keep Mustache's {{ }} delimiters (a change of delimiters is not followed)")
            case 0x25:  // `%`
                index += 1
                steps.append(.escaping(try setting(of: tagStart)))
                setNewLine = standalone(state)
            default:
                if !pending.isEmpty {
                    steps.append(.text(pending))
                    pending = ""
                }
                let (name, transforms) = try name(of: tagStart)
                steps.append(.value(ValueReference(name: name, transforms: transforms), escaped: true, context: html.context))
                html.wroteValue()
            }
            state.newLine = setNewLine
        }
        if let open = state.section {
            throw Failure(offset: bytes.count, message: "{{\(open.name)}} is not closed before the end of the file")
        }
        return steps
    }

    // MARK: Tags

    /// Whether the tag just read is alone on its line: the line was new before it, and after it
    /// comes nothing but spaces and tabs, then a line break (which is taken) or the end of the text.
    private mutating func standalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if index == bytes.count { return true }
        var next = index
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        let length = newlineLength(at: next)
        guard length > 0 else { return false }
        index = next + length
        return true
    }

    /// A name and its transforms, outermost first (`{{ empty(first(page.tags)) }}` gives
    /// `page.tags` and `empty`, `first`), then the tag's `}}`.
    private mutating func name(of tag: Int) throws(Failure) -> (String, [String]) {
        skipWhitespace()
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) || bytes[index] == 0x28 || bytes[index] == 0x29 { index += 1 }
        // A text between double quotes inside the parentheses (`asset("js/app.js")`): any byte but
        // a quote, a line break or a brace.
        if index < bytes.count, bytes[index] == 0x22, index > start, bytes[index - 1] == 0x28 {
            index += 1
            while index < bytes.count, ![0x22, 0x0A, 0x0D, 0x7B, 0x7D].contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == 0x22 else {
                throw Failure(offset: tag, message: "a text in a tag is written between double quotes: \"js/app.js\"")
            }
            index += 1
            while index < bytes.count, bytes[index] == 0x29 { index += 1 }
        }
        let text = Array(bytes[start..<index])
        skipWhitespace()
        try close(tag)
        // `a(b(c))`: transforms `a`, `b`, then the name `c` and as many `)` as there were `(`.
        // `a("text")`: the name is the text, with its opening quote (``ValueReference/literal``).
        var position = 0
        func run() -> String {
            let from = position
            if position < text.count, text[position] == 0x22 {
                position += 1
                while position < text.count, text[position] != 0x22 { position += 1 }
                defer { position += 1 }
                return String(decoding: text[from..<position], as: UTF8.self)
            }
            while position < text.count, Self.isNameByte(text[position]) { position += 1 }
            return String(decoding: text[from..<position], as: UTF8.self)
        }
        let first = run()
        guard position < text.count else { return (first, []) }
        var transforms = [first]
        while position < text.count, text[position] == 0x28 {
            position += 1
            let inner = run()
            if position < text.count, text[position] == 0x28 {
                transforms.append(inner)
                continue
            }
            var closing = 0
            while position < text.count, text[position] == 0x29 {
                closing += 1
                position += 1
            }
            guard closing == transforms.count, position == text.count else { break }
            return (inner, transforms)
        }
        throw Failure(offset: tag, message: "cannot read {{\(String(decoding: text, as: UTF8.self))}}: a transform is written name(value), with a ) for each (")
    }

    /// A partial's or parent's name (letters, digits, `.`, `-`, `_`, `?`, `/`…), then `}}`.
    private mutating func partialName(of tag: Int) throws(Failure) -> String {
        skipWhitespace()
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) || bytes[index] == 0x2F || bytes[index] == 0x28 || bytes[index] == 0x29 { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        skipWhitespace()
        try close(tag)
        return name
    }

    /// `{{% CONTENT_TYPE: NAME }}`.
    private mutating func setting(of tag: Int) throws(Failure) -> TemplateEscaping {
        let unknown = Failure(offset: tag, message: "an unknown {{% … }} setting (there is one: CONTENT_TYPE, HTML or TEXT)")
        skipWhitespace()
        let variable = word()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == 0x3A else { throw unknown }
        index += 1
        skipWhitespace()
        let value = word()
        skipWhitespace()
        try close(tag)
        guard variable == "CONTENT_TYPE", let escaping = TemplateEscaping(name: value) else { throw unknown }
        return escaping
    }

    private mutating func word() -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The tag's `}}`, or an error at the tag.
    private mutating func close(_ tag: Int) throws(Failure) {
        guard index + 1 < bytes.count, bytes[index] == 0x7D, bytes[index + 1] == 0x7D else {
            guard let found = find(0x7D, 0x7D, from: tag) else { throw Failure(offset: tag, message: "a tag opened here is not closed with }}") }
            // The tag's kind and what it holds, as the template check reads them.
            var inner = String(decoding: bytes[min(tag + 2, found)..<found], as: UTF8.self)
            var kind = ""
            if let first = inner.first, "#^/$<>&!{".contains(first) {
                kind = String(first)
                inner.removeFirst()
            }
            inner = inner.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(offset: tag, message: inner.contains(where: \.isWhitespace) ? TemplateTag.spaceProblem(kind: kind, content: inner)
                          : "cannot read {{\(kind)\(inner)}}: a name has letters, digits and . - _ ?, and a transform is written name(value)")
        }
        index += 2
    }

    /// Letters, digits and `.`, `-`, `_`, `?`, `*`: what a name is made of.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x2D, 0x5F, 0x3F, 0x2A: true
        default: false
        }
    }

    /// Skips white space as Unicode has it (line breaks and no-break spaces too), as the engine did
    /// inside a tag.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            let length = Self.whitespaceLength(bytes, at: index)
            guard length > 0 else { return }
            index += length
        }
    }

    /// The length of the white space character at `offset`, or 0.
    private static func whitespaceLength(_ bytes: [UInt8], at offset: Int) -> Int {
        let byte = bytes[offset]
        if byte < 0x80 { return (0x09...0x0D).contains(byte) || byte == 0x20 ? 1 : 0 }
        var decoder = UTF8()
        var iterator = bytes[offset...].prefix(4).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.properties.isWhitespace else { return 0 }
        return String(scalar).utf8.count
    }

    /// The length of the line break at `offset` (a character the engine took as one: LF, CR LF,
    /// CR, VT, FF, NEL, LS, PS), or 0.
    private func newlineLength(at offset: Int) -> Int {
        guard offset < bytes.count else { return 0 }
        switch bytes[offset] {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D: return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
        case 0xC2: return offset + 1 < bytes.count && bytes[offset + 1] == 0x85 ? 2 : 0
        case 0xE2: return offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    /// The offset of the next `first second` at or after `start`.
    private func find(_ first: UInt8, _ second: UInt8, from start: Int) -> Int? {
        var offset = start
        while offset + 1 < bytes.count {
            if bytes[offset] == first && bytes[offset + 1] == second { return offset }
            offset += 1
        }
        return nil
    }

    private func site(of offset: Int) -> TagSite {
        TagSite(source: source, offset: offset)
    }
}

