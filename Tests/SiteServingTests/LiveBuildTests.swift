import RunwayText
import Foundation
import SiteBuilding
import SyntaxHighlighting
@testable import SiteServing
import SiteWatching
import Testing
import RunwayTestSupport

/// The rebuild loop of `runway serve` and `runway watch`: the watcher's batches, what each rebuild
/// means for open pages, and what the pages are told.
@Suite struct LiveBuildTests {
    static func site() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-live-\(UUID().uuidString)").path
        for folder in ["content/posts", "static"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try "title = \"L\"\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        try "# Home\n".write(toFile: root + "/content/index.md", atomically: true, encoding: .utf8)
        try "---\ntitle: A\n---\nText.\n".write(toFile: root + "/content/posts/a.md", atomically: true, encoding: .utf8)
        try "body { }\n".write(toFile: root + "/static/site.css", atomically: true, encoding: .utf8)
        return root
    }

    @Test func eachRebuildSaysWhatOpenPagesShouldDo() throws {
        let root = try Self.site()
        let live = LiveBuild(build: SiteBuild(site: root))
        #expect(live.rebuild().effect == .reload)
        #expect(live.rebuild(changedPaths: [root + "/content/posts/a.md"]).effect == .none, "saved without an edit")

        try "---\ntitle: A\n---\nText.\n\nNew text below the summary.\n".write(toFile: root + "/content/posts/a.md", atomically: true, encoding: .utf8)
        let edited = live.rebuild(changedPaths: [root + "/content/posts/a.md"])
        #expect(edited.effect == .reload)
        #expect(edited.report.parsed == 1)
        #expect(edited.report.written == ["posts/a/index.html"])

        try "body { color: red; }\n".write(toFile: root + "/static/site.css", atomically: true, encoding: .utf8)
        #expect(live.rebuild(changedPaths: [root + "/static/site.css"]).effect == .stylesheets)

        // A page renamed (an editor's move, or git): the old name goes, the new one comes.
        try FileManager.default.moveItem(atPath: root + "/content/posts/a.md", toPath: root + "/content/posts/b.md")
        let moved = live.rebuild(changedPaths: [root + "/content/posts/a.md", root + "/content/posts/b.md"])
        #expect(moved.effect == .reload)
        #expect(moved.report.removed.contains("posts/a/index.html") && moved.report.written.contains("posts/b/index.html"))
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/posts/a"))
        try FileManager.default.moveItem(atPath: root + "/content/posts/b.md", toPath: root + "/content/posts/a.md")
        #expect(live.rebuild(changedPaths: [root + "/content/posts/a.md", root + "/content/posts/b.md"]).report.removed == ["posts/b/index.html"])

        try "---\ntitle: [A\n---\n".write(toFile: root + "/content/posts/a.md", atomically: true, encoding: .utf8)
        let broken = live.rebuild(changedPaths: [root + "/content/posts/a.md"])
        #expect(broken.effect == .failed)
        #expect(broken.report.diagnostics.first?.description.hasPrefix(root + "/content/posts/a.md:2:") == true)
        #expect(try String(contentsOfFile: root + "/_site/posts/a/index.html", encoding: .utf8).contains("New text below the summary."),
                "the last good page stays")
    }

    /// `serve` started without Pygments, which is installed while it runs: the next rebuild reads
    /// again the pages whose code waited for it, and highlights them; until then, rebuilds do not.
    /// The output folder removed (or replaced) while serve or watch hold it: the next rebuild
    /// makes it again, whole, as a clean build does. Every rebuild failed ("cannot create the
    /// folder") and serve answered 404 until it was restarted.
    @Test func anOutputFolderRemovedWhileHeldIsMadeAgain() throws {
        let root = try Self.site()
        let live = LiveBuild(build: SiteBuild(site: root))
        #expect(live.rebuild().report.succeeded)
        let built = try FileManager.default.subpathsOfDirectory(atPath: root + "/_site").sorted()
        for replace in [false, true] {
            try FileManager.default.removeItem(atPath: root + "/_site")
            if replace { try FileManager.default.createDirectory(atPath: root + "/_site", withIntermediateDirectories: false) }
            try "---\ntitle: A\n---\nText \(replace).\n".write(toFile: root + "/content/posts/a.md", atomically: true, encoding: .utf8)
            let rebuilt = live.rebuild(changedPaths: [root + "/content/posts/a.md"])
            #expect(rebuilt.report.succeeded, "\(rebuilt.report.diagnostics)")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: root + "/_site").sorted() == built)
            #expect(try String(contentsOfFile: root + "/_site/posts/a/index.html", encoding: .utf8).contains("Text \(replace)."))
        }
    }

    @Test func pygmentsInstalledWhileServingIsUsedByTheNextRebuild() throws {
        let root = try Self.site()
        try "# Code\n\n```swift\nlet x = 1\n```\n".write(toFile: root + "/content/posts/code.md", atomically: true, encoding: .utf8)
        // An interpreter that fails at once, as one without Pygments does; then a real one.
        let python = root + "/python"
        try "#!/bin/sh\nexit 1\n".write(toFile: python, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python)
        var build = SiteBuild(site: root)
        build.highlighter = CodeHighlighter(tokenizer: PygmentsTokenizer(python: python), cache: TokenCache())
        let live = LiveBuild(build: build)
        let first = live.rebuild()
        #expect(first.report.succeeded && first.report.diagnostics.contains { $0.message.hasPrefix("code is not highlighted") })
        let page = root + "/_site/posts/code/index.html"
        #expect(try !String(contentsOfFile: page, encoding: .utf8).contains("rw-syntax--keyword"))
        let still = live.rebuild(changedPaths: [root + "/content/posts/a.md"])
        #expect(still.report.parsed == 0 && still.report.written.isEmpty, "\(still.report.written)")

        let real = try #require(PygmentsTokenizer.defaultPython(environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]))
        try "#!/bin/sh\nexec \(real) \"$@\"\n".write(toFile: python, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python)
        let installed = live.rebuild(changedPaths: [root + "/content/posts/a.md"])
        #expect(installed.report.succeeded && installed.report.written.contains("posts/code/index.html"), "\(installed.report.written)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("rw-syntax--keyword"))
        #expect(!installed.report.diagnostics.contains { $0.message.contains("not highlighted") })
    }

    @Test func aSitesOwnThemeIsWatchedAndItsEditsRebuild() throws {
        let root = try Self.site()
        try FileManager.default.createDirectory(atPath: root + "/themes/mine", withIntermediateDirectories: true)
        try "extends = \"default\"\n[styles.h1]\nforegroundColor = \"red\"\n".write(toFile: root + "/themes/mine/theme.toml", atomically: true, encoding: .utf8)
        let live = LiveBuild(build: SiteBuild(site: root, theme: "mine"))
        #expect(live.watchedRoots.contains(root), "the site folder, its themes/ included, is watched")
        #expect(live.rebuild().report.succeeded)
        try "extends = \"default\"\n[styles.h1]\nforegroundColor = \"teal\"\n".write(toFile: root + "/themes/mine/theme.toml", atomically: true, encoding: .utf8)
        let edited = live.rebuild(changedPaths: [root + "/themes/mine/theme.toml"])
        #expect(edited.report.succeeded)
        #expect(edited.report.written.contains("theme.css"))
        #expect(edited.effect == .reload)
        #expect(try String(contentsOfFile: root + "/_site/theme.css", encoding: .utf8).contains("color: #30B0C7;"), "teal, light")
    }

    @Test func theHubTellsListenersAndRemembersAFailure() async throws {
        let root = try Self.site()
        let live = LiveBuild(build: SiteBuild(site: root))
        let hub = LiveReloadHub()
        hub.publish(live.rebuild())
        var early = hub.subscribe().makeAsyncIterator()
        #expect(await early.next() == "retry: 500\n\n")

        try "---\ntitle: [A\n---\n".write(toFile: root + "/content/posts/a.md", atomically: true, encoding: .utf8)
        hub.publish(live.rebuild(changedPaths: [root + "/content/posts/a.md"]))
        let failure = try #require(await early.next())
        #expect(failure.hasPrefix("event: failure\ndata: [\""))
        #expect(failure.contains("content/posts/a.md:2:"))

        // A page opened while the build is broken hears of it at once.
        var late = hub.subscribe().makeAsyncIterator()
        #expect(await late.next() == "retry: 500\n\n")
        #expect(await late.next() == failure)

        // Fixing the page back to what the last good build had changes no output, yet the pages
        // must reload to drop the overlay.
        try "---\ntitle: A\n---\nText.\n".write(toFile: root + "/content/posts/a.md", atomically: true, encoding: .utf8)
        let fixed = live.rebuild(changedPaths: [root + "/content/posts/a.md"])
        #expect(fixed.effect == .none)
        hub.publish(fixed)
        #expect(await early.next() == "event: reload\ndata: {}\n\n")
        #expect(await late.next() == "event: reload\ndata: {}\n\n")
    }

    /// What crashed `serve` before (a template that includes itself, a cycle of extends, an alias
    /// bomb, a cache that cannot be read) is a failed rebuild; the next good one takes over, and
    /// the output is the one a clean build makes.
    @Test func hostileInputFailsARebuildAndServeGoesOn() throws {
        let root = try Self.site()
        try FileManager.default.createDirectory(atPath: root + "/.runway-cache", withIntermediateDirectories: true)
        try "runway-cache 3\n9223372036854775807\n{}".write(toFile: root + "/.runway-cache/_site.json", atomically: true, encoding: .utf8)
        let live = LiveBuild(build: SiteBuild(site: root))
        #expect(live.rebuild().effect == .reload)
        try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
        for (template, error) in [("{{>page.html}}", "partials make a cycle: page.html → page.html"),
                                  ("{{<page.html}}{{/page.html}}", "partials make a cycle: page.html → page.html")] {
            try template.write(toFile: root + "/templates/page.html", atomically: true, encoding: .utf8)
            let failed = live.rebuild(changedPaths: [root + "/templates/page.html"])
            #expect(failed.effect == .failed)
            #expect(failed.report.diagnostics.contains { $0.message.contains(error) }, "\(failed.report.diagnostics)")
        }
        try FileManager.default.removeItem(atPath: root + "/templates/page.html")
        let fixed = live.rebuild(changedPaths: [root + "/templates/page.html"])
        #expect(fixed.report.succeeded && fixed.effect == .none, "the failed rebuilds changed nothing")
        let clean = FileManager.default.temporaryDirectory.appendingPathComponent("runway-clean-\(UUID().uuidString)").path
        var build = SiteBuild(site: root, output: clean)
        build.cachePath = nil
        #expect(build.run().succeeded)
        #expect(FileTree.read(root + "/_site") == FileTree.read(clean))
    }

    /// Everything a build writes (its output, the files it writes beside their place, the
    /// manifest, the journal, the cache) is where the watcher does not look: a build of serve or
    /// watch never causes another. (Before, the staging folder beside _site did, once a build.)
    /// A file written after the builds closes the watch: the watcher reports events in order.
    @Test(.timeLimit(.minutes(10)), arguments: [nil, "elsewhere/out/"])
    func theWatcherIgnoresEverythingABuildWrites(_ output: String?) async throws {
        let root = try Self.site()
        let live = LiveBuild(build: SiteBuild(site: root, output: output.map { root + "/" + $0 }))
        // As serve and watch do: the output folder opened (and made) before anything is watched.
        try live.openOutput()
        let watcher = try FileWatcher(roots: live.watchedRoots, ignored: live.ignoredPaths, quiet: .milliseconds(50))
        var batches = watcher.changes().makeAsyncIterator()
        defer { watcher.stop() }
        #expect(live.rebuild().report.succeeded)
        try "---\ntitle: A2\n---\nText.\n".write(toFile: root + "/content/posts/a.md", atomically: false, encoding: .utf8)
        #expect(live.rebuild().report.succeeded)
        live.saveCache()
        try "last".write(toFile: root + "/sentinel.txt", atomically: false, encoding: .utf8)
        var seen = Set<String>()
        while !seen.contains(root + "/sentinel.txt"), let batch = await batches.next() { seen.formUnion(batch) }
        #expect(seen == [root + "/content/posts/a.md", root + "/sentinel.txt"], "\(seen.sorted())")
    }

    /// A page breaks a rebuild; the next save is of another page: the broken one is looked at
    /// again (before, it was taken from the cache as it was, and the error vanished).
    @Test func aPageThatBrokeARebuildIsNotForgotten() throws {
        let root = try Self.site()
        let live = LiveBuild(build: SiteBuild(site: root))
        #expect(live.rebuild().report.succeeded)
        try "---\ntitle: [broken\n---\n".write(toFile: root + "/content/posts/a.md", atomically: true, encoding: .utf8)
        #expect(live.rebuild(changedPaths: [root + "/content/posts/a.md"]).effect == .failed)
        try "# Home, edited\n".write(toFile: root + "/content/index.md", atomically: true, encoding: .utf8)
        let next = live.rebuild(changedPaths: [root + "/content/index.md"])
        #expect(next.effect == .failed, "a.md is still broken")
        #expect(next.report.diagnostics.contains { $0.path.hasSuffix("content/posts/a.md") })
    }

    /// A link in the site that loops (`content/loop -> ..`) neither hangs nor crashes the watcher.
    @Test(.timeLimit(.minutes(10))) func aLoopingLinkIsNotFollowedByTheWatcher() async throws {
        let root = try Self.site()
        try FileManager.default.createSymbolicLink(atPath: root + "/content/loop", withDestinationPath: "..")
        let watcher = try FileWatcher(roots: [root], ignored: [root + "/_site"], quiet: .milliseconds(50))
        var batches = watcher.changes().makeAsyncIterator()
        defer { watcher.stop() }
        try "x".write(toFile: root + "/content/posts/b.md", atomically: false, encoding: .utf8)
        var seen = Set<String>()
        while !seen.contains(root + "/content/posts/b.md"), let batch = await batches.next() { seen.formUnion(batch) }
        #expect(seen.contains(root + "/content/posts/b.md"))
    }

    @Test(.timeLimit(.minutes(10))) func theWatcherBatchesEditorSavesAndNewFolders() async throws {
        let root = try Self.site()
        let watcher = try FileWatcher(roots: [root], ignored: [root + "/_site"], quiet: .milliseconds(50))
        var batches = watcher.changes().makeAsyncIterator()
        defer { watcher.stop() }
        /// Every path of the batches up to the one that holds `path` (a busy machine may split one
        /// save in two batches).
        func paths(through path: String) async -> Set<String> {
            var seen = Set<String>()
            while !seen.contains(path), let batch = await batches.next() { seen.formUnion(batch) }
            return seen
        }

        // An editor's atomic save: write a temporary file, rename it over the page. The scratch
        // file and the output folder are written first, so they would be in a batch by then.
        try "swap".write(toFile: root + "/content/posts/a.md.swp", atomically: false, encoding: .utf8)
        try "ignored".write(toFile: root + "/_site-not-really", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/_site/x", withIntermediateDirectories: true)
        let temporary = root + "/content/posts/.a.md.tmp"
        try "---\ntitle: A\n---\nSaved.\n".write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary, root + "/content/posts/a.md") == 0)
        let save = await paths(through: root + "/content/posts/a.md")
        #expect(save.contains(root + "/content/posts/a.md"))
        #expect(!save.contains { $0.hasSuffix(".swp") || $0.hasPrefix(root + "/_site/") }, "\(save)")

        // A folder made after the watch started is watched too.
        try FileManager.default.createDirectory(atPath: root + "/content/notes", withIntermediateDirectories: true)
        _ = await paths(through: root + "/content/notes")
        try "# N\n".write(toFile: root + "/content/notes/n.md", atomically: false, encoding: .utf8)
        let added = await paths(through: root + "/content/notes/n.md")
        #expect(added.contains(root + "/content/notes/n.md"))
    }

    /// `runway.toml` switches to a theme in a folder outside the site: serve and watch ask the
    /// watcher to take that folder too, and an edit there rebuilds.
    @Test(.timeLimit(.minutes(10))) func aThemeFolderNamedAfterTheStartIsWatchedToo() async throws {
        let root = try Self.site()
        let live = LiveBuild(build: SiteBuild(site: root))
        #expect(!live.watchedRoots.contains { $0.hasSuffix("/themes/menlo") })
        try "title = \"L\"\ntheme = \"menlo\"\n".write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        #expect(live.watchedRoots.contains { $0.hasSuffix("/themes/menlo") }, "\(live.watchedRoots)")

        let elsewhere = root + "-themes/mine"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try "extends = \"default\"\n".write(toFile: elsewhere + "/theme.toml", atomically: true, encoding: .utf8)
        let watcher = try FileWatcher(roots: [root], ignored: [root + "/_site"], quiet: .milliseconds(50))
        var batches = watcher.changes().makeAsyncIterator()
        defer { watcher.stop() }
        // Watched when `watch(roots:)` returns: no wait.
        watcher.watch(roots: [root, elsewhere])
        try "extends = \"default\"\n[styles.h1]\nbold = true\n".write(toFile: elsewhere + "/theme.toml", atomically: false, encoding: .utf8)
        let edit = try #require(await batches.next())
        #expect(edit.contains(elsewhere + "/theme.toml"), "\(edit)")
    }
}
