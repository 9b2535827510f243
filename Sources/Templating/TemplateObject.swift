import Mustache

/// A value with named members, as templates see it (`page.title`). Each member is made into the
/// engine's value when a template names it: a page's context has a score of members, and a
/// template reads a few. Immutable, so safe to share between threads.
///
/// A struct of two references, held in an `Any` without a box: the engine casts every value on
/// its context's stack to its protocols on every lookup, and a struct's casts cost less than a
/// class's (90 against 125 ns each).
struct TemplateObject: MustacheParent, CustomStringConvertible, @unchecked Sendable {
    let members: [(String, TemplateValue)]
    let filters: TemplateFilters.Bound

    init(_ members: [(String, TemplateValue)], filters: TemplateFilters.Bound) {
        self.members = members
        self.filters = filters
    }

    /// The first member of that name (objects have a few, so a search beats a dictionary).
    func child(named name: String) -> Any? {
        members.first { $0.0 == name }?.1.engineValue(filters)
    }

    /// What `{{page}}` writes: the type's name, as when this was a class (a struct would
    /// otherwise be written member by member).
    var description: String { String(reflecting: Self.self) }
}

/// Text as templates see it: escaped by the engine where a template writes it with `{{ }}`, empty
/// text counting as false in a section (`{{#page.date}}…{{/page.date}}`), and the transforms of
/// `TemplateFilters` (`{{ slugify(tag) }}`), which know the page's language and the site.
///
/// A parent with no children: inside a section over it (`{{#page.date}}…{{page.date}}…`) a name is
/// looked for in it first, and the engine reflects over what is not a parent, on every lookup.
struct TemplateText: MustacheCustomRenderable, MustacheTransformable, MustacheParent, CustomStringConvertible, @unchecked Sendable {
    let text: String
    let filters: TemplateFilters.Bound

    func child(named name: String) -> Any? { nil }

    var renderText: String { text }
    var isNull: Bool { text.isEmpty }
    var description: String { text }

    func transform(_ name: String) -> Any? {
        filters.transform(name, text)
    }
}

/// Trusted HTML (a page's rendered body): written as it is with `{{{ }}}`; empty counts as false.
struct TemplateHTML: MustacheCustomRenderable, MustacheParent, CustomStringConvertible, Sendable {
    let html: String

    /// No children, as `TemplateText` has none.
    func child(named name: String) -> Any? { nil }

    var renderText: String { html }
    var isNull: Bool { html.isEmpty }
    var description: String { html }
}
