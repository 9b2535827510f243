package import RunwayText
import Formatting
import Foundation
import TOMLKit
import SiteOutput

/// The words of a site's pages by language, for templates' `t`: `i18n/<language>.toml` files of
/// flat keys (`newer = "Older posts"`), the theme's (a parent theme's first) and then the site's,
/// a later file's key winning.
package enum StringTables {
    /// The tables of `folders` (theme folders, parent first, then the site), by language code, and
    /// what is wrong with their files, located.
    package static func load(from folders: [String]) -> (strings: [String: [String: String]], diagnostics: [Diagnostic]) {
        var strings: [String: [String: String]] = [:]
        var diagnostics: [Diagnostic] = []
        for folder in folders {
            let root = SitePaths.join(folder, "i18n")
            for file in SitePaths.files(under: root).sorted() where !file.contains("/") {
                let path = root + "/" + file
                // Hugo's tables are YAML or JSON as well: said, not silently left out.
                if let kind = [".yaml", ".yml", ".json"].first(where: file.hasSuffix) {
                    let toml = String(file.dropLast(kind.count)) + ".toml"
                    diagnostics.append(Diagnostic(.warning, "string tables are TOML files of flat keys (\(toml)); this file is not read", path: path))
                }
                guard file.hasSuffix(".toml") else { continue }
                let language = String(file.dropLast(".toml".count))
                guard SiteLanguage.isValidCode(language) else {
                    diagnostics.append(Diagnostic(.warning, "'\(language)' is not a language code; the file is not read", path: path))
                    continue
                }
                let source: TOMLSource
                do throws(Diagnostic) {
                    source = try TOMLSource(path: path, text: try SourceText.read(path, pipes: false, kind: "TOML").text)
                } catch {
                    diagnostics.append(error)
                    continue
                }
                for (key, value) in source.table {
                    guard let text = value.string else {
                        diagnostics.append(Diagnostic(.warning, "'\(key)' is not a string; templates see the key instead", path: path,
                                                      position: source.position(of: [key])))
                        continue
                    }
                    strings[language, default: [:]][key] = text
                }
            }
        }
        return (strings, diagnostics)
    }

    /// A key's word in `language`, else in English, as templates' `t` finds it.
    package static func word(_ key: String, language: String, in strings: [String: [String: String]]) -> String? {
        strings[language]?[key] ?? strings[fallbackLanguage]?[key]
    }

    /// The language whose table gives the words another lacks.
    package static let fallbackLanguage = "en"
}
