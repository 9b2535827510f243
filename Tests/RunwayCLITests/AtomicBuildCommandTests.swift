import Foundation
import Testing

/// Issue 12, part 3: every build takes effect whole or not at all, and the next build after any
/// stop leaves exactly what a clean build makes. Before (3dbdd66), a failed rebuild published a
/// draft for good, a killed one left thousands of stale pages, and serve and build wrote one
/// folder at once.
@Suite(.serialized) struct AtomicBuildCommandTests {
    static func blog(pages: Int = 3) throws -> TestSite {
        var files = ["content/index.md": "# Home\n", "content/draft.md": "---\ntitle: Draft\ndraft: true\n---\nNot yet.\n"]
        for index in 0..<pages {
            files["content/posts/p\(index).md"] = "---\ntitle: Post \(index)\ndate: 2026-01-\(String(format: "%02d", index % 28 + 1))\ntags: [t\(index % 5)]\n---\nText \(index).\n"
        }
        return try TestSite(files)
    }

    /// The tree a build without cache or manifest makes of the same site, in a folder of its own.
    static func clean(_ site: TestSite) throws -> [String: String] {
        let folder = site.root + "-clean-\(UUID().uuidString)"
        let result = try site.runway("build", site.root, "--output", folder)
        #expect(result.status == 0, "\(result.stderr)")
        return site.tree(folder)
    }

    /// A rebuild that would publish a draft fails part way (something is in the way of one of
    /// its files): nothing of it shows, and once the draft is a draft again it never appears.
    @Test func aFailedRebuildPublishesNothing() throws {
        let site = try Self.blog()
        #expect(try site.runway("build", site.root).status == 0)
        let before = site.tree("_site")
        #expect(before["draft/index.html"] == nil)
        try FileManager.default.removeItem(atPath: site.root + "/_site/index.xml")
        try site.write("in the way\n", to: "_site/index.xml/blocker")
        try site.write("---\ntitle: Draft\n---\nPublished now.\n", to: "content/draft.md")
        let failed = try site.runway("build", site.root)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("error: the build would replace what Runway did not write: index.xml (a folder where a file belongs)"),
                "\(failed.stderr)")
        #expect(!site.exists("_site/draft"), "the draft's page was not written")
        #expect(site.read("_site/sitemap.xml") == before["sitemap.xml"], "nor the sitemap that lists it")

        try FileManager.default.removeItem(atPath: site.root + "/_site/index.xml")
        try site.write("---\ntitle: Draft\ndraft: true\n---\nNot yet.\n", to: "content/draft.md")
        let fixed = try site.runway("build", site.root)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(site.tree("_site") == (try Self.clean(site)))
    }

    /// An output file changed by hand is noticed by its signature and written again.
    @Test func aFileChangedByHandIsRepaired() throws {
        let site = try Self.blog()
        #expect(try site.runway("build", site.root).status == 0)
        try "tampered\n".write(toFile: site.root + "/_site/posts/p1/index.html", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: site.root + "/_site/theme.css")
        let again = try site.runway("build", site.root)
        #expect(again.status == 0)
        #expect(again.stdout.contains("wrote 2 files"), "\(again.stdout)")
        #expect(site.tree("_site") == (try Self.clean(site)))
    }

    /// A build killed in the middle of writing (every title changed, so every page is rewritten):
    /// the next build undoes what it left and ends with what a clean build makes.
    @Test(.timeLimit(.minutes(3))) func aKilledBuildIsRepairedByTheNext() throws {
        let site = try Self.blog(pages: 400)
        #expect(try site.runway("build", site.root).status == 0)
        for index in 0..<400 {
            try site.write("---\ntitle: Renamed \(index)\ndate: 2026-02-\(String(format: "%02d", index % 28 + 1))\n---\nNew text \(index).\n",
                           to: "content/posts/p\(index).md")
        }
        let journal = site.root + "/.runway-cache/_site.journal"
        let pid = try Detached.launch("'\(RunwayProcess.executable.path)' build '\(site.root)' --quiet")
        // The journal appears when the build starts writing: stop it there (or give up once the
        // build has ended without one).
        var seen = false
        let deadline = ContinuousClock.now + .seconds(60)
        while !seen && Detached.isRunning(pid) && ContinuousClock.now < deadline { seen = access(journal, F_OK) == 0 }
        kill(pid, SIGKILL)
        #expect(seen, "the build was stopped while writing")
        let stopped = site.tree("_site")
        #expect(stopped.keys.contains { $0.contains(".runway-") } || access(journal, F_OK) == 0, "it left work half done")

        let next = try site.runway("build", site.root)
        #expect(next.status == 0, "\(next.stderr)")
        let repaired = site.tree("_site")
        #expect(!repaired.keys.contains { $0.contains(".runway-") })
        #expect(repaired == (try Self.clean(site)))
        #expect(access(journal, F_OK) != 0)
    }

    /// While serve writes into _site, a build into it waits for nothing and writes nothing: it is
    /// refused and says who holds the folder. Afterwards, a build with drafts and one without
    /// leave no draft behind.
    @Test(.timeLimit(.minutes(2))) func oneWriterAtATimeAndDraftsDoNotLeak() throws {
        let site = try Self.blog()
        let server = try LiveReloadBrowserTests.Server(site: site.root)
        let refused = try site.runway("build", site.root, "--drafts")
        _ = server.stop()
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(site.root)/_site: error: another Runway is writing into this folder (pid \(server.pid): runway serve"),
                "\(refused.stderr)")
        #expect(!site.exists("_site/draft"))
        #expect(try site.runway("build", site.root, "--drafts").status == 0)
        #expect(site.exists("_site/draft/index.html"))
        #expect(try site.runway("build", site.root).status == 0)
        #expect(!site.exists("_site/draft"))
        #expect(site.tree("_site") == (try Self.clean(site)))
    }
}
