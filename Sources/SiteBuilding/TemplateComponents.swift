import Formatting
import HTMLRendering
import RunwayText
import SiteContent
import SiteOutput
import Templating

/// The site's components written by their templates, `components/NAME.html` (the site's, over
/// its theme's): each call gets `params` (its parameters, with the defaults of those it does
/// not give), `content` (the span's text, rendered), `block`, and the `site` and `page` it is on.
struct TemplateComponents: ComponentWriter {
    let templates: TemplateSet
    let signatures: [String: ComponentSignature]
    let contexts: BodyTemplateContext

    var names: Set<String> { Set(signatures.keys) }

    /// The template of a component.
    static func template(of name: String) -> String { "components/\(name).html" }

    /// The components `scope` declares, and an error for each that no template folder has a template of.
    static func make(site: String, scope: CustomAttributeScope, templates: TemplateSet, configuration: SiteConfiguration, theme: Theme,
                     themeFile: String?, data: SiteData) -> (components: TemplateComponents?, diagnostics: [Diagnostic]) {
        var signatures: [String: ComponentSignature] = [:]
        for declaration in scope.declarations {
            if case .component(let signature) = declaration.type { signatures[declaration.name] = signature }
        }
        guard !signatures.isEmpty else { return (nil, []) }
        let diagnostics = signatures.keys.sorted().filter { !templates.exists(template(of: $0)) }.map { name in
            // At the file that declares it: the site's, else its theme's.
            Diagnostic(.error, "the component '\(name)' has no template: add templates/\(template(of: name)) to the site or its theme",
                       path: configuration.scope[name] != nil ? SitePaths.join(site, SiteConfiguration.fileName) : themeFile ?? "theme \(theme.name)")
        }
        return (TemplateComponents(templates: templates, signatures: signatures,
                                   contexts: BodyTemplateContext(configuration: configuration, theme: theme, data: data)), diagnostics)
    }

    func render(_ call: ComponentCall, page: ComponentPage) throws(Diagnostic) -> String {
        let arguments = signatures[call.name]?.arguments(of: call.value) ?? [:]
        let context = contexts.context(
            on: page, component: ComponentValues(name: call.name, params: arguments.mapValues(TemplateValue.init), content: call.content, block: call.block))
        return try templates.render(Self.template(of: call.name), context: context)
    }
}
