internal import CCmarkGFM

/// The kinds of cmark-gfm node the converter handles, core and extension alike.
///
/// Extension node types have no constants in the public headers, so they are recognized by the
/// type string cmark gives them, once per type value.
enum NodeKind {
    case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
    case footnoteDefinition, table, tableRow, tableCell
    case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, link, image, strikethrough
    case footnoteReference
    /// An extended attribute span `^[text](…)`: a LINK node marked by Runway's extension.
    case attributeSpan
    /// A formula, `$…$` or `$$…$$`: a CODE node marked by Runway's math extension.
    case inlineMath, displayMath
    case unknown

    /// Whether the converter turns the node into one run and never looks inside it.
    var isLeaf: Bool {
        switch self {
        case .codeBlock, .htmlBlock, .thematicBreak, .text, .softBreak, .lineBreak, .code, .htmlInline,
             .footnoteReference, .inlineMath, .displayMath:
            true
        default:
            false
        }
    }

    init(typeString: String) {
        switch typeString {
        case "table": self = .table
        case "table_header", "table_row": self = .tableRow
        case "table_cell": self = .tableCell
        case "strikethrough": self = .strikethrough
        default: self = .unknown
        }
    }

    /// The core kinds by cmark's type value.
    static func core(_ type: cmark_node_type) -> NodeKind? {
        switch type {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_FOOTNOTE_DEFINITION: .footnoteDefinition
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_EMPH: .emphasis
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        case CMARK_NODE_FOOTNOTE_REFERENCE: .footnoteReference
        default: nil
        }
    }
}
