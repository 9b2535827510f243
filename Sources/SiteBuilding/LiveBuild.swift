public import RunwayText
import Foundation
import SiteContent
public import SiteOutput
import SyntaxHighlighting
import Synchronization

/// A site built again and again as its files change, keeping its build cache in memory between
/// builds: what `runway watch` and `runway serve` run.
public final class LiveBuild: Sendable {
    /// The build each change runs again.
    public let build: SiteBuild
    private let cache = Mutex<BuildCache?>(nil)
    /// The output folder, held (and locked against other writers) from the first build that opens
    /// it until this is released.
    private let output = Mutex<OutputFolder?>(nil)
    /// Builds one at a time: a change during a build waits for it.
    private let building = Mutex(())
    /// The content files changed since the last good build (`nil`: anything may have): a failed
    /// rebuild's changes are looked at again by the next, whatever its own are, so that a page
    /// that broke a build is never taken from the cache as it was before.
    private let unsettled = Mutex<Set<String>?>([])

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

    /// What one rebuild did, and how long it took.
    public struct Outcome: Sendable {
        /// The build's report.
        public var report: SiteBuild.Report
        /// What a page open in a browser should do about it.
        public var effect: Effect
        /// How long the rebuild took.
        public var duration: Duration
        /// Whether the output folder holds a build's output (this one's, or the last good one's
        /// when it failed): a site whose first build fails has none to serve.
        public var hasOutput = true

        /// An outcome of these parts.
        public init(report: SiteBuild.Report, effect: Effect, duration: Duration, hasOutput: Bool = true) {
            self.report = report
            self.effect = effect
            self.duration = duration
            self.hasOutput = hasOutput
        }
    }

    /// Whether a build of this process succeeded, so that the output matches the cache.
    private let builtOnce = Mutex(false)
    /// Counts rebuilds, so that a cache save waiting for a quiet moment can tell it is stale.
    private let generation = Mutex(0)
    private static let saving = DispatchQueue(label: "runway.cache-save", qos: .utility)

    /// Starts from the cache `runway build` left, when there is one.
    public init(build: SiteBuild) {
        self.build = build
        cache.withLock { $0 = build.cachePath.flatMap { BuildCache.load($0, site: build.site) } }
        if let tokens = build.tokenCachePath { build.highlighter?.cache.attach(tokens) }
    }

    /// Opens the output folder (the first time) and holds it, locked against other writers, for
    /// as long as this lives: `serve` and `watch` call it before their first build, so that a
    /// folder Runway must not write into stops them at once.
    @discardableResult
    public func openOutput() throws(Diagnostic) -> OutputFolder {
        try output.withLock { held throws(Diagnostic) in
            if let held { return held }
            let opened = try build.openOutput()
            held = opened
            return opened
        }
    }

    /// Writes the cache and the output's manifest for the next `runway build` or `runway serve`, now.
    public func saveCache() {
        // Never in the middle of a rebuild: a manifest saved then would not cover its change.
        building.withLock { _ in saveCacheNow() }
    }

    private func saveCacheNow() {
        try? output.withLock { $0 }?.saveManifest()
        build.highlighter?.cache.saveAttached()
        guard let path = build.cachePath, let cache = cache.withLock({ $0 }) else { return }
        cache.save(path)
    }

    /// Saves the cache once rebuilds have been quiet for two seconds: writing it takes a while on
    /// a large site, and the next save would replace it anyway.
    private func saveWhenQuiet() {
        let current = generation.withLock { count in
            count += 1
            return count
        }
        Self.saving.asyncAfter(deadline: .now() + 2) { [self] in
            guard generation.withLock({ $0 }) == current else { return }
            saveCache()
        }
    }

    /// The folders to watch: the site (its output and cache left out) and the theme folders it uses
    /// from elsewhere.
    public var watchedRoots: [String] {
        [build.site] + build.themeFolders.filter { !$0.hasPrefix(URL(fileURLWithPath: build.site).standardized.path + "/") }
    }

    /// What a watcher should leave alone: the output folder, the cache, theme previews, version control.
    /// Everything a build writes is under one of these: the output (new files are written beside
    /// their place inside it) and the folder of its manifest and journal.
    public var ignoredPaths: [String] {
        let state = (OutputLocation.state(of: build.destination) as NSString).deletingLastPathComponent
        return [build.destination, (build.cachePath.map { ($0 as NSString).deletingLastPathComponent }) ?? "", state,
                SitePaths.join(build.site, "_theme-preview"), SitePaths.join(build.site, ".git")]
            .filter { !$0.isEmpty }
    }

    /// Builds after `changedPaths` (absolute or as the site was named) changed; `nil` for a first
    /// build or when anything may have changed.
    public func rebuild(changedPaths: Set<String>? = nil) -> Outcome {
        building.withLock { _ in
            let clock = ContinuousClock()
            let start = clock.now
            var cache = self.cache.withLock { $0 }
            // After a build of its own, the output is what the manifest says: nothing else writes
            // there. Unless the folder was removed or replaced meanwhile: then it is opened anew
            // (made again), and every file looked at (each rebuild failed, and serve answered 404).
            let inPlace = output.withLock { held in
                guard let folder = held, !folder.isInPlace else { return true }
                folder.close()
                held = nil
                return false
            }
            let trusted = inPlace && builtOnce.withLock { $0 }
            let report: SiteBuild.Report
            // Pygments installed since it was found missing: every page whose code waited for it
            // is read again, whatever changed.
            let tokenizerBack = build.highlighter?.tokenizer.retryStart() ?? false
            let changed = unsettled.withLock { pending -> Set<String>? in
                guard !tokenizerBack, let pending, let now = changedPaths.flatMap({ RebuildPlan.contentFiles($0, site: build.site) }) else { return nil }
                return pending.union(now)
            }
            do throws(Diagnostic) {
                report = build.run(cache: &cache, output: try openOutput(), changed: changed, trustOutputs: trusted)
            } catch {
                report = SiteBuild.Report(pageCount: 0, diagnostics: [error], output: build.destination)
            }
            unsettled.withLock { $0 = report.succeeded ? [] : changed }
            if report.succeeded { builtOnce.withLock { $0 = true } }
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
            let duration = clock.now - start
            if report.succeeded && effect != .none { saveWhenQuiet() }
            return Outcome(report: report, effect: effect, duration: duration,
                           hasOutput: report.succeeded || output.withLock { !($0?.manifest.files.isEmpty ?? true) })
        }
    }

}
