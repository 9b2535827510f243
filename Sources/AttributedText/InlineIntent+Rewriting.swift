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
        private let transform: (Component) -> Component
        private var rewritten: [InlineIntent: InlineIntent] = [:]
        private var last: (original: InlineIntent, result: InlineIntent)?

        /// A rewriting that replaces each component with `transform(component)`.
        public init(_ transform: @escaping (Component) -> Component) { self.transform = transform }

        /// The intent with every component rewritten; the same intent when nothing changed.
        public mutating func callAsFunction(_ intent: InlineIntent) -> InlineIntent {
            if let last, last.original.isIdentical(to: intent) { return last.result }
            var pending: [InlineIntent] = []
            var stack: InlineIntent? = intent
            var base: InlineIntent?
            while let current = stack, current.depth > 0 {
                if let known = rewritten[current] {
                    base = known
                    break
                }
                pending.append(current)
                stack = current.enclosing
            }
            for original in pending.reversed() {
                guard let component = original.innermost else { continue }
                let replacement = transform(component)
                let enclosing = original.enclosing
                let unchanged = replacement == component
                    && (base.map { enclosing?.isIdentical(to: $0) ?? false } ?? (enclosing == nil))
                let result = unchanged ? original : InlineIntent(replacement, enclosing: base)
                rewritten[original] = result
                base = result
            }
            let result = base ?? intent
            last = (intent, result)
            return result
        }
    }
}
