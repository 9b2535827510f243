public import RunwayText

/// How a renderer writes components: the attributes that are components
/// (``RunwayText/ComponentSignature``), and what writes one in place of its span. Without it,
/// a component is a span as any attribute is.
public struct ComponentRendering: Sendable {
    /// The names of the attributes that are components.
    public var names: Set<String>
    /// The HTML of one call.
    public var render: @Sendable (ComponentCall) -> String

    /// Components `names`, written by `render`.
    public init(names: Set<String>, render: @escaping @Sendable (ComponentCall) -> String) {
        self.names = names
        self.render = render
    }
}

/// One use of a component in a text: `^[A talk](youtube: {id: 'x'})`.
public struct ComponentCall: Hashable, Sendable {
    /// The component's name (`youtube`).
    public var name: String
    /// The value written for it: an object of its parameters.
    public var value: AttributeValue
    /// The span's content, rendered (trusted HTML): `A talk`, with the span's other attributes
    /// around it.
    public var content: String
    /// Whether the component is all its paragraph holds: it is written in the paragraph's place,
    /// as a block, instead of inside a `<p>`.
    public var block: Bool
    /// Where the span's text starts in the Markdown it was parsed from, when the text knows.
    public var position: SourcePosition?

    /// A call of `name` with `value`, around `content`, in its block form or not, whose text
    /// starts at `position` of its Markdown.
    public init(name: String, value: AttributeValue, content: String, block: Bool, position: SourcePosition? = nil) {
        self.name = name
        self.value = value
        self.content = content
        self.block = block
        self.position = position
    }
}
