/// A value computed for every stack of a text from its enclosing stack's value and its innermost
/// component, once per shared link: runs share their enclosing stacks, so folding every run of a
/// document takes time linear in its elements, not in runs × depth.
///
/// ```swift
/// // How many emphasized elements surround each run.
/// var emphasis = StackFold<InlineIntent, Int>(initial: 0) { enclosing, stack in
///     enclosing + (stack.innermost?.kind == .emphasized ? 1 : 0)
/// }
/// let counts = text.runs.map { run in run.attributes.inlineIntent.map { emphasis($0) } ?? 0 }
/// ```
public struct StackFold<Stack: ComponentStack, Value> {
    private let initial: Value
    private let step: (_ enclosing: Value, _ stack: Stack) -> Value
    private var values: [Stack: Value] = [:]
    private var last: (stack: Stack, value: Value)?

    /// A fold whose value for a stack is `step(value of its enclosing stack, stack)`, the value of
    /// the empty stack being `initial`.
    public init(initial: Value, step: @escaping (_ enclosing: Value, _ stack: Stack) -> Value) {
        self.initial = initial
        self.step = step
    }

    /// The value for `stack`, computed for the links not seen before, outermost first.
    public mutating func callAsFunction(_ stack: Stack) -> Value {
        if let last, last.stack.isIdentical(to: stack) { return last.value }
        var pending: [Stack] = []
        var link: Stack? = stack
        var value = initial
        while let current = link, current.depth > 0 {
            if let known = values[current] {
                value = known
                break
            }
            pending.append(current)
            link = current.enclosing
        }
        for current in pending.reversed() {
            value = step(value, current)
            values[current] = value
        }
        last = (stack, value)
        return value
    }
}
