import RunwayText
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
public import SiteBuilding

/// `runway serve`: builds a site, serves its output on Hummingbird, rebuilds when its files change
/// and tells open pages over server-sent events. A failed build never stops the server: the last
/// good output stays served and pages show the errors over it.
public struct SiteServer: Sendable {
    /// The build it serves and runs again on every change.
    public let live: LiveBuild
    /// The address it listens on.
    public var host: String
    /// The port it listens on.
    public var port: Int
    /// How often open event streams get a heartbeat comment (10 ms at least); the connection of a
    /// page that is gone is released at the first heartbeat that cannot be written, the first or
    /// the second after the page closed.
    public let heartbeat: Duration

    /// Whether pages' canonical links and feeds carry the address it answers on
    /// (`http://127.0.0.1:8000/`, under the site's base path) in place of `runway.toml`'s: what a
    /// writer following them locally expects. The build's own `baseURL`, when it has one, wins.
    public var writesOwnAddress = false

    /// The heartbeat's default period.
    public static let defaultHeartbeat = Duration.seconds(5)

    /// A server of `build`'s output on `host`:`port`, whose pages' event streams get a heartbeat every `heartbeat`.
    public init(build: SiteBuild, host: String = "127.0.0.1", port: Int = 8000, heartbeat: Duration = SiteServer.defaultHeartbeat) {
        live = LiveBuild(build: build)
        self.host = host
        self.port = port
        self.heartbeat = max(heartbeat, .milliseconds(10))
    }

    /// How long a stopping server lets responses still being sent finish.
    static let shutdownGrace: Duration = .seconds(2)

    /// Builds, then serves until the build's stop is requested (``SiteBuild/stop``: `runway serve`
    /// requests it on Ctrl-C and SIGTERM). `onBuild` hears of every build (the first one
    /// included); `onListening` once the server accepts connections, with the port it listens on.
    /// Throws before building when the address cannot be listened on (a port in use, a host that
    /// is no address of this machine).
    public func run(onBuild: @escaping @Sendable (LiveBuild.Outcome) -> Void,
                    onListening: @escaping @Sendable (_ port: Int) -> Void) async throws {
        let port: Int
        switch ListenCheck.port(host: host, port: self.port) {
        case .success(let bound): port = bound
        case .failure(let problem):
            throw Diagnostic(.error, problem.message, path: "\(host.contains(":") ? "[\(host)]" : host):\(self.port)")
        }
        // Under `--port 0`, the port the system chose, so that the pages can name it.
        let live = writesOwnAddress && self.live.build.baseURL == nil ? LiveBuild(build: withOrigin(self.live.build, port: port)) : self.live
        let hub = LiveReloadHub()
        try live.openOutput()
        // Watching from before the first build: a file saved while it runs is built after it.
        let loop = try live.watchForChanges()
        let first = live.rebuild()
        onBuild(first)
        // Stopped during it: its journal is settled with the manifest, and nothing is served.
        guard !live.build.stop.isRequested else { return live.saveCache() }
        hub.publish(first)
        let served = ServedSite(StaticSite(root: live.build.destination, basePath: first.report.basePath ?? live.build.basePath))
        let rebuilds = Task.detached { [live] in
            await loop.run { outcome in
                onBuild(outcome)
                // A new baseURL: its pages are answered under its path before they are reloaded.
                // A failed build leaves the last good output, under the path it was built for: the
                // path of the runway.toml the build read, which may have changed again since.
                if outcome.report.succeeded, let basePath = outcome.report.basePath { served.serve(under: basePath) }
                hub.publish(outcome)
            }
        }
        var logger = Logger(label: "runway.serve")
        logger.logLevel = .warning
        let app = Application(
            responder: SiteResponder(served: served, hub: hub, allowedHosts: AllowedHosts(boundHost: host)),
            // A connection that says nothing (or too little for a request) for this long is
            // closed: 600 silent ones held every request for as long as they stayed. Event
            // streams and downloads under way are answers being written, never idle.
            server: .http1(configuration: .init(idleTimeout: Self.idleTimeout)),
            configuration: .init(address: .hostname(host, port: port), serverName: "runway"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
        defer { rebuilds.cancel() }
        // Services shut down in reverse order: the event streams end first, so that the server
        // does not wait for pages that listen forever.
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: app), .init(service: EventStreams(hub: hub, heartbeat: heartbeat))], logger: logger)
        // A download a client stopped reading (a paused video) would hold the shutdown for as long
        // as the client stays: what is still being sent after this long is cut off.
        configuration.maximumGracefulShutdownDuration = Self.shutdownGrace
        let group = ServiceGroup(configuration: configuration)
        live.build.stop.onRequest { Task { await group.triggerGracefulShutdown() } }
        try await group.run()
        // A rebuild under way stops (its output stays as it was) and is reported; then the cache.
        live.build.stop.request()
        rebuilds.cancel()
        await rebuilds.value
        live.saveCache()
    }
}

extension SiteServer {
    /// `build` with the address it is served on as its base URL's origin: the host as a URL
    /// names it (`[::1]`), `localhost` for an address of every interface (`0.0.0.0`).
    func withOrigin(_ build: SiteBuild, port: Int) -> SiteBuild {
        var build = build
        let name = ["0.0.0.0", "::", ""].contains(host) ? "localhost" : host.contains(":") ? "[\(host)]" : host
        build.origin = "http://\(name):\(port)"
        return build
    }

    /// How long a connection may be idle: with no request under way, or one not read whole.
    static let idleTimeout: TimeAmount = .seconds(10)
}

/// Sends the open event streams their heartbeat until the server shuts down, then ends them, so
/// that shutting down does not wait for pages that listen forever.
private struct EventStreams: Service {
    let hub: LiveReloadHub
    let heartbeat: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown { [hub, heartbeat] in
            while (try? await Task.sleep(for: heartbeat)) != nil { hub.ping() }
        }
        hub.finishAll()
    }
}

/// Whether `serve` can listen where it is asked, found before it builds: a port in use or a host
/// that is no address of this machine is said plainly then, instead of after a whole build in the
/// words of the socket layer.
enum ListenCheck {
    /// Why a server cannot listen where asked.
    struct Problem: Error {
        var message: String
    }

    /// The port a server of `host`:`port` can listen on now: `port`, or under port 0 the one the
    /// system gives a socket bound there (free a moment ago, as any port is only while unbound).
    static func port(host: String, port: Int) -> Result<Int, Problem> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let address = found else {
            return .failure(Problem(message: "cannot listen there: '\(host)' is not an address of this machine (\(String(cString: gai_strerror(status))))"))
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard descriptor >= 0 else { return .success(port) }
        defer { close(descriptor) }
        // As the server binds: a port left in TIME_WAIT by a server just stopped is free.
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            let code = errno
            if code == EADDRINUSE { return .failure(Problem(message: "cannot listen there: port \(port) is in use (stop what uses it, or choose another with --port)")) }
            return .failure(Problem(message: "cannot listen there: \(String(cString: strerror(code)))"))
        }
        guard port == 0 else { return .success(port) }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        guard named == 0 else { return .success(port) }
        let family = Int32(bound.ss_family)
        let chosen = withUnsafePointer(to: &bound) { pointer -> UInt16 in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        return .success(Int(UInt16(bigEndian: chosen)))
    }
}
