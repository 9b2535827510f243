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
        page.metadata.layout.map { resolved($0, templates: templates) }
            ?? (configuration.isHome(page) && templates.exists("home.html") ? "home.html" : "page.html")
    }

    /// A page's `layout` as a template's name: as written, or with `.html` when only that is a
    /// template (Hugo's and Jekyll's `layout: archives` name `archives.html`).
    static func resolved(_ layout: String, templates: TemplateSet) -> String {
        templates.exists(layout) || !templates.exists(layout + ".html") ? layout : layout + ".html"
    }

    /// The URL an output file answers: `/a/b/` for `a/b/index.html`, `/x.png` for `x.png`.
    static func url(of path: OutputPath) -> String {
        "/" + path.value.dropLast(path.value.hasSuffix("index.html") ? "index.html".count : 0)
    }

    /// A page whose `layout` names no template: an error at the key (a template that is there
    /// but broken reports its own error).
    static func layoutProblem(of page: PageRecord, templates: TemplateSet) -> Diagnostic? {
        guard let layout = page.metadata.layout, !templates.exists(resolved(layout, templates: templates)) else { return nil }
        let tried = layout.hasSuffix(".html") ? layout : "\(layout), nor \(layout).html,"
        let pages = templates.names.filter { !$0.contains("/") && $0 != "base.html" }
        return Diagnostic(.error, "'layout' names no template: there is no \(tried) among the site's and the theme's templates "
                          + "(its pages' templates: \(pages.joined(separator: ", ")); a site adds one in templates/)",
                          path: page.source, position: page.keyPositions["layout"] ?? SourcePosition(line: 1, column: 1))
    }

    /// The key of a page's output: the build's version, the page's file and URL, its language's
    /// menus, the URLs its
    /// links to content files lead to, its neighbors in its section, its layout, its
    /// translations, the listing of its language when its templates read `pages`, and the data
    /// files they show.
    static func pageKey(version: ContentHash, page: PageRecord, layout: String, translations: [TemplateContexts.Version],
                        listing: ContentHash?, contexts: TemplateContexts, templates: TemplateSet) -> ContentHash {
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
        for neighbor in [around.previous, around.next] { key.add(neighbor.map { contexts.entryDigest($0).description } ?? "-") }
        key.add(page.url)
        key.add(layout)
        for version in translations { key.add(version.language.code + " " + version.url) }
        key.add(listing?.description ?? "-")
        // The data files its templates show, and its related pages when they show them.
        key.add(contexts.dataHash(layout, templates: templates)?.description ?? "-")
        key.add(contexts.relatedHash(page, layout: layout, templates: templates)?.description ?? "-")
        key.add(contexts.stylesheet(of: page.metadata.theme).url)
        // The templates of the components it shows.
        if !templates.componentHashes.isEmpty {
            for value in page.values { if let hash = templates.componentHashes[value.attribute] { key.add(value.attribute + " " + hash.description) } }
        }
        // And those of the render hooks of its elements.
        if !templates.hookHashes.isEmpty {
            for name in page.hookNames { if let hash = templates.hookHashes[name] { key.add("render " + name + " " + hash.description) } }
        }
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
        return ConcurrentWork.map(Array(pages.indices)) { index -> [OutputJob] in
            let page = pages[index]
            // A page that sends its readers on (`redirect_to`) is a redirect page.
            if let target = page.metadata.redirectTo, let path = SiteURL.outputPath(ofURL: page.url) {
                let text = Self.redirectPage(to: target, baseURL: configuration.baseURL, basePath: BasePath(baseURL: configuration.baseURL))
                return [OutputJob(path: path, key: ContentHash(text.utf8), kind: .redirect(text), claimant: page.source, file: page.source)]
            }
            let layout = Self.layout(of: page, configuration: configuration, templates: templates)
            // A language's home has a version in every language, made by a page or by Runway.
            let isHome = configuration.isHome(page)
            let translations = isHome ? Self.homeVersions(configuration)
                : (versions[page.translationKey] ?? []).count > 1 ? versions[page.translationKey]! : []
            let listing = contexts.listingHash(layout, language: page.language, templates: templates)
            let key = Self.pageKey(version: version, page: page, layout: layout, translations: translations, listing: listing,
                                   contexts: contexts, templates: templates)
            guard let path = SiteURL.outputPath(ofURL: page.url) else { return [] }
            // A home whose layout shows `items` shows its language's pages a list's share at a
            // time: page 2 on is `/page/2/`….
            let total = isHome && templates.readsItems(layout) ? contexts.homePageCount(page.language, home: page.url, size: configuration.paginate) : 1
            return (1...total).compactMap { number in
                guard let path = number == 1 ? path : SiteURL.outputPath(ofURL: SiteLists.pageURL(page.url, page: number)) else { return nil }
                let key = isHome ? Self.homePageKey(key, number: number, total: total, language: page.language, home: page.url, templates: templates,
                                                    layout: layout, contexts: contexts, size: configuration.paginate) : key
                return OutputJob(path: path, key: key, kind: .page(index, layout: layout, translations: translations, number: number),
                                 claimant: number == 1 ? page.source : "page \(number) of \(page.source)", file: page.source)
            }
        }.flatMap { $0 }
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
            key.add(contexts.dataHash(layout, templates: templates)?.description ?? "-")
            // The stylesheet its HTML links to, whose name changes with its text when fingerprinted.
            key.add(contexts.stylesheet(of: nil).url)
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
            // A section whose `_index.md` sends its readers on (Zola's `redirect_to`) is a redirect page.
            if let intro = list.index, let target = intro.metadata.redirectTo {
                guard number == 1, let path = SiteURL.outputPath(ofURL: list.url) else { return nil }
                let text = Self.redirectPage(to: target, baseURL: configuration.baseURL, basePath: BasePath(baseURL: configuration.baseURL))
                return OutputJob(path: path, key: ContentHash(text.utf8), kind: .redirect(text), claimant: "the list page \(list.url)",
                                 file: intro.source, position: intro.keyPositions["redirect_to"])
            }
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
        // A section's `_index.md` has aliases as a page has.
        let aliased = published + lists.lists.compactMap(\.index)
        let homes = homeJobs(taken: Set(jobs.map(\.path)), aliased: aliased, statics: statics, contexts: contexts,
                             templates: templates, configuration: configuration, version: version)
        jobs += homes
        for language in configuration.languages {
            var notFoundKey = version
            notFoundKey.add(contexts.menuHashes[language.code]?.description ?? "-")
            listingKey("404.html", language.code, into: &notFoundKey)
            let file = String(language.prefix.dropFirst()) + (language.prefix.isEmpty ? "" : "/") + "404.html"
            if let path = OutputPath(file) {
                jobs.append(OutputJob(path: path, key: notFoundKey, kind: .notFound(language),
                                      claimant: language.prefix.isEmpty ? "the 404 page" : "the 404 page of \(language.name)"))
            }
        }
        jobs += generatedFiles(jobs: jobs, homes: homes, published: published, newest: newest, lists: lists, reader: reader,
                               contexts: contexts, configuration: configuration, theme: theme, statics: statics)
        jobs += Self.aliasJobs(aliased, configuration: configuration)
        return Self.claims(jobs, statics: statics, siteStatic: SitePaths.join(site, "static"))
    }
}
