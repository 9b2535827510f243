import Formatting
import RunwayText
import SiteContent
import SiteOutput
import Templating

/// What the templates that write part of a page's body (components', render hooks') see of the
/// site and the page: the site in the page's language (without menus: they are made from the
/// pages being read) and the page's front matter, its body not written yet.
struct BodyTemplateContext: Sendable {
    /// The site in each language.
    let sites: [String: SiteContext]
    let defaultLanguage: String
    let baseURL: String

    init(configuration: SiteConfiguration, theme: Theme, data: SiteData) {
        let dataValue = TemplateValue(.object(data.values))
        var sites: [String: SiteContext] = [:]
        for language in configuration.languages {
            sites[language.code] = TemplateContexts.site(language, configuration: configuration, theme: theme, menus: ["main": []], data: dataValue)
        }
        self.sites = sites
        defaultLanguage = configuration.languages[0].code
        baseURL = configuration.baseURL
    }

    /// The context of a template on `page` that writes a component's call or a hook's element.
    func context(on page: ComponentPage, component: ComponentValues? = nil, hook: HookValues? = nil) -> TemplateContext {
        let url = SiteURL.encoded(page.url)
        return TemplateContext(
            site: sites[page.language] ?? sites[defaultLanguage]!,
            page: PageContext(title: page.title, url: url, permalink: SiteURL.absolute(url, baseURL: baseURL),
                              date: TemplateContexts.iso8601(page.date), lang: page.language, stylesheet: "",
                              params: page.params.mapValues(TemplateValue.init)),
            component: component, hook: hook)
    }
}
