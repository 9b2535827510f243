import SiteOutput

/// Every path a built site serves (`/a/b/` for a page, `/a/b.ext` for a file), from its output
/// files: what a link must reach, and what a URL already under the base path may still be.
struct ServedPaths: Sendable {
    private let targets: Set<String>

    init(_ outputs: some Sequence<OutputPath>) {
        targets = Set(outputs.map { Self.target($0.value) })
    }

    /// The site path an output file answers: `a/index.html` → `/a/`, `theme.css` → `/theme.css`.
    static func target(_ output: String) -> String {
        if output == "index.html" { return "/" }
        if output.hasSuffix("/index.html") { return "/" + output.dropLast("index.html".count) }
        return "/" + output
    }

    /// A key of the paths served under `prefix` (a decoded base path such as `/sub`): `nil` when
    /// there is no prefix or nothing under it, as in most sites.
    func key(under prefix: String) -> ContentHash? {
        guard !prefix.isEmpty else { return nil }
        let under = targets.filter { $0.hasPrefix(prefix + "/") }.sorted()
        guard !under.isEmpty else { return nil }
        var key = ContentHash()
        for target in under { key.add(target) }
        return key
    }

    /// Whether `path` (decoded, without a query or fragment) reaches one of them: `/a/`,
    /// `/a/index.html` and `/a` all reach a page `/a/`.
    func contains(_ path: Substring) -> Bool {
        let path = String(path)
        if targets.contains(path) { return true }
        if path.hasSuffix("/index.html") { return targets.contains(String(path.dropLast("index.html".count))) }
        return !path.hasSuffix("/") && targets.contains(path + "/")
    }
}
