public import RunwayText

/// The headings of a text in document order, each with the `id` a rendering with heading ids
/// gives it: a GitHub-style slug of its text (lower case, spaces to `-`, punctuation dropped),
/// made unique in the text with `-1`, `-2`….
public struct HeadingOutline: Sendable, Equatable {
    /// One heading.
    public struct Heading: Sendable, Equatable {
        /// 1 to 6.
        public var level: Int
        /// Its plain text: the text of its runs, breaks as spaces, without raw HTML or images'
        /// alternative text.
        public var text: String
        /// The unique id of its element.
        public var id: String

        /// A heading of `level`, with its text and its id.
        public init(level: Int, text: String, id: String) {
            self.level = level
            self.text = text
            self.id = id
        }
    }

    /// Every heading, in document order.
    public var headings: [Heading]

    /// The outline of these headings, in document order.
    public init(headings: [Heading]) {
        self.headings = headings
    }

    /// The headings of `text`.
    public init(_ text: AttributedText) {
        var headings: [Heading] = []
        var identity: Int?
        for run in text.runs {
            // A heading is a leaf block: when a run is in one, it is the innermost.
            guard let innermost = run.attributes.presentationIntent?.innermost, case .header(let level, _) = innermost.kind else {
                identity = nil
                continue
            }
            if identity != innermost.identity {
                identity = innermost.identity
                // Its own id (`{#install}`), else one made from its text below.
                headings.append(Heading(level: level, text: "", id: Self.explicitID(of: innermost.kind) ?? ""))
            }
            switch run.attributes.inlineIntent?.innermost?.kind {
            case .softBreak?, .lineBreak?: headings[headings.count - 1].text += " "
            case .inlineHTML?: continue
            default:
                if Self.isInImage(run.attributes.inlineIntent) { continue }
                headings[headings.count - 1].text += text[run]
            }
        }
        var slugs = Slugs(reserving: Self.footnoteIDs(of: text.runs))
        for index in headings.indices {
            headings[index].id = headings[index].id.isEmpty ? slugs.unique(for: headings[index].text) : slugs.claim(headings[index].id)
        }
        self.headings = headings
    }

    /// The id a heading's source gives it (`## Setup {#install}`), when it gives one.
    static func explicitID(of kind: PresentationIntent.Kind) -> String? {
        if case .header(_, let id?) = kind, !id.isEmpty { id } else { nil }
    }

    private static func isInImage(_ intent: InlineIntent?) -> Bool {
        var link = intent
        while let current = link {
            if case .image? = current.innermost?.kind { return true }
            link = current.enclosing
        }
        return false
    }

    /// The ids the footnotes of a text's `runs` have in its HTML: `fn-LABEL` on each definition,
    /// `fnref-LABEL` (then `fnref-LABEL-2`…) on each reference, as cmark-gfm writes them. A
    /// heading is not given one of them (a heading `fn-1` took the first footnote's id, and a
    /// link to `#fn-1` led to the heading). cmark-gfm puts the definitions at the end of the
    /// document, so only its last runs are read.
    public static func footnoteIDs(of runs: [AttributedText.Run]) -> Set<String> {
        var ids: Set<String> = []
        for run in runs.reversed() {
            let definition = run.attributes.presentationIntent?.componentsInnermostFirst.lazy.compactMap { component -> (String, Int)? in
                if case .footnoteDefinition(let label, let count) = component.kind { (label, count) } else { nil }
            }.first
            guard let (label, count) = definition else { break }
            let escaped = HTMLRenderer.escapedHref(label)
            guard ids.insert("fn-" + escaped).inserted else { continue }
            ids.insert("fnref-" + escaped)
            if count > 1 { for occurrence in 2...count { ids.insert("fnref-\(escaped)-\(occurrence)") } }
        }
        return ids
    }

    /// The ids given so far in one text, and the next unique one.
    public struct Slugs: Sendable {
        private var used: Set<String> = []

        /// No id given yet.
        public init() {}

        /// No id given yet, and `reserved` ids (the footnotes') never given.
        init(reserving reserved: Set<String>) { used = reserved }

        /// `id`, as a heading's source gives it (`{#install}`): used as it is, whatever came
        /// before, and never made again for a later heading.
        public mutating func claim(_ id: String) -> String {
            used.insert(id)
            return id
        }

        /// `slug(text)`, or with `-1`, `-2`… added when an earlier heading has it (as GitHub does:
        /// `Intro`, `Intro`, `Intro-1` give `intro`, `intro-1`, `intro-1-1`).
        public mutating func unique(for text: String) -> String {
            let base = HeadingOutline.slug(text)
            var candidate = base
            var count = 0
            while used.contains(candidate) {
                count += 1
                candidate = base + "-\(count)"
            }
            used.insert(candidate)
            return candidate
        }
    }

    /// GitHub's slug of a heading's text: lower case; letters, digits, `-` and `_` kept (in any
    /// script); each space a `-`; everything else dropped. A text with nothing left is `section`.
    public static func slug(_ text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug.isEmpty ? "section" : slug
    }
}
