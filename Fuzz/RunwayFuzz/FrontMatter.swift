import RunwayText
import SiteBuilding
import SiteContent

/// `make fuzz TARGET=frontmatter`: arbitrary bytes as a content file's text, through what a build
/// does before Markdown: UTF-8 decoding (a byte-order mark dropped), the split of YAML (`---`) or
/// TOML (`+++`) front matter, and the reading of its values (a YAML alias bomb bounded, dates,
/// slugs, layouts and theme names checked). Every problem must be a located diagnostic; an abort, a
/// trap, an ASan report or a timeout is a finding. Seeds: `Fuzz/seeds/frontmatter/`.
enum FrontMatterTarget {
    static func exercise(_ bytes: UnsafeRawBufferPointer) {
        let text: String
        do throws(Diagnostic) {
            text = try UTF8Text.decode(Array(bytes), path: "content/fuzz.md", kind: "Markdown")
        } catch {
            precondition(error.position != nil, "a decoding error must be located: \(error)")
            return
        }
        let (frontMatter, body) = FrontMatter.split(text)
        // The body is the text after the closing fence's line, behind a line break for each line
        // before it (blank lines, fences with spaces after them and the front matter).
        if let frontMatter {
            let lines = frontMatter.firstLine + frontMatter.text.utf8.count { $0 == UInt8(ascii: "\n") }
            precondition(body.utf8.prefix(lines).allSatisfy { $0 == UInt8(ascii: "\n") } && text.hasSuffix(String(body.utf8.dropFirst(lines))!),
                         "the body keeps its text and its lines")
        } else {
            precondition(body == text, "without front matter, the body is the text")
        }
        let (_, diagnostics) = PageMetadata.read(frontMatter, path: "content/fuzz.md")
        for diagnostic in diagnostics {
            precondition(diagnostic.position != nil, "a front matter problem must be located: \(diagnostic)")
        }
    }
}
