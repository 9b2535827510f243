import RunwayText
import Foundation

/// What a content file's name and front matter say of its page besides its text: its language (a
/// `.fr` suffix, or `lang`), a date in its name, its URL and its title.
extension PageReader {
    /// The language of a page named `name` (under `content/`, without `.md`) and the name without
    /// the language's suffix: `lang` wins over the suffix, and one that is not the site's is an
    /// error at its key (the page would stay in the default language's lists and feeds while its
    /// HTML said another), and is dropped. A suffix that names a language the site does not
    /// declare (`about.fa.md`) is `nil`, with a warning: the page is skipped (it was taken for
    /// another page of the default language, `/about.fa/`, whose alias then collided).
    func language(of name: String, metadata: inout PageMetadata, path: String, frontMatter: FrontMatter?,
                  diagnostics: inout [Diagnostic]) -> (SiteLanguage, String)? {
        var (language, name) = (configuration.languages[0], name)
        if let dot = name.lastIndex(of: "."), !name[dot...].contains("/") {
            let suffix = String(name[name.index(after: dot)...])
            if let suffixed = configuration.language(suffix) {
                language = suffixed
                name = String(name[..<dot])
            } else if Self.isLanguageCode(suffix) {
                diagnostics.append(Diagnostic(.warning, "skipped: this page is in the language '\(suffix)' (its name's .\(suffix)), which runway.toml "
                                              + "does not declare: add [languages.\(suffix)] (its name, and its menus and params if it has them), "
                                              + "or rename the file if .\(suffix) is not a language",
                                              path: path, position: SourcePosition(line: 1, column: 1)))
                return nil
            }
        }
        guard let lang = metadata.lang else { return (language, name) }
        if let declared = configuration.language(lang) { return (declared, name) }
        diagnostics.append(Diagnostic(.error, "'lang' must be one of the site's languages (\(configuration.languages.map(\.code).joined(separator: ", "))), "
                                      + "not \"\(lang)\" (a language is declared under [languages.CODE] in runway.toml)",
                                      path: path, position: frontMatter?.position(ofKey: "lang")))
        metadata.lang = nil
        return (language, name)
    }

    /// Whether `code` is a language's, as a file's suffix names it: a language of ISO 639-1 (two
    /// letters: `fa`, `fr`), alone or with a region or script (`pt-br`, `zh-hans`). Three-letter
    /// codes are left out: too many are words (`new`, `min`, `old`).
    static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, primary.count == 2, twoLetterLanguages.contains(String(primary)) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    private static let twoLetterLanguages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.count == 2 })

    /// `posts/2026-11-03-title` → (`2026-11-03`, `posts/title`): a name whose last part starts with
    /// a date and a `-`, followed by more.
    static func datedName(_ name: String) -> (date: String, name: String)? {
        let slash = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
        let last = name[slash...]
        guard last.count > 11, last.dropFirst(10).first == "-", PageMetadata.isDate(String(last.prefix(10))),
              last.prefix(10).allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return nil }
        return (String(last.prefix(10)), String(name[..<slash]) + last.dropFirst(11))
    }

    /// `index` → `/`, `about` → `/about/`, `posts/index` → `/posts/`, `posts/a` → `/posts/a/`; a
    /// section's `_index` is its folder's, as `index` is. A `slug` names the page in place of its
    /// file's name, or of its folder's for a bundle (`posts/trip/index`, `slug: walk` → `/posts/walk/`).
    static func url(for name: String, slug: String?) -> String {
        var parts = name.split(separator: "/").map(String.init)
        if parts.last == "_index" {
            parts.removeLast()
        } else {
            if parts.last == "index" { parts.removeLast() }
            if let slug, !parts.isEmpty { parts[parts.count - 1] = slug }
        }
        return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
    }

    static func title(from name: String) -> String {
        let parts = name.split(separator: "/").map(String.init)
        // A section's `_index` and a bundle's `index` are named for their folder.
        let last = (parts.last == "_index" || parts.last == "index" ? parts.dropLast().last : parts.last) ?? name
        return last.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ").capitalized
    }
}

extension SiteConfiguration {
    /// The site language with this code.
    package func language(_ code: String) -> SiteLanguage? {
        languages.first { $0.code == code }
    }
}
