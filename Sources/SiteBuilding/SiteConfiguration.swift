public import AttributedText
public import Formatting
import Foundation
import TOMLKit

/// A site's `runway.toml`: what the site is called, where it lives, and which custom attributes
/// its content may use.
public struct SiteConfiguration: Sendable {
    public static let fileName = "runway.toml"

    public var title: String
    public var baseURL: String
    public var language: String
    public var theme: String
    /// How many pages a list page shows before the next page of the list.
    public var paginate: Int
    /// The custom attributes the site's Markdown may use, from `[attributes.NAME]` tables.
    public var scope: CustomAttributeScope

    /// The settings the file may hold at its top level.
    static let knownKeys: Set<String> = ["title", "baseURL", "language", "theme", "paginate", "attributes"]

    /// The custom attributes the site's content may use: those its theme's definition declares and
    /// those `runway.toml` adds (which win).
    public func contentScope(theme: Theme?) -> CustomAttributeScope {
        var merged = CustomAttributeScope(name: "\(Self.fileName) and theme \(self.theme)", declarations: [])
        for declaration in theme?.definition.scope?.declarations ?? [] { merged.declare(declaration) }
        for declaration in scope.declarations { merged.declare(declaration) }
        return merged
    }

    /// Reads `<site>/runway.toml`. The configuration is `nil` when the file is missing or not TOML;
    /// problems with single settings are diagnostics, and the rest of the file still counts.
    public static func load(site: String) -> (configuration: SiteConfiguration?, diagnostics: [Diagnostic]) {
        let path = SitePaths.join(site, fileName)
        guard FileManager.default.fileExists(atPath: path) else {
            return (nil, [Diagnostic(.error, "no \(fileName) here: this is not a Runway site (make one with runway new <dir>)", path: path)])
        }
        let source: TOMLSource
        do throws(Diagnostic) {
            source = try TOMLSource(path: path, text: try SourceText.read(path).text)
        } catch {
            return (nil, [error])
        }
        var diagnostics: [Diagnostic] = []
        func string(_ key: String, default value: String) -> String {
            guard let setting = source.table[key] else { return value }
            guard let string = setting.string else {
                diagnostics.append(Diagnostic(.error, "'\(key)' must be a string", path: path, position: source.position(of: [key])))
                return value
            }
            return string
        }
        for key in source.table.keys.sorted() where !knownKeys.contains(key) {
            diagnostics.append(Diagnostic(.warning, "unknown setting '\(key)' (known: \(knownKeys.sorted().joined(separator: ", ")))",
                                          path: path, position: source.position(of: [key])))
        }
        var paginate = 10
        if let setting = source.table["paginate"] {
            if let size = setting.int, size > 0 { paginate = size } else {
                diagnostics.append(Diagnostic(.error, "'paginate' must be a whole number above 0", path: path, position: source.position(of: ["paginate"])))
            }
        }
        let declared = CustomAttributeScope.declared(in: source, name: fileName)
        diagnostics += declared.diagnostics
        let configuration = SiteConfiguration(
            title: string("title", default: "Untitled site"), baseURL: string("baseURL", default: "/"),
            language: string("language", default: "en"), theme: string("theme", default: "default"),
            paginate: paginate, scope: declared.scope)
        return (configuration, diagnostics)
    }
}
