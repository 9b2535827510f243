public import RunwayText

/// The CSS of a theme: a rule per styled target, the classes of styling values the definition can
/// produce or the page uses, and the dark overrides in a `prefers-color-scheme` media query.
public struct ThemeStylesheet: Sendable {
    /// The theme whose stylesheet this is.
    public let theme: Theme

    /// The stylesheet of `theme`.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Which of the theme's looks a stylesheet gives.
    public enum Appearance: Sendable {
        /// Light, and dark where the reader's system asks for it (`prefers-color-scheme`).
        case system
        /// Dark whatever the system says: the dark rules in force, for a preview of them.
        case dark
    }

    /// The stylesheet; `usedValues` are custom attribute values a page carries, so that styling
    /// attributes set in content (`underlineStyle: 'single'`) get a rule too.
    public func css(usedValues: [(attribute: String, value: AttributeValue)] = [], appearance: Appearance = .system) -> String {
        var rules: [(selector: String, declarations: CSSDeclarations)] = []
        let targets = theme.styles.keys.map { (target: $0, selector: $0.selector(in: theme.definition)) }
            .sorted { ($0.target.rank, $0.selector) < ($1.target.rank, $1.selector) }
        for (target, selector) in targets {
            var declarations = CSSDeclarations()
            let style = theme.styles[target] ?? [:]
            for attribute in StyleAttribute.allCases {
                if let value = style[attribute.rawValue], let css = try? attribute.css(value) { declarations.merge(css) }
            }
            if target == .body { declarations.light.insert(.init("color-scheme", appearance == .dark ? "dark" : "light dark"), at: 0) }
            rules.append((selector, declarations))
        }
        // A value the theme styles itself (`[styles."foregroundColor.purple"]`: purple, as this
        // theme paints it) keeps the theme's rule alone.
        var seen = Set(targets.compactMap { target, selector in
            if case .value = target { String(selector.dropFirst()) } else { nil }
        })
        for (name, value) in theme.definition.producedValues + usedValues {
            guard let attribute = StyleAttribute(rawValue: name), let css = try? attribute.css(value),
                  let className = CSSNaming.className(attribute: name, value: value), seen.insert(className).inserted
            else { continue }
            rules.append(("." + className, css))
        }
        if rules.allSatisfy({ $0.declarations.light.isEmpty }) { return "" }
        var output = "html { font-size: 106.25%; }\n" + Self.layout
        // The layout of the components the pages show, each once.
        let shown = Set(usedValues.map(\.attribute))
        var added = Set<String>()
        for (component, css) in Self.componentLayout where shown.contains(component) {
            if case .component? = theme.definition.scope?[component]?.type, added.insert(css).inserted { output += css }
        }
        for rule in rules where !rule.declarations.light.isEmpty {
            output += Self.block(rule.selector, rule.declarations.light, indent: "")
        }
        let dark = rules.filter { !$0.declarations.dark.isEmpty }
        if !dark.isEmpty, appearance == .dark {
            for rule in dark { output += Self.block(rule.selector, rule.declarations.dark, indent: "") }
        } else if !dark.isEmpty {
            output += "@media (prefers-color-scheme: dark) {\n"
            for rule in dark { output += Self.block(rule.selector, rule.declarations.dark, indent: "  ") }
            output += "}\n"
        }
        return output
    }

    /// The layout of the default theme's components (`figure`, `youtube`…), for a stylesheet
    /// whose pages show them: boxes, not text, as ``layout``.
    static let componentLayout: [(component: String, css: String)] = [
        ("figure", """
            figure.rw-figure { margin: 1.5em 0; }
            figure.rw-figure figcaption { margin-top: 0.4em; font-size: 0.9em; }
            figure.rw-figure .rw-credit { opacity: 0.8; }
            figure.rw-figure .rw-credit::before { content: "— "; }

            """),
        ("youtube", embed),
        ("vimeo", embed),
        ("details", """
            details.rw-details { margin: 1em 0; padding: 0.5em 0.9em; border: 1px solid rgba(128, 128, 128, 0.5); border-radius: 6px; }
            details.rw-details > summary { cursor: pointer; font-weight: 600; }
            details.rw-details > p { margin: 0.5em 0 0; }

            """),
        ("audio", media),
        ("video", media),
    ]

    static let embed = """
        figure.rw-embed { margin: 1.5em 0; }
        figure.rw-embed figcaption { margin-top: 0.4em; font-size: 0.9em; }
        .rw-embed-frame { position: relative; display: grid; place-items: center; aspect-ratio: 16 / 9; overflow: hidden; border-radius: 6px; background: rgba(128, 128, 128, 0.25); }
        .rw-embed-frame img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
        .rw-embed-frame iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
        .rw-embed-play { position: relative; padding: 0.6em 1.3em; border: 0; border-radius: 2em; font: inherit; font-weight: 600; color: #FFFFFF; background: #B00020; cursor: pointer; }
        .rw-embed-play::before { content: "\\25B6\\FE0E\\00A0"; }
        .rw-embed-play:focus-visible { outline: 3px solid #B00020; outline-offset: 3px; }

        """

    static let media = """
        figure.rw-media { margin: 1.5em 0; }
        figure.rw-media figcaption { margin-top: 0.4em; font-size: 0.9em; }
        figure.rw-media audio, figure.rw-media video { width: 100%; }

        """

    /// The page layout every styled theme shares; themes style text, not boxes. Its sides are
    /// logical (`margin-inline-start`), so that a right-to-left page (`<html dir="rtl">`) is laid
    /// out as its mirror; code stays left to right.
    static let layout = """
        main { max-width: 42rem; margin: 2.5rem auto; padding: 0 1.25rem; }
        header.site { max-width: 42rem; margin: 1.5rem auto 0; padding: 0 1.25rem; font-weight: 600; }
        header.site a { color: inherit; text-decoration: none; }
        header.site nav.menu { display: inline-flex; flex-wrap: wrap; gap: 0.25em 1em; margin-inline-start: 1.25em; font-weight: 400; }
        header.site nav.menu a[aria-current] { text-decoration: underline; }
        header.site nav.languages { float: inline-end; font-weight: 400; }
        header.site nav.languages > * { margin-inline-start: 0.75em; }
        header.site nav.languages a { text-decoration: underline; }
        header.site .site-search { margin-top: 0.75rem; font-weight: 400; --pagefind-ui-scale: 0.7; --pagefind-ui-font: inherit; --pagefind-ui-primary: currentColor; --pagefind-ui-text: currentColor; --pagefind-ui-background: transparent; --pagefind-ui-border: rgba(128, 128, 128, 0.5); --pagefind-ui-tag: rgba(128, 128, 128, 0.2); }
        header.site .site-search a { text-decoration: underline; }
        header.site .site-search input { color: inherit; }
        footer.site { max-width: 42rem; margin: 2.5rem auto 1.5rem; padding: 0 1.25rem; font-size: 0.85em; }
        footer.site a { color: inherit; }
        .tags .label { font-size: 0.85em; }
        main .meta, .list .summary .reading-time { font-size: 0.85em; }
        .list .summary { margin: 0.25em 0 0.75em; }
        .list .summary p { margin: 0.25em 0; }
        nav.neighbors { display: flex; justify-content: space-between; gap: 1em; margin-top: 2rem; }
        nav.neighbors a { max-width: 48%; }
        nav.neighbors a.next { margin-inline-start: auto; text-align: end; }
        nav.neighbors a span { display: block; font-size: 0.8em; }
        aside.related { margin-top: 2rem; }
        aside.related h2 { font-size: 1em; margin: 0 0 0.25em; }
        aside.related ul { margin: 0; padding-inline-start: 1.25em; }
        .tags a.tag { color: inherit; text-decoration: none; }
        .tags .tag { font-size: 0.85em; padding: 0.1em 0.5em; border: 1px solid rgba(128, 128, 128, 0.5); border-radius: 1em; }
        main { overflow-wrap: break-word; }
        main table { border-collapse: collapse; display: block; max-width: 100%; overflow-x: auto; }
        main th, main td { padding: 0.3em 0.75em; border-bottom: 1px solid rgba(128, 128, 128, 0.35); }
        main pre { padding: 0.75em 1em; overflow-x: auto; border-radius: 6px; direction: ltr; text-align: left; }
        main code { padding: 0.1em 0.25em; border-radius: 4px; }
        main pre code { padding: 0; background: none; }
        main pre.rw-code .rw-line { display: block; }
        main pre.rw-code--numbered .rw-line::before { content: attr(data-line); display: inline-block; min-width: 2ch; margin-right: 1.25em; text-align: right; opacity: 0.7; user-select: none; }
        main pre.rw-code .rw-line--highlighted { margin: 0 -1em; padding: 0 1em; box-shadow: inset 0.3em 0 0 rgba(128, 128, 128, 0.8); }
        main pre.rw-code .rw-line--highlighted::before { opacity: 1; font-weight: 700; }
        main blockquote { margin-inline-start: 0; padding-inline-start: 1em; border-inline-start: 3px solid rgba(128, 128, 128, 0.5); }
        main img { max-width: 100%; height: auto; }
        main blockquote.rw-callout { margin: 1em 0; padding: 0.6em 1em; border-inline-start-width: 4px; border-start-end-radius: 6px; border-end-end-radius: 6px; }
        main blockquote.rw-callout > :last-child { margin-bottom: 0; }
        main .rw-callout-title { margin: 0 0 0.4em; font-weight: 600; font-style: normal; color: var(--rw-accent, inherit); }
        .rw-anchor { margin-inline-start: 0.35em; text-decoration: none; opacity: 0; color: inherit; font-weight: 400; }
        .rw-anchor::before { content: "#"; }
        :is(h1, h2, h3, h4, h5, h6):hover > .rw-anchor, .rw-anchor:focus { opacity: 0.5; }
        nav.toc { margin: 1.5rem 0; padding: 0.75em 1em; border-inline-start: 3px solid rgba(128, 128, 128, 0.5); font-size: 0.92em; }
        nav.toc ul { margin: 0.25em 0; padding-inline-start: 1.25em; }
        nav.toc > ul { padding-inline-start: 0; list-style: none; }
        .runway-theme-switcher { float: inline-end; margin: 0.75rem 1rem; font: 13px system-ui, sans-serif; }

        """

    private static func block(_ selector: String, _ declarations: [CSSDeclarations.Declaration], indent: String) -> String {
        indent + selector + " {\n" + declarations.map { "\(indent)  \($0.property): \($0.value);\n" }.joined() + indent + "}\n"
    }
}

extension AttributedText {
    /// Every custom attribute value the text's spans carry, for a stylesheet's `usedValues`: each
    /// span's values by attribute name, in the order of the spans, a set of values that an earlier
    /// span had left out (pages repeat the same few spans).
    public var spanValues: [(attribute: String, value: AttributeValue)] {
        var seen = Set<[String: AttributeValue]>()
        var values: [(String, AttributeValue)] = []
        forEachNewInlineComponent(climbing: \.containsAttributeSpan) { component, _ in
            guard case .attributes(_, let span) = component.kind, !span.isEmpty, seen.insert(span).inserted else { return }
            values += span.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        return values
    }
}
