import Formatting
import SiteOutput

extension ThemeLibrary {
    /// Where a site's templates come from, first found first: the site's `templates/`, the theme's,
    /// the themes it extends, then the default theme's, so that a theme without templates of its
    /// own (such as `plain`) still builds a site.
    package func templateFolders(site: String?, theme: String) -> [String] {
        var found = site.map { [SitePaths.join($0, "templates")] } ?? []
        for folder in folders(of: theme) + folders(of: "default") where !found.contains(folder + "/templates") {
            found.append(folder + "/templates")
        }
        return found
    }

    /// Where a site's string tables (`i18n/`) come from, in the order `StringTables.load` reads
    /// them (a later file's key wins): the default theme's, the themes `theme` extends, the
    /// theme's own, then the site. The default theme comes first as it is last among the
    /// templates: a theme that uses its templates (`plain`, one `theme new` made) gets their words.
    package func stringFolders(site: String, theme: String) -> [String] {
        let own = folders(of: theme)
        return folders(of: "default").filter { !own.contains($0) }.reversed() + own.reversed() + [site]
    }
}
