package import HTMLRendering
import Foundation

/// What rendering a content file gives besides its record: its body's HTML (headings with ids and
/// anchors) and its headings, for its table of contents.
package struct PageBody: Sendable {
    package var html: String
    /// The page's headings in document order, with the ids the HTML gives them.
    package var headings: [HeadingOutline.Heading]

    package init(html: String, headings: [HeadingOutline.Heading] = []) {
        self.html = html
        self.headings = headings
    }

    /// Whether the body's first block is a top-level heading: the page's title as its text shows
    /// it (whatever the front matter's `title`), which a theme shows apart from the rest.
    package var beginsWithTitle: Bool {
        // Runway's renderer writes a top-level heading as `<h1 id="…">…</h1>` and a newline.
        headings.first?.level == 1 && html.hasPrefix("<h1 ")
    }

    /// The body cut after its title heading (`beginsWithTitle`): that heading's HTML and the
    /// rest; else no heading and the whole body.
    package var splitAtTitle: (heading: String, rest: String) {
        guard beginsWithTitle, let end = html.range(of: "</h1>\n") else { return ("", html) }
        return (String(html[..<end.upperBound]), String(html[end.upperBound...]))
    }

    /// The headings a table of contents lists: all but the title heading (`beginsWithTitle`).
    package var contents: [(level: Int, title: String, id: String)] {
        headings.dropFirst(beginsWithTitle ? 1 : 0).map { ($0.level, $0.text, $0.id) }
    }
}
