import RunwayText
import Formatting
import Foundation
import SiteContent
import SiteOutput
import Templating

extension SiteBuild {
    /// The rebuild after a watcher saw only pages' text change (``RebuildPlan/quick(_:)``): when
    /// every changed file existed before and still exists, and its new record shows other pages
    /// exactly what the old one did (``RebuildPlan/showsOthersTheSame(_:as:)``), no list, feed,
    /// sitemap, stylesheet or other page can change. Only those pages are parsed, rendered and written,
    /// without looking at the ten thousand others. `nil` when that does not hold: the full path
    /// decides. The output is the same either way (a test compares the trees).
    func quickRebuild(changed: Set<String>, previous: BuildCache, cache: inout BuildCache?, output: OutputFolder, reader: PageReader,
                      templates: TemplateSet, configuration: SiteConfiguration, theme: Theme, version: ContentHash, data: SiteData,
                      assetsKey: String?, diagnostics configurationDiagnostics: [Diagnostic]) -> Report? {
        // Read content: the changed files only, each of which must show other pages what it did
        // (`RebuildPlan` has left out the sites whose outputs show every page's text).
        var records = previous.records
        var pages: [PageRecord] = []
        var bodies: [String: PageBody] = [:]
        for file in changed.sorted() {
            let path = SitePaths.join(site, file)
            guard let old = previous.records[file], RealPath.leadsInside(path, SitePaths.join(site, "content")), let bytes = FileContents.read(path) else { return nil }
            if old.hash == ContentHash(bytes) { continue }
            let page = reader.read(file, bytes: bytes)
            guard let record = page.record, let body = page.body, RebuildPlan.showsOthersTheSame(record, as: old) else { return nil }
            records[file] = record
            bodies[file] = body
            if isPublished(record) { pages.append(record) }
        }

        // Key outputs, as the full path keys a page's: a page whose template lists every page, or
        // whose file the output does not have, needs the full path.
        let allPublished = records.values.filter(isPublished)
        // The changed pages show other pages what they did: the related pages of every page are
        // as they were, and a changed page's are found among all.
        // The index of terms, only when a changed page's template shows related pages: a save under
        // `serve` is this path, and most pages do not.
        let showsRelated = pages.contains { templates.readsRelated(Self.layout(of: $0, configuration: configuration, templates: templates)) }
        // The last build's index when it is there: every page's terms are as they were.
        let related = showsRelated
            ? previous.related ?? RelatedPages(allPublished, taxonomies: configuration.taxonomies, settings: configuration.related) : nil
        // Plain stylesheets' names do not depend on their text: only fingerprinted ones are made
        // again, as the full path makes them (its pages, not sections' `_index.md`, in file order).
        let stylesheets = configuration.fingerprints
            ? Stylesheets(published: allPublished.filter { !$0.isSectionIndex }.sorted { $0.file < $1.file },
                          theme: theme, themes: reader.themes, fingerprint: true)
            : nil
        // Every page's front matter images, for a neighbor's or a related page's cover.
        let contexts = TemplateContexts(configuration: configuration, theme: reader.themes.site, newestFirst: [], listed: allPublished,
                                        imageKeys: Set(templates.pageImageRequests.map(\.key)),
                                        contentURLs: previous.contentURLs ?? ContentURLs(allPublished, defaultLanguage: configuration.languages[0].code),
                                        menuPages: allPublished,
                                        neighbors: { SiteLists.neighbors(of: $0, among: allPublished) }, data: data,
                                        related: { related?.related(to: $0) ?? [] }, stylesheets: stylesheets,
                                        word: { key, language in templates.word(key, language: language) })
        var jobs = pageJobs(pages, among: allPublished.filter { !$0.isSectionIndex }, contexts: contexts, templates: templates,
                            configuration: configuration, version: version)
        // The assets' names, as the full path adds them to every rendered output's key.
        if let assetsKey { for index in jobs.indices { jobs[index].key.add(assetsKey) } }
        let manifest = output.manifest
        guard jobs.count == pages.count, jobs.allSatisfy({ job in
            guard case .page(_, let layout, _, _) = job.kind else { return false }
            return !templates.readsListing(layout) && !templates.readsItems(layout) && manifest.files[job.path] != nil
        }) else { return nil }

        // The same diagnostics, in the same order, as the full path: each file's own, then links.
        // Only records with something to say, in file order: most pages have no diagnostics and no
        // links inside the site, and sorting ten thousand records costs more than the rest.
        let speaking = records.filter { !$0.value.diagnostics.isEmpty || !$0.value.links.isEmpty }.sorted { $0.key < $1.key }.map(\.value)
        var diagnostics = configurationDiagnostics + speaking.flatMap(\.diagnostics)
        let linking = speaking.filter { !$0.links.isEmpty && isPublished($0) }
        if !linking.isEmpty {
            let links = LinkCheck(outputs: manifest.files.keys, pages: allPublished, contentURLs: contexts.contentURLs)
            for record in linking { diagnostics += links.brokenLinks(of: record) }
        }
        if strict { diagnostics = diagnostics.map(\.promotedToError) }
        // Pages, as the full path counts them: a section's `_index.md` is its list's.
        var report = Report(pageCount: allPublished.count { !$0.isSectionIndex }, diagnostics: diagnostics, output: destination,
                            parsed: bodies.count, quick: true)
        report.basePath = BasePath(baseURL: configuration.baseURL).prefix

        // Render and write, as the full path does.
        let rendering = RenderInputs(published: pages, bodies: PageBodies(parsed: bodies, reader: reader), reader: reader, templates: templates, contexts: contexts,
                                     lists: SiteLists(newestFirst: [], languages: []), configuration: configuration,
                                     served: ServedPaths(manifest.files.keys))
        let published = publish(jobs, copies: [], removals: [], into: output, writing: report.succeeded, rendering: rendering)
        if published.stopped { return stoppedReport() }
        // A page that does not render (or a write that fails): the full path says so, in its place
        // among the diagnostics.
        guard published.diagnostics.isEmpty else { return nil }
        guard report.succeeded else { return report }
        report.written = published.written
        var next = previous
        next.records = records
        cache = next
        return report
    }
}
