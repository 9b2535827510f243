import RunwayText
package import Formatting
import Synchronization

/// The themes a build uses: the site's, and those pages name in their front matter (`theme:`),
/// each loaded once, from any thread.
package final class ThemeSet: Sendable {
    let library: ThemeLibrary
    package let site: Theme
    private let loaded = Mutex<[String: Theme?]>([:])

    package init(library: ThemeLibrary, site: Theme) {
        self.library = library
        self.site = site
    }

    /// The theme named `name`, or `nil` when there is none (or it does not load).
    package func theme(_ name: String) -> Theme? {
        if name == site.name { return site }
        if let known = loaded.withLock({ $0[name] }) { return known }
        let theme = library.load(name).theme
        loaded.withLock { $0[name] = theme }
        return theme
    }

    /// Where a page with a theme of its own finds its stylesheet.
    package static func stylesheet(of name: String?) -> String {
        name.map { "/themes/\($0).css" } ?? "/theme.css"
    }
}
