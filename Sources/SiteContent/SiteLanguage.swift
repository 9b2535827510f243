import Foundation

/// A language a site is written in: the default one (`language` in `runway.toml`) at the site's
/// root, each other one (`[languages.CODE]`) under `/CODE/`.
public struct SiteLanguage: Hashable, Sendable, Codable {
    /// The BCP 47 tag, such as `en` or `pt-BR`: the `hreflang` and `lang` value.
    public var code: String
    /// How the language switcher names it, in the language itself ("Français").
    public var name: String
    /// The site title in this language.
    public var title: String
    /// `""` for the default language, `/CODE` for the others.
    public var prefix: String
    /// Which way its text runs: `rtl` for Arabic, Persian, Hebrew, Urdu… (as the language's
    /// script runs, unless `[languages.CODE]` says `direction`), else `ltr`: `<html dir>`.
    public var direction: TextDirection

    /// A language `code`, named `name`, with the site's `title` in it, under `prefix`, its text
    /// running as `direction` says, else as its script does.
    public init(code: String, name: String, title: String, prefix: String, direction: TextDirection? = nil) {
        self.code = code
        self.name = name
        self.title = title
        self.prefix = prefix
        self.direction = direction ?? TextDirection(language: code)
    }

    /// Whether `code` can be a language tag and a URL segment: letters, digits and `-`, starting
    /// with a letter.
    static func isValidCode(_ code: String) -> Bool {
        guard let first = code.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return code.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" }
    }
}

/// The way a language's text runs, as HTML's `dir` attribute names it.
public enum TextDirection: String, Hashable, Sendable, Codable {
    /// Left to right.
    case ltr
    /// Right to left (Arabic, Persian, Hebrew, Urdu…).
    case rtl

    /// The direction of the language `code`'s script, as the Unicode locale data gives it.
    public init(language code: String) {
        self = Locale.Language(identifier: code).characterDirection == .rightToLeft ? .rtl : .ltr
    }
}
