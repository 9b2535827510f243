package import RunwayText
package import Formatting
import Synchronization

/// The themes a build uses: the site's, and those pages name in their front matter (`theme:`),
/// each loaded once, from any thread. Each one's definition also keeps the attributes the site
/// declares (`[attributes]` in `runway.toml`), whose declarations win, as the site's Markdown is
/// parsed with them.
package final class ThemeSet: Sendable {
    let library: ThemeLibrary
    package let site: Theme
    /// The attributes the site declares.
    let attributes: CustomAttributeScope?
    private let loaded = Mutex<[String: Theme?]>([:])

    package init(library: ThemeLibrary, site: Theme, attributes: CustomAttributeScope? = nil) {
        self.library = library
        self.attributes = attributes
        self.site = Self.keeping(attributes, in: site)
    }

    /// The theme named `name`, or `nil` when there is none (or it does not load).
    package func theme(_ name: String) -> Theme? {
        if name == site.name { return site }
        if let known = loaded.withLock({ $0[name] }) { return known }
        let theme = library.load(name).theme.map { Self.keeping(attributes, in: $0) }
        loaded.withLock { $0[name] = theme }
        return theme
    }

    /// `theme` with `attributes` declared in its definition's scope, over its own declarations
    /// (a definition without a scope keeps every attribute already).
    static func keeping(_ attributes: CustomAttributeScope?, in theme: Theme) -> Theme {
        guard let attributes, !attributes.declarations.isEmpty, var scope = theme.definition.scope else { return theme }
        for declaration in attributes.declarations { scope.declare(declaration) }
        var theme = theme
        theme.definition.scope = scope
        return theme
    }

    /// Where a page with a theme of its own finds its stylesheet.
    package static func stylesheet(of name: String?) -> String {
        name.map { "/themes/\($0).css" } ?? "/theme.css"
    }
}
