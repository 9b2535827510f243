internal import CCmarkGFM
internal import CMarkAttributes
import RunwayText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks a finished cmark-gfm tree once and turns it into runs.
///
/// Blocks and inline elements become components with identities numbered in document pre-order;
/// every leaf becomes a run; an element that ends without having produced a run gets an empty one.
/// No C pointer outlives the walk.
struct RunConverter {
    private let extensions: CmarkDocument.ExtensionIdentities
    private var builder: AttributedText.Builder
    private var extensionKinds: [UInt32: NodeKind] = [:]

    /// The open blocks and inline elements, as shared stacks: opening an element adds one link,
    /// and every run inside refers to it, so memory stays linear however deep the nesting.
    private var blocks: PresentationIntent?
    private var inlines: InlineIntent?
    private var attributes = AttributeContainer()
    private var blockCount = 0
    private var inlineCount = 0
    /// For each open element, the run count when it opened.
    private var openRunCounts: [Int] = []
    /// For each open list, the ordinal of its next item.
    private var nextOrdinals: [Int] = []
    /// The custom attributes in force, one entry per open attribute span.
    private var customStack: [[String: AttributeValue]] = []
    private let path: String
    private let scope: CustomAttributeScope?
    /// What was wrong with the document's extended attributes.
    private(set) var diagnostics: [Diagnostic] = []
    private var nextRowIndex = 0
    private var nextColumnIndex = 0

    /// Whether a heading's text may end with its id, `{#install}`.
    private let headingIDs: Bool
    /// Whether a fenced `math` block is a display formula (``MarkdownParser/Options/math``).
    private let math: Bool

    /// A converter for a document of about `sourceSize` bytes.
    init(extensions: CmarkDocument.ExtensionIdentities, sourceSize: Int, path: String, scope: CustomAttributeScope?, headingIDs: Bool = false,
         math: Bool = false) {
        self.extensions = extensions
        self.math = math
        self.path = path
        self.scope = scope
        self.headingIDs = headingIDs
        // Text is a little smaller than its Markdown; a run is about 16 bytes of it.
        builder = AttributedText.Builder(reservingCapacity: sourceSize, runCount: sourceSize / 12 + 4)
    }

    /// Visits every node under `root` in document order: containers on the way in and out, leaves
    /// once. Iterative, so deep nesting cannot overflow the stack.
    mutating func convert(_ root: CmarkNode) -> AttributedText {
        var next = root.pointee.first_child
        while let node = next {
            let kind = kind(of: node)
            visit(node, kind: kind, entering: true)
            if !kind.isLeaf, let child = node.pointee.first_child {
                next = child
                continue
            }
            if !kind.isLeaf { visit(node, kind: kind, entering: false) }
            var current = node
            next = nil
            while true {
                if let sibling = current.pointee.next {
                    next = sibling
                    break
                }
                guard let parent = current.pointee.parent, parent != root else { break }
                visit(parent, kind: self.kind(of: parent), entering: false)
                current = parent
            }
        }
        return builder.build()
    }

    private mutating func kind(of node: CmarkNode) -> NodeKind {
        let type = cmark_node_type(UInt32(node.pointee.type))
        if let kind = NodeKind.core(type) {
            if kind == .link && runway_attributes_is_span(node) { return .attributeSpan }
            // A formula is a CODE node marked by the math extension: 1 inline, 2 display.
            if kind == .code, node.pointee.user_data != nil, let math = [1: NodeKind.inlineMath, 2: .displayMath][runway_math_kind(node)] {
                return math
            }
            return kind
        }
        if let kind = extensionKinds[type.rawValue] { return kind }
        let kind = NodeKind(typeString: String(cString: cmark_node_get_type_string(node)))
        extensionKinds[type.rawValue] = kind
        return kind
    }

    private mutating func visit(_ node: CmarkNode, kind: NodeKind, entering: Bool) {
        switch kind {
        case .document, .unknown:
            return
        case .paragraph, .heading, .blockQuote, .list, .item, .table, .tableRow, .tableCell, .footnoteDefinition:
            if entering { openBlock(node, kind) } else { closeBlock(node, kind) }
        case .emphasis, .strong, .strikethrough, .link, .image, .attributeSpan:
            if entering { openInline(node, kind) } else { closeInline(node, kind) }
        case .codeBlock:
            let info = CodeBlockInfo.parse(string(cmark_node_get_fence_info(node)))
            for problem in info.problems {
                diagnostics.append(Diagnostic(.warning, problem, path: path,
                                              position: SourcePosition(line: Int(node.pointee.start_line), column: Int(node.pointee.start_column))))
            }
            if math && info.languageHint == "math" {
                // A display formula, in a paragraph of its own.
                pushBlock(.paragraph)
                emitMath(node, .display)
                popBlock()
                return
            }
            pushBlock(.codeBlock(languageHint: info.languageHint, options: info.options))
            emitLiteral(node)
            popBlock()
        case .thematicBreak:
            pushBlock(.thematicBreak)
            emit(bytes: UnsafeBufferPointer(start: nil, count: 0), node: node)
            popBlock()
        case .htmlBlock:
            leaf(node, .blockHTML)
        case .text:
            emitLiteral(node)
        case .softBreak:
            leaf(node, .softBreak, text: "\n")
        case .lineBreak:
            leaf(node, .lineBreak, text: "\n")
        case .code:
            leaf(node, .code)
        case .inlineMath, .displayMath:
            emitMath(node, kind == .displayMath ? .display : .inline)
        case .htmlInline:
            leaf(node, .inlineHTML)
        case .footnoteReference:
            let number = bytes(node, runway_footnote_number)
            let kind = InlineIntent.Kind.footnoteReference(
                label: bytes(node, runway_footnote_label), number: Int(number) ?? 0,
                occurrence: Int(runway_footnote_reference_index(node)))
            leaf(node, kind, text: number)
        }
    }

    // MARK: Blocks

    /// The id a heading's text ends with (`Setup {#install}`), taken out of its last text node
    /// with the spaces before it; `nil`, and the text as it was, when it ends otherwise. An id is
    /// a letter, then letters, digits, `-`, `_`, `:` and `.`, as HTML's and Hugo's ids are
    /// written; anything else in the braces (`{#a .class}`) leaves them text.
    static func takeID(of heading: CmarkNode) -> String? {
        guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
              let literal = cmark_node_get_literal(last), String(cString: literal).hasSuffix("}")
        else { return nil }
        // `{#a_b}` is three text nodes (`_` was a delimiter): made one, the braces are found whole.
        cmark_consolidate_text_nodes(heading)
        guard let text = cmark_node_last_child(heading), cmark_node_get_type(text) == CMARK_NODE_TEXT,
              let whole = cmark_node_get_literal(text)
        else { return nil }
        let string = String(cString: whole)
        guard let brace = string.lastIndex(of: "{"), string[brace...].hasPrefix("{#") else { return nil }
        let id = string[string.index(brace, offsetBy: 2)..<string.index(before: string.endIndex)]
        guard let first = id.unicodeScalars.first, first.properties.isAlphabetic,
              id.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_:.".unicodeScalars.contains($0) })
        else { return nil }
        var before = string[..<brace]
        // A space before the braces, unless nothing of the text node is before them.
        guard before.isEmpty || before.last == " " || before.last == "\t" else { return nil }
        while before.last == " " || before.last == "\t" { before.removeLast() }
        cmark_node_set_literal(text, String(before))
        return String(id)
    }

    private mutating func openBlock(_ node: CmarkNode, _ nodeKind: NodeKind) {
        let kind: PresentationIntent.Kind
        switch nodeKind {
        case .paragraph: kind = .paragraph
        case .heading: kind = .header(level: Int(cmark_node_get_heading_level(node)), id: headingIDs ? Self.takeID(of: node) : nil)
        case .blockQuote: kind = .blockQuote()
        case .list:
            let tight = cmark_node_get_list_tight(node) != 0
            if cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
                kind = .orderedList(isTight: tight)
                nextOrdinals.append(Int(cmark_node_get_list_start(node)))
            } else {
                kind = .unorderedList(isTight: tight)
                nextOrdinals.append(1)
            }
        case .item:
            let ordinal = nextOrdinals[nextOrdinals.count - 1]
            nextOrdinals[nextOrdinals.count - 1] += 1
            var checkbox: PresentationIntent.Checkbox?
            if let tasklist = extensions.tasklist, cmark_node_get_syntax_extension(node) == tasklist {
                checkbox = cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked
            }
            kind = .listItem(ordinal: ordinal, checkbox: checkbox)
        case .table:
            let count = Int(cmark_gfm_extensions_get_table_columns(node))
            let alignments = cmark_gfm_extensions_get_table_alignments(node)
            kind = .table(columns: (0..<count).map { index in
                switch alignments?[index] {
                case UInt8(ascii: "l"): .init(alignment: .left)
                case UInt8(ascii: "c"): .init(alignment: .center)
                case UInt8(ascii: "r"): .init(alignment: .right)
                default: .init(alignment: nil)
                }
            })
            nextRowIndex = 0
        case .tableRow:
            if cmark_gfm_extensions_get_table_row_is_header(node) != 0 {
                kind = .tableHeaderRow
            } else {
                nextRowIndex += 1
                kind = .tableRow(rowIndex: nextRowIndex)
            }
            nextColumnIndex = 0
        case .tableCell:
            kind = .tableCell(columnIndex: nextColumnIndex)
            nextColumnIndex += 1
        case .footnoteDefinition:
            kind = .footnoteDefinition(label: bytes(node, runway_footnote_label),
                                       referenceCount: Int(runway_footnote_reference_count(node)))
        default:
            return
        }
        openRunCounts.append(builder.runCount)
        pushBlock(kind)
    }

    private mutating func closeBlock(_ node: CmarkNode, _ nodeKind: NodeKind) {
        if nodeKind == .list { nextOrdinals.removeLast() }
        if openRunCounts.removeLast() == builder.runCount {
            emit(bytes: UnsafeBufferPointer(start: nil, count: 0), node: node)
        }
        popBlock()
    }

    private mutating func pushBlock(_ kind: PresentationIntent.Kind) {
        blockCount += 1
        blocks = PresentationIntent(PresentationIntent.Component(kind: kind, identity: blockCount), enclosing: blocks)
        attributes.presentationIntent = blocks
    }

    private mutating func popBlock() {
        blocks = blocks?.enclosing
        attributes.presentationIntent = blocks
    }

    // MARK: Inlines

    private mutating func openInline(_ node: CmarkNode, _ nodeKind: NodeKind) {
        let kind: InlineIntent.Kind
        switch nodeKind {
        case .emphasis: kind = .emphasized
        case .strong: kind = .stronglyEmphasized
        case .strikethrough: kind = .strikethrough
        case .link: kind = .link(destination: string(cmark_node_get_url(node)), title: title(node))
        case .image: kind = .image(source: string(cmark_node_get_url(node)), title: title(node))
        case .attributeSpan:
            let raw = string(cmark_node_get_url(node))
            kind = .attributes(raw: raw, values: openSpan(raw: raw, at: sourceRange(of: node).start))
        default: return
        }
        openRunCounts.append(builder.runCount)
        pushInline(kind)
    }

    private mutating func closeInline(_ node: CmarkNode, _ nodeKind: NodeKind) {
        if openRunCounts.removeLast() == builder.runCount {
            emit(bytes: UnsafeBufferPointer(start: nil, count: 0), node: node)
        }
        popInline()
        if nodeKind == .attributeSpan {
            customStack.removeLast()
            attributes.customAttributes = customStack.last ?? [:]
        }
    }

    /// Reads a span's attribute text and puts its values in force over the enclosing spans';
    /// returns the span's own values.
    private mutating func openSpan(raw: String, at position: SourcePosition) -> [String: AttributeValue] {
        var values: [String: AttributeValue] = [:]
        switch AttributeBodyCache.body(raw) {
        case .success(let body): values = body
        case .failure(let error):
            diagnostics.append(Diagnostic(.warning, error.description + "; the text is kept", path: path, position: position))
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            var problem: String?
            if reservedAttributeNames.contains(name) {
                problem = "attribute '\(name)' is reserved for Runway's own attributes; the attribute is dropped"
            } else if let scope {
                problem = scope.problem(with: name, value: value)
            }
            if let problem {
                values[name] = nil
                diagnostics.append(Diagnostic(.warning, problem, path: path, position: position))
            }
        }
        var merged = customStack.last ?? [:]
        merged.merge(values) { _, inner in inner }
        customStack.append(merged)
        attributes.customAttributes = merged
        return values
    }

    private mutating func pushInline(_ kind: InlineIntent.Kind) {
        inlineCount += 1
        inlines = InlineIntent(InlineIntent.Component(kind: kind, identity: inlineCount), enclosing: inlines)
        attributes.inlineIntent = inlines
    }

    private mutating func popInline() {
        inlines = inlines?.enclosing
        attributes.inlineIntent = inlines
    }

    /// A leaf inline element: its own component around its text.
    private mutating func leaf(_ node: CmarkNode, _ kind: InlineIntent.Kind, text: String? = nil) {
        pushInline(kind)
        if var text {
            text.withUTF8 { emit(bytes: $0, node: node) }
        } else {
            emitLiteral(node)
        }
        popInline()
    }

    // MARK: Text

    /// A formula's text as written, with the `math` attribute: no inline element around it.
    private mutating func emitMath(_ node: CmarkNode, _ kind: MathKind) {
        let saved = attributes.customAttributes
        MathKey.setValue(kind, in: &attributes)
        emitLiteral(node)
        attributes.customAttributes = saved
    }

    private mutating func emitLiteral(_ node: CmarkNode) {
        var length: Int32 = 0
        if let literal = runway_node_literal(node, &length) {
            emit(bytes: UnsafeBufferPointer(start: literal, count: Int(length)), node: node)
        } else if let literal = cmark_node_get_literal(node) {
            literal.withMemoryRebound(to: UInt8.self, capacity: 1) { pointer in
                emit(bytes: UnsafeBufferPointer(start: pointer, count: strlen(literal)), node: node)
            }
        } else {
            emit(bytes: UnsafeBufferPointer(start: nil, count: 0), node: node)
        }
    }

    private mutating func emit(bytes: UnsafeBufferPointer<UInt8>, node: CmarkNode) {
        let range = sourceRange(of: node)
        builder.append(bytes: bytes, attributes: attributes, sourceRange: range)
    }

    /// The node's source range, its end just past its last byte (cmark's end is inclusive). cmark
    /// gives soft breaks none, so a node without one sits just after its previous sibling (or at its
    /// parent's start).
    private func sourceRange(of node: CmarkNode) -> SourceRange {
        let n = node.pointee
        if n.start_line > 0 {
            return SourceRange(start: SourcePosition(line: Int(n.start_line), column: Int(n.start_column)),
                               end: SourcePosition(line: Int(n.end_line), column: Int(n.end_column) + 1))
        }
        let position: SourcePosition
        if let previous = n.prev, previous.pointee.end_line > 0 {
            position = SourcePosition(line: Int(previous.pointee.end_line), column: Int(previous.pointee.end_column) + 1)
        } else if let parent = n.parent, parent.pointee.start_line > 0 {
            position = SourcePosition(line: Int(parent.pointee.start_line), column: Int(parent.pointee.start_column))
        } else {
            position = SourcePosition(line: 1, column: 1)
        }
        return SourceRange(start: position, end: position)
    }

    private func title(_ node: CmarkNode) -> String? {
        let title = string(cmark_node_get_title(node))
        return title.isEmpty ? nil : title
    }

    /// A string a shim function reads from a node without copying.
    private func bytes(
        _ node: CmarkNode, _ read: (CmarkNode, UnsafeMutablePointer<Int32>) -> UnsafePointer<UInt8>?
    ) -> String {
        var length: Int32 = 0
        guard let start = read(node, &length) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: Int(length)), as: UTF8.self)
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
