import Crypto
import Foundation
import Formatting
import SiteContent
import SiteOutput

/// The stylesheets a build publishes: the theme's (`theme.css`) and one for each theme a page
/// chose for itself (`themes/NAME.css`), each with the rules of the custom values its pages use.
/// Fingerprinted (`[assets] fingerprint = true`, but under `development`), each is published under a
/// name that holds a hash of its text (`theme.5f2c9a1b.css`) with its Subresource Integrity
/// (`sha384-…`), so that a server may let browsers keep it for a year (`_headers`).
struct Stylesheets: Sendable {
    /// One stylesheet: where it is published, its text, and its integrity (empty unless fingerprinted).
    struct Sheet: Sendable {
        var path: String
        var text: String
        var integrity: String

        /// Its URL, from the site's root.
        var url: String { "/" + path }
    }

    /// The theme's.
    let site: Sheet
    /// Each page theme's, by its name.
    let own: [String: Sheet]
    let fingerprinted: Bool

    /// The stylesheets of `published`, under `theme` and the themes pages name (`themes`).
    init(published: [PageRecord], theme: Theme, themes: ThemeSet, fingerprint: Bool) {
        fingerprinted = fingerprint
        let used = published.filter { $0.metadata.theme == nil }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
        site = Self.sheet(name: "theme", text: ThemeStylesheet(theme: theme).css(usedValues: used), fingerprint: fingerprint)
        var own: [String: Sheet] = [:]
        for name in Set(published.compactMap(\.metadata.theme)).sorted() {
            guard let theme = themes.theme(name) else { continue }
            let values = published.filter { $0.metadata.theme == name }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
            own[name] = Self.sheet(name: "themes/" + name, text: ThemeStylesheet(theme: theme).css(usedValues: values), fingerprint: fingerprint)
        }
        self.own = own
    }

    /// The stylesheet of a page with theme `name` (`nil`: the site's).
    func sheet(of name: String?) -> Sheet {
        name.flatMap { own[$0] } ?? (name.map { Sheet(path: String(ThemeSet.stylesheet(of: $0).dropFirst()), text: "", integrity: "") } ?? site)
    }

    /// Every stylesheet, the site's first.
    var all: [Sheet] { [site] + own.keys.sorted().map { own[$0]! } }

    /// `_headers`, as Netlify and Cloudflare Pages read it: fingerprinted stylesheets (and `assets`, the URLs of fingerprinted assets) may be kept
    /// a year, since another text gets another name. `nil` when none is fingerprinted.
    func headers(basePath: BasePath, assets: [String] = []) -> String? {
        guard fingerprinted else { return nil }
        return (all.map(\.url) + assets).map { basePath.apply(to: $0) + "\n  Cache-Control: public, max-age=31536000, immutable\n" }.joined()
    }

    private static func sheet(name: String, text: String, fingerprint: Bool) -> Sheet {
        guard fingerprint else { return Sheet(path: name + ".css", text: text, integrity: "") }
        let print = Fingerprint(Data(text.utf8))
        return Sheet(path: name + "." + print.hex + ".css", text: text, integrity: print.integrity)
    }
}

/// What names a file by its bytes: SHA-384, its first four bytes in hexadecimal for the name
/// (`theme.5f2c9a1b.css`), the whole as its Subresource Integrity (`sha384-…`).
struct Fingerprint {
    let hex: String
    let integrity: String

    init(_ bytes: some DataProtocol) {
        let digest = SHA384.hash(data: bytes)
        hex = digest.prefix(4).map { String(format: "%02x", $0) }.joined()
        integrity = "sha384-" + Data(digest).base64EncodedString()
    }
}
