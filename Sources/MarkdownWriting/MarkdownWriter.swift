public import RunwayText
import Foundation

/// Attributed text written back as Markdown (CommonMark with GFM's tables, task lists and
/// strikethrough): what a page's Markdown twin (`index.md` beside its `index.html`) and a reader
/// that wants text, not HTML, get. It is written from the runs, not copied from the source: no
/// front matter, no template syntax, and an extended attribute span is its text alone. Parsing
/// what it writes gives the same HTML as the text it was written from (the tests check it on the
/// site's own pages and on the GFM specification's examples).
public enum MarkdownWriter {
    /// A line of text with what Markdown would read as syntax escaped (a title in a heading).
    public static func escapedLine(_ text: String) -> String {
        Writer.escaped(text.replacingOccurrences(of: "\n", with: " "))
    }

    /// `text` as Markdown, its blocks apart by a blank line, ending with a line break; each
    /// link's and image's destination as `destination` gives it (a site's links to its content
    /// files become its pages' URLs).
    public static func markdown(of text: AttributedText, destination: @escaping (String) -> String = { $0 }) -> String {
        let tree = Tree(text)
        var writer = Writer(rewrite: destination)
        let body = writer.blocks(tree.root.children, tight: false)
        return body.isEmpty ? "" : body + "\n"
    }
}

/// The runs as the tree of blocks and inline elements they are in, by the components' identities.
private struct Tree {
    final class Node {
        var block: PresentationIntent.Component?
        var inline: InlineIntent.Component?
        var text = ""
        var children: [Node] = []

        init(block: PresentationIntent.Component? = nil, inline: InlineIntent.Component? = nil) {
            self.block = block
            self.inline = inline
        }

        var isText: Bool { block == nil && inline == nil }
    }

    let root = Node()

    init(_ text: AttributedText) {
        // The open nodes below the root, outermost first, with their identity and whether a block.
        var path: [(identity: Int, block: Bool, node: Node)] = []
        for run in text.runs {
            let blocks = (run.attributes.presentationIntent?.components ?? []).reversed()
            let inlines = (run.attributes.inlineIntent?.components ?? []).reversed()
            let wanted: [(Int, Bool, PresentationIntent.Component?, InlineIntent.Component?)] =
                blocks.map { ($0.identity, true, $0, nil) } + inlines.map { ($0.identity, false, nil, $0) }
            var kept = 0
            while kept < path.count, kept < wanted.count, path[kept].identity == wanted[kept].0, path[kept].block == wanted[kept].1 { kept += 1 }
            path.removeLast(path.count - kept)
            for (identity, isBlock, block, inline) in wanted[kept...] {
                let node = Node(block: block, inline: inline)
                (path.last?.node ?? root).children.append(node)
                path.append((identity, isBlock, node))
            }
            let parent = path.last?.node ?? root
            if let last = parent.children.last, last.isText {
                last.text += text[run]
            } else {
                let leaf = Node()
                leaf.text = String(text[run])
                parent.children.append(leaf)
            }
        }
    }
}

private struct Writer {
    var rewrite: (String) -> String = { $0 }

    /// Blocks, apart by a blank line (a line break only between a tight list's items' blocks).
    mutating func blocks(_ nodes: [Tree.Node], tight: Bool) -> String {
        var parts: [String] = []
        // Two lists in a row would be one: the second is written with the other marker (`*`
        // after `-`, `)` after `.`), which starts a new list.
        var alternate = false
        var previousWasList = false
        for node in nodes {
            let isList = node.block.map { if case .orderedList = $0.kind { true } else if case .unorderedList = $0.kind { true } else { false } } ?? false
            alternate = isList && previousWasList ? !alternate : false
            previousWasList = isList
            let written = block(node, alternate: alternate)
            guard !written.isEmpty else { continue }
            parts.append(written)
        }
        return parts.joined(separator: tight ? "\n" : "\n\n")
    }

    mutating func block(_ node: Tree.Node, alternate: Bool = false) -> String {
        guard let block = node.block else {
            // Text or inline elements straight in a container (a tight list item's text).
            return inlines([node])
        }
        switch block.kind {
        case .paragraph:
            return Self.protectLineStarts(inlines(node.children))
        case .header(let level, let id):
            let text = inlines(node.children).replacingOccurrences(of: "\n", with: " ")
            return String(repeating: "#", count: level) + " " + text + (id.map { " {#\($0)}" } ?? "")
        case .blockQuote(let callout):
            let inner = (callout.map { "[!\($0.rawValue.uppercased())]\n" } ?? "") + blocks(node.children, tight: false)
            return Self.prefixed(inner, first: "> ", rest: "> ")
        case .orderedList(let isTight), .unorderedList(let isTight):
            var items: [String] = []
            let ordered = if case .orderedList = block.kind { true } else { false }
            for item in node.children {
                guard case .listItem(let ordinal, let checkbox)? = item.block?.kind else { continue }
                let marker = ordered ? "\(ordinal)\(alternate ? ")" : ".") " : alternate ? "* " : "- "
                var content = blocks(item.children, tight: isTight)
                if let checkbox { content = (checkbox == .checked ? "[x] " : "[ ] ") + content }
                if content.isEmpty { items.append(String(marker.dropLast())); continue }
                items.append(Self.prefixed(content, first: marker, rest: String(repeating: " ", count: marker.count)))
            }
            return items.joined(separator: isTight ? "\n" : "\n\n")
        case .listItem:
            return blocks(node.children, tight: false)
        case .codeBlock(let hint, _):
            let code = node.children.map(\.text).joined()
            var longest = 0, run = 0
            for character in code {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
            let fence = String(repeating: "`", count: max(3, longest + 1))
            let body = code.hasSuffix("\n") || code.isEmpty ? code : code + "\n"
            return fence + (hint ?? "") + "\n" + body + fence
        case .thematicBreak:
            return "* * *"
        case .table(let columns):
            return table(node, columns: columns)
        case .footnoteDefinition(let label, _):
            return Self.prefixed(blocks(node.children, tight: false), first: "[^\(label)]: ", rest: "    ")
        case .tableHeaderRow, .tableRow, .tableCell:
            return inlines(node.children)
        }
    }

    mutating func table(_ node: Tree.Node, columns: [PresentationIntent.TableColumn]) -> String {
        func cells(_ row: Tree.Node) -> [String] {
            row.children.map { cell in inlines(cell.children).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        }
        var lines: [String] = []
        for (index, row) in node.children.enumerated() {
            var texts = cells(row)
            while texts.count < columns.count { texts.append("") }
            lines.append("| " + texts.joined(separator: " | ") + " |")
            if index == 0 {
                lines.append("|" + columns.map { column in
                    switch column.alignment {
                    case .left?: " :-- "
                    case .center?: " :-: "
                    case .right?: " --: "
                    case nil: " --- "
                    }
                }.joined(separator: "|") + "|")
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Inlines

    mutating func inlines(_ nodes: [Tree.Node]) -> String {
        nodes.map { inline($0) }.joined()
    }

    mutating func inline(_ node: Tree.Node) -> String {
        guard let inline = node.inline else {
            if node.block != nil { return block(node) }
            return Self.escaped(node.text)
        }
        let content = { (writer: inout Writer) in writer.inlines(node.children) }
        switch inline.kind {
        case .emphasized: return "*" + content(&self) + "*"
        case .stronglyEmphasized: return "**" + content(&self) + "**"
        case .strikethrough: return "~~" + content(&self) + "~~"
        case .code:
            let code = node.children.map(\.text).joined()
            var longest = 0, run = 0
            for character in code {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
            let ticks = String(repeating: "`", count: longest + 1)
            let pad = code.hasPrefix("`") || code.hasSuffix("`") || (code.hasPrefix(" ") && code.hasSuffix(" ") && code.contains { $0 != " " }) ? " " : ""
            return ticks + pad + code + pad + ticks
        case .softBreak: return "\n"
        case .lineBreak: return "\\\n"
        case .inlineHTML, .blockHTML: return node.children.map(\.text).joined()
        case .link(let destination, let title):
            return "[" + content(&self) + "](" + Self.destination(rewrite(destination)) + Self.title(title) + ")"
        case .image(let source, let title):
            return "![" + content(&self) + "](" + Self.destination(rewrite(source)) + Self.title(title) + ")"
        case .footnoteReference(let label, _, _):
            return "[^\(label)]"
        case .attributes:
            // An extended attribute span is its text.
            return content(&self)
        }
    }

    // MARK: Escaping

    /// Text with what Markdown would read as syntax escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "~", "&", "!", "#": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// A paragraph whose lines would begin another block (`- a`, `1. a`, `+ a`, `= a`, `    a`):
    /// the marker escaped, the indentation dropped.
    static func protectLineStarts(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = Substring(line)
            while line.first == " " || line.first == "\t" { line.removeFirst() }
            guard let first = line.first else { return String(line) }
            if "-+=".contains(first) { return "\\" + line }
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, let after = line.dropFirst(digits.count).first, after == "." || after == ")" {
                return digits + "\\" + line.dropFirst(digits.count)
            }
            return String(line)
        }.joined(separator: "\n")
    }

    static func destination(_ url: String) -> String {
        if url.isEmpty || url.contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" || $0.isNewline }) {
            return "<" + url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "<", with: "\\<").replacingOccurrences(of: ">", with: "\\>") + ">"
        }
        return url.replacingOccurrences(of: "\\", with: "\\\\")
    }

    static func title(_ title: String?) -> String {
        guard let title, !title.isEmpty else { return "" }
        return " \"" + title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `text` with `first` before its first line and `rest` before each other non-empty one.
    static func prefixed(_ text: String, first: String, rest: String) -> String {
        var lines: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index == 0 {
                lines.append(first + line)
            } else {
                lines.append(line.isEmpty ? (rest.allSatisfy { $0 == " " } ? "" : String(rest.dropLast(rest.last == " " ? 1 : 0))) : rest + line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
