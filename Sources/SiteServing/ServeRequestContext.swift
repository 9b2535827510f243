public import Hummingbird

/// The request context of `runway serve`: Hummingbird's basics, and the port the connection came
/// in on (the one the server listens on, also when it was asked for port 0), for the `Host` check.
public struct ServeRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The local port of the connection; nil when it has none.
    public let localPort: Int?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        localPort = source.channel.localAddress?.port
    }
}
