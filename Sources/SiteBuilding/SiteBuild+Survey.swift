import RunwayText
import Formatting
import Foundation
import MarkdownParsing
import MathConversion
import SiteContent
import SiteOutput
import SyntaxHighlighting
import Templating

/// What a build knows before it writes anything: its inputs (configuration, theme, templates and
/// their version) and the survey of the content (records, lists, static files, the output plan and
/// every diagnostic). `runway check` stops there.
extension SiteBuild {
    struct Inputs {
        var configuration: SiteConfiguration
        var theme: Theme
        var library: ThemeLibrary
        var templates: TemplateSet
        var version: ContentHash
        var reader: PageReader
        /// The static files of the theme and the site, by their path in the output.
        var statics: [String: String]
        /// The site's data files (`site.data`).
        var data: SiteData
        /// The static files templates name through `asset` and `integrity`, and those names, sorted.
        var assets: Assets
        var requestedAssets: [String]
        /// The configuration's and the theme's warnings.
        var diagnostics: [Diagnostic]
    }

    struct InputProblems: Error {
        var diagnostics: [Diagnostic]
    }

    /// The configuration, theme and templates, or the errors that stop a build before it reads content.
    func inputs() -> Result<Inputs, InputProblems> {
        var diagnostics: [Diagnostic] = []
        let (loaded, configurationDiagnostics) = SiteConfiguration.load(site: site, environment: environment, baseURL: baseURL, origin: origin)
        diagnostics += configurationDiagnostics
        guard var configuration = loaded else { return .failure(InputProblems(diagnostics: diagnostics)) }
        if let theme { configuration.theme = theme }
        let library = ThemeLibrary.standard(site: site)
        // A theme named on the command line has no place in a file; one `runway.toml` names, its key.
        let namedAt = theme == nil ? configuration.themePosition.map { (SitePaths.join(site, SiteConfiguration.fileName), $0) } : nil
        let (loadedTheme, themeDiagnostics) = library.load(configuration.theme, namedAt: namedAt)
        diagnostics += themeDiagnostics
        guard let theme = loadedTheme, !diagnostics.contains(where: { $0.severity == .error }) else {
            return .failure(InputProblems(diagnostics: diagnostics))
        }
        let templateFolders = library.templateFolders(site: site, theme: theme.name)
        // Every theme counts, not only the site's: a page may name another in its front matter.
        let themeFolders = library.names.compactMap { library.path(of: $0).map { ($0 as NSString).deletingLastPathComponent } }
        let (statics, staticDiagnostics) = staticSources(themeFolders: library.folders(of: theme.name))
        diagnostics += staticDiagnostics
        var version = inputsVersion(themeFolders: Array(Set(themeFolders)).sorted(), templateFolders: templateFolders, destination: destination)
        let (strings, stringDiagnostics) = StringTables.load(from: library.stringFolders(site: site, theme: theme.name))
        diagnostics += stringDiagnostics
        let (data, dataDiagnostics) = SiteData.load(site: site)
        diagnostics += dataDiagnostics
        var parser = MarkdownParser(options: .init(smartPunctuation: configuration.markdown.smartPunctuation, headingIDs: true),
                                    scope: configuration.contentScope(theme: theme))
        if configuration.markdown.emoji {
            switch emojiShortcodes(at: configuration.markdown.emojiPosition) {
            case .success(let (shortcodes, table)):
                parser.emoji = shortcodes
                version.add("emoji " + table)
            case .failure(let problem):
                return .failure(InputProblems(diagnostics: diagnostics + [problem]))
            }
        }
        var converter: KaTeXConverter?
        if configuration.markdown.math {
            switch mathConverter(at: configuration.markdown.mathPosition) {
            case .success(let found):
                converter = found
                parser.options.math = true
                version.add("math katex")
            case .failure(let problem):
                return .failure(InputProblems(diagnostics: diagnostics + [problem]))
            }
        }
        var reader = PageReader(site: site, configuration: configuration, parser: parser,
                                themes: ThemeSet(library: library, site: theme, attributes: configuration.scope), staticFiles: statics,
                                highlighter: configuration.markdown.highlightCode ? highlighter : nil,
                                strings: strings)
        reader.math = converter
        reader.imageVariants = imageVariants(configuration)
        var filters = TemplateFilters(markdown: reader.html(fromMarkdown:language:), slug: SiteURL.slug, baseURL: configuration.baseURL,
                                      strings: strings)
        filters.safeURLs = !configuration.markdown.unsafe
        if reader.imageVariants != nil { filters.images = { Self.templateImage($0, box: $1) } }
        let assets = Assets(statics: statics, fingerprint: configuration.fingerprints)
        filters.assets = { path in assets.asset(path).map { ($0.url, $0.integrity) } }
        let templates = TemplateSet(folders: templateFolders, filters: filters)
        if reader.imageVariants != nil { reader.templateImageRequests = Self.imageRequests(templates) }
        // A template that includes a component's is rendered again when it changes, as every template is.
        if !templates.templates(naming: "components").isEmpty {
            for (name, hash) in templates.componentHashes.sorted(by: { $0.key < $1.key }) { version.add(name + " " + hash.description) }
        }
        // So is one that includes a render hook's.
        if !templates.templates(naming: "render").isEmpty {
            for (name, hash) in templates.hookHashes.sorted(by: { $0.key < $1.key }) { version.add("render " + name + " " + hash.description) }
        }
        // Every template is checked when the set is read, those no page uses too: an error in
        // one is the build's, before any page is rendered.
        diagnostics += templates.problems + templates.findings
        // An asset a template names is one of the site's or the theme's static files.
        for tag in templates.assetTags where assets.asset(tag.asset) == nil {
            let why = statics[tag.asset] == nil ? "there is no static file \(tag.asset) (in the site's static/ or its theme's)" : "it cannot be read"
            diagnostics.append(Diagnostic(.error, "template error: asset(\"\(tag.asset)\"): \(why)", path: tag.file, position: tag.position))
        }
        // Components are written by their templates, and by `markdownify` inside one (``ComponentNesting``).
        let (components, componentDiagnostics) = TemplateComponents.make(site: site, scope: configuration.contentScope(theme: theme),
                                                                         templates: templates, configuration: configuration, theme: theme,
                                                                         themeFile: library.path(of: theme.name), data: data)
        diagnostics += componentDiagnostics
        reader.components = components
        // Render hooks (`render/NAME.html`) write their elements of every page's body.
        let (hooks, hookDiagnostics) = TemplateHooks.make(templates: templates, configuration: configuration, theme: theme, data: data)
        diagnostics += hookDiagnostics
        reader.hooks = hooks
        let requestedAssets = Array(Set(templates.assetTags.map(\.asset))).sorted()
        if diagnostics.contains(where: { $0.severity == .error }) { return .failure(InputProblems(diagnostics: diagnostics)) }
        return .success(Inputs(configuration: configuration, theme: theme, library: library, templates: templates,
                               version: version, reader: reader, statics: statics, data: data, assets: assets,
                               requestedAssets: requestedAssets, diagnostics: diagnostics))
    }

    struct Survey {
        var read: ReadContent
        var published: [PageRecord]
        var plan: OutputPlan
        var rendering: RenderInputs
        var diagnostics: [Diagnostic]
        /// The index of the published pages' terms (``Resolved/related``).
        var related: RelatedPages
    }

    /// The published pages, newest first, the lists and taxonomies they make, and what templates see.
    struct Resolved {
        /// The published pages, sections' `_index.md` left out (they are their lists').
        var published: [PageRecord]
        /// The published sections' `_index.md` records.
        var indexes: [PageRecord]
        var newest: [PageRecord]
        var lists: SiteLists
        /// The index of the published pages' terms, which finds a page's related pages; kept in
        /// the cache of a live build for its quick rebuilds (``BuildCache/related``).
        var related: RelatedPages
        var contexts: TemplateContexts
    }

    /// An error for each page whose URL lies among another language's (`/fr/…` are French's): a
    /// section folder `content/fr/` or a slug there, while `[languages.fr]` exists, or a language
    /// named as a section (`[languages.posts]`). Its page, its section's list and feed would be
    /// written where the language's home, lists and feed are, one of them silently replacing the
    /// other.
    static func languageClashes(_ pages: [PageRecord], languages: [SiteLanguage]) -> [Diagnostic] {
        let prefixed = languages.filter { !$0.prefix.isEmpty }
        guard !prefixed.isEmpty else { return [] }
        return pages.sorted { $0.source < $1.source }.compactMap { page in
            guard let language = prefixed.first(where: { $0.code != page.language && page.url.hasPrefix($0.prefix + "/") }) else { return nil }
            return Diagnostic(.error, "its URL \(page.url) is among the URLs of the language \(language.code) (\(language.prefix)/…), "
                              + "where that language's pages, lists and feeds go: rename the folder, the slug or the language",
                              path: page.source, position: page.keyPositions["slug"] ?? SourcePosition(line: 1, column: 1))
        }
    }

    /// An error for each page whose URL is its language's list of a section (`content/guide.md`
    /// beside `content/guide/`, `slug: notes` beside `content/notes/`): the list, and the
    /// section's `_index.md`, were silently left out for it. A bundle (`index.md`) is the page of
    /// its folder, the pages inside it included, as documented.
    static func sectionClashes(_ pages: [PageRecord], indexes: [PageRecord], languages: [SiteLanguage]) -> [Diagnostic] {
        let prefixes = Dictionary(languages.map { ($0.code, $0.prefix) }, uniquingKeysWith: { first, _ in first })
        var members: [String: [PageRecord]] = [:]
        for page in pages where !page.section.isEmpty {
            members[(prefixes[page.language] ?? "") + "/" + page.section + "/", default: []].append(page)
        }
        let introduced = Set(indexes.map(\.url))
        return pages.sorted { $0.source < $1.source }.compactMap { page in
            guard !(page.source as NSString).lastPathComponent.hasPrefix("index.") else { return nil }
            let others = (members[page.url] ?? []).filter { $0.source != page.source }
            guard !others.isEmpty || introduced.contains(page.url) else { return nil }
            let what = others.isEmpty ? "the list of the section its _index.md introduces"
                : "the list of the section of \(others.count) page\(others.count == 1 ? "" : "s") (\(others[0].source)…)"
            return Diagnostic(.error, "its URL \(page.url) is \(what), which it would hide: rename the page, or write its text in the section's _index.md",
                              path: page.source, position: page.keyPositions["slug"] ?? SourcePosition(line: 1, column: 1))
        }
    }

    /// Once a site, at the first page (by file) that writes each: a key another generator reads
    /// and Runway does not, with what Runway does instead; and a taxonomy's terms (`categories`,
    /// `series`, a Zola page's `[taxonomies]`) of a taxonomy runway.toml does not declare, which
    /// no list shows.
    static func foreignKeys(_ pages: [PageRecord], taxonomies: [String]) -> [Diagnostic] {
        var said = Set<String>()
        var diagnostics: [Diagnostic] = []
        for page in pages.sorted(by: { $0.source < $1.source }) {
            var undeclared = ["categories", "series"].filter { page.metadata.params[$0] != nil }
            if case .object(let table)? = page.metadata.params["taxonomies"] { undeclared += table.keys.sorted() }
            for taxonomy in undeclared where !taxonomies.contains(taxonomy) && said.insert("taxonomy " + taxonomy).inserted {
                let count = pages.count { $0.metadata.params[taxonomy] != nil }
                let singular = taxonomy == "categories" ? "category" : taxonomy == "series" ? "series" : taxonomy.hasSuffix("s") ? String(taxonomy.dropLast()) : taxonomy
                diagnostics.append(Diagnostic(.warning, "'\(taxonomy)' names terms of a taxonomy runway.toml does not declare, so no list shows them "
                                              + "(\(count) \(count == 1 ? "page has" : "pages have") it): declare it, [taxonomies] \(singular) = \"\(taxonomy)\"",
                                              path: page.source, position: page.keyPositions[taxonomy] ?? page.keyPositions["taxonomies"] ?? SourcePosition(line: 1, column: 1)))
            }
            for key in page.metadata.params.keys.sorted() {
                guard let instead = ForeignFrontMatterKey.instead[key.lowercased()], said.insert("key " + key.lowercased()).inserted else { continue }
                let count = pages.count { $0.metadata.params.keys.contains { $0.lowercased() == key.lowercased() } }
                diagnostics.append(Diagnostic(.warning, "'\(key)' is not read by Runway (\(count) \(count == 1 ? "page has" : "pages have") it): \(instead)",
                                              path: page.source, position: page.keyPositions[key] ?? SourcePosition(line: 1, column: 1)))
            }
        }
        return diagnostics
    }

    /// Terms whose URL another term of their taxonomy and language has already: one list would
    /// show them under one name. Terms that differ only in case (`Swift`, `swift`) are one term, as
    /// intended; terms that differ only in their separators too (`open source`, `open-source`),
    /// with a warning to write them alike; other terms are an error naming both (`a.b` and `a b`:
    /// C, C++ and C# have URLs of their own). Said once per name, at the first page (by file)
    /// that writes it.
    static func termClashes(_ pages: [PageRecord], taxonomies: [String]) -> [Diagnostic] {
        var first: [String: String] = [:]
        var said = Set<String>()
        var diagnostics: [Diagnostic] = []
        // A name as the separators leave it: lower case, runs of spaces, `-` and `_` as one `-`.
        func separated(_ name: String) -> String {
            name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).joined(separator: "-")
        }
        for page in pages.sorted(by: { $0.source < $1.source }) {
            for taxonomy in taxonomies {
                for term in page.terms(of: taxonomy) {
                    let slug = SiteURL.termSlug(term)
                    let key = page.language + " " + taxonomy + " " + slug
                    guard let earlier = first[key] else { first[key] = term; continue }
                    guard earlier.lowercased() != term.lowercased(), said.insert(key + " " + term.lowercased()).inserted else { continue }
                    let position = page.keyPositions[taxonomy] ?? SourcePosition(line: 1, column: 1)
                    if separated(earlier) == separated(term) {
                        diagnostics.append(Diagnostic(.warning, "the \(taxonomy) term \"\(term)\" is \"\(earlier)\" written another way (\(taxonomy)/\(slug)/): "
                                                      + "one list shows both, as \"\(earlier)\"; write them alike", path: page.source, position: position))
                    } else {
                        diagnostics.append(Diagnostic(.error, "the \(taxonomy) term \"\(term)\" would have the URL of \"\(earlier)\" (\(taxonomy)/\(slug)/), "
                                                      + "and one list would show both under one name: rename one of them (a term's URL keeps "
                                                      + "its letters and digits, with + as plus and # as sharp)", path: page.source, position: position))
                    }
                }
            }
        }
        return diagnostics
    }

    /// Step 2 of a build: resolve lists and taxonomies from the records read.
    func resolveLists(_ read: ReadContent, files: [String], inputs: Inputs) -> Resolved {
        let all = files.compactMap { read.records[$0] }.filter(isPublished)
        let published = all.filter { !$0.isSectionIndex }, indexes = all.filter(\.isSectionIndex)
        let newest = published.sorted(by: SiteLists.newestFirst)
        let lists = SiteLists(newestFirst: newest, languages: inputs.configuration.languages, indexes: indexes,
                              taxonomies: inputs.configuration.taxonomies) { key, language in
            inputs.templates.word(key, language: language)
        }
        let related = RelatedPages(published, taxonomies: inputs.configuration.taxonomies, settings: inputs.configuration.related)
        return Resolved(published: published, indexes: indexes, newest: newest, lists: lists, related: related,
                        contexts: TemplateContexts(configuration: inputs.configuration, theme: inputs.theme, newestFirst: newest,
                                                   indexes: indexes, imageKeys: Set(inputs.templates.pageImageRequests.map(\.key)), contentURLs: ContentURLs(all, defaultLanguage: inputs.configuration.languages[0].code),
                                                   neighbors: { lists.neighbors[$0.url] ?? .init() }, data: inputs.data,
                                                   related: { related.related(to: $0) },
                                                   stylesheets: Stylesheets(published: published, theme: inputs.theme, themes: inputs.reader.themes,
                                                                            fingerprint: inputs.configuration.fingerprints),
                                                   assetURLs: inputs.assets.fingerprint ? inputs.requestedAssets.compactMap { inputs.assets.asset($0)?.url } : [],
                                                   word: { key, language in inputs.templates.word(key, language: language) }))
    }

    /// Steps 1 to 3 of a build: read content (unchanged files from `previous`), resolve lists and
    /// taxonomies, key outputs (each output listed once, in the plan the link check reads too).
    /// Rendering and writing (`publish`) follow in `run`; the quick path of a watcher's text edits
    /// (`quickRebuild`) runs the same steps over the changed pages only.
    func survey(_ inputs: Inputs, previous: BuildCache?, changed: Set<String>?) -> Survey {
        var diagnostics = inputs.diagnostics
        let configuration = inputs.configuration
        // 1. Read content.
        let (files, skipped) = contentFiles(previous: previous, changed: changed)
        diagnostics += skipped
        let read = readContent(files, reader: inputs.reader, previous: previous, changed: changed, components: inputs.templates.componentHashes,
                               hooks: inputs.templates.hookHashes)
        // A page left out (a draft, a future or expired page) has its warnings said only when it is
        // built: they would fail a --strict build of a site that does not publish it. Its errors
        // stay (what cannot be read cannot be told to be a draft).
        let unpublished = Set(read.records.values.filter { !isPublished($0) }.map(\.source))
        diagnostics += read.diagnostics.filter { $0.severity == .error || !unpublished.contains($0.path) }
        // 2. Resolve lists and taxonomies.
        let resolved = resolveLists(read, files: files, inputs: inputs)
        diagnostics += Self.languageClashes(resolved.published + resolved.indexes, languages: configuration.languages)
        diagnostics += Self.sectionClashes(resolved.published, indexes: resolved.indexes, languages: configuration.languages)
        diagnostics += Self.termClashes(resolved.published, taxonomies: configuration.taxonomies)
        diagnostics += Self.foreignKeys(resolved.published, taxonomies: configuration.taxonomies)
        // 3. Key outputs; links are checked against the files the plan makes.
        let (bundled, bundleDiagnostics) = withBundles(inputs.statics, pages: resolved.published + resolved.indexes)
        diagnostics += bundleDiagnostics
        let statics = withImageCopies(bundled, pages: resolved.published + resolved.indexes, variants: inputs.reader.imageVariants)
        var plan = outputPlan(published: resolved.published, newest: resolved.newest, lists: resolved.lists, reader: inputs.reader,
                              contexts: resolved.contexts, templates: inputs.templates, configuration: configuration, theme: inputs.theme,
                              version: inputs.version, statics: statics)
        // Assets' fingerprinted copies; every rendered output's key holds their names (a template
        // that names one is most often the base of all of them).
        plan.copies += inputs.assets.copies(of: inputs.requestedAssets)
        if !inputs.requestedAssets.isEmpty {
            let key = inputs.assets.key(of: inputs.requestedAssets)
            for index in plan.jobs.indices where plan.jobs[index].kind.isRendered { plan.jobs[index].key.add(key) }
        }
        let outputs = plan.jobs.map(\.path) + plan.copies.map(\.path)
        let served = ServedPaths(outputs)
        // Under a base path, whether a link already under it gets it again depends on what the site
        // serves there (`BasePath.apply`'s `serves`): that is part of every rendered output's key,
        // or adding `content/sub/b.md` left the pages linking to `/sub/b/` as they were.
        let basePath = BasePath(baseURL: configuration.baseURL).prefix
        if let key = served.key(under: basePath.removingPercentEncoding ?? basePath) {
            for index in plan.jobs.indices where plan.jobs[index].kind.isRendered { plan.jobs[index].key.add(key.description) }
        }
        let links = LinkCheck(outputs: outputs, pages: resolved.published + resolved.indexes, contentURLs: resolved.contexts.contentURLs)
        diagnostics += ConcurrentWork.map(resolved.published + resolved.indexes) { links.brokenLinks(of: $0) }.flatMap { $0 }
        diagnostics += plan.diagnostics
        let rendering = RenderInputs(published: resolved.published, bodies: PageBodies(parsed: read.bodies, deferred: read.deferred, reader: inputs.reader),
                                     reader: inputs.reader,
                                     templates: inputs.templates,
                                     contexts: resolved.contexts, lists: resolved.lists, configuration: configuration,
                                     served: served)
        return Survey(read: read, published: resolved.published, plan: plan, rendering: rendering, diagnostics: diagnostics,
                      related: resolved.related)
    }
}
