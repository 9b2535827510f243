extension InlineIntent {
    /// Rewrites the components of many intents with one function, once per shared link: runs share
    /// their enclosing stacks, so rewriting every run of a document takes time linear in its
    /// elements, and the rewritten stacks are shared the same way.
    ///
    /// ```swift
    /// var upper = InlineIntent.Rewriting { component in
    ///     guard case .link(let destination, let title) = component.kind else { return component }
    ///     return .init(kind: .link(destination: destination.uppercased(), title: title), identity: component.identity)
    /// }
    /// let rewritten = upper(intent)
    /// ```
    public struct Rewriting {
        /// The rewritten stack of each stack; `nil` for the empty one.
        private var fold: StackFold<InlineIntent, InlineIntent?>

        /// A rewriting that replaces each component with `transform(component)`.
        public init(_ transform: @escaping (Component) -> Component) {
            fold = StackFold(initial: nil) { base, original in
                guard let component = original.innermost else { return base }
                let replacement = transform(component)
                let enclosing = original.enclosing
                let unchanged = replacement == component
                    && (base.map { enclosing?.isIdentical(to: $0) ?? false } ?? (enclosing == nil))
                return unchanged ? original : InlineIntent(replacement, enclosing: base)
            }
        }

        /// The intent with every component rewritten; the same intent when nothing changed.
        public mutating func callAsFunction(_ intent: InlineIntent) -> InlineIntent {
            fold(intent) ?? intent
        }
    }
}
