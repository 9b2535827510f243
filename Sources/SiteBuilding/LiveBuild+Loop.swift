public import RunwayText
import SiteWatching

extension LiveBuild {
    /// Starts watching the site's folders, now: a change from the moment this returns is seen.
    /// The loop itself is `RebuildLoop.run`, which `runway watch` and `runway serve` share.
    public func watchForChanges() throws(Diagnostic) -> RebuildLoop {
        RebuildLoop(live: self, watcher: try FileWatcher(roots: watchedRoots, ignored: ignoredPaths))
    }

    /// A site rebuilt each time its files change.
    public struct RebuildLoop: Sendable {
        let live: LiveBuild
        let watcher: FileWatcher

        /// Rebuilds after each batch of changes and tells `onBuild`, until the task is cancelled. A
        /// site that starts using a theme from elsewhere has that theme's folder watched from its
        /// next rebuild on.
        public func run(_ onBuild: @escaping @Sendable (Outcome) -> Void) async {
            await withTaskCancellationHandler {
                for await changes in watcher.changes() {
                    // Stopped: no rebuild starts any more (one under way has said so).
                    guard !live.build.stop.isRequested else { break }
                    let outcome = live.rebuild(changedPaths: changes)
                    watcher.watch(roots: live.watchedRoots)
                    onBuild(outcome)
                }
            } onCancel: {
                watcher.stop()
            }
        }
    }
}
