package import RunwayText
import Foundation
package import SiteOutput

/// The page templates of a build, in Mustache: the site's `templates/` first,
/// then each theme's in the order it extends (a site overrides a theme template by putting a file
/// at the same path). Every template is read, parsed and checked once, when the set is made; the
/// set is then only read, by as many threads as render.
///
/// Each template is compiled once into a ``TemplatePlan`` (Runway's own engine: swift-mustache,
/// which it replaces, parsed in time that grew with the square of a template's tags and cast every
/// value it looked up to its protocols). Its tags are checked first: a partial or parent that is
/// not there, an unknown transform and a cycle of partials are errors at the tag's line and
/// column, and a template with an error is never rendered.
package struct TemplateSet: Sendable {
    let folders: [String]
    /// The plan of every template without a problem, by name.
    private let plans: [String: TemplatePlan]
    private let filters: TemplateFilters
    /// Every template file by name (`partials/footer.html`), with what is known of it.
    let templates: [String: Loaded]
    /// The templates that show the listing of pages (`readsListing`), found once.
    private let listingReaders: Set<String>
    /// The templates that show `items` or `pagination` (`TemplateContext.itemMembers`).
    private let itemReaders: Set<String>
    /// The templates that show a page's related pages (`page.related`).
    private let relatedReaders: Set<String>
    /// The data (`site.data.NAME`) each template that reads any shows: the top-level names, or
    /// `nil` for all of it.
    private let dataReaders: [String: Set<String>?]
    /// The static files each template names in `asset` or `integrity` tags (with its parents and
    /// partials), sorted; templates that name none are not there.
    private let assetReaders: [String: [String]]
    /// What the set found beside its templates' own errors, at its file (and line and column):
    /// a symbolic link in a templates folder that was not followed (it leads out of the site or
    /// theme, or nowhere), a folder that could not be read (an error), and a block of a template
    /// that extends a parent (`{{<base.html}}{{$content}}…{{/content}}{{/base.html}}`) which the
    /// parent does not have, so that what it holds is never shown (a `base.html` without
    /// `{{$content}}` left every page without its text, and the build said nothing).
    package let findings: [Diagnostic]
    /// The ``sourceHash(of:)`` of each component's template (`components/NAME.html`), by the
    /// component's name; of one that renders Markdown (`markdownify`), with every component's, as
    /// that Markdown may show any.
    package let componentHashes: [String: ContentHash]
    /// The ``sourceHash(of:)`` of each render hook's template (`render/NAME.html`), by the
    /// hook's name (`link`, `codeblock-mermaid`).
    package let hookHashes: [String: ContentHash]

    struct Loaded: Sendable {
        /// The file it was read from.
        var file: String
        /// Its tags, as the check read them.
        var tags: [TemplateTag]
        /// What stops it from rendering: its own error, or that of a template it needs.
        var problem: Diagnostic?
        /// A hash of its text.
        var hash = ContentHash()
    }

    /// The text of a string table's `key` in `language` (else in English), for words a build
    /// writes itself (a tag list's title).
    package func word(_ key: String, language: String) -> String? {
        (filters.strings[language] ?? filters.strings[TemplateFilters.fallbackLanguage])?[key]
    }

    /// The templates of `folders`, the first folder's over the later ones' of the same name.
    package init(folders: [String], filters: TemplateFilters = .standalone) {
        let existing = folders.filter { FileManager.default.fileExists(atPath: $0) }
        var sources: [(name: String, file: String, text: Result<String, Diagnostic>)] = []
        var names = Set<String>()
        var listed: [Diagnostic] = []
        for folder in existing {
            let (found, problems) = Self.names(under: folder)
            listed += problems
            for name in found where names.insert(name).inserted {
                sources.append((name, folder + "/" + name, Result { () throws(Diagnostic) in try Self.read(name, in: folder) }))
            }
        }
        self.init(sources: sources, folders: existing, listed: listed, filters: filters)
    }

    /// Templates by name and text, read from no folder (each template's file is its name).
    package init(texts: [String: String], filters: TemplateFilters = .standalone) {
        self.init(sources: texts.sorted { $0.key < $1.key }.map { ($0.key, $0.key, .success($0.value)) }, folders: [], listed: [], filters: filters)
    }

    private init(sources: [(name: String, file: String, text: Result<String, Diagnostic>)], folders: [String], listed: [Diagnostic],
                 filters: TemplateFilters) {
        self.folders = folders
        self.filters = filters
        var templates: [String: Loaded] = [:]
        var parsed: [String: TemplatePlan] = [:]
        for (name, file, text) in sources {
            do throws(Diagnostic) {
                let text = try text.get()
                let tags = try TemplateTag.tags(in: text, file: file)
                parsed[name] = try Self.parse(text, file: file)
                templates[name] = Loaded(file: file, tags: tags, hash: ContentHash(Array(text.utf8)))
            } catch {
                templates[name] = Loaded(file: file, tags: [], problem: error)
            }
        }
        Self.check(&templates)
        self.templates = templates
        findings = listed + Self.overridesOfNoBlock(templates) + Self.imagesOutsidePages(templates)
        let referrers = Self.referrers(in: templates)
        listingReaders = Self.readers(mentioning: TemplateContext.listingMembers, in: templates, referrers: referrers)
        itemReaders = Self.readers(mentioning: TemplateContext.itemMembers, in: templates, referrers: referrers)
        relatedReaders = Self.readers(mentioning: ["page.related"], in: templates, referrers: referrers)
        dataReaders = Self.dataNames(in: templates, referrers: referrers)
        componentHashes = Self.nestingHashes(Self.hashes(under: "components/", in: templates), in: templates, referrers: referrers)
        hookHashes = Self.hashes(under: "render/", in: templates)
        assetReaders = Self.assets(in: templates, referrers: referrers)
        plans = parsed.filter { templates[$0.key]?.problem == nil }
    }

    /// The ``sourceHash(of:)`` of each template directly in `folder` (`components/`), by its name
    /// without the folder and `.html`.
    static func hashes(under folder: String, in templates: [String: Loaded]) -> [String: ContentHash] {
        var hashes: [String: ContentHash] = [:]
        for name in templates.keys where name.hasPrefix(folder) && name.hasSuffix(".html") {
            let short = name.dropFirst(folder.count).dropLast(".html".count)
            if !short.contains("/") { hashes[String(short)] = sourceHash(of: name, in: templates) }
        }
        return hashes
    }

    /// The page rendered with template `name`, or a diagnostic at the template's file and line
    /// (its own problem, or a limit a render passed at a tag, which `budget` is told of). `stop`
    /// and `budget` are asked now and then during a long render: when the build was stopped or
    /// another render passed a limit, the render ends with ``isStop(_:)`` error.
    package func render(_ name: String, context: TemplateContext, limits: RenderLimits = .standard,
                        stop: (@Sendable () -> Bool)? = nil, budget: RenderBudget? = nil) throws(Diagnostic) -> String {
        guard let loaded = templates[name] else {
            throw Diagnostic(.error, "no template '\(name)' in \(folders.joined(separator: ", "))", path: name)
        }
        if let problem = loaded.problem { throw problem }
        guard let plan = plans[name] else { throw Diagnostic(.error, "no template '\(name)'", path: loaded.file) }
        let root = RootValues(context: context, filters: filters.bound(language: context.page.lang))
        var renderer = TemplateRenderer(plans: plans, root: root, limits: limits, stop: stop, budget: budget)
        try renderer.render(plan.steps, .start)
        return String(decoding: renderer.output, as: UTF8.self)
    }

    /// Whether `error` is a render's that ended because it was told to stop, not a problem of its own.
    package static func isStop(_ error: Diagnostic) -> Bool {
        error.message == TemplateRenderer.stoppedMessage
    }

    /// The problems of every template, at its file, line and column (`theme check`): each once,
    /// though every template that needs a broken one carries its error.
    package var problems: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return templates.values.compactMap(\.problem)
            .sorted { ($0.path, $0.position?.line ?? 0, $0.position?.column ?? 0) < ($1.path, $1.position?.line ?? 0, $1.position?.column ?? 0) }
            .filter { seen.insert($0).inserted }
    }

    /// What stops template `name` from rendering (its own error, or that of a template it needs), or
    /// that there is no such template; `nil` when it renders.
    package func problem(of name: String) -> Diagnostic? {
        guard let loaded = templates[name] else {
            return Diagnostic(.error, "no template '\(name)' in \(folders.joined(separator: ", "))", path: name)
        }
        return loaded.problem
    }

    /// The names of every template, sorted.
    package var names: [String] { templates.keys.sorted() }

    /// The file template `name` is read from (the site's over its theme's), if there is one.
    package func file(of name: String) -> String? {
        templates[name]?.file
    }

    /// Whether a template of that name exists in any folder.
    package func exists(_ name: String) -> Bool {
        templates[name] != nil
    }

    /// Whether template `name` shows the listing of its language's pages (`pages`, `otherPages`):
    /// such a page is rendered again whenever any page's entry in it changes.
    package func readsListing(_ name: String) -> Bool {
        listingReaders.contains(name)
    }

    /// Whether template `name` shows a page's related pages (`page.related`): such a page is
    /// rendered again when they change.
    package func readsRelated(_ name: String) -> Bool {
        relatedReaders.contains(name)
    }

    /// Whether template `name` shows a list's items or its pagination (`items`, `pagination`): a
    /// home page rendered with it shows its language's pages a list page's share at a time.
    package func readsItems(_ name: String) -> Bool {
        itemReaders.contains(name)
    }

    /// The data files template `name` (with its parents and partials) shows, by their top-level
    /// name under `site.data` (`team` for `{{#site.data.team.members}}`): `.some(nil)` for all of
    /// them, `nil` for none. A page rendered with it is rendered again when one of them changes.
    package func dataRead(by name: String) -> Set<String>?? {
        dataReaders[name]
    }

    /// The static files template `name` (with its parents and partials) names in `asset` or
    /// `integrity` tags (`js/app.js`), sorted: a page rendered with it is rendered again when one
    /// of them changes.
    package func assetsRead(by name: String) -> [String] {
        assetReaders[name] ?? []
    }

    /// Every `asset` or `integrity` tag of every template: the static file it names and where the
    /// tag is, for an error at the tag when the site has no such file.
    package var assetTags: [(asset: String, file: String, position: SourcePosition)] {
        templates.values.flatMap { loaded in loaded.tags.compactMap { tag in tag.asset.map { ($0, tag.file, tag.position) } } }
            .sorted { ($0.file, $0.position.line, $0.position.column) < ($1.file, $1.position.line, $1.position.column) }
    }

    /// The templates of pages and lists (neither a component's, `components/`, nor a render
    /// hook's, `render/`), with a partial's; in those, the image transforms and the value each
    /// names, with the template's name.
    private static func pageImageTags(_ templates: [String: Loaded])
        -> [(template: String, transform: String, box: TemplateImageBox?, path: [String], tag: TemplateTag)] {
        var found: [(template: String, transform: String, box: TemplateImageBox?, path: [String], tag: TemplateTag)] = []
        for name in templates.keys.sorted() where !["components/", "render/"].contains(where: name.hasPrefix) {
            guard let loaded = templates[name], loaded.problem == nil else { continue }
            for tag in loaded.tags where tag.kind != "/" {
                guard let path = tag.names.first else { continue }
                for transform in tag.transforms {
                    let box: TemplateImageBox?
                    switch TemplateTransform(name: transform) {
                    case .image?: box = nil
                    case .box(let named)?: box = named
                    default: continue
                    }
                    found.append((name, transform, box, path.split(separator: ".").map(String.init), tag))
                    break
                }
            }
        }
        return found
    }

    /// What the templates of pages and lists ask of the images their front matter names: each
    /// key (`cover` in `fill_600x400(page.params.cover)`, or in `{{#page.params}}…(cover)`) with
    /// its box (`nil` for `image`), each once. Their copies are made as the pages are read.
    package var pageImageRequests: [(key: String, box: TemplateImageBox?)] {
        var seen = Set<String>()
        return Self.pageImageTags(templates).compactMap { found in
            guard let key = found.path.last, Self.namesFrontMatter(found.path), seen.insert(found.transform + " " + key).inserted else { return nil }
            return (key, found.box)
        }.sorted { ($0.key, $0.box?.description ?? "") < ($1.key, $1.box?.description ?? "") }
    }

    /// Whether a value path may name a front matter key of the page: `page.params.cover`, or a
    /// name alone (inside `{{#page.params}}`); not `site.params.logo` or `page.image`.
    private static func namesFrontMatter(_ path: [String]) -> Bool {
        path.count == 1 || (path.count >= 2 && path[path.count - 2] == "params" && path.first != "site")
    }

    /// Each image transform of a page's or a list's template that names no front matter key of
    /// the page: a warning at its tag, since it always gives nothing there.
    private static func imagesOutsidePages(_ templates: [String: Loaded]) -> [Diagnostic] {
        pageImageTags(templates).filter { !namesFrontMatter($0.path) && !$0.template.hasPrefix("partials/") }.map { found in
            Diagnostic(.warning, "'\(found.transform)' in a page's or a list's template gives the copies of an image its front matter names "
                       + "(page.params.NAME), or in a component's or a render hook's any image: '\(found.path.joined(separator: "."))' is "
                       + "neither, so it is always empty", path: found.tag.file, position: found.tag.position)
        }
    }

    /// Each block a template gives its parent (a `{{$…}}` right inside `{{<parent}}`) that the
    /// parent, the templates it includes and the parents it extends do not have: a warning at the
    /// block's tag. Templates with a problem are left to it.
    private static func overridesOfNoBlock(_ templates: [String: Loaded]) -> [Diagnostic] {
        var blocks: [String: Set<String>] = [:]
        func declared(_ name: String, seen: Set<String> = []) -> Set<String> {
            if let known = blocks[name] { return known }
            guard let loaded = templates[name], loaded.problem == nil, !seen.contains(name) else { return [] }
            var found = Set(loaded.tags.filter { $0.kind == "$" }.map(\.content))
            for reference in loaded.tags.compactMap(\.reference) { found.formUnion(declared(reference, seen: seen.union([name]))) }
            blocks[name] = found
            return found
        }
        var warnings: [Diagnostic] = []
        for name in templates.keys.sorted() {
            guard let loaded = templates[name], loaded.problem == nil else { continue }
            var open: [TemplateTag] = []
            for tag in loaded.tags {
                if tag.kind == "$", let parent = open.last, parent.kind == "<", let reference = parent.reference,
                   templates[reference]?.problem == nil {
                    let have = declared(reference)
                    if !have.contains(tag.content) {
                        let theirs = have.isEmpty ? "it has no blocks" : "its blocks: " + have.sorted().joined(separator: ", ")
                        warnings.append(Diagnostic(.warning, "{{$\(tag.content)}} is a block that '\(reference)' does not have, so what it holds is "
                                                   + "never shown (\(theirs)); add {{$\(tag.content)}} to '\(reference)' where it belongs",
                                                   path: tag.file, position: tag.position))
                    }
                }
                if tag.opensSection { open.append(tag) } else if tag.kind == "/" { _ = open.popLast() }
            }
        }
        return warnings
    }

    /// Every template's partials, parents and transforms checked: each missing one, and each
    /// cycle, is the error of the template whose tag names it; a template that needs one with an
    /// error gets that error.
    private static func check(_ templates: inout [String: Loaded]) {
        for (name, loaded) in templates where loaded.problem == nil {
            for tag in loaded.tags {
                if let reference = tag.reference, templates[reference] == nil {
                    templates[name]?.problem = tag.diagnostic("no template '\(reference)' (a \(tag.kind == "<" ? "parent" : "partial") must be a file of the site's or the theme's templates)")
                    break
                }
                if let unknown = tag.transforms.first(where: { TemplateTransform(name: $0) == nil }) {
                    templates[name]?.problem = TemplateImageBox.isBoxName(unknown)
                        ? tag.diagnostic("'\(unknown)' is not an image box: write \(TemplateImageBox.forms)")
                        : tag.diagnostic("unknown transform '\(unknown)' (known: \(TemplateFilters.transforms.sorted().joined(separator: ", ")), "
                                         + "and the image boxes \(TemplateImageBox.forms))")
                    break
                }
            }
        }
        // Cycles, templates that need a template with a problem, and chains too deep: of sections
        // nested through partials and parents (each file within its limit, a chain of them was
        // not), and of templates that include the next. A walk with a stack of its own, each
        // template finished once: a chain of 10,000 partials overflowed the stack of a walk by
        // recursion, and copying the path at each step made 7,000 of them take 38 s.
        var state: [String: Bool] = [:]   // false: being visited; true: done
        var depths: [String: (sections: Int, templates: Int)] = [:]   // the deepest each reaches, through what it includes
        // A template being visited, the index of its next tag, and its deepest so far.
        var stack: [(name: String, tag: Int, open: Int, sections: Int, templates: Int)] = []
        for root in templates.keys.sorted() where state[root] == nil {
            state[root] = false
            stack.append((root, 0, 0, 0, 0))
            while let top = stack.last {
                let name = top.name
                guard let tags = templates[name]?.tags, top.tag < tags.count else {
                    depths[name] = (top.sections, top.templates)
                    state[name] = true
                    stack.removeLast()
                    continue
                }
                let tag = tags[top.tag]
                var frame = top
                // A tag is looked at twice when it names a template not yet visited: before that
                // template is (which is then pushed), and after, with its depths known.
                let pending = tag.reference.map { state[$0] == nil && templates[$0] != nil } ?? false
                if pending, let reference = tag.reference {
                    state[reference] = false
                    stack.append((reference, 0, 0, 0, 0))
                    continue
                }
                frame.tag += 1
                if tag.opensSection {
                    frame.open += 1
                    frame.sections = max(frame.sections, frame.open)
                } else if tag.kind == "/" {
                    frame.open -= 1
                }
                defer { stack[stack.count - 1] = frame }
                guard let reference = tag.reference else { continue }
                if state[reference] == false {
                    let path = stack.map(\.name)
                    let cycle = (path + [reference]).drop { $0 != reference }
                    if templates[name]?.problem == nil {
                        templates[name]?.problem = tag.diagnostic("partials make a cycle: \(cycle.joined(separator: " → ")); a template cannot include itself")
                    }
                    continue
                }
                if templates[name]?.problem == nil, let inner = templates[reference]?.problem { templates[name]?.problem = inner }
                let inner = depths[reference] ?? (0, 0)
                let through = frame.open + inner.sections, chain = 1 + inner.templates
                if through > TemplateTag.deepestThroughTemplates, templates[name]?.problem == nil {
                    templates[name]?.problem = tag.diagnostic("sections nest \(through) levels deep through '\(reference)' and what it includes; "
                                                              + "at most \(TemplateTag.deepestThroughTemplates) can be rendered")
                }
                if chain > TemplateTag.deepestInclusion, templates[name]?.problem == nil {
                    templates[name]?.problem = tag.diagnostic("templates include one another \(chain) levels deep from here, through '\(reference)'; "
                                                              + "at most \(TemplateTag.deepestInclusion) can be rendered")
                }
                frame.sections = max(frame.sections, through)
                frame.templates = max(frame.templates, chain)
            }
        }
    }

    /// The template's plan, or its error at its line and column.
    private static func parse(_ text: String, file: String) throws(Diagnostic) -> TemplatePlan {
        try TemplateParser.plan(text, file: file)
    }
}
