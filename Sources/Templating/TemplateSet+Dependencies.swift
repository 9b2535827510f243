package import SiteOutput

/// What a template renders from, its partials and parents with it: the templates it reaches, the
/// names its tags show (`pages`, `site.data.NAME`), the assets it names, and a hash of them all.
extension TemplateSet {
    /// Template `name`, then each partial and parent it names, theirs too, each once.
    static func reachable(from name: String, in templates: [String: Loaded]) -> [(name: String, loaded: Loaded)] {
        var found: [(name: String, loaded: Loaded)] = []
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let loaded = templates[next] else { continue }
            found.append((next, loaded))
            for tag in loaded.tags { if let reference = tag.reference { pending.append(reference) } }
        }
        return found
    }

    /// A hash of what template `name` renders from: its text, and that of every partial and
    /// parent it names, theirs too (a component's template is a page's key: a change to it
    /// renders again the pages that show it). `nil` when there is no such template.
    package func sourceHash(of name: String) -> ContentHash? {
        Self.sourceHash(of: name, in: templates)
    }

    static func sourceHash(of name: String, in templates: [String: Loaded]) -> ContentHash? {
        guard templates[name] != nil else { return nil }
        var hash = ContentHash()
        for (name, loaded) in reachable(from: name, in: templates) {
            hash.add(name)
            hash.add(loaded.hash)
        }
        return hash
    }

    /// The templates outside `folder/` that name one inside it as a partial or parent
    /// (`{{>components/video.html}}` in a page's template).
    package func templates(naming folder: String) -> [String] {
        templates.filter { name, loaded in
            !name.hasPrefix(folder + "/") && loaded.tags.contains { $0.reference?.hasPrefix(folder + "/") == true }
        }.keys.sorted()
    }

    /// The static files template `name` names in `asset` or `integrity` tags, sorted.
    static func assets(in name: String, templates: [String: Loaded]) -> [String] {
        Set(reachable(from: name, in: templates).flatMap { $0.loaded.tags.compactMap(\.asset) }).sorted()
    }

    /// The top-level names of `site.data` that template `name` names in a tag, `.some(nil)` when
    /// it may show any (it names `site` or `site.data` whole, a `data` path that a section of
    /// `site` may resolve, or cannot be rendered), `nil` when none.
    static func dataNames(in name: String, templates: [String: Loaded]) -> Set<String>?? {
        var names = Set<String>()
        for (_, loaded) in reachable(from: name, in: templates) {
            if loaded.problem != nil { return .some(nil) }
            for path in loaded.tags.flatMap(\.names) {
                let parts = path.split(separator: ".", omittingEmptySubsequences: false)
                let afterData: ArraySlice<Substring>
                if parts.first == "site" {
                    if parts.count == 1 { return .some(nil) }
                    guard parts[1] == "data" else { continue }
                    afterData = parts.dropFirst(2)
                } else if parts.first == "data" {
                    afterData = parts.dropFirst()
                } else {
                    continue
                }
                guard let first = afterData.first else { return .some(nil) }
                names.insert(String(first))
            }
        }
        return names.isEmpty ? nil : .some(names)
    }

    /// Whether template `name`, its parents or its partials name `variable` (or a path under it)
    /// in a tag. A template that cannot be rendered counts as yes.
    static func mentions(_ variable: String, in name: String, templates: [String: Loaded]) -> Bool {
        reachable(from: name, in: templates).contains { _, loaded in
            loaded.problem != nil || loaded.tags.contains { $0.names.contains { $0 == variable || $0.hasPrefix(variable + ".") } }
        }
    }
}
