import RunwayText
import Formatting
import Foundation
import SiteContent
import SiteOutput
import Templating

/// Every file a build makes, each with the key of what it is made from, so that a rebuild renders
/// only those whose key changed.
extension SiteBuild {
    /// The template a page renders with: its `layout`, else `home.html` for a language's home page
    /// (when there is one), else `page.html`.
    static func layout(of page: PageRecord, configuration: SiteConfiguration, templates: TemplateSet) -> String {
        let home = page.url == (configuration.language(page.language)?.prefix ?? "") + "/"
        return page.metadata.layout ?? (home && templates.exists("home.html") ? "home.html" : "page.html")
    }

    /// The URL an output file answers: `/a/b/` for `a/b/index.html`, `/x.png` for `x.png`.
    static func url(of path: OutputPath) -> String {
        "/" + path.value.dropLast(path.value.hasSuffix("index.html") ? "index.html".count : 0)
    }

    /// A page whose `layout` names no template: an error at the key (a template that is there
    /// but broken reports its own error).
    static func layoutProblem(of page: PageRecord, templates: TemplateSet) -> Diagnostic? {
        guard let layout = page.metadata.layout, !templates.exists(layout) else { return nil }
        return Diagnostic(.error, "'layout' names no template: there is no \(layout) among the site's and the theme's templates",
                          path: page.source, position: page.keyPositions["layout"] ?? SourcePosition(line: 1, column: 1))
    }

    /// The key of a page's output: the build's version, the page's file and URL, its language's
    /// menus, the URLs its
    /// links to content files lead to, its neighbors in its section, its layout, its
    /// translations, and the listing of its language when its templates read `pages`.
    static func pageKey(version: ContentHash, page: PageRecord, layout: String, translations: [TemplateContexts.Version],
                        listing: ContentHash?, contexts: TemplateContexts) -> ContentHash {
        var key = version
        key.add(page.hash)
        // Its file's name: a date or title taken from it is in the page (a rename that keeps the URL).
        key.add(page.source)
        // Its images' sizes are in its HTML: a changed image file changes the page (a record is
        // read again when its images change, so its key of them is theirs now).
        key.add(page.imagesKey)
        key.add(contexts.menuHashes[page.language]?.description ?? "-")
        for (from, to) in contexts.contentURLs.replacements(of: page) { key.add(from + " " + to) }
        let around = contexts.neighbors(page)
        for neighbor in [around.previous, around.next] { key.add(neighbor.map { TemplateContexts.hash([contexts.entry($0)]).description } ?? "-") }
        key.add(page.url)
        key.add(layout)
        for version in translations { key.add(version.language.code + " " + version.url) }
        key.add(listing?.description ?? "-")
        // Code left plain for want of the tokenizer is highlighted once it is there. Last: an
        // output found to show such code only as it is rendered gets the same key (`pending(_:)`).
        if page.highlightPending { key = pending(key) }
        return key
    }

    /// The key of an output made from `key`'s inputs whose code was left plain for want of the
    /// tokenizer: no build of the same inputs with the tokenizer there computes it, so the next
    /// renders the output again.
    static func pending(_ key: ContentHash) -> ContentHash {
        var key = key
        key.add("highlight pending")
        return key
    }


    /// One file of the output and the key of what it is made from.
    struct OutputJob {
        enum Kind {
            case page(Int, layout: String, translations: [TemplateContexts.Version])
            case list(Int, number: Int, translations: [TemplateContexts.Version])
            /// A language's home that no page makes (`SiteBuild.homeJobs`).
            case home(SiteLanguage, translations: [TemplateContexts.Version])
            case notFound
            case text(String)
            /// An alias's redirect page, made (and under the base path) already.
            case redirect(String)

            /// Whether a template renders it (its HTML then gets the base path).
            var isRendered: Bool {
                switch self {
                case .page, .list, .home, .notFound: true
                case .text, .redirect: false
                }
            }
        }

        var path: OutputPath
        var key: ContentHash
        var kind: Kind
        /// What makes it, for a message about two things claiming one file.
        var claimant: String
        /// The content file that makes it, for a page.
        var file: String?
        /// Where in `file` it is asked for (an alias, at the `aliases` key); `nil`: the file as a whole.
        var position: SourcePosition? = nil
    }

    /// A static file copied into the output.
    struct StaticCopy {
        var path: OutputPath
        var key: ContentHash
        var source: String
    }

    /// Every file a build makes, and what is wrong with the plan: two pages, or a page and a
    /// list or a static file, claiming one file.
    struct OutputPlan {
        var jobs: [OutputJob] = []
        var copies: [StaticCopy] = []
        var diagnostics: [Diagnostic] = []
    }

    /// The output of each page of `pages` (a build's published pages, or a quick rebuild's changed
    /// ones): its file, its layout, its versions in other languages (found among `all`, the
    /// published pages), and the key of what it is made from. A job's `.page` index is the page's
    /// index in `pages`.
    func pageJobs(_ pages: [PageRecord], among all: [PageRecord], contexts: TemplateContexts, templates: TemplateSet,
                  configuration: SiteConfiguration, version: ContentHash) -> [OutputJob] {
        let wanted = Set(pages.map(\.translationKey))
        let versions = Self.versions(all.filter { wanted.contains($0.translationKey) }, key: \.translationKey, url: \.url,
                                     language: \.language, configuration: configuration)
        // On all processors: hashing each page's inputs is most of a cold build's plan.
        return ConcurrentWork.map(Array(pages.indices)) { index -> OutputJob? in
            let page = pages[index]
            let layout = Self.layout(of: page, configuration: configuration, templates: templates)
            // A language's home has a version in every language, made by a page or by Runway.
            let isHome = page.url == (configuration.language(page.language)?.prefix ?? "") + "/"
            let translations = isHome ? Self.homeVersions(configuration)
                : (versions[page.translationKey] ?? []).count > 1 ? versions[page.translationKey]! : []
            let listing = contexts.listingHash(layout, language: page.language, templates: templates)
            let key = Self.pageKey(version: version, page: page, layout: layout, translations: translations, listing: listing,
                                   contexts: contexts)
            guard let path = SiteURL.outputPath(ofURL: page.url) else { return nil }
            return OutputJob(path: path, key: key, kind: .page(index, layout: layout, translations: translations),
                             claimant: page.source, file: page.source)
        }.compactMap { $0 }
    }

    /// The home of each language, when the site has more than one: every language has one, its
    /// `index.LANG.md` or one Runway makes (`homeJobs`).
    static func homeVersions(_ configuration: SiteConfiguration) -> [TemplateContexts.Version] {
        configuration.languages.count > 1 ? configuration.languages.map { TemplateContexts.Version(language: $0, url: $0.prefix + "/") } : []
    }

    /// Items (pages or lists) grouped by what makes them versions of one another, each group in the
    /// site's language order.
    static func versions<T>(_ items: [T], key: (T) -> String, url: (T) -> String, language: (T) -> String,
                            configuration: SiteConfiguration) -> [String: [TemplateContexts.Version]] {
        var grouped: [String: [TemplateContexts.Version]] = [:]
        for item in items {
            guard let site = configuration.language(language(item)) else { continue }
            grouped[key(item), default: []].append(.init(language: site, url: url(item)))
        }
        return grouped.mapValues { $0.sorted { a, b in
            (configuration.languages.firstIndex(of: a.language) ?? 0, a.url) < (configuration.languages.firstIndex(of: b.language) ?? 0, b.url) } }
    }

    func outputPlan(published: [PageRecord], newest: [PageRecord], lists: SiteLists, reader: PageReader, contexts: TemplateContexts,
                    templates: TemplateSet, configuration: SiteConfiguration, theme: Theme, version: ContentHash,
                    statics: [String: String]) -> OutputPlan {
        @Sendable func listingKey(_ layout: String, _ language: String, into key: inout ContentHash) {
            key.add(contexts.listingHash(layout, language: language, templates: templates)?.description ?? "-")
        }
        let listVersions = Self.versions(lists.lists, key: { String($0.url.dropFirst($0.language.prefix.count)) }, url: \.url,
                                         language: \.language.code, configuration: configuration)
        var jobs = pageJobs(published, among: published, contexts: contexts, templates: templates, configuration: configuration,
                            version: version)
        let listPages = lists.lists.indices.flatMap { index in
            (1...lists.pageCount(lists.lists[index], size: configuration.paginate)).map { (index: index, number: $0) }
        }
        jobs += ConcurrentWork.map(listPages) { (index, number) -> OutputJob? in
            let list = lists.lists[index]
            let total = lists.pageCount(list, size: configuration.paginate)
            let unprefixed = String(list.url.dropFirst(list.language.prefix.count))
            let translations = (listVersions[unprefixed] ?? []).count > 1 ? listVersions[unprefixed]! : []
            var key = version
            key.add(list.url)
            key.add("\(number)/\(total)")
            key.add(list.title)
            key.add(contexts.menuHashes[list.language.code]?.description ?? "-")
            if let intro = list.index {
                key.add(intro.hash)
                key.add(intro.source)
                key.add(intro.imagesKey)
                for (from, to) in contexts.contentURLs.replacements(of: intro) { key.add(from + " " + to) }
            }
            for version in translations { key.add(version.language.code + " " + version.url) }
            key.add(TemplateContexts.hash(lists.items(of: list, page: number, size: configuration.paginate, entry: contexts.entry)))
            listingKey("list.html", list.language.code, into: &key)
            guard let path = SiteURL.outputPath(ofURL: SiteLists.pageURL(list.url, page: number)) else { return nil }
            let what = list.termIndex.map { "the \($0) index" } ?? (list.pages.isEmpty ? "a list page" : "the list page \(list.url)")
            // A clash is said where the list comes from: its section's _index.md, or the
            // taxonomy's line in runway.toml.
            let (file, position): (String?, SourcePosition?) = if let intro = list.index {
                (intro.source, SourcePosition(line: 1, column: 1))
            } else if let taxonomy = list.taxonomy, let place = configuration.taxonomyPositions[taxonomy] {
                (SitePaths.join(site, SiteConfiguration.fileName), place)
            } else {
                (nil, nil)
            }
            return OutputJob(path: path, key: key, kind: .list(index, number: number, translations: translations),
                             claimant: number == 1 ? what : "page \(number) of \(what)", file: file, position: position)
        }.compactMap { $0 }
        let homes = homeJobs(taken: Set(jobs.map(\.path)), published: published + lists.lists.compactMap(\.index), statics: statics, contexts: contexts,
                             templates: templates, configuration: configuration, version: version)
        jobs += homes
        var notFoundKey = version
        notFoundKey.add(contexts.menuHashes[configuration.languages[0].code]?.description ?? "-")
        listingKey("404.html", configuration.languages[0].code, into: &notFoundKey)
        if let path = OutputPath("404.html") { jobs.append(OutputJob(path: path, key: notFoundKey, kind: .notFound, claimant: "the 404 page")) }

        var texts: [(String, String)] = []
        // With `[feeds] full`, a page's content, read once however many feeds it is in.
        let contents = FeedContents { page in
            FileContents.read(page.source).flatMap { reader.read(page.file, bytes: $0).body?.html }
                .map { contexts.contentURLs.rewrite($0, of: page) }
        }
        // The pages, lists and files, for links in feeds under a base path.
        let served = ServedPaths(jobs.map(\.path) + statics.keys.compactMap(OutputPath.init))
        func feeds(title: String, home: String, language: String) -> Feeds {
            Feeds(title: title, baseURL: configuration.baseURL, home: home, language: language, author: configuration.author, settings: configuration.feeds,
                  contentURLs: contexts.contentURLs, served: served, content: contents.html(of:))
        }
        for language in configuration.languages {
            let pages = newest.filter { $0.language == language.code }
            let site = feeds(title: language.title, home: language.prefix + "/", language: language.code)
            texts.append((String((language.prefix + "/index.xml").dropFirst()), site.rss(pages)))
            texts.append((String((language.prefix + "/atom.xml").dropFirst()), site.atom(pages)))
        }
        // An Atom feed for each section and each tag: its pages, newest first.
        for list in lists.lists where list.hasFeed {
            let feed = feeds(title: list.language.title + " – " + list.title, home: list.url, language: list.language.code)
            texts.append((String((list.url + "atom.xml").dropFirst()), feed.atom(list.pages.sorted(by: SiteLists.newestFirst))))
        }
        let used = published.filter { $0.metadata.theme == nil }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
        texts.append(("theme.css", ThemeStylesheet(theme: theme).css(usedValues: used)))
        // A stylesheet for each theme pages chose for themselves.
        for name in Set(published.compactMap(\.metadata.theme)).sorted() {
            guard let own = reader.themes.theme(name) else { continue }
            let values = published.filter { $0.metadata.theme == name }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
            texts.append(("themes/\(name).css", ThemeStylesheet(theme: own).css(usedValues: values)))
        }
        let pageEntries = published.map { (url: $0.url, lastmod: $0.metadata.lastmod.flatMap(PageDate.init) ?? $0.moment) }
        let listEntries = (lists.urls(paginate: configuration.paginate) + homes.map { Self.url(of: $0.path) }).map { (url: $0, lastmod: PageDate?.none) }
        // Each page's, list's and home's versions in other languages, as their pages name them.
        var alternates: [String: [TemplateContexts.Version]] = [:]
        for job in jobs {
            switch job.kind {
            case .page(_, _, let translations), .list(_, 1, let translations), .home(_, let translations):
                if !translations.isEmpty { alternates[Self.url(of: job.path)] = translations }
            default: break
            }
        }
        texts.append(("sitemap.xml", Self.sitemap((pageEntries + listEntries).sorted { $0.url < $1.url }, alternates: alternates,
                                                  baseURL: configuration.baseURL)))
        texts.append(("robots.txt", "User-agent: *\nAllow: /\nSitemap: \(SiteURL.absolute("/sitemap.xml", baseURL: configuration.baseURL))\n"))
        for (path, text) in texts {
            guard let path = OutputPath(path) else { continue }
            jobs.append(OutputJob(path: path, key: ContentHash(text.utf8), kind: .text(text), claimant: "the generated \(path)"))
        }
        // Aliases: a redirect page at each old URL, and `_redirects` (as Netlify and Cloudflare
        // Pages read it, and `runway serve`) for a real 301.
        var redirects = ""
        let basePath = BasePath(baseURL: configuration.baseURL)
        // A section's `_index.md` has aliases as a page has (they were left out without a word).
        for page in published + lists.lists.compactMap(\.index) {
            for alias in page.metadata.aliases {
                guard let (url, path) = SiteURL.alias(alias, pageURL: page.url) else { continue }
                let text = Self.redirectPage(to: page.url, baseURL: configuration.baseURL, basePath: basePath)
                jobs.append(OutputJob(path: path, key: ContentHash(text.utf8), kind: .redirect(text), claimant: "the alias \(url) of \(page.url)",
                                      file: page.source, position: page.keyPositions["aliases"]))
                redirects += basePath.apply(to: SiteURL.encoded(url)) + " " + basePath.apply(to: SiteURL.encoded(page.url)) + " 301\n"
            }
        }
        if !redirects.isEmpty, let path = OutputPath("_redirects") {
            jobs.append(OutputJob(path: path, key: ContentHash(redirects.utf8), kind: .text(redirects), claimant: "the generated _redirects"))
        }
        return Self.claims(jobs, statics: statics, siteStatic: SitePaths.join(site, "static"))
    }

    /// A page that sends the browser on to `url`: a meta refresh and a canonical link, as Hugo's
    /// alias pages are.
    static func redirectPage(to url: String, baseURL: String, basePath: BasePath) -> String {
        let url = SiteURL.encoded(url)
        let absolute = xmlEscape(SiteURL.absolute(url, baseURL: baseURL)), local = xmlEscape(basePath.apply(to: url))
        return "<!DOCTYPE html>\n<html><head><title>\(local)</title><link rel=\"canonical\" href=\"\(absolute)\">"
            + "<meta name=\"robots\" content=\"noindex\"><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"0; url=\(local)\">"
            + "</head></html>\n"
    }

    /// The files a build makes at the root of the output whatever the content (`_redirects` when a
    /// page has an alias), which only the site's own `static/` may replace, as `claims` says
    /// (a static `index.html` is the home page, in place of one Runway would make). `theme check`
    /// tells a theme's static files from them.
    package static let generatedFiles: Set<String> = ["404.html", "theme.css", "sitemap.xml", "robots.txt", "index.xml", "atom.xml", "_redirects"]

    /// The plan with each file claimed once. Two pages (or a page and a list) claiming one file are
    /// an error at the later page naming the other; a static file replaces a generated one of the
    /// same name (`static/robots.txt`), but not a page or a list.
    /// A theme's static file does not replace a generated one (`theme.css`, `sitemap.xml`): only the
    /// site's own (`siteStatic`) do.
    static func claims(_ jobs: [OutputJob], statics: [String: String], siteStatic: String) -> OutputPlan {
        var plan = OutputPlan()
        var claimed: [OutputPath: OutputJob] = [:]
        for job in jobs {
            guard let earlier = claimed[job.path] else {
                claimed[job.path] = job
                plan.jobs.append(job)
                continue
            }
            // Two generated files of one name come from two lists of one URL (a feed each), whose
            // own clash is said: once is enough.
            if job.file == nil, earlier.file == nil, job.claimant == earlier.claimant { continue }
            let url = Self.url(of: job.path)
            // The message goes to an alias, else to a content page, the later one when both are
            // pages, else to where a list comes from (its _index.md, its taxonomy in runway.toml).
            let rank = { (job: OutputJob) -> Int in
                switch job.kind {
                case .redirect: 3
                case .page: 2
                default: job.file != nil ? 1 : 0
                }
            }
            let (blamed, other) = rank(job) >= rank(earlier) ? (job, earlier) : (earlier, job)
            let isAlias = if case .redirect = blamed.kind { true } else { false }
            let message = isAlias
                ? "its alias \(url) is also the URL of \(other.claimant): an alias cannot replace a page (change or remove the alias)"
                : "its URL \(url) is also that of \(other.claimant): two pages cannot share one file (change a slug or a file name)"
            plan.diagnostics.append(Diagnostic(.error, message, path: blamed.file ?? blamed.claimant,
                                               position: blamed.file.map { _ in blamed.position ?? SourcePosition(line: 1, column: 1) }))
        }
        for (file, source) in statics.sorted(by: { $0.key < $1.key }) {
            guard let path = OutputPath(file) else {
                plan.diagnostics.append(Diagnostic(.error, "cannot be copied into the output: \(OutputPath.problem(with: file) ?? "")", path: source))
                continue
            }
            if let job = claimed[path] {
                switch job.kind {
                case .redirect:
                    // An alias asked for a file the site has: the alias's error, as against a page.
                    plan.diagnostics.append(Diagnostic(.error, "its alias \(Self.url(of: path)) is also the static file \(source): an alias cannot replace a file (change or remove the alias)",
                                                       path: job.file ?? job.claimant, position: job.position))
                    continue
                case .text, .notFound, .home:
                    guard source.hasPrefix(siteStatic + "/") else {
                        plan.diagnostics.append(Diagnostic(.error, "would replace \(job.claimant), which only the site's own static/ may: rename it",
                                                           path: source))
                        continue
                    }
                    // The site's own robots.txt, 404.html…: its file wins over the one Runway makes.
                    plan.jobs.removeAll { $0.path == path }
                case .page, .list:
                    plan.diagnostics.append(Diagnostic(.error, "would replace \(job.claimant) (\(path)): rename one of them", path: source))
                    continue
                }
            }
            var key = ContentHash()
            key.add(source)
            key.add(BuildCache.signature(of: source))
            plan.copies.append(StaticCopy(path: path, key: key, source: source))
        }
        plan.diagnostics += folderClashes(plan)
        return plan
    }

    /// An error for each output that needs a folder where another output is a file (a page
    /// `content/foo.md` beside `static/foo`, an alias `/robots.txt/`): no file system holds both.
    /// Said before anything is written, at the content file (the alias's key) or the static file.
    static func folderClashes(_ plan: OutputPlan) -> [Diagnostic] {
        var files: [OutputPath: (name: String, file: String?, position: SourcePosition?)] = [:]
        for job in plan.jobs { files[job.path] = (job.claimant, job.file, job.file.map { _ in job.position ?? SourcePosition(line: 1, column: 1) }) }
        // A static file: its own path, no URL or position.
        for copy in plan.copies { files[copy.path] = (copy.source, nil, nil) }
        var diagnostics: [Diagnostic] = []
        for (path, owner) in files.sorted(by: { $0.key < $1.key }) {
            guard let folder = path.ancestors.first(where: { files[$0] != nil }), let blocker = files[folder] else { continue }
            let what = owner.file == nil ? "it goes to \(path)" : "its URL \(Self.url(of: path)) goes to \(path)"
            diagnostics.append(Diagnostic(.error, "\(what), inside a folder \(folder) where \(blocker.name) is a file: rename one of them",
                                          path: owner.file ?? owner.name, position: owner.position))
        }
        return diagnostics
    }
}
