import Foundation
import SiteContent
import SiteOutput

/// What a change rebuilds, decided in one place: from the paths a watcher saw change (or none
/// known), the cache's version and the site's settings, which files a build reads again and
/// whether it may look at the changed pages alone. Pure functions, table-tested
/// (`RebuildPlanTests`); `LiveBuild`, ``SiteBuild/run(cache:output:changed:trustOutputs:)`` and
/// the quick rebuild ask them instead of deciding each on its own.
enum RebuildPlan: Equatable, Sendable {
    /// Every content file read again, every output keyed again: there is no cache of this
    /// version (a template, the theme, the configuration or Runway changed) and output folder.
    case everything
    /// Every output keyed again over the cache; the content files `changed` names are read again
    /// (`nil`: each whose signature is not the cache's).
    case survey(changed: Set<String>?)
    /// Only the pages `changed` names read, rendered and written, when each shows other pages
    /// what it did (``showsOthersTheSame(_:as:)``) and its outputs allow it; else
    /// ``survey(changed:)`` of them.
    case quick(Set<String>)

    /// The plan for a build over a cache of `cachedVersion` into `cachedDestination` (`nil`: no
    /// cache), of the site now at `version` into `destination`, after `changed` content files
    /// (``contentFiles(_:site:)``, `nil`: anything may have changed). `trustOutputs`: the output
    /// folder holds what its manifest says. A quick rebuild needs all three known, and no
    /// output made of every page's text (`[feeds] full`, search).
    static func plan(changed: Set<String>?, cachedVersion: ContentHash?, cachedDestination: String?, version: ContentHash,
                     destination: String, trustOutputs: Bool, feedsShowWholePages: Bool, searchIndexed: Bool) -> RebuildPlan {
        guard cachedVersion == version, cachedDestination == destination else { return .everything }
        guard let changed else { return .survey(changed: nil) }
        guard trustOutputs, !feedsShowWholePages, !searchIndexed else { return .survey(changed: changed) }
        return .quick(changed)
    }

    /// The content files among `paths` (absolute, or relative to the working folder as the site
    /// was named), relative to `site` (`content/a.md`); `nil` when any is something else (a
    /// template, the theme, the configuration, an image, a folder), which needs every file looked
    /// at again.
    static func contentFiles(_ paths: Set<String>, site: String) -> Set<String>? {
        let content = URL(fileURLWithPath: SitePaths.join(site, "content")).standardized.path + "/"
        var files = Set<String>()
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardized.path
            guard absolute.hasPrefix(content), MarkdownFile.isMarkdown(absolute) else { return nil }
            files.insert("content/" + absolute.dropFirst(content.count))
        }
        return files
    }

    /// Whether a changed page's new record shows the rest of the site what its old one did, so
    /// that no list, feed, sitemap, stylesheet or other page can change: its URL, title, front
    /// matter, language, translation, section, custom values, heading ids, summary, reading
    /// time, where its front matter's keys are (other pages' warnings name them), the image
    /// copies it publishes and its lists show, and the destinations its links name. A section's
    /// `_index.md` is its list's: never.
    static func showsOthersTheSame(_ new: PageRecord, as old: PageRecord) -> Bool {
        !new.isSectionIndex && !old.isSectionIndex && new.url == old.url && new.title == old.title && new.metadata == old.metadata
            && new.language == old.language && new.translationKey == old.translationKey && new.section == old.section
            && new.values == old.values && new.anchors == old.anchors && new.summary == old.summary
            && new.length.readingTime == old.length.readingTime && new.keyPositions == old.keyPositions
            && new.imageCopies == old.imageCopies && new.templateImages == old.templateImages
            && linkedDestinations(new) == linkedDestinations(old)
    }

    /// The destinations of a record's links to content files (`../c.md`), each once, in order: a
    /// link to a content file that the page's text starts or stops naming changes how its
    /// summary's links to that file are written wherever it is shown
    /// (``ContentURLs/replacements(of:)``); where a link is, or a link elsewhere, does not.
    private static func linkedDestinations(_ record: PageRecord) -> [String] {
        var seen = Set<String>()
        return record.links.map(\.destination).filter { ContentLinks.target(of: $0, from: record.file) != nil && seen.insert($0).inserted }
    }
}
