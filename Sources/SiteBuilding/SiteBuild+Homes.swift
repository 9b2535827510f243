import Formatting
import RunwayText
import SiteContent
import SiteOutput
import Templating

/// The home page of a language that has no page of its own there: as Hugo and Zola do, a site
/// without `content/index.md` (or a language without `content/index.LANG.md`) still has a page at
/// the URL its header and language switcher link to, rendered with `home.html` (the default
/// theme's when the site's theme has none).
extension SiteBuild {
    /// A job for each language whose home (`/`, `/fr/`) nothing else makes: no page, list, alias
    /// or static file there. `taken`: the outputs planned so far; `aliased`: the pages whose
    /// aliases take their paths too; `statics`: the static files by output path.
    func homeJobs(taken: Set<OutputPath>, aliased: [PageRecord], statics: [String: String], contexts: TemplateContexts,
                  templates: TemplateSet, configuration: SiteConfiguration, version: ContentHash) -> [OutputJob] {
        var taken = taken
        for page in aliased {
            for alias in page.metadata.aliases { if let (_, path) = SiteURL.alias(alias, pageURL: page.url) { taken.insert(path) } }
        }
        let versions = Self.homeVersions(configuration)
        return configuration.languages.compactMap { language -> OutputJob? in
            let url = language.prefix + "/"
            guard let path = SiteURL.outputPath(ofURL: url), !taken.contains(path), statics[path.value] == nil else { return nil }
            var key = version
            key.add("generated home " + language.code)
            key.add(contexts.menuHashes[language.code]?.description ?? "-")
            key.add(contexts.listingHash("home.html", language: language.code, templates: templates)?.description ?? "-")
            for version in versions { key.add(version.language.code + " " + version.url) }
            return OutputJob(path: path, key: key, kind: .home(language, translations: versions),
                             claimant: "the home page \(url)")
        }
    }
}

extension TemplateContexts {
    /// A generated home's context: titled with the string table's `home` (else "Home"), without
    /// content, with its language's pages.
    func home(_ language: SiteLanguage, translations: [TranslationLink], templates: TemplateSet) -> TemplateContext {
        let url = language.prefix + "/"
        return TemplateContext(
            site: site(language.code),
            page: PageContext(title: templates.word("home", language: language.code) ?? "Home", url: url, permalink: SiteURL.absolute(url, baseURL: configuration.baseURL),
                              lang: language.code, translations: translations, stylesheet: ThemeSet.stylesheet(of: nil)),
            pages: listing(language.code))
    }
}
