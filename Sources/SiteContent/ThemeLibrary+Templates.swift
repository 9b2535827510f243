import Formatting

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
}
