/// One link of an intent's stack of components: a component and the link it is nested in.
///
/// Runs share their enclosing links, so a document holds one link per element however deep the
/// nesting, and each run holds a reference instead of a copy of its stack. Links are immutable
/// once made; the depth and a hash of the whole stack are computed once, when the link is made.
final class IntentChain<Component: IdentifiedComponent>: @unchecked Sendable {
    // `@unchecked` and unchecked exclusivity: `enclosing` is written only by `deinit`, when it holds
    // the only reference; every other access is a read, which needs no dynamic exclusivity check
    // (that check cost more than the rest of a run's rendering).
    let component: Component
    @exclusivity(unchecked) private(set) var enclosing: IntentChain?
    /// How many components the stack has, this one included.
    let depth: Int
    /// The hash of the whole stack: equal stacks have equal hashes.
    let stackHash: Int
    /// Whether the stack holds an extended attribute span.
    let holdsAttributeSpan: Bool
    /// Whether the stack holds a link or an image.
    let holdsLink: Bool

    init(_ component: Component, enclosing: IntentChain?) {
        self.component = component
        self.enclosing = enclosing
        depth = (enclosing?.depth ?? 0) + 1
        // A cheap mix of the component's hash into the enclosing stack's: `hash(into:)` feeds it to
        // a real Hasher, so it only has to tell stacks apart, and a document makes one per element.
        stackHash = (enclosing?.stackHash ?? 0) &* 1_099_511_628_211 ^ component.identity
        holdsAttributeSpan = component.isAttributeSpan || (enclosing?.holdsAttributeSpan ?? false)
        holdsLink = component.isLink || (enclosing?.holdsLink ?? false)
    }

    /// Releases a long chain link by link: letting each link release the next recursively would
    /// overflow the stack on deep nesting.
    deinit {
        guard var next = enclosing else { return }
        enclosing = nil
        while isKnownUniquelyReferenced(&next) {
            guard let following = next.enclosing else { break }
            next.enclosing = nil
            next = following
        }
    }

    /// A chain for components listed innermost first, or `nil` for none.
    static func make(_ components: some BidirectionalCollection<Component>) -> IntentChain? {
        var chain: IntentChain?
        for component in components.reversed() { chain = IntentChain(component, enclosing: chain) }
        return chain
    }

    /// The components, innermost first.
    var components: [Component] {
        var result: [Component] = []
        result.reserveCapacity(depth)
        var link: IntentChain? = self
        while let current = link {
            result.append(current.component)
            link = current.enclosing
        }
        return result
    }

    /// Whether two chains hold equal components: shared links end the walk early.
    static func equal(_ lhs: IntentChain?, _ rhs: IntentChain?) -> Bool {
        var left = lhs, right = rhs
        while true {
            guard let l = left, let r = right else { return left == nil && right == nil }
            if l === r { return true }
            guard l.depth == r.depth, l.stackHash == r.stackHash, l.component == r.component else { return false }
            left = l.enclosing
            right = r.enclosing
        }
    }
}

/// The components of an intent, innermost first, read without copying the stack.
public struct IntentComponents<Component: IdentifiedComponent>: Sequence, IteratorProtocol {
    private var link: IntentChain<Component>?

    init(_ link: IntentChain<Component>?) { self.link = link }

    /// The next component outwards, or `nil` past the outermost.
    public mutating func next() -> Component? {
        guard let current = link else { return nil }
        link = current.enclosing
        return current.component
    }

    /// How many components are left.
    public var underestimatedCount: Int { link?.depth ?? 0 }
}

/// A stack of components shared between runs, innermost first: ``PresentationIntent`` and
/// ``InlineIntent``. Generic code walks it with ``innermost`` and ``enclosing``, and stops early
/// at a stack it has seen (as a dictionary key or with ``isIdentical(to:)``): runs of one element
/// share the stacks around it.
public protocol ComponentStack: Hashable, Sendable {
    /// The components the stack holds.
    associatedtype Component: IdentifiedComponent
    /// How many components the stack has.
    var depth: Int { get }
    /// The innermost component, if any.
    var innermost: Component? { get }
    /// The stack around the innermost component: `nil` when there is at most one component.
    var enclosing: Self? { get }
    /// Whether both stacks share their storage: then they are equal, and the check takes constant time.
    func isIdentical(to other: Self) -> Bool
}

extension PresentationIntent: ComponentStack {}
extension InlineIntent: ComponentStack {}

/// A component of an intent: an element with an identity unique within its document (0 for the
/// anonymous elements of text built by hand). Equal components have equal identities.
public protocol IdentifiedComponent: Hashable, Sendable {
    /// The element's identity: equal for every run of one element.
    var identity: Int { get }
    /// Whether the component is an extended attribute span, `^[text](…)`: a stack knows in
    /// constant time whether it holds one.
    var isAttributeSpan: Bool { get }
    /// Whether the component is a link or an image: a stack knows in constant time whether it
    /// holds one.
    var isLink: Bool { get }
}

extension IdentifiedComponent {
    /// Blocks are never attribute spans.
    public var isAttributeSpan: Bool { false }
    /// Blocks are never links.
    public var isLink: Bool { false }
}

extension PresentationIntent.Component: IdentifiedComponent {}

extension InlineIntent.Component: IdentifiedComponent {
    /// Whether the element is an extended attribute span, `^[text](…)`.
    public var isAttributeSpan: Bool { if case .attributes = kind { true } else { false } }
    /// Whether the element is a link or an image.
    public var isLink: Bool {
        switch kind {
        case .link, .image: true
        default: false
        }
    }
}
