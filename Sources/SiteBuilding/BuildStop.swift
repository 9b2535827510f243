import Synchronization

/// A request that builds stop (Ctrl-C): a build that sees it before its commit puts nothing in
/// place, rolls back what it wrote beside its place, and reports itself stopped; one already
/// committing finishes, so the output is either the previous one or the new one, whole. A rebuild
/// loop (`serve`, `watch`) ends too. Once made, the request stands.
public final class BuildStop: Sendable {
    private let requested = Atomic(false)
    private let actions = Mutex<[@Sendable () -> Void]>([])

    /// A stop not requested yet.
    public init() {}

    /// Asks every build run with this stop to stop, and runs the actions waiting for it (once).
    public func request() {
        guard !requested.exchange(true, ordering: .sequentiallyConsistent) else { return }
        for action in actions.withLock({ actions in defer { actions = [] }; return actions }) { action() }
    }

    /// Whether a stop was requested.
    public var isRequested: Bool { requested.load(ordering: .sequentiallyConsistent) }

    /// Runs `action` when the stop is requested (now, when it already was).
    public func onRequest(_ action: @escaping @Sendable () -> Void) {
        let now = actions.withLock { actions in
            guard !isRequested else { return true }
            actions.append(action)
            return false
        }
        if now { action() }
    }
}
