import AttributedText
import Foundation
import SiteBuilding
import SiteWatching
import Synchronization

/// Hands each rebuild's effect to every page listening on `/_runway/events` (server-sent events),
/// and remembers a failed build so that a page opened afterwards shows it too.
final class LiveReloadHub: Sendable {
    private struct State {
        var listeners: [Int: AsyncStream<String>.Continuation] = [:]
        var next = 0
        /// The diagnostics of the last build, when it failed.
        var failure: [String]?
    }

    private let state = Mutex(State())

    /// A new listener's events, starting with the current failure if there is one.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let failure = state.withLock { state in
            let id = state.next
            state.next += 1
            state.listeners[id] = continuation
            continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) } }
            return state.failure
        }
        continuation.yield("retry: 500\n\n")
        if let failure { continuation.yield(Self.event("failure", data: Self.json(failure))) }
        return stream
    }

    var listenerCount: Int { state.withLock { $0.listeners.count } }

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
