import Foundation
import SiteOutput
import Synchronization

/// The static files templates ask for by path (`{{asset("js/app.js")}}`, `{{integrity("js/app.js")}}`).
/// Fingerprinted (`[assets] fingerprint = true`, but under `development`), each is published a
/// second time under a name that holds a hash of its bytes (`js/app.5f2c9a1b.js`), which the
/// template gets with its Subresource Integrity, and `_headers` lets browsers keep it a year;
/// otherwise the template gets the file's own URL and no integrity. The file itself is published
/// as every static file is, under its own name too.
final class Assets: Sendable {
    /// One asset as pages link to it.
    struct Asset: Sendable, Hashable {
        /// The file it is copied from.
        var source: String
        /// Where it is published for pages to link to: its own path, or its fingerprinted one.
        var path: String
        /// `sha384-…` when fingerprinted, else empty.
        var integrity: String

        /// Its URL, from the site's root.
        var url: String { "/" + path }
    }

    /// The static files of the theme and the site, by their path in the output.
    let statics: [String: String]
    let fingerprint: Bool
    private let made = Mutex<[String: Asset?]>([:])

    init(statics: [String: String], fingerprint: Bool) {
        self.statics = statics
        self.fingerprint = fingerprint
    }

    /// The asset at `path` (as the output has it: `js/app.js`), or `nil` when the site has no
    /// such static file (or, fingerprinted, it cannot be read).
    func asset(_ path: String) -> Asset? {
        if let known = made.withLock({ $0[path] }) { return known }
        guard let source = statics[path] else { return nil }
        var asset: Asset? = Asset(source: source, path: path, integrity: "")
        if fingerprint {
            if let bytes = FileContents.read(source) {
                let print = Fingerprint(bytes)
                asset?.path = Self.fingerprinted(path, hex: print.hex)
                asset?.integrity = print.integrity
            } else {
                asset = nil
            }
        }
        made.withLock { $0[path] = asset }
        return asset
    }

    /// `js/app.js` with `hex` before its extension (`js/app.5f2c9a1b.js`); after a name without one.
    static func fingerprinted(_ path: String, hex: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot > slash else { return path + "." + hex }
        return String(path[..<dot]) + "." + hex + String(path[dot...])
    }

    /// The fingerprinted copies of `requested` (the assets templates name), each keyed by its
    /// source and its file's signature, as static files are; none when not fingerprinted.
    func copies(of requested: [String]) -> [SiteBuild.StaticCopy] {
        guard fingerprint else { return [] }
        return requested.compactMap { path in
            guard let asset = asset(path), let output = OutputPath(asset.path) else { return nil }
            var key = ContentHash()
            key.add(asset.source)
            key.add(BuildCache.signature(of: asset.source))
            return SiteBuild.StaticCopy(path: output, key: key, source: asset.source)
        }
    }

    /// What the pages' keys hold of the assets: each requested one's published path (its hash,
    /// when fingerprinted), so that a changed file renders again the pages that name it.
    func key(of requested: [String]) -> String {
        requested.map { $0 + " " + (asset($0)?.path ?? "-") }.joined(separator: "\n")
    }
}
