package import RunwayText
import Foundation
package import SiteOutput

/// A site's data files (`data/**/*.toml|yaml|yml|json|csv`), read once per build into one tree of
/// values: `data/team.yaml` is `site.data.team`, `data/team/berlin.json` is
/// `site.data.team.berlin`, as Hugo's `site.Data` and Jekyll's `site.data` have them. Each
/// top-level name keeps a hash of the files under it, so that a page is rebuilt when a data file
/// its templates read changes, and only then.
package struct SiteData: Sendable {
    /// The values by top-level name (`team` for `data/team.yaml` and for `data/team/*`).
    package private(set) var values: [String: AttributeValue] = [:]
    /// A hash of the files under each top-level name: their paths and bytes.
    package private(set) var hashes: [String: ContentHash] = [:]

    /// No data files.
    package init() {}

    /// The data files of the site at `site`: a file that cannot be read, a name that two files give
    /// (`team.yaml` and `team.json`, or `team.yaml` beside a folder `team/` with a file of the same
    /// name), and a malformed file are errors at the file; another kind of file is a warning that
    /// says it is not read. A link is followed only inside `data/`.
    package static func load(site: String) -> (data: SiteData, diagnostics: [Diagnostic]) {
        let root = SitePaths.join(site, folder)
        let listing = SitePaths.list(under: root, inside: site)
        var diagnostics = SitePaths.problems(of: listing, under: root)
        var data = SiteData()
        var givenBy: [String: String] = [:]
        for file in listing.files.sorted() {
            let path = root + "/" + file
            let shown = folder + "/" + file
            guard let format = DataFile.Format(fileName: file) else {
                diagnostics.append(Diagnostic(.warning, "is not read: data files are .toml, .yaml, .yml, .json or .csv", path: path))
                continue
            }
            let names = ((file as NSString).deletingPathExtension).split(separator: "/").map(String.init)
            let key = names.joined(separator: ".")
            // `team.yaml` and `team.json`; `team.yaml` and `team/berlin.yaml`, which would go inside it.
            let clash = givenBy[key] ?? (1..<names.count).lazy.compactMap { givenBy[names.prefix($0).joined(separator: ".")] }.first
                ?? givenBy.first { $0.key.hasPrefix(key + ".") }?.value
            if let other = clash {
                diagnostics.append(Diagnostic(.error, "gives site.data.\(key), where \(other) gives its values: rename one of them", path: path))
                continue
            }
            guard let bytes = FileContents.read(path) else {
                diagnostics.append(Diagnostic(.error, "cannot be read", path: path))
                continue
            }
            let text: String
            do throws(Diagnostic) {
                text = try UTF8Text.decode(bytes, path: path, kind: "a data file")
            } catch {
                diagnostics.append(error)
                continue
            }
            let (read, problems) = DataFile.value(text, format: format, path: path)
            diagnostics += problems
            guard let value = read else { continue }
            givenBy[key] = shown
            Self.put(value, into: &data.values, at: names[...])
            data.hashes[names[0], default: ContentHash()].add(file)
            data.hashes[names[0], default: ContentHash()].add(bytes)
        }
        return (data, diagnostics)
    }

    /// The site's folder of data files.
    package static let folder = "data"

    /// The hash of the data under the top-level names `names`, or of all of it when `names` is
    /// `nil` (a template that reads `site.data` whole).
    package func hash(of names: Set<String>?) -> ContentHash {
        var hash = ContentHash()
        for name in (names.map(Array.init) ?? Array(hashes.keys)).sorted() {
            hash.add(name)
            hash.add(hashes[name]?.description ?? "-")
        }
        return hash
    }

    /// Puts `value` at the path `names`, in tables made for the folders on the way.
    private static func put(_ value: AttributeValue, into table: inout [String: AttributeValue], at names: ArraySlice<String>) {
        let name = names.first!
        guard names.count > 1 else {
            table[name] = value
            return
        }
        var inner: [String: AttributeValue] = if case .object(let members)? = table[name] { members } else { [:] }
        put(value, into: &inner, at: names.dropFirst())
        table[name] = .object(inner)
    }
}
