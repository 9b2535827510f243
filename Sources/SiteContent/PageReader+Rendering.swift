import Formatting
package import HTMLRendering
import MathConversion
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

    /// How `components` write their calls on the page `on` (its file at `path`), their templates'
    /// errors into `failures`. A template that renders Markdown (`markdownify`) writes that Markdown's components
    /// inside its own (``ComponentNesting``); one that comes back to a component being written is
    /// an error at the outermost call (where its text starts in the page), and the inner call is
    /// left as its content.
    /// The images a component's template asks for (the `image` transform) are the page's (``PageImages``).
    static func rendering(_ components: any ComponentWriter, on: ComponentPage, at path: String, failures: ComponentFailures,
                          images: LocalImages? = nil) -> ComponentRendering {
        @Sendable func write(_ call: ComponentCall) -> String {
            let outer = ComponentNesting.current?.calls ?? []
            if outer.contains(where: { $0.name == call.name }) {
                let chain = (outer + [call]).map(\.name).joined(separator: " → ")
                failures.add(Diagnostic(.error, "the component '\(call.name)' calls itself: its template renders Markdown (markdownify) "
                                            + "that uses it again (\(chain))",
                                        path: path, position: outer.first?.position ?? call.position))
                return call.content
            }
            let nesting = ComponentNesting(calls: outer + [call], rendering: ComponentRendering(names: components.names, render: write))
            let pageImages = images.map { PageImages(images: $0, failures: failures, file: path, position: call.position) }
            return ComponentNesting.$current.withValue(nesting) {
                PageImages.$current.withValue(pageImages ?? PageImages.current) {
                    do throws(Diagnostic) {
                        return try components.render(call, page: on)
                    } catch {
                        failures.add(error)
                        return call.content
                    }
                }
            }
        }
        return ComponentRendering(names: components.names, render: write)
    }

    /// Whether a run of `text` is a formula: its page is rendered when read, so that a formula
    /// KaTeX refuses is the page's warning.
    static func showsMath(_ text: AttributedText) -> Bool {
        text.runs.contains { !$0.attributes.customAttributes.isEmpty && MathKey.value(in: $0.attributes) != nil }
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
        let images = LocalImages(page: url, bundle: PageBundle.resourceFolder(of: page.file).map { SitePaths.join(site, $0.folder) },
                                 staticFiles: staticFiles, staticFolder: SitePaths.join(site, "static"), variants: imageVariants)
        var renderer = self.renderer
        renderer.imageSize = images.size(of:)
        if imageVariants != nil {
            let file = SitePaths.join(site, page.file)
            renderer.responsiveImage = { images.responsive(of: $0, at: $1, in: file, failures: failures) }
        }
        renderer.options.codeLines = page.theme.isStyled
        renderer.calloutTitle = calloutTitles(in: language)
        let on = ComponentPage(file: page.file, title: page.metadata.title ?? "", url: url, language: language, date: page.metadata.date,
                               params: page.metadata.params)
        if let components {
            renderer.components = Self.rendering(components, on: on, at: SitePaths.join(site, page.file), failures: failures, images: images)
        }
        if let hooks {
            renderer.hooks = RenderHooks(elements: hooks.elements, codeLanguages: hooks.codeLanguages) { hook in
                let pageImages = PageImages(images: images, failures: failures, file: SitePaths.join(site, page.file), position: nil)
                let rendered = PageImages.$current.withValue(pageImages) { () -> Result<String, Diagnostic> in
                    do throws(Diagnostic) { return .success(try hooks.render(hook, page: on)) } catch { return .failure(error) }
                }
                do throws(Diagnostic) {
                    return try rendered.get()
                } catch {
                    failures.add(error)
                    return hook.html
                }
            }
        }
        if let math {
            let path = SitePaths.join(site, page.file)
            renderer.math = { formula in
                switch math.convert(formula.tex, display: formula.kind == .display) {
                case .success(let mathML): return mathML
                case .failure(let failure):
                    failures.add(Diagnostic(.warning, "KaTeX cannot set this formula (\(failure.description)); its TeX is shown as code",
                                            path: path, position: formula.position))
                    return nil
                }
            }
        }
        return (renderer, images, failures)
    }
}

/// The errors of a page's components' and render hooks' templates, and the formulas KaTeX refused,
/// gathered while its body is rendered.
final class ComponentFailures: Sendable {
    private let found = Mutex<[Diagnostic]>([])

    /// Notes `diagnostic`, once: a component in its block form is written twice.
    func add(_ diagnostic: Diagnostic) {
        found.withLock { if !$0.contains(diagnostic) { $0.append(diagnostic) } }
    }

    var diagnostics: [Diagnostic] { found.withLock { $0 } }
}

/// The components being written on this thread, outermost first, while a component's template
/// renders: Markdown it renders (`markdownify`) writes its components with the same page, and
/// ``PageReader/rendering(_:on:at:failures:)`` refuses a component that comes back.
struct ComponentNesting: Sendable {
    @TaskLocal static var current: ComponentNesting?

    /// The calls open, outermost (the page's) first.
    var calls: [ComponentCall]
    /// How the page writes components.
    var rendering: ComponentRendering
}

/// The images of the page whose component or render hook is being written on this thread: what a
/// template's `image` transform names is one of them, resolved against the page, its copies made
/// and noted for the output with the page's own.
package struct PageImages: Sendable {
    @TaskLocal package static var current: PageImages?

    let images: LocalImages
    let failures: ComponentFailures
    /// The page's file, and where the call being written is in it, for a warning about an image.
    let file: String
    let position: SourcePosition?

    /// The image at `source` (as the page names it) with its smaller copies, or in `box`, when it
    /// gets copies.
    package func image(_ source: String, box: ImageVariants.Box?) -> TemplateImage? {
        images.templateImage(source, box: box, at: position, in: file, failures: failures)
    }
}
