package import RunwayText
import Formatting
import Foundation
import HTMLRendering
package import MarkdownParsing
import SiteOutput
package import SyntaxHighlighting
package import MathConversion

/// Reads one content file into its record and its body HTML: front matter, Markdown through the
/// site's scope and the theme's definition, the page's language, URL and title.
package struct PageReader: Sendable {
    let site: String
    let configuration: SiteConfiguration
    let parser: MarkdownParser
    package let themes: ThemeSet
    /// Headings get ids and anchors in site builds; raw HTML is kept with `[markdown] unsafe`.
    let renderer: HTMLRenderer
    /// The static files of the site and its theme, by their path in the output (`img/a.png`):
    /// where a page's root-relative images are found.
    let staticFiles: [String: String]
    /// Colours fenced code under styled themes; `nil` leaves code plain (`runway check`, a site
    /// with `[markdown] highlightCode = false`).
    package let highlighter: CodeHighlighter?
    /// The site's string tables by language (`StringTables`): callouts' titles.
    let strings: [String: [String: String]]
    /// What writes components (the build's templates), once they are read; `nil`: a component
    /// is a span, as any attribute is (`runway check`, `markdownify` outside a component).
    package var components: (any ComponentWriter)?
    /// What writes render hooks (the build's `render/NAME.html` templates), once they are read;
    /// `nil`: every element is written as Runway writes it.
    package var hooks: (any RenderHookWriter)?
    /// What writes formulas as MathML (`[markdown] math = true`); `nil`: a formula is its TeX as code.
    package var math: KaTeXConverter?
    /// The smaller copies of the images pages show (`[images]`); `nil`: images are published as they are.
    package var imageVariants: ImageVariants?
    /// What the pages' and lists' templates ask of the images their front matter names.
    package var templateImageRequests: [TemplateImageRequest] = []
    /// The components of the parser's scope that take a link (``RunwayText/ComponentSignature/links(in:)``):
    /// what they lead to is among a page's links, checked and led to its page.
    let linkingComponents: [String: ComponentSignature]

    package init(site: String, configuration: SiteConfiguration, parser: MarkdownParser, themes: ThemeSet,
                 staticFiles: [String: String] = [:], highlighter: CodeHighlighter? = nil, strings: [String: [String: String]] = [:]) {
        self.site = site
        self.highlighter = highlighter
        self.strings = strings
        self.configuration = configuration
        self.parser = parser
        self.themes = themes
        self.staticFiles = staticFiles
        renderer = HTMLRenderer(options: .init(allowsRawHTML: configuration.markdown.unsafe, headingIDs: true, labelsTasks: true))
        var linking: [String: ComponentSignature] = [:]
        for declaration in parser.scope?.declarations ?? [] {
            if case .component(let signature) = declaration.type, signature.parameters.contains(where: { $0.type == .link }) {
                linking[declaration.name] = signature
            }
        }
        linkingComponents = linking
    }

    /// Markdown into HTML as pages are (the `markdownify` filter of templates): the site's scope,
    /// its theme's definition and callouts, raw HTML kept under `[markdown] unsafe`, callouts
    /// titled in `language` (a code). Its headings get no ids: the text is a part of a page, whose
    /// own headings have them; its code is left plain, as under `highlightCode = false`. Inside a
    /// component's template, its components are written as the page's are (``ComponentNesting``);
    /// elsewhere they are spans.
    package func html(fromMarkdown markdown: String, language: String) -> String {
        var renderer = self.renderer
        renderer.components = ComponentNesting.current?.rendering
        if let math { renderer.math = { try? math.convert($0.tex, display: $0.kind == .display).get() } }
        renderer.options.headingIDs = false
        renderer.options.codeLines = themes.site.isStyled
        renderer.calloutTitle = calloutTitles(in: language)
        return renderer.render(Self.themed(parser.parse(markdown), source: markdown, theme: themes.site))
    }

    /// Callouts' titles in `language` (a code), from the string tables: English's words when it
    /// has none.
    func calloutTitles(in language: String) -> @Sendable (PresentationIntent.Callout) -> String {
        let strings = self.strings
        return { callout in
            StringTables.word("callout" + callout.englishTitle, language: language, in: strings) ?? callout.englishTitle
        }
    }

    /// `file` is relative to the site (`content/posts/a.md`); `bytes` are its contents.
    package func read(_ file: String, bytes: [UInt8]) -> (record: PageRecord?, body: PageBody?, diagnostics: [Diagnostic]) {
        switch parse(file, bytes: bytes) {
        case .page(let page): finish(page)
        case .unreadable(let problem): (nil, nil, [problem])
        }
    }

    /// A content file read up to its highlighting: its text through the site's scope and its
    /// theme's definition, which ``finish(_:)`` makes a record and a body of.
    package struct ParsedPage: Sendable {
        let file: String
        let path: String
        let hash: ContentHash
        let frontMatter: FrontMatter?
        let metadata: PageMetadata
        let theme: Theme
        let attributed: AttributedText
        /// The summary the front matter writes, parsed as the body is (`nil` when it writes none).
        let summary: AttributedText?
        let diagnostics: [Diagnostic]

        /// Its body's runs, through the site's scope and its theme's definition.
        package var text: AttributedText { attributed }
        /// Its title, as its record has it.
        package var title: String? { metadata.title }

        /// The text whose code ``finish(_:)`` highlights: `nil` when none is (a plain theme).
        package var codeToHighlight: AttributedText? { theme.isStyled ? attributed : nil }
    }

    /// What ``parse(_:bytes:)`` gives.
    package enum Parsed: Sendable {
        case page(ParsedPage)
        /// The file is not text (its error, located).
        case unreadable(Diagnostic)
    }

    /// The first half of ``read(_:bytes:)``: a build sends the code of every page it parses to the
    /// tokenizer before it finishes any (``PageReader/ParsedPage/codeToHighlight``).
    package func parse(_ file: String, bytes: [UInt8]) -> Parsed {
        let path = SitePaths.join(site, file)
        var diagnostics: [Diagnostic] = []
        let text: String
        do throws(Diagnostic) {
            text = try UTF8Text.decode(bytes, path: path, kind: "Markdown")
        } catch {
            return .unreadable(error)
        }
        let (frontMatter, body) = FrontMatter.split(text)
        var (metadata, metadataDiagnostics) = PageMetadata.read(frontMatter, path: path)
        if let zone = configuration.timeZone { metadata.place(in: zone) }
        if let unclosed = FrontMatter.unclosed(text, path: path) { metadataDiagnostics.insert(unclosed, at: 0) }
        diagnostics += metadataDiagnostics
        let parsed = parser.parse(body, path: path)
        diagnostics += parsed.diagnostics
        if !configuration.markdown.unsafe { diagnostics += Self.omittedHTML(in: parsed.text, path: path) }
        if configuration.markdown.unsafe { diagnostics += Self.documentHTML(in: parsed.text, path: path) }
        diagnostics += ForeignSyntax.warnings(in: body, code: Self.codeRanges(of: parsed.text), path: path)
        var theme = themes.site
        if let name = metadata.theme {
            if let own = themes.theme(name) {
                theme = own
            } else {
                diagnostics.append(Diagnostic(.error, "no theme named '\(name)' (available: \(themes.library.names.joined(separator: ", ")))",
                                              path: path, position: frontMatter?.position(ofKey: "theme")))
                metadata.theme = nil
            }
        }
        if metadata.theme == themes.site.name { metadata.theme = nil }
        let attributed = Self.themed(parsed.text, source: body, theme: theme)
        // A summary written in the front matter: its problems at its key (its own lines are not the
        // file's). Else, but for a summary the text marks (`<!--more-->`), its description.
        let (writtenSummary, summaryKey) = metadata.summary.map { ($0, "summary") }
            ?? (PageSummary.hasMarker(parsed.text) ? nil : metadata.description.map { ($0, "description") }) ?? (nil, "summary")
        let summary = writtenSummary.map { written in
            let parsed = parser.parse(written, path: path)
            let place = frontMatter?.position(ofKey: summaryKey)
            let problems = parsed.diagnostics + (configuration.markdown.unsafe ? [] : Self.omittedHTML(in: parsed.text, path: path))
            // After the front matter's own problems: the summary is written there, before the body.
            diagnostics.insert(contentsOf: problems.map { Diagnostic($0.severity, "in its summary: \($0.message)", path: path, position: place) },
                               at: metadataDiagnostics.count)
            return Self.themed(parsed.text, source: written, theme: theme)
        }
        return .page(ParsedPage(file: file, path: path, hash: ContentHash(bytes), frontMatter: frontMatter, metadata: metadata,
                                theme: theme, attributed: attributed, summary: summary, diagnostics: diagnostics))
    }

    /// Parsed Markdown (from `source`) as a page shows it under `theme`: through the theme's
    /// definition, and its alerts made callouts under a styled theme (plain keeps cmark-gfm's HTML).
    static func themed(_ text: AttributedText, source: String, theme: Theme) -> AttributedText {
        let constrained = theme.definition.apply(to: text)
        return theme.isStyled ? GitHubAlerts.mark(constrained, source: source) : constrained
    }

    /// A page's code highlighted (``PageReader/highlighting(_:)``): the text its body shows, and
    /// what highlighting said.
    package struct Highlighting: Sendable {
        package var text: AttributedText
        package var outcome: Outcome
        /// The summary the front matter writes, its code highlighted as the body's is; `nil` when
        /// it writes none.
        package var summary: AttributedText?

        /// What highlighting a page's code said, which its record keeps.
        package struct Outcome: Sendable {
            /// The warnings of the blocks left plain.
            package var diagnostics: [Diagnostic] = []
            /// A block is plain because the tokenizer is missing, or broke on it: the next build
            /// reads the page again.
            package var pending = false
        }

        /// The page as parsed, its code not highlighted: what ``PageReader/finish(_:_:)`` makes
        /// the page's record from while its code waits for the tokenizer (its record is the
        /// highlighted one's but for the outcome: ``PageReader/record(_:of:_:)``).
        package static func none(_ page: ParsedPage) -> Highlighting {
            Highlighting(text: page.attributed, outcome: Outcome(), summary: page.summary)
        }
    }

    /// The page's code highlighted under a styled theme (plain keeps cmark-gfm's HTML), waiting
    /// for the tokenizer's answers, and the code of the summary its front matter writes. Only the
    /// body's and the summary's HTML show the tokens: the record's words and links are read from
    /// the text before, whose runs are fewer.
    package func highlighting(_ page: ParsedPage) -> Highlighting {
        guard page.theme.isStyled, let highlighter else { return .none(page) }
        let highlighted = highlighter.highlight(page.attributed)
        var outcome = Highlighting.Outcome()
        func note(_ problems: [CodeHighlighter.Problem], at place: (CodeHighlighter.Problem) -> SourcePosition?) {
            for problem in problems {
                outcome.pending = outcome.pending || problem.retry
                outcome.diagnostics.append(Diagnostic(.warning, problem.message, path: page.path, position: place(problem)))
            }
        }
        note(highlighted.problems) { $0.position }
        // A summary written in the front matter: its problems at its key (its own lines are not the file's).
        let summary = page.summary.map { highlighter.highlight($0) }
        note(summary?.problems ?? []) { _ in page.frontMatter?.position(ofKey: "summary") }
        return Highlighting(text: highlighted.text, outcome: outcome, summary: summary?.text)
    }

    /// Whether the page's summary shows code a styled theme highlights: then its record waits for
    /// the code's tokens, as lists show the summary.
    package func summaryShowsCode(_ page: ParsedPage) -> Bool {
        page.theme.isStyled && highlighter != nil
            && CodeHighlighter.hasCode(PageSummary.part(of: page.attributed, written: page.summary))
    }

    /// The second half of ``read(_:bytes:)``: the page's code highlighted, its record and body.
    package func finish(_ page: ParsedPage) -> (record: PageRecord?, body: PageBody?, diagnostics: [Diagnostic]) {
        finish(page, highlighting(page))
    }

    /// The page's record and body, its code as `highlighting` has it. A page whose code could not
    /// be highlighted because the tokenizer is missing, or broke on a block, is read again by the
    /// next build.
    package func finish(_ page: ParsedPage, _ highlighting: Highlighting) -> (record: PageRecord?, body: PageBody?, diagnostics: [Diagnostic]) {
        finish(page, highlighting, wantsBody: true)
    }

    /// The record of a page whose code waits for the tokenizer, made from its text before (its
    /// body is made when it is rendered: ``body(of:record:_:)``): the record ``finish(_:_:)``
    /// makes, without rendering the body it would throw away, unless the page shows images (only
    /// a rendering says which image files it reads the sizes of).
    package func finishWithoutBody(_ page: ParsedPage) -> (record: PageRecord?, diagnostics: [Diagnostic]) {
        let finished = finish(page, .none(page), wantsBody: false)
        return (finished.record, finished.diagnostics)
    }

    private func finish(_ page: ParsedPage, _ highlighting: Highlighting, wantsBody: Bool) -> (record: PageRecord?, body: PageBody?, diagnostics: [Diagnostic]) {
        let (file, path, frontMatter, attributed) = (page.file, page.path, page.frontMatter, page.attributed)
        var metadata = page.metadata
        var diagnostics = page.diagnostics + highlighting.outcome.diagnostics

        var name = MarkdownFile.stem(String(file.dropFirst("content/".count)))
        // A page in a language the site does not have is no page of another one.
        guard let (language, named) = self.language(of: name, metadata: &metadata, path: path, frontMatter: frontMatter, diagnostics: &diagnostics) else {
            return (nil, nil, diagnostics)
        }
        name = named
        diagnostics += termProblems(of: metadata, path: path, frontMatter: frontMatter)
        // A file named for its date (`2026-11-03-title.md`): the date, unless the front matter
        // gives one, and the rest of the name.
        if let (date, rest) = Self.datedName(name) {
            if metadata.date == nil { metadata.date = date }
            name = rest
        }
        let parts = name.split(separator: "/")
        // A bundle's page (`posts/a-walk/index`) is a page of the section its folder is in
        // (`posts`), as Hugo's leaf bundles are: the folder is the page's, not a section.
        let section = parts.dropLast(PageBundle.folder(of: file) != nil ? 2 : 1).joined(separator: "/")
        let title = metadata.title ?? DocumentTitle.firstHeading(in: attributed) ?? Self.title(from: name)
        var url = Self.url(for: name, slug: metadata.slug)
        // A bundle's page (`posts/trip/index`) takes its section's permalink as a page does, named
        // for its folder.
        let isBundle = parts.last == "index"
        if let first = parts.first, parts.count > (isBundle ? 2 : 1), parts.last != "_index", let permalink = configuration.permalinks[String(first)] {
            let filename = isBundle ? parts[parts.count - 2] : parts[parts.count - 1]
            url = permalink.url(section: section, filename: String(filename), slug: metadata.slug, title: title, date: metadata.date)
        }
        // A URL is a folder of the output: one that could lead out of it (a file named `...md`),
        // or hold what no file name can, is the page's error.
        // A `?` or `#` would end the path of every link to it (`/Q?/` is `/Q` asking `/`).
        // A URL of its own (Hugo's `url`, Jekyll's `permalink`, Zola's `path`) is the whole of it.
        // One ending in `.html` is that file (Jekyll's `/about.html`).
        let pageURL = metadata.url.map { $0.hasSuffix("/") || SiteURL.isFileURL($0) ? $0 : $0 + "/" } ?? language.prefix + url
        let endsPath = pageURL.first { $0 == "?" || $0 == "#" }.map { "it has a '\($0)', which ends a URL's path" }
        if let problem = endsPath ?? (SiteURL.outputPath(ofURL: pageURL) == nil
            ? OutputPath.problem(with: String(pageURL.dropFirst()) + "index.html") ?? "it is not a folder's URL" : nil) {
            // At the slug that made it, else at the top of the file, whose name made it.
            let position = metadata.slug != nil ? frontMatter?.position(ofKey: "slug") : nil
            diagnostics.append(Diagnostic(.error, "its URL \(pageURL) cannot be a page's: \(problem) (rename the file or set another slug)",
                                          path: path, position: position ?? SourcePosition(line: 1, column: 1)))
            return (nil, nil, diagnostics)
        }
        for alias in metadata.aliases where SiteURL.alias(alias, pageURL: pageURL) == nil {
            diagnostics.append(Diagnostic(.error, "the alias \"\(alias)\" names no place in the site (give a path such as /old/path/)",
                                          path: path, position: frontMatter?.position(ofKey: "aliases")))
        }
        let (renderer, images, failures) = self.renderer(of: page, url: pageURL, language: language.code)
        let hookNames = RenderHook.names(in: attributed)
        let html: String?, outline: HeadingOutline
        if wantsBody || Self.showsImages(highlighting.text) || (components != nil && Self.usesComponents(attributed, components!))
            || (hooks != nil && Self.usesHooks(hookNames, hooks!)) || (math != nil && Self.showsMath(attributed)) {
            (html, outline) = renderer.renderWithOutline(highlighting.text)
            diagnostics += failures.diagnostics
        } else {
            // The outline a rendering gives (ids only with heading ids), without the HTML.
            (html, outline) = (nil, renderer.options.headingIDs ? HeadingOutline(highlighting.text) : HeadingOutline(headings: []))
        }
        let templateImages = self.templateImages(of: metadata, images: images, at: path, frontMatter: frontMatter)
        diagnostics += templateImages.diagnostics
        // Only links inside the site (and to the page's own fragments) are kept: the link check
        // has nothing to say about the others.
        let record = PageRecord(
            file: file, source: path, hash: page.hash, url: pageURL, title: title, metadata: metadata,
            language: language.code, translationKey: name, section: section,
            values: Self.distinct(attributed.spanValues.map { PageRecord.SpanValue(attribute: $0.attribute, value: $0.value) }),
            links: attributed.pageLinks(components: linkingComponents).filter {
                $0.destination.hasPrefix("#") || SiteURL.resolve($0.destination, from: pageURL) != nil
            },
            anchors: outline.headings.map(\.id) + HeadingOutline.footnoteIDs(of: highlighting.text.runs).sorted(),
            summary: PageSummary.of(highlighting.text, written: highlighting.summary, renderer: Self.summaryRenderer(of: renderer), pageURL: pageURL),
            length: PageLength(attributed), images: images.files, firstImage: attributed.firstImageSource, diagnostics: diagnostics, highlightPending: highlighting.outcome.pending,
            hookNames: hookNames,
            keyPositions: Self.positions(of: ["aliases": !metadata.aliases.isEmpty, "layout": metadata.layout != nil, "slug": metadata.slug != nil,
                                              "tags": !metadata.tags.isEmpty, "url": metadata.url != nil, "redirect_to": metadata.redirectTo != nil]
                                           // Keys other generators read, for what the build says of them.
                                           .merging(metadata.params.keys.filter(Self.isForeignOrTaxonomy).map { ($0, true) }) { $0 || $1 }
                                           .merging(configuration.taxonomies.map { ($0, metadata.params[$0] != nil) }) { $0 || $1 },
                                       in: frontMatter),
            imageCopies: images.publishedCopies, templateImages: templateImages.images)
        return (record, html.map { PageBody(html: $0, headings: outline.headings) }, diagnostics)
    }

    /// Where `frontMatter` writes each key the page has (`true`).
    static func positions(of keys: [String: Bool], in frontMatter: FrontMatter?) -> [String: SourcePosition] {
        var positions: [String: SourcePosition] = [:]
        for (key, present) in keys where present {
            // Where it is written under another generator's name (`redirect_from`, Jekyll's `category`).
            let names = [key] + (FrontMatterKey.byLowercase[key.lowercased()]?.aliases ?? []) + (key == "categories" ? ["category"] : [])
            positions[key] = names.lazy.compactMap { frontMatter?.place(ofKey: $0) }.first ?? frontMatter?.position(ofKey: key)
        }
        return positions
    }

    /// Whether a free key of the front matter is one another generator reads (``ForeignFrontMatterKey``)
    /// or a taxonomy's (`categories`, `series`), which the build says something of once a site.
    static func isForeignOrTaxonomy(_ key: String) -> Bool {
        ForeignFrontMatterKey.instead[key.lowercased()] != nil || ["categories", "series", "taxonomies"].contains(key)
    }

    /// That record with what highlighting its code said: the record ``finish(_:_:)`` gives.
    package func record(_ record: PageRecord, of page: ParsedPage, _ outcome: Highlighting.Outcome) -> PageRecord {
        guard !outcome.diagnostics.isEmpty || outcome.pending else { return record }
        var diagnostics = record.diagnostics
        diagnostics.insert(contentsOf: outcome.diagnostics, at: min(page.diagnostics.count, diagnostics.count))
        return record.with(diagnostics: diagnostics, highlightPending: outcome.pending)
    }

    /// The values in their first order, each once.
    static func distinct(_ values: [PageRecord.SpanValue]) -> [PageRecord.SpanValue] {
        var seen = Set<PageRecord.SpanValue>()
        return values.filter { seen.insert($0).inserted }
    }
}
