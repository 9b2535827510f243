import RunwayText
import Foundation
import SiteBuilding
import SiteWatching
import Synchronization

/// Hands each rebuild's effect to every page listening on `/_runway/events` (server-sent events),
/// and remembers a failed build so that a page opened afterwards shows it too.
///
/// Listeners are bounded: past `maximumListeners`, a new page makes room by ending the oldest
/// listener's stream, after telling it `event: closed` (the script then stops reconnecting), so that
/// the page the writer just opened always hears of the next build. A listener whose page is gone is
/// released by `ping`: the server sends it periodically, the write to the closed connection fails,
/// and the stream ends.
final class LiveReloadHub: Sendable {
    private struct State {
        var listeners: [Int: AsyncStream<String>.Continuation] = [:]
        var next = 0
        /// The diagnostics of the last build, when it failed.
        var failure: [String]?
    }

    /// Listeners kept by default: far more pages than a writer keeps open, far fewer than the
    /// descriptors a process may hold.
    static let defaultMaximumListeners = 256

    /// A comment line in the event stream (which the page's `EventSource` ignores): written only so
    /// that a write to a connection whose page is gone fails.
    static let ping = ": ping\n\n"
    /// The last event a listener ended to make room hears: the page stops listening.
    static let closed = event("closed", data: "{}")

    /// Listeners beyond this many end the oldest one.
    let maximumListeners: Int
    private let state = Mutex(State())

    init(maximumListeners: Int = LiveReloadHub.defaultMaximumListeners) {
        self.maximumListeners = max(1, maximumListeners)
    }

    /// A new listener's events, starting with the current failure if there is one. When the hub is
    /// full, the oldest listener is told `closed` and its stream ends.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let (failure, evicted) = state.withLock { state in
            var evicted: [AsyncStream<String>.Continuation] = []
            while state.listeners.count >= maximumListeners, let oldest = state.listeners.keys.min() {
                evicted.append(state.listeners.removeValue(forKey: oldest)!)
            }
            let id = state.next
            state.next += 1
            state.listeners[id] = continuation
            continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) } }
            return (state.failure, evicted)
        }
        for listener in evicted {
            listener.yield(Self.closed)
            listener.finish()
        }
        continuation.yield("retry: 500\n\n")
        if let failure { continuation.yield(Self.event("failure", data: Self.json(failure))) }
        return stream
    }

    var listenerCount: Int { state.withLock { $0.listeners.count } }

    /// Sends every listener the heartbeat comment, so that the streams of pages that are gone end
    /// at their next write.
    func ping() {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield(Self.ping) }
    }

    /// Tells every listener what a rebuild means for its page.
    func publish(_ outcome: LiveBuild.Outcome) {
        let event: String?
        let problems = outcome.report.diagnostics.filter { $0.severity == .error }.map(\.description)
        let hadFailed = state.withLock { state in
            defer { state.failure = outcome.effect == .failed ? problems : nil }
            return state.failure != nil
        }
        switch outcome.effect {
        case .failed: event = Self.event("failure", data: Self.json(problems))
        case .reload: event = Self.event("reload", data: "{}")
        case .stylesheets: event = hadFailed ? Self.event("reload", data: "{}") : Self.event("stylesheets", data: "{}")
        case .none: event = hadFailed ? Self.event("reload", data: "{}") : nil
        }
        guard let event else { return }
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield(event) }
    }

    /// Ends every listener's stream, so that the server can shut down.
    func finishAll() {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.finish() }
    }

    static func event(_ name: String, data: String) -> String {
        "event: \(name)\ndata: \(data)\n\n"
    }

    private static func json(_ lines: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(lines), as: UTF8.self)) ?? "[]"
    }
}
