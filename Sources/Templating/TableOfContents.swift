/// A page's table of contents as templates see it: `page.toc`, a nested list of entries (`title`,
/// `id`, `children`); `page.tocHTML`, the same as nested `<ul>` lists of links (trusted HTML,
/// for themes that show it as it is); and `page.hasTOC`, whether it holds 3 entries or more.
package struct TableOfContents: Sendable, Equatable {
    /// One heading and the headings under it.
    package struct Entry: TemplateRepresentable, Equatable {
        package var title: String
        package var id: String
        package var children: [Entry]

        package init(title: String, id: String, children: [Entry] = []) {
            self.title = title
            self.id = id
            self.children = children
        }

        package var templateValue: TemplateValue {
            .object([("title", .text(title)), ("id", .text(id)), ("children", .list(children.map(\.templateValue)))])
        }

        var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
    }

    package var entries: [Entry]

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The entries of `headings` (level, text, id, in document order), each under the nearest
    /// heading before it of a lower level.
    package init(headings: [(level: Int, title: String, id: String)]) {
        /// The open entries, outermost first, with their levels.
        var open: [(level: Int, entry: Entry)] = []
        var entries: [Entry] = []
        func closeLast() {
            let last = open.removeLast().entry
            if open.isEmpty { entries.append(last) } else { open[open.count - 1].entry.children.append(last) }
        }
        for heading in headings {
            while let last = open.last, last.level >= heading.level { closeLast() }
            open.append((heading.level, Entry(title: heading.title, id: heading.id)))
        }
        while !open.isEmpty { closeLast() }
        self.entries = entries
    }

    /// How many headings it holds, at every depth.
    package var count: Int { entries.reduce(0) { $0 + $1.count } }

    /// Whether a theme shows it: 3 headings or more.
    package var isWorthShowing: Bool { count >= 3 }

    /// Nested `<ul>` lists of links to the headings, escaped.
    package var html: String {
        guard !entries.isEmpty else { return "" }
        var html = ""
        func write(_ entries: [Entry]) {
            html += "<ul>"
            for entry in entries {
                html += "<li><a href=\"#" + escape(entry.id) + "\">" + escape(entry.title) + "</a>"
                if !entry.children.isEmpty { write(entry.children) }
                html += "</li>"
            }
            html += "</ul>"
        }
        write(entries)
        return html
    }
}
