import Mustache

/// A value with named members, as templates see it (`page.title`). Immutable, so safe to share
/// between threads.
final class TemplateObject: MustacheParent, @unchecked Sendable {
    let members: [String: Any]

    init(_ members: [String: Any]) {
        self.members = members
    }

    func child(named name: String) -> Any? {
        members[name]
    }
}

/// Text as templates see it: escaped by the engine where a template writes it with `{{ }}`, empty
/// text counting as false in a section (`{{#page.date}}…{{/page.date}}`), and the transforms of
/// `TemplateFilters` (`{{ slugify(tag) }}`), which know the page's language and the site.
struct TemplateText: MustacheCustomRenderable, MustacheTransformable, CustomStringConvertible, @unchecked Sendable {
    let text: String
    let filters: TemplateFilters.Bound

    var renderText: String { text }
    var isNull: Bool { text.isEmpty }
    var description: String { text }

    func transform(_ name: String) -> Any? {
        filters.transform(name, text)
    }
}

/// Trusted HTML (a page's rendered body): written as it is with `{{{ }}}`; empty counts as false.
struct TemplateHTML: MustacheCustomRenderable, CustomStringConvertible, Sendable {
    let html: String

    var renderText: String { html }
    var isNull: Bool { html.isEmpty }
    var description: String { html }
}
