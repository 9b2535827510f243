package import HTMLRendering
package import RunwayText

/// What writes the components of a page's body (a build's templates, `components/NAME.html`):
/// ``PageReader`` gives each call, with the page it is on.
package protocol ComponentWriter: Sendable {
    /// The names of the components.
    var names: Set<String> { get }
    /// The HTML of `call` on `page`, or the error of its template (located at the template).
    func render(_ call: ComponentCall, page: ComponentPage) throws(Diagnostic) -> String
}

/// What a component's or render hook's template sees of the page it is on: the body is not written yet.
package struct ComponentPage: Sendable {
    /// The content file, relative to the site.
    package var file: String
    package var title: String
    package var url: String
    /// The page's language's code.
    package var language: String
    package var date: String?
    /// The rest of its front matter.
    package var params: [String: AttributeValue]
}

/// What writes the render hooks of a page's body (a build's templates, `render/NAME.html`):
/// ``PageReader`` gives each hooked element, with the page it is on.
package protocol RenderHookWriter: Sendable {
    /// The elements with a hook, and the languages of code blocks with one of their own.
    var elements: Set<RenderHook.Element> { get }
    var codeLanguages: Set<String> { get }
    /// The HTML of `hook` on `page`, or the error of its template (located at the template).
    func render(_ hook: RenderHook, page: ComponentPage) throws(Diagnostic) -> String
}
