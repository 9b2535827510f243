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

    /// `hashes` of components' templates, each of a template that renders Markdown (`markdownify`,
    /// in itself or a partial) folded with every component's: the components of that Markdown are
    /// written inside it, so a change to any of them changes its output.
    static func nestingHashes(_ hashes: [String: ContentHash], in templates: [String: Loaded],
                              referrers: [String: [String]]) -> [String: ContentHash] {
        let renderers = templates.filter { _, loaded in loaded.tags.contains { $0.transforms.contains("markdownify") } }.keys
        let rendering = readers(of: renderers, referrers: referrers)
        guard !rendering.isEmpty else { return hashes }
        var every = ContentHash()
        for (name, hash) in hashes.sorted(by: { $0.key < $1.key }) {
            every.add(name)
            every.add(hash.description)
        }
        var nesting = hashes
        for (name, hash) in hashes where rendering.contains("components/\(name).html") {
            var folded = hash
            folded.add(every.description)
            nesting[name] = folded
        }
        return nesting
    }

    /// The templates outside `folder/` that name one inside it as a partial or parent
    /// (`{{>components/video.html}}` in a page's template).
    package func templates(naming folder: String) -> [String] {
        templates.filter { name, loaded in
            !name.hasPrefix(folder + "/") && loaded.tags.contains { $0.reference?.hasPrefix(folder + "/") == true }
        }.keys.sorted()
    }

    /// For each template, the templates whose tags name it as a partial or parent.
    static func referrers(in templates: [String: Loaded]) -> [String: [String]] {
        var referrers: [String: [String]] = [:]
        for (name, loaded) in templates {
            for reference in Set(loaded.tags.compactMap(\.reference)) where templates[reference] != nil {
                referrers[reference, default: []].append(name)
            }
        }
        return referrers
    }

    /// The templates that reach one of `holders` through their partials and parents, `holders`
    /// among them: a walk back from them, each template once. Asking this once per fact, rather
    /// than walking forward from every template, keeps a chain of 10,000 partials linear (the
    /// forward walk from each was 10,000² steps per fact).
    static func readers(of holders: some Sequence<String>, referrers: [String: [String]]) -> Set<String> {
        var found: Set<String> = []
        var pending = Array(holders)
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending.append(contentsOf: referrers[next] ?? [])
        }
        return found
    }

    /// The templates that name one of `variables` (or a path under one) in a tag, in themselves,
    /// their parents or their partials. A template that cannot be rendered counts as naming them.
    static func readers(mentioning variables: [String], in templates: [String: Loaded], referrers: [String: [String]]) -> Set<String> {
        let holders = templates.filter { _, loaded in
            loaded.problem != nil || loaded.tags.contains { tag in
                tag.names.contains { name in variables.contains { name == $0 || name.hasPrefix($0 + ".") } }
            }
        }
        return readers(of: holders.keys, referrers: referrers)
    }

    /// The static files each template names in `asset` or `integrity` tags, with its parents and
    /// partials, sorted; templates that name none are left out.
    static func assets(in templates: [String: Loaded], referrers: [String: [String]]) -> [String: [String]] {
        var holders: [String: [String]] = [:]
        for (name, loaded) in templates {
            for asset in Set(loaded.tags.compactMap(\.asset)) { holders[asset, default: []].append(name) }
        }
        var assets: [String: Set<String>] = [:]
        for (asset, names) in holders {
            for reader in readers(of: names, referrers: referrers) { assets[reader, default: []].insert(asset) }
        }
        return assets.mapValues { $0.sorted() }
    }

    /// The top-level names of `site.data` each template names in a tag, with its parents and
    /// partials; `nil` for one that may show any (it names `site` or `site.data` whole, a `data`
    /// path that a section of `site` may resolve, or cannot be rendered). Templates that name
    /// none are left out.
    static func dataNames(in templates: [String: Loaded], referrers: [String: [String]]) -> [String: Set<String>?] {
        var holders: [String: [String]] = [:]
        var showingAny: [String] = []
        for (name, loaded) in templates {
            guard let names = directDataNames(of: loaded) else { showingAny.append(name); continue }
            for dataName in names { holders[dataName, default: []].append(name) }
        }
        var found: [String: Set<String>?] = [:]
        for (dataName, names) in holders {
            for reader in readers(of: names, referrers: referrers) {
                var names = found[reader].flatMap { $0 } ?? []
                names.insert(dataName)
                found[reader] = .some(names)
            }
        }
        for reader in readers(of: showingAny, referrers: referrers) { found[reader] = .some(nil) }
        return found
    }

    /// The top-level names of `site.data` that a template's own tags name, `nil` when it may show any.
    private static func directDataNames(of loaded: Loaded) -> Set<String>? {
        if loaded.problem != nil { return nil }
        var names = Set<String>()
        for path in loaded.tags.flatMap(\.names) {
            let parts = path.split(separator: ".", omittingEmptySubsequences: false)
            let afterData: ArraySlice<Substring>
            if parts.first == "site" {
                if parts.count == 1 { return nil }
                guard parts[1] == "data" else { continue }
                afterData = parts.dropFirst(2)
            } else if parts.first == "data" {
                afterData = parts.dropFirst()
            } else {
                continue
            }
            guard let first = afterData.first else { return nil }
            names.insert(String(first))
        }
        return names
    }
}
