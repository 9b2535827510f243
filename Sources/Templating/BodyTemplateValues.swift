// What the templates that write part of a page's body see besides `site` and `page`.

/// What a component's template sees of the call it renders, besides `site` and `page`: `params`
/// (the parameters, with the defaults of those the call does not give), `content` (the span's
/// text, rendered: trusted HTML) and `block` (whether the component is all its paragraph holds,
/// written in the paragraph's place).
package struct ComponentValues: Sendable {
    package var name: String
    package var params: [String: TemplateValue]
    package var content: String
    package var block: Bool

    package init(name: String, params: [String: TemplateValue], content: String, block: Bool) {
        self.name = name
        self.params = params
        self.content = content
        self.block = block
    }
}

/// What a render hook's template sees of the element it renders, besides `site` and `page`:
/// `element` (`link`, `codeblock`…), `content` (its content rendered: trusted HTML), `text` (its
/// words without markup), `html` (Runway's own HTML for it), and the element's values
/// (`destination`, `level`, `language`…, as `docs/content/features/render-hooks.md` lists them).
package struct HookValues: Sendable {
    package var element: String
    package var content: String
    package var text: String
    package var html: String
    /// The element's own values, by name.
    package var values: [String: TemplateValue]

    package init(element: String, content: String, text: String, html: String, values: [String: TemplateValue]) {
        self.element = element
        self.content = content
        self.text = text
        self.html = html
        self.values = values
    }

    /// The member `name` of a hook's template's root.
    func member(_ name: String) -> TemplateValue? {
        switch name {
        case "element": .text(element)
        case "content": .html(content)
        case "text": .text(text)
        case "html": .html(html)
        default: values[name]
        }
    }
}
