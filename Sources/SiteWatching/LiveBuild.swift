public import AttributedText
import Foundation
public import SiteBuilding
import Synchronization

/// A site built again and again as its files change, keeping its build cache in memory between
/// builds: what `runway watch` and `runway serve` run.
public final class LiveBuild: Sendable {
    public let build: SiteBuild
    private let cache = Mutex<BuildCache?>(nil)
    /// Builds one at a time: a change during a build waits for it.
    private let building = Mutex(())

    /// What a rebuild means for a page open in a browser.
    public enum Effect: Sendable, Equatable {
        /// The site changed: reload.
        case reload
        /// Only stylesheets changed: swap them without a reload.
        case stylesheets
        /// Nothing in the output changed (a save without an edit).
        case none
        /// The build failed; the output is the last good one.
        case failed
    }

    public struct Outcome: Sendable {
        public var report: SiteBuild.Report
        public var effect: Effect
        public var duration: Duration
    }

    public init(build: SiteBuild) {
        self.build = build
    }

    /// The folders to watch: the site (its output and cache left out) and the theme folders it uses
    /// from elsewhere.
    public var watchedRoots: [String] {
        [build.site] + build.themeFolders.filter { !$0.hasPrefix(URL(fileURLWithPath: build.site).standardized.path + "/") }
    }

    /// What a watcher should leave alone: the output folder, the cache, version control.
    public var ignoredPaths: [String] {
        [build.destination, (build.cachePath.map { ($0 as NSString).deletingLastPathComponent }) ?? "", SitePaths.join(build.site, ".git")]
            .filter { !$0.isEmpty }
    }

    /// Builds after `changedPaths` (absolute or as the site was named) changed; `nil` for a first
    /// build or when anything may have changed.
    public func rebuild(changedPaths: Set<String>? = nil) -> Outcome {
        building.withLock { _ in
            let clock = ContinuousClock()
            let start = clock.now
            var cache = self.cache.withLock { $0 }
            let report = build.run(cache: &cache, changed: changedPaths.flatMap(contentFiles))
            self.cache.withLock { $0 = cache }
            let effect: Effect
            let touched = report.written + report.removed
            if !report.succeeded {
                effect = .failed
            } else if touched.isEmpty {
                effect = .none
            } else if touched.allSatisfy({ $0.hasSuffix(".css") }) {
                effect = .stylesheets
            } else {
                effect = .reload
            }
            return Outcome(report: report, effect: effect, duration: clock.now - start)
        }
    }

    /// The changed content files relative to the site (`content/a.md`), or `nil` when something
    /// else changed (a template, the theme, the configuration, a folder), which needs every file
    /// looked at again.
    private func contentFiles(_ paths: Set<String>) -> Set<String>? {
        let content = URL(fileURLWithPath: SitePaths.join(build.site, "content")).standardized.path + "/"
        var files = Set<String>()
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardized.path
            guard absolute.hasPrefix(content), absolute.hasSuffix(".md") else { return nil }
            files.insert("content/" + absolute.dropFirst(content.count))
        }
        return files
    }
}
