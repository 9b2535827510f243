import Formatting
package import HTMLRendering
package import RunwayText
package import SiteContent
package import Templating

/// The render hooks of a site, written by its templates (the site's over its theme's):
/// `render/image.html`, `link`, `heading`, `codeblock`, `blockquote`, `callout`, and
/// `render/codeblock-LANG.html` for the code blocks of one language (over `codeblock.html`).
/// Each gets `element`, `content`, `text`, `html`, the element's own values
/// (``values(of:)``), and the `site` and `page` it is on. The template's last line break is
/// left out of what it writes.
package struct TemplateHooks: RenderHookWriter {
    let templates: TemplateSet
    /// The elements with a template of their own (`render/link.html`).
    package let elements: Set<RenderHook.Element>
    /// The languages whose code blocks have one (`render/codeblock-mermaid.html`).
    package let codeLanguages: Set<String>
    let contexts: BodyTemplateContext

    /// The folder of the hooks' templates.
    static let folder = "render/"
    /// The elements and code languages `templates` has hooks for, and a warning at each template
    /// in `render/` that names no element (a misspelt hook would be left out without a word).
    package static func named(in templates: TemplateSet) -> (elements: Set<RenderHook.Element>, languages: Set<String>, diagnostics: [Diagnostic]) {
        var elements = Set<RenderHook.Element>(), languages = Set<String>(), diagnostics: [Diagnostic] = []
        for name in templates.hookHashes.keys.sorted() {
            if let element = RenderHook.Element(rawValue: name) {
                elements.insert(element)
            } else if let language = RenderHook.codeLanguage(ofHookNamed: name) {
                languages.insert(language)
            } else {
                let known = RenderHook.Element.allCases.map(\.rawValue) + [RenderHook.name(ofCodeLanguage: "LANG")]
                diagnostics.append(Diagnostic(.warning, "no element has a render hook named '\(name)', so this template writes nothing "
                                              + "(hooks are \(known.joined(separator: ", ")); a partial can go in a folder inside render/)",
                                              path: templates.file(of: folder + name + ".html") ?? folder + name + ".html"))
            }
        }
        return (elements, languages, diagnostics)
    }

    /// The hooks `templates` has (`nil` when it has none), and what ``named(in:)`` says.
    static func make(templates: TemplateSet, configuration: SiteConfiguration, theme: Theme, data: SiteData)
        -> (hooks: TemplateHooks?, diagnostics: [Diagnostic]) {
        let (elements, languages, diagnostics) = named(in: templates)
        guard !elements.isEmpty || !languages.isEmpty else { return (nil, diagnostics) }
        return (TemplateHooks(templates: templates, elements: elements, codeLanguages: languages,
                              contexts: BodyTemplateContext(configuration: configuration, theme: theme, data: data)), diagnostics)
    }

    /// The HTML of `hook`'s element on `page`: its language's code block template over `codeblock.html`.
    package func render(_ hook: RenderHook, page: ComponentPage) throws(Diagnostic) -> String {
        var name = hook.element.rawValue
        if case .codeBlock(let language?, _) = hook.values, codeLanguages.contains(language) { name = RenderHook.name(ofCodeLanguage: language) }
        let values = HookValues(element: hook.element.rawValue, content: hook.content, text: hook.text, html: hook.html, values: Self.values(of: hook.values))
        var html = try templates.render(Self.folder + name + ".html", context: contexts.context(on: page, hook: values))
        // The file's last line break is not the element's: a link's would be a space after it.
        if html.last?.isNewline == true { html.removeLast() }
        return html
    }

    /// Whether a destination leads out of the site: it has a scheme (`https:`, `mailto:`) or a
    /// host (`//cdn.example`).
    static func isExternal(_ destination: String) -> Bool {
        if destination.hasPrefix("//") { return true }
        guard let colon = destination.firstIndex(of: ":"), colon != destination.startIndex else { return false }
        let scheme = destination[..<colon]
        return scheme.first!.isASCII && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// An element's own values as a hook's template names them: an image's and a link's
    /// `destination`, `title` and `external` (``isExternal(_:)``) (an image's `width` and `height` when known); a heading's `level`
    /// and `id`; a code block's `language`, `lineNumbers`, `firstLine` and `highlightedLines`
    /// (each `from` and `to`); a callout's `kind` and `title`. A value it does not have is absent.
    static func values(of values: RenderHook.Values) -> [String: TemplateValue] {
        var named: [String: TemplateValue] = [:]
        switch values {
        case .image(let source, let title, let size):
            named["destination"] = .text(source)
            named["title"] = title.map(TemplateValue.text)
            named["external"] = .bool(isExternal(source))
            named["width"] = size.map { .integer($0.width) }
            named["height"] = size.map { .integer($0.height) }
        case .link(let destination, let title):
            named["destination"] = .text(destination)
            named["title"] = title.map(TemplateValue.text)
            named["external"] = .bool(isExternal(destination))
        case .heading(let level, let id):
            named["level"] = .integer(level)
            named["id"] = id.map(TemplateValue.text)
        case .codeBlock(let language, let options):
            named["language"] = language.map(TemplateValue.text)
            if let options {
                named["lineNumbers"] = .bool(options.lineNumbers)
                named["firstLine"] = .integer(options.firstLineNumber)
                named["highlightedLines"] = .list(options.highlightedLines.map { .object([("from", .integer($0.lowerBound)), ("to", .integer($0.upperBound))]) })
            }
        case .blockQuote: break
        case .callout(let kind, let title):
            named["kind"] = .text(kind.rawValue)
            named["title"] = .text(title)
        }
        return named
    }
}
