import Synchronization

/// The built site a server answers from: replaced when a rebuild changes the path it is served
/// under (a new `baseURL` in `runway.toml`), so that the rebuilt pages' links are answered without
/// restarting `runway serve`.
final class ServedSite: Sendable {
    private let site: Mutex<StaticSite>

    init(_ site: StaticSite) {
        self.site = Mutex(site)
    }

    /// The site as it is served now.
    var current: StaticSite { site.withLock { $0 } }

    /// Serves the same output under `basePath` from now on.
    func serve(under basePath: String) {
        site.withLock { site in
            if site.basePath != basePath { site = StaticSite(root: site.root, basePath: basePath) }
        }
    }
}
