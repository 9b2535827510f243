import AttributedText
import Formatting
import Foundation
import SiteContent
import SiteOutput
import Templating

extension SiteBuild {
    /// The rebuild after a watcher saw only pages' text change: when every changed file existed
    /// before and still exists, and its new record shows other pages exactly what the old one did
    /// (URL, title, front matter, language, section, custom values), no list, feed, sitemap,
    /// stylesheet or other page can change. Only those pages are parsed, rendered and written,
    /// without looking at the ten thousand others. `nil` when that does not hold: the full path
    /// decides. The output is the same either way (a test compares the trees).
    func quickRebuild(changed: Set<String>, previous: BuildCache, cache: inout BuildCache?, output: OutputFolder, reader: PageReader,
                      templates: TemplateSet, configuration: SiteConfiguration, version: ContentHash,
                      diagnostics configurationDiagnostics: [Diagnostic]) -> Report? {
        var records = previous.records
        var rendered: [(path: OutputPath, contents: String, key: ContentHash)] = []
        let manifest = output.manifest
        var parsed = 0
        let contexts = TemplateContexts(configuration: configuration, themeName: reader.themes.site.name, newestFirst: [])
        for file in changed.sorted() {
            let path = SitePaths.join(site, file)
            guard let old = previous.records[file], RealPath.leadsInside(path, site), let bytes = FileContents.read(path) else { return nil }
            if old.hash == ContentHash(bytes) { continue }
            let page = reader.read(file, bytes: bytes)
            guard let record = page.record, let body = page.body, record.url == old.url, record.title == old.title,
                  record.metadata == old.metadata, record.language == old.language, record.translationKey == old.translationKey,
                  record.section == old.section, record.values == old.values
            else { return nil }
            parsed += 1
            records[file] = record
            guard isPublished(record) else { continue }
            let layout = Self.layout(of: record, configuration: configuration, templates: templates)
            // A template that lists every page would need the listing: the full path does that.
            guard !templates.readsListing(layout) else { return nil }
            let translations = translations(of: record, in: records, configuration: configuration)
            let key = Self.pageKey(version: version, page: record, layout: layout, translations: translations, listing: nil)
            guard let output = SiteURL.outputPath(ofURL: record.url), manifest.files[output] != nil else { return nil }
            do throws(Diagnostic) {
                let context = contexts.page(record, body: body, translations: contexts.translations(translations, current: record.url),
                                            withListing: false)
                rendered.append((output, try templates.render(layout, context: context), key))
            } catch {
                return nil
            }
        }

        // The same diagnostics, in the same order, as the full path: each file's own, then links.
        // Only records with something to say, in file order: most pages have no diagnostics and no
        // links inside the site, and sorting ten thousand records costs more than the rest.
        let speaking = records.filter { !$0.value.diagnostics.isEmpty || !$0.value.links.isEmpty }.sorted { $0.key < $1.key }.map(\.value)
        var diagnostics = configurationDiagnostics + speaking.flatMap(\.diagnostics)
        let linking = speaking.filter { !$0.links.isEmpty && isPublished($0) }
        if !linking.isEmpty {
            let links = LinkCheck(outputs: manifest.files.keys)
            for record in linking { diagnostics += links.brokenLinks(in: record.links, pageURL: record.url, path: record.source) }
        }
        if strict { diagnostics = diagnostics.map(\.promotedToError) }
        var report = Report(pageCount: records.values.count(where: isPublished), diagnostics: diagnostics, output: destination,
                            parsed: parsed, quick: true)
        guard report.succeeded else { return report }
        if !rendered.isEmpty {
            do throws(Diagnostic) {
                let transaction = try output.begin(writes: rendered.map { ($0.path, $0.key.value) }, removals: [])
                do throws(Diagnostic) {
                    for file in rendered { try transaction.write(file.contents, to: file.path) }
                } catch {
                    transaction.rollback()
                    throw error
                }
                output.record(try transaction.commit())
            } catch {
                report.diagnostics.append(error)
                return report
            }
        }
        report.written = rendered.map(\.path.value).sorted()
        var next = previous
        next.records = records
        cache = next
        return report
    }

    /// A page's versions in every language, in the site's language order, when it has more than one.
    private func translations(of page: PageRecord, in records: [String: PageRecord], configuration: SiteConfiguration) -> [TemplateContexts.Version] {
        let versions = records.values.filter { $0.translationKey == page.translationKey && isPublished($0) }
            .compactMap { record in configuration.language(record.language).map { TemplateContexts.Version(language: $0, url: record.url) } }
            .sorted { (configuration.languages.firstIndex(of: $0.language) ?? 0, $0.url) < (configuration.languages.firstIndex(of: $1.language) ?? 0, $1.url) }
        return versions.count > 1 ? versions : []
    }
}
