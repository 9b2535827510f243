import RunwayText
import Foundation
import SiteBuilding
import SiteWatching
import Synchronization

/// Hands each rebuild's effect to every page listening on `/_runway/events` (server-sent events),
/// and remembers a failed build's errors, or a good build's warnings, so that a page opened
/// afterwards shows them too.
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
        /// The warnings of the last good build.
        var warnings: [String] = []
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

    /// A new listener's events, starting with the current failure if there is one, or else the last
    /// good build's warnings if it had any. When the hub is
    /// full, the oldest listener is told `closed` and its stream ends.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let (first, evicted) = state.withLock { state in
            var evicted: [AsyncStream<String>.Continuation] = []
            while state.listeners.count >= maximumListeners, let oldest = state.listeners.keys.min() {
                evicted.append(state.listeners.removeValue(forKey: oldest)!)
            }
            let id = state.next
            state.next += 1
            state.listeners[id] = continuation
            continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) } }
            return (state.failure.map { Self.event("failure", data: Self.json($0)) }
                        ?? (state.warnings.isEmpty ? nil : Self.event("warnings", data: Self.json(state.warnings))), evicted)
        }
        for listener in evicted {
            listener.yield(Self.closed)
            listener.finish()
        }
        continuation.yield("retry: 500\n\n")
        if let first { continuation.yield(first) }
        return stream
    }

    var listenerCount: Int { state.withLock { $0.listeners.count } }

    /// Sends every listener the heartbeat comment, so that the streams of pages that are gone end
    /// at their next write.
    func ping() {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield(Self.ping) }
    }

    /// Tells every listener what a rebuild means for its page. A good build's warnings reach a page
    /// that reloads when it listens again; one that does not reload hears `warnings` when they changed.
    func publish(_ outcome: LiveBuild.Outcome) {
        let diagnostics = outcome.report.diagnostics
        let problems = diagnostics.filter { $0.severity == .error }.map(\.description)
        let warnings = diagnostics.filter { $0.severity == .warning }.map(\.description)
        let (hadFailed, warningsChanged) = state.withLock { state in
            let before = (state.failure != nil, state.warnings != warnings)
            if outcome.effect == .failed {
                state.failure = problems
            } else {
                state.failure = nil
                state.warnings = warnings
            }
            return before
        }
        let reload = Self.event("reload", data: "{}")
        let warned = warningsChanged ? [Self.event("warnings", data: Self.json(warnings))] : []
        let events: [String]
        switch outcome.effect {
        case .failed: events = [Self.event("failure", data: Self.json(problems))]
        case .reload: events = [reload]
        case .stylesheets: events = hadFailed ? [reload] : [Self.event("stylesheets", data: "{}")] + warned
        case .none: events = hadFailed ? [reload] : warned
        }
        guard !events.isEmpty else { return }
        for listener in state.withLock({ Array($0.listeners.values) }) {
            for event in events { listener.yield(event) }
        }
    }

    /// Ends every listener's stream, so that the server can shut down.
    func finishAll() {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.finish() }
    }

    static func event(_ name: String, data: String) -> String {
        "event: \(name)\ndata: \(data)\n\n"
    }

    private static func json(_ lines: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? String(decoding: encoder.encode(lines), as: UTF8.self)) ?? "[]"
    }
}
