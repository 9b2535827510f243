import Foundation
import RunwayText
import SiteContent
import SiteOutput

/// What Runway's reading of a site asks of an imported one, done before and after it is written:
/// a page at its folder's URL is that folder's `_index.md` (Runway lists a folder's pages there,
/// and a page in the way is an error), an alias that another alias or a page already claims is
/// left out, a date Runway cannot read is written as one it can.
enum RunwayFit {
    /// Each page whose URL is a folder of pages (Jekyll's `docs/plugins.md` at `/docs/plugins/`,
    /// beside `docs/plugins/commands.md`) becomes that folder's `_index.md`.
    static func moveSectionPages(_ plan: inout ImportPlan) {
        func folder(_ destination: String) -> String { (destination as NSString).deletingLastPathComponent }
        let languages = Set(plan.settings.languages.map(\.code))
        let indexes = Set(plan.pages.filter { MarkdownFile.baseName($0.destination) == "_index" }.map { folder($0.destination) })
        // Folders with pages of their own: their lists are at their URLs.
        var folders: Set<String> = []
        for page in plan.pages where !["_index", "index"].contains(MarkdownFile.baseName(page.destination)) { folders.insert(folder(page.destination)) }
        for index in plan.pages.indices {
            let page = plan.pages[index]
            guard let expected = page.expectedURL, !["_index", "index"].contains(MarkdownFile.baseName(page.destination)) else { continue }
            let path = expected.removingPercentEncoding ?? expected
            // The folder whose list is at the page's URL: `/docs/plugins/`, or under a language's prefix.
            let target = folders.first { candidate in
                guard candidate != "content" else { return false }
                let list = "/" + String(candidate.dropFirst("content/".count)) + "/"
                guard path.hasSuffix(list) else { return false }
                let before = path.dropLast(list.count)
                return before.isEmpty || languages.contains(String(before.dropFirst()))
            }
            guard let target, !indexes.contains(target), plan.pages.allSatisfy({ $0.destination != target + "/_index.md" }) else { continue }
            let stem = MarkdownFile.stem((page.destination as NSString).lastPathComponent)
            let language = stem.contains(".") ? "." + String(stem.split(separator: ".").last!) : ""
            plan.pages[index].destination = target + "/_index" + language + ".md"
            for key in ["url", "permalink", "path"] { plan.pages[index].text.remove(key) }
            plan.note(page.source, .converted, "is at its folder's URL, \(expected), where Runway lists the folder's pages: it is that list's _index.md, "
                      + "which shows its text above the list")
        }
    }

    /// Dates written as Runway cannot read them (Jekyll reads `2023-01-29 18:30:22 2023 -0800`)
    /// written as their day and time, with their offset when the text ends with one.
    static func repairDates(_ page: inout ImportedPage, findings: inout [ImportFinding]) {
        for key in ["date", "lastmod", "last_modified_at", "updated", "expiryDate", "publishDate"] {
            guard let (written, value) = page.text.value(key), case .string(let text) = value, PageMetadata.dateProblem(text) != nil,
                  text.count >= 10, PageMetadata.isDate(String(text.prefix(10))) else { continue }
            var repaired = String(text.prefix(10))
            let rest = text.dropFirst(10).split(separator: " ").map(String.init)
            if let time = rest.first, PageDate(repaired + " " + time) != nil { repaired += " " + time }
            if repaired.count > 10, let offset = rest.last, rest.count > 1, offset.first == "+" || offset.first == "-", PageDate(repaired + " " + offset) != nil {
                repaired += " " + offset
            }
            page.text.set(written, to: .string(repaired))
            findings.append(ImportFinding(file: page.source, line: nil, kind: .converted,
                                          message: "\(written): \"\(text)\" is not a date Runway reads: written \"\(repaired)\""))
        }
    }

    /// Aliases Runway would refuse, left out of the pages that give them: one whose file another
    /// alias writes already (the first page keeps it), or whose URL is a page's or a folder's
    /// list. `urls` is each page's URL in the new site, by destination.
    static func dropClashingAliases(_ plan: inout ImportPlan, urls: [String: String]) {
        var claimed: [String: String] = [:]
        func output(_ url: String) -> String? {
            let path = url.removingPercentEncoding ?? url
            return path.hasSuffix("/") ? String(path.dropFirst()) + "index.html" : String(path.dropFirst())
        }
        for url in urls.values { if let path = output(url) { claimed[path] = "the page \(url)" } }
        for page in plan.pages where !["_index", "index"].contains(MarkdownFile.baseName(page.destination)) {
            let folder = String((page.destination as NSString).deletingLastPathComponent.dropFirst("content".count))
            guard !folder.isEmpty else { continue }
            let path = String(folder.dropFirst()) + "/index.html"
            if claimed[path] == nil { claimed[path] = "the list page \(folder)/" }
        }
        for index in plan.pages.indices {
            let page = plan.pages[index]
            guard let pageURL = urls[page.destination] else { continue }
            for key in ["aliases", "redirect_from"] {
                guard let (written, value) = page.text.value(key) else { continue }
                let items: [AttributeValue] = if case .array(let listed) = value { listed } else { [value] }
                var kept: [AttributeValue] = []
                for item in items {
                    guard case .string(let alias) = item, let (_, path) = SiteURL.alias(alias, pageURL: pageURL) else {
                        kept.append(item)
                        continue
                    }
                    if let owner = claimed[path.value] {
                        plan.note(page.source, .leftOut, "the alias \(alias) is left out: \(owner) is there already")
                    } else {
                        claimed[path.value] = "the alias \(alias) of \(pageURL)"
                        kept.append(item)
                    }
                }
                if kept.count != items.count {
                    if kept.isEmpty { plan.pages[index].text.remove(written) } else { plan.pages[index].text.set(written, to: .array(kept)) }
                }
            }
        }
    }
}
