/// The names of the content files Runway reads as pages: Markdown, by the extensions the
/// generators sites come from read as Markdown (Jekyll's posts are `.markdown`).
package enum MarkdownFile {
    /// `md` first, as Runway writes new pages, then the others.
    package static let extensions = ["md", "markdown", "mdown", "mkd", "mkdn"]

    /// The Markdown extension `name` ends with (`markdown` in `posts/a.fr.markdown`), or `nil`.
    package static func markdownExtension(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), !name[name.index(after: dot)...].contains("/") else { return nil }
        let suffix = String(name[name.index(after: dot)...])
        return extensions.contains(suffix) ? suffix : nil
    }

    /// Whether `name` (a file's name or path) is a Markdown file's.
    package static func isMarkdown(_ name: String) -> Bool {
        markdownExtension(of: name) != nil
    }

    /// `name` without its Markdown extension (`posts/a.fr` for `posts/a.fr.markdown`), or as it is.
    package static func stem(_ name: String) -> String {
        guard let suffix = markdownExtension(of: name) else { return name }
        return String(name.dropLast(suffix.count + 1))
    }

    /// The last part of `stem(name)` without a language suffix: `index` for `posts/trip/index.fr.md`.
    package static func baseName(_ name: String) -> String {
        let last = stem(name).split(separator: "/").last.map(String.init) ?? ""
        return String(last.prefix { $0 != "." })
    }
}
