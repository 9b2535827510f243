import EmojiTable
import MarkdownParsing
import RunwayText
import SiteContent
import SiteOutput
import SyntaxHighlighting

/// `[markdown] emoji = true`: the shortcodes of Debian's `python3-emoji`, read by the Python that
/// highlights code (``SyntaxHighlighting/PygmentsTokenizer/defaultPython()``).
extension SiteBuild {
    /// The shortcodes, and what names their table in the build's version (its package's version
    /// and size); or an error at the setting, `position` of `runway.toml`, when there is no table.
    func emojiShortcodes(at position: SourcePosition?) -> Result<(EmojiShortcodes, String), Diagnostic> {
        let file = SitePaths.join(site, SiteConfiguration.fileName)
        guard let python = PygmentsTokenizer.defaultPython() else {
            return .failure(Diagnostic(.error, "emoji = true needs python3 with Debian's python3-emoji, and there is no python3 on the PATH",
                                       path: file, position: position))
        }
        do throws(EmojiTable.Failure) {
            let table = try EmojiTable.load(python: python)
            return .success((EmojiShortcodes(table: table.emoji), "\(table.version) \(table.emoji.count)"))
        } catch {
            return .failure(Diagnostic(.error, "emoji = true: \(error.description)", path: file, position: position))
        }
    }
}
