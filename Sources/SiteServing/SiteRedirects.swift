import Foundation
import SiteOutput
import Synchronization

/// The redirects of a built site, from its `_redirects` file (`/old/ /new/ 301` a line, as
/// Netlify and Cloudflare Pages read it, which a build writes for pages' aliases): read again
/// whenever the file changes, so that `runway serve` answers each alias with a 301 as soon as a
/// build made it.
final class SiteRedirects: Sendable {
    let file: String
    private let loaded = Mutex<(signature: FileSignature?, table: [String: String])>((nil, [:]))

    init(root: String) {
        file = root + "/_redirects"
    }

    /// Where `path` (decoded, from the site's root) is sent, if the file says so; a path without
    /// its trailing slash counts as one with it.
    func target(of path: String) -> String? {
        let signature = FileSignature.of(file)
        let table = loaded.withLock { loaded in
            if loaded.signature != signature {
                loaded = (signature, signature == nil ? [:] : Self.parse((try? String(contentsOfFile: file, encoding: .utf8)) ?? ""))
            }
            return loaded.table
        }
        return table[path] ?? (path.hasSuffix("/") ? nil : table[path + "/"])
    }

    /// `from to [status]` lines, percent-encoded (a request's path is matched decoded; the target
    /// stays encoded, as a `Location` is); blank lines, comments and lines of another form are
    /// passed over.
    static func parse(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, fields[0].hasPrefix("/"), fields[1].hasPrefix("/"), !fields[1].hasPrefix("//"),
                  let from = fields[0].removingPercentEncoding else { continue }
            table[from] = String(fields[1])
        }
        return table
    }
}
