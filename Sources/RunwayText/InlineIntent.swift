/// The inline structure around a run: a stack of inline elements, innermost first.
///
/// Foundation keeps only the flat ``InlinePresentationIntent`` of a run; Runway also keeps each
/// element's identity (numbered in document pre-order from 1), so nested or adjacent elements of the
/// same kind (`**a **b** c**`, `[a](x)[b](x)`) survive the trip to runs and back to HTML.
/// Identity 0 is anonymous: adjacent runs with equal anonymous elements form one element, which is
/// what text built by hand expects.
///
/// Like ``PresentationIntent``, the stack is stored as shared links: an intent made with
/// ``init(_:enclosing:)`` refers to its enclosing intent instead of copying it.
public struct InlineIntent: Hashable, Sendable {
    private var chain: IntentChain<Component>?

    /// The inline elements, innermost first. Reading or writing it copies the whole stack: walk
    /// ``innermost`` and ``enclosing``, or ``componentsInnermostFirst``, to read without copying.
    public var components: [Component] {
        get { chain?.components ?? [] }
        set { chain = IntentChain.make(newValue) }
    }

    /// Creates an intent from components listed innermost first.
    public init(components: [Component]) { chain = IntentChain.make(components) }

    /// Creates an intent for one element nested in `enclosing`, sharing its stack.
    public init(_ component: Component, enclosing: InlineIntent?) {
        chain = IntentChain(component, enclosing: enclosing?.chain)
    }

    private init(chain: IntentChain<Component>?) { self.chain = chain }

    /// The innermost element, if any.
    public var innermost: Component? { chain?.component }

    /// The intent around the innermost element: `nil` when there is at most one element.
    public var enclosing: InlineIntent? { chain?.enclosing.map { InlineIntent(chain: $0) } }

    /// How many elements the stack has.
    public var depth: Int { chain?.depth ?? 0 }

    /// Whether an extended attribute span, `^[text](…)`, is among the elements (constant time).
    public var containsAttributeSpan: Bool { chain?.holdsAttributeSpan ?? false }

    /// Whether a link or an image is among the elements (constant time).
    public var containsLink: Bool { chain?.holdsLink ?? false }

    /// The components, innermost first, without copying the stack.
    public var componentsInnermostFirst: IntentComponents<Component> { IntentComponents(chain) }

    /// Whether both intents share one stack: then they are equal, and the check takes constant time.
    public func isIdentical(to other: InlineIntent) -> Bool { chain === other.chain }

    /// Equal components in the same order; shared stacks compare in constant time.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.chain === rhs.chain || IntentChain.equal(lhs.chain, rhs.chain)
    }

    /// The stack's hash, computed once when its innermost link was made.
    public func hash(into hasher: inout Hasher) { hasher.combine(chain?.stackHash ?? 0) }

    /// One inline element.
    public struct Component: Hashable, Sendable {
        /// What element it is.
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

    /// The kinds of inline element.
    public enum Kind: Hashable, Sendable {
        /// `*x*`: emphasis.
        case emphasized
        /// `**x**`: strong emphasis.
        case stronglyEmphasized
        /// `~~x~~` (GFM).
        case strikethrough
        /// A code span, between backticks.
        case code
        /// A line ending inside a paragraph.
        case softBreak
        /// A hard line break (two spaces or a backslash before the line ending).
        case lineBreak
        /// Raw HTML inside a paragraph.
        case inlineHTML
        /// A block of raw HTML.
        case blockHTML
        /// A link, with its destination and optional title.
        case link(destination: String, title: String?)
        /// An image, with its source and optional title; its text is the alternative text.
        case image(source: String, title: String?)
        /// A GFM footnote reference; `number` is the footnote's number in order of first reference,
        /// `occurrence` which reference to that footnote this is (1 for the first).
        case footnoteReference(label: String, number: Int, occurrence: Int)
        /// An extended attribute span, `^[text](raw)`: `raw` is the attribute text as written,
        /// `values` the span's own values (after the scope, if any). The runs inside carry these
        /// merged over the values of the spans around them.
        case attributes(raw: String, values: [String: AttributeValue])
    }

    /// The flat Foundation view: the union of the components' styles.
    public var inlinePresentationIntent: InlinePresentationIntent {
        componentsInnermostFirst.reduce(into: []) { $0.formUnion($1.kind.presentationIntent) }
    }

    /// The destination of the innermost link.
    public var link: String? {
        for component in componentsInnermostFirst {
            if case .link(let destination, _) = component.kind { return destination }
        }
        return nil
    }

    /// The source of the innermost image.
    public var imageURL: String? {
        for component in componentsInnermostFirst {
            if case .image(let source, _) = component.kind { return source }
        }
        return nil
    }
}

extension InlineIntent.Kind {
    /// The Foundation style this kind contributes to ``InlinePresentationIntent``.
    public var presentationIntent: InlinePresentationIntent {
        switch self {
        case .emphasized: .emphasized
        case .stronglyEmphasized: .stronglyEmphasized
        case .strikethrough: .strikethrough
        case .code: .code
        case .softBreak: .softBreak
        case .lineBreak: .lineBreak
        case .inlineHTML: .inlineHTML
        case .blockHTML: .blockHTML
        case .link, .image, .footnoteReference, .attributes: []
        }
    }

    /// The kind's name in the JSON form.
    public var name: String {
        switch self {
        case .emphasized: "emphasized"
        case .stronglyEmphasized: "stronglyEmphasized"
        case .strikethrough: "strikethrough"
        case .code: "code"
        case .softBreak: "softBreak"
        case .lineBreak: "lineBreak"
        case .inlineHTML: "inlineHTML"
        case .blockHTML: "blockHTML"
        case .link: "link"
        case .image: "image"
        case .footnoteReference: "footnoteReference"
        case .attributes: "attributes"
        }
    }
}

extension InlineIntent: CustomReflectable {
    /// Shows the components, as the stored array did: `InlineIntent(components: […])`.
    public var customMirror: Mirror { Mirror(self, children: ["components": components], displayStyle: .struct) }
}
