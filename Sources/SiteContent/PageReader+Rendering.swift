import Formatting
import HTMLRendering
import RunwayText
import SiteOutput
import Synchronization

/// How a page's body is rendered: its renderer (images' sizes, numbered code, callouts' titles in
/// its language, its components), the summary's, and the body of a page finished before its code
/// was highlighted.
extension PageReader {
    /// What renders a summary: the page's renderer (raw HTML as the site keeps it, images' sizes,
    /// callout titles in the page's language) without heading ids or numbered lines, as a list
    /// shows the summary among others.
    static func summaryRenderer(of page: HTMLRenderer) -> HTMLRenderer {
        var renderer = page
        renderer.options.headingIDs = false
        renderer.options.codeLines = false
        return renderer
    }

    /// Whether a run of `text` is in a component's span: its page is rendered when read, so that
    /// a component's error is the page's.
    static func usesComponents(_ text: AttributedText, _ components: any ComponentWriter) -> Bool {
        text.spanValues.contains { components.names.contains($0.attribute) }
    }

    /// Whether an element of a page whose elements are `names` (``RenderHook/names(in:)``) has a
    /// hook: its page is rendered when read, so that a hook's error is the page's.
    static func usesHooks(_ names: [String], _ hooks: any RenderHookWriter) -> Bool {
        names.contains { name in
            RenderHook.Element(rawValue: name).map(hooks.elements.contains)
                ?? RenderHook.codeLanguage(ofHookNamed: name).map(hooks.codeLanguages.contains) ?? false
        }
    }

    /// Whether a run of `text` is in an image.
    static func showsImages(_ text: AttributedText) -> Bool {
        var shows = false
        text.forEachNewInlineComponent(climbing: { !shows && $0.containsLink }) { component, _ in
            if case .image = component.kind { shows = true }
        }
        return shows
    }

    /// The body of a page whose record was made before its code was highlighted
    /// (``Highlighting/none(_:)``), now that it is: the same as ``finish(_:_:)`` gives.
    package func body(of page: ParsedPage, record: PageRecord, _ highlighting: Highlighting) -> PageBody {
        let (html, outline) = renderer(of: page, url: record.url, language: record.language).renderer.renderWithOutline(highlighting.text)
        return PageBody(html: html, headings: outline.headings)
    }

    /// The renderer of a page's body at `url` in `language` (a code): its images' sizes read from
    /// the files (which are noted), numbered code lines under a styled theme, callouts' titles in
    /// its language.
    func renderer(of page: ParsedPage, url: String, language: String) -> (renderer: HTMLRenderer, images: LocalImages, failures: ComponentFailures) {
        let failures = ComponentFailures()
        let images = LocalImages(page: url, bundle: PageBundle.folder(of: page.file).map { SitePaths.join(site, $0) },
                                 staticFiles: staticFiles, staticFolder: SitePaths.join(site, "static"))
        var renderer = self.renderer
        renderer.imageSize = images.size(of:)
        renderer.options.codeLines = page.theme.isStyled
        renderer.calloutTitle = calloutTitles(in: language)
        let on = ComponentPage(file: page.file, title: page.metadata.title ?? "", url: url, language: language, date: page.metadata.date,
                               params: page.metadata.params)
        if let components {
            renderer.components = ComponentRendering(names: components.names) { call in
                do throws(Diagnostic) {
                    return try components.render(call, page: on)
                } catch {
                    failures.add(error)
                    return call.content
                }
            }
        }
        if let hooks {
            renderer.hooks = RenderHooks(elements: hooks.elements, codeLanguages: hooks.codeLanguages) { hook in
                do throws(Diagnostic) {
                    return try hooks.render(hook, page: on)
                } catch {
                    failures.add(error)
                    return hook.html
                }
            }
        }
        return (renderer, images, failures)
    }
}

/// The errors of a page's components' and render hooks' templates, gathered while its body is rendered.
final class ComponentFailures: Sendable {
    private let found = Mutex<[Diagnostic]>([])

    func add(_ diagnostic: Diagnostic) {
        found.withLock { $0.append(diagnostic) }
    }

    var diagnostics: [Diagnostic] { found.withLock { $0 } }
}
