import Foundation
import SiteOutput

/// Where a request path leads inside a built site, decided without trusting the path: it is
/// percent-decoded once, and refused when it holds a NUL byte, a backslash or a `.`/`..` segment;
/// whatever it names is resolved through symbolic links and must still lie inside the output
/// folder. Folders serve their `index.html` and are never listed, and the redirect that adds a
/// folder's trailing slash always names a path on this server.
public struct StaticSite: Sendable {
    /// The output folder.
    public let root: String
    /// Its `_redirects` (pages' aliases), answered before its files.
    let redirects: SiteRedirects
    /// The path the site is served under (`/book-site`, its base URL's), or empty: a request
    /// outside it finds nothing, and `/` is sent to it.
    public let basePath: String
    /// `basePath` decoded (`/a b` for `/a%20b`), as request paths are compared.
    private let decodedBasePath: String

    /// The files under `root`, served under `basePath` (`/book-site`; empty for the root).
    public init(root: String, basePath: String = "") {
        self.root = root
        self.basePath = basePath
        decodedBasePath = basePath.removingPercentEncoding ?? basePath
        redirects = SiteRedirects(root: root)
    }

    /// What a request's path names.
    public enum Resolution: Sendable, Equatable {
        /// An existing regular file inside the output folder (its resolved path).
        case file(String)
        /// A folder asked for without its trailing slash, or an alias of a page: where to send the
        /// browser, always a path that starts with a single `/` (never `//host/`, which a browser
        /// would take for another host).
        case redirect(String)
        /// Nothing in the site: the site's 404 page answers.
        case notFound
        /// A path that cannot name anything in the site, and why.
        case badRequest(String)
    }

    /// `rawPath` as it came in the request line (still percent-encoded, without the query).
    public func resolve(_ rawPath: String) -> Resolution {
        guard rawPath.hasPrefix("/") else { return .badRequest("the path must start with /") }
        guard var decoded = rawPath.removingPercentEncoding else { return .badRequest("invalid percent-encoding") }
        if decoded.utf8.contains(0) { return .badRequest("NUL byte in path") }
        if decoded.contains("\\") { return .badRequest("backslash in path") }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .badRequest("dot segment in path") }
        if let target = redirects.target(of: decoded) { return .redirect(target) }
        if !basePath.isEmpty {
            if decoded == "/" || decoded == decodedBasePath { return .redirect(basePath + "/") }
            guard decoded.hasPrefix(decodedBasePath + "/") else { return .notFound }
            decoded.removeFirst(decodedBasePath.count)
        }
        guard let base = RealPath.of(root) else { return .notFound }
        let candidate = root + decoded
        guard let resolved = RealPath.of(candidate), RealPath.isInside(resolved, base) else { return .notFound }
        guard let kind = RealPath.kind(of: resolved) else { return .notFound }
        if kind == .folder {
            guard decoded.hasSuffix("/") else { return .redirect(Self.localPath(rawPath) + "/") }
            guard let index = RealPath.of(resolved + "/index.html"), RealPath.isInside(index, base),
                  RealPath.kind(of: index) == .file
            else { return .notFound }
            return .file(index)
        }
        guard kind == .file else { return .notFound }
        return .file(resolved)
    }

    /// The site's own 404 page, when it has one.
    public var notFoundPage: String? {
        guard case .file(let path) = resolve(basePath + "/404.html") else { return nil }
        return path
    }

    /// The 404 page nearest to `rawPath`, as Cloudflare Pages finds it: `/fr/a/b` is answered by
    /// `/fr/a/404.html`, else `/fr/404.html`, else the site's own (a language's 404 page answers for its pages).
    public func notFoundPage(for rawPath: String) -> String? {
        let decoded = rawPath.removingPercentEncoding ?? rawPath
        var local = decoded
        if !basePath.isEmpty, local.hasPrefix(decodedBasePath + "/") { local.removeFirst(decodedBasePath.count) }
        var folders = local.split(separator: "/").map(String.init)
        // `/fr/a` names a file in /fr/; `/fr/a/` the folder /fr/a/.
        if !local.hasSuffix("/"), !folders.isEmpty { folders.removeLast() }
        while !folders.isEmpty {
            let encoded = folders.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }.joined(separator: "/")
            if case .file(let path) = resolve(basePath + "/" + encoded + "/404.html") { return path }
            folders.removeLast()
        }
        return notFoundPage
    }

    /// `rawPath` with its leading slashes collapsed into one: `//tags` is the folder `/tags` here,
    /// but as a `Location` it would be a scheme-relative URL naming the host `tags`.
    static func localPath(_ rawPath: String) -> String {
        "/" + rawPath.drop { $0 == "/" }
    }
}
