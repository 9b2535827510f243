/// The block structure around a run: a stack of components, innermost first, as in Foundation.
///
/// Each component has an `identity` unique per block within a document, numbered in document
/// pre-order from 1, so two runs belong to the same block exactly when they share a component.
///
/// The stack is stored as shared links, innermost first: an intent made with
/// ``init(_:enclosing:)`` refers to its enclosing intent instead of copying it, so the runs of a
/// document hold one link per block however deep the nesting. Equality, hashing, ``depth``,
/// ``innermost`` and ``enclosing`` take constant time on shared stacks.
public struct PresentationIntent: Hashable, Sendable {
    private var chain: IntentChain<Component>?

    /// The block components, innermost first. Reading or writing it copies the whole stack: walk
    /// ``innermost`` and ``enclosing``, or ``componentsInnermostFirst``, to read without copying.
    public var components: [Component] {
        get { chain?.components ?? [] }
        set { chain = IntentChain.make(newValue) }
    }

    /// Creates an intent from components listed innermost first.
    public init(components: [Component]) { chain = IntentChain.make(components) }

    /// Creates an intent for one block nested in `parent`.
    public init(_ kind: Kind, identity: Int, parent: PresentationIntent? = nil) {
        self.init(Component(kind: kind, identity: identity), enclosing: parent)
    }

    /// Creates an intent for one block nested in `enclosing`, sharing its stack.
    public init(_ component: Component, enclosing: PresentationIntent?) {
        chain = IntentChain(component, enclosing: enclosing?.chain)
    }

    private init(chain: IntentChain<Component>?) { self.chain = chain }

    /// The innermost block, if any.
    public var innermost: Component? { chain?.component }

    /// The intent around the innermost block: `nil` when there is at most one block.
    public var enclosing: PresentationIntent? { chain?.enclosing.map { PresentationIntent(chain: $0) } }

    /// How many blocks the stack has.
    public var depth: Int { chain?.depth ?? 0 }

    /// The components, innermost first, without copying the stack.
    public var componentsInnermostFirst: IntentComponents<Component> { IntentComponents(chain) }

    /// Whether both intents share one stack: then they are equal, and the check takes constant time.
    public func isIdentical(to other: PresentationIntent) -> Bool { chain === other.chain }

    /// Equal components in the same order; shared stacks compare in constant time.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.chain === rhs.chain || IntentChain.equal(lhs.chain, rhs.chain)
    }

    /// The stack's hash, computed once when its innermost link was made.
    public func hash(into hasher: inout Hasher) { hasher.combine(chain?.stackHash ?? 0) }

    /// One block: what kind it is and which block it is.
    public struct Component: Hashable, Sendable {
        /// What block it is.
        public var kind: Kind
        public var identity: Int

        /// A component of `kind` with its identity.
        public init(kind: Kind, identity: Int) {
            self.kind = kind
            self.identity = identity
        }

        /// Identities first: they differ for different elements, and are cheaper to compare.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.identity == rhs.identity && lhs.kind == rhs.kind
        }

        /// The identity alone: equal components have equal identities, and hashing the kind
        /// (a span's values among them) made every set of components slow.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(identity)
        }
    }

    /// The kinds of block, Foundation's vocabulary plus the few GFM needs.
    public enum Kind: Hashable, Sendable {
        /// A paragraph.
        case paragraph
        /// A heading of `level` 1 to 6, with the `id` its source gives it (`## Setup {#install}`,
        /// as Hugo, Zola, kramdown and pandoc read it), when it gives one.
        case header(level: Int, id: String? = nil)
        /// An ordered list; `isTight` is CommonMark's tight list (no blank lines between items).
        case orderedList(isTight: Bool)
        /// A bulleted list; tight when no item is separated by a blank line.
        case unorderedList(isTight: Bool)
        /// A list item; `ordinal` is the item's number (its position from 1 in a bullet list,
        /// its displayed number in an ordered list); `checkbox` is set for GFM task list items.
        case listItem(ordinal: Int, checkbox: Checkbox? = nil)
        /// A fenced or indented code block, with the fence's language hint and the options written
        /// after it (`{linenos=true}`), if any.
        case codeBlock(languageHint: String?, options: CodeBlockOptions? = nil)
        /// A block quote; a GitHub alert (`> [!NOTE]`) is one with its ``Callout`` (see
        /// `GitHubAlerts` in MarkdownParsing, which styled themes apply).
        case blockQuote(callout: Callout? = nil)
        /// A thematic break (`---`): a run without text.
        case thematicBreak
        /// A table (GFM), with its columns' alignments.
        case table(columns: [TableColumn])
        /// The header row of a table: row 0.
        case tableHeaderRow
        /// A body row, numbered from 1.
        case tableRow(rowIndex: Int)
        /// A cell, numbered from 0 within its row.
        case tableCell(columnIndex: Int)
        /// A GFM footnote definition and how many references point to it.
        case footnoteDefinition(label: String, referenceCount: Int)
    }

    /// The kind of a callout: a GitHub alert, written `> [!NOTE]` on the quote's first line.
    public enum Callout: String, CaseIterable, Hashable, Sendable, Codable {
        /// `[!NOTE]`: something a reader should notice, even when skimming.
        case note
        /// `[!TIP]`: advice that helps do something better.
        case tip
        /// `[!IMPORTANT]`: what a reader needs to know to succeed.
        case important
        /// `[!WARNING]`: urgent, needing immediate attention to avoid problems.
        case warning
        /// `[!CAUTION]`: the risks or negative outcomes of an action.
        case caution

        /// The name a callout's kind goes by as a value (`callout.note` in theme files,
        /// `rw-callout--note` in HTML).
        public static let attributeName = "callout"

        /// The kind's title in English (`Note`), where no string table gives another.
        public var englishTitle: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// The state of a GFM task list item's checkbox.
    public enum Checkbox: String, Hashable, Sendable, Codable {
        /// A task list item's box, ticked or not.
        case checked, unchecked
    }

    /// A table column and its alignment (`nil` when the delimiter row gives none).
    public struct TableColumn: Hashable, Sendable {
        /// How a column's cells are aligned.
        public enum Alignment: String, Hashable, Sendable, Codable {
            /// `:--` in the delimiter row.
            case left
            /// `:-:` in the delimiter row.
            case center
            /// `--:` in the delimiter row.
            case right
        }
        /// The alignment the delimiter row gives, if any.
        public var alignment: Alignment?
        /// A column aligned as `alignment` says.
        public init(alignment: Alignment? = nil) { self.alignment = alignment }
    }
}

extension PresentationIntent.Kind {
    /// The kind's name in the JSON form (`paragraph`, `header`, `listItem`…).
    public var name: String {
        switch self {
        case .paragraph: "paragraph"
        case .header: "header"
        case .orderedList: "orderedList"
        case .unorderedList: "unorderedList"
        case .listItem: "listItem"
        case .codeBlock: "codeBlock"
        case .blockQuote: "blockQuote"
        case .thematicBreak: "thematicBreak"
        case .table: "table"
        case .tableHeaderRow: "tableHeaderRow"
        case .tableRow: "tableRow"
        case .tableCell: "tableCell"
        case .footnoteDefinition: "footnoteDefinition"
        }
    }
}

extension PresentationIntent: CustomReflectable {
    /// Shows the components, as the stored array did: `PresentationIntent(components: […])`.
    public var customMirror: Mirror { Mirror(self, children: ["components": components], displayStyle: .struct) }
}
