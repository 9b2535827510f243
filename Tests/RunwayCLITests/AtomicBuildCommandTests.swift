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
    @Test(.timeLimit(.minutes(10))) func aKilledBuildIsRepairedByTheNext() throws {
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

    /// A site of 60 posts and 20 pages of code, built, then every page and its code edited: the
    /// next build rewrites every page and needs the tokenizer for every block. With the first
    /// build's output.
    static func builtThenEdited() throws -> (site: TestSite, before: [String: String]) {
        let site = try blog(pages: 60)
        let code = { (index: Int, line: String) in "---\ntitle: Code \(index)\n---\nText.\n\n```js\n\(line)\n```\n" }
        for index in 0..<20 { try site.write(code(index, "const a = \(index);"), to: "content/code/c\(index).md") }
        #expect(try site.runway("build", site.root).status == 0)
        let before = site.tree("_site")
        for index in 0..<60 { try site.write("---\ntitle: Renamed \(index)\n---\nNew text \(index).\n", to: "content/posts/p\(index).md") }
        for index in 0..<20 { try site.write(code(index, "let b = \(index);"), to: "content/code/c\(index).md") }
        return (site, before)
    }

    /// A `python3` beside the site that, once started as the tokenizer, touches `started` and
    /// waits on the FIFO `fifo` before it becomes Pygments (``release(_:until:)`` lets it go).
    static func holdingTokenizer(beside site: TestSite) throws -> (fifo: String, started: String, python: String) {
        let (fifo, started, python) = (site.parent + "/hold", site.parent + "/started", site.parent + "/python3")
        #expect(mkfifo(fifo, 0o600) == 0)
        try "#!/bin/sh\ntouch '\(started)'\ncat '\(fifo)' >/dev/null\nexec python3 \"$@\"\n".write(toFile: python, atomically: true, encoding: .utf8)
        chmod(python, 0o755)
        return (fifo, started, python)
    }

    /// `runway build --quiet` of `site` started with `python` as its tokenizer, and its standard error.
    static func build(_ site: TestSite, python: String) throws -> (process: Process, errors: Pipe) {
        let process = Process()
        process.executableURL = RunwayProcess.executable
        process.arguments = ["build", site.root, "--quiet"]
        process.environment = ProcessInfo.processInfo.environment.merging(["RUNWAY_PYTHON": python]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    /// Lets a tokenizer held on `fifo` go: opens it for writing (which succeeds once its reader
    /// has it open) and closes it, so the reader sees its end.
    static func release(_ fifo: String, until deadline: ContinuousClock.Instant) {
        var writer = open(fifo, O_WRONLY | O_NONBLOCK)
        while writer < 0 && errno == ENXIO && ContinuousClock.now < deadline { writer = open(fifo, O_WRONLY | O_NONBLOCK) }
        if writer >= 0 { close(writer) }
    }

    /// Ctrl-C (SIGINT) or SIGTERM while a build writes: it rolls back what it wrote beside its
    /// place, says so, and exits as a shell reports the signal; the output is exactly the previous
    /// one, with no hidden file for a deploy to publish. Before, the build died at once and left
    /// hundreds of `.runway-…` files in `_site` until the next build.
    ///
    /// Held at a known point, not raced: every page shows new code, and the tokenizer (a python
    /// that waits on a FIFO before it becomes Pygments) holds the build after it began writing the
    /// pages without code, until the signal has been sent.
    @Test(.timeLimit(.minutes(10)), arguments: [SIGINT, SIGTERM])
    func aStoppedBuildLeavesThePreviousOutput(signal: Int32) throws {
        let (site, before) = try Self.builtThenEdited()

        let (fifo, started, python) = try Self.holdingTokenizer(beside: site)
        let (process, errors) = try Self.build(site, python: python)
        // Held: the tokenizer started and waits, and pages are being written beside their place.
        let journal = site.root + "/.runway-cache/_site.journal"
        let staged = { (try? FileManager.default.contentsOfDirectory(atPath: site.root + "/_site/posts"))?.contains { $0.hasPrefix(".runway-") } ?? false }
        let deadline = ContinuousClock.now + .seconds(90)
        var held = false
        while !held && process.isRunning && ContinuousClock.now < deadline {
            held = access(started, F_OK) == 0 && access(journal, F_OK) == 0 && staged()
        }
        #expect(held, "the build was held while writing")
        kill(process.processIdentifier, signal)
        // Once the build says it heard the signal, the tokenizer goes on (it is waiting, so the
        // FIFO has a reader).
        var said = Data()
        while held && !String(decoding: said, as: UTF8.self).contains("\n") {
            let more = errors.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += more
        }
        Self.release(fifo, until: deadline)
        said += errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        #expect(process.terminationStatus == 128 + signal)
        #expect(String(decoding: said, as: UTF8.self)
                == "stopping…\n\(site.root)/_site: error: stopped before the build took effect: the output is as it was\n")
        #expect(site.tree("_site") == before, "the previous output, and nothing beside it")
        #expect(access(journal, F_OK) != 0)
        // The next build makes what a clean build makes.
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.tree("_site") == (try Self.clean(site)))
        #expect(site.read("_site/code/c3/index.html")?.contains("rw-syntax--keyword\">let<") == true)
    }

    /// A build stopped while it waits for Pygments ends at once, as any stopped build does:
    /// before, it waited out the tokenizer's timeouts first (30 s for a worker that does not
    /// start, 10 s a block for one that does not answer), deaf to the signal it had heard. Held at
    /// a known point: the page's block is not one a stream takes (its hint is no lexer's name), so
    /// the thread rendering the page starts the worker itself, and waits for it; the worker (a
    /// python held on a FIFO) is never let go while the build runs, so only the stop can end that
    /// wait, and it must end before the 30 s a start is given.
    @Test(.timeLimit(.minutes(10))) func aBuildStoppedWhilePygmentsIsSilentEndsAtOnce() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n---\nText.\n\n```js!\nlet a = 1\n```\n"])
        let (fifo, started, python) = try Self.holdingTokenizer(beside: site)
        let (process, errors) = try Self.build(site, python: python)
        let deadline = ContinuousClock.now + .seconds(90)
        while access(started, F_OK) != 0 && process.isRunning && ContinuousClock.now < deadline { usleep(1_000) }
        #expect(access(started, F_OK) == 0, "the page's rendering waits for the tokenizer")
        kill(process.processIdentifier, SIGTERM)
        let ended = ContinuousClock.now + .seconds(20)
        while process.isRunning && ContinuousClock.now < ended { usleep(1_000) }
        let endedAtOnce = !process.isRunning
        Self.release(fifo, until: deadline)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(endedAtOnce, "it ended before the tokenizer's start timed out")
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(said == "stopping…\n\(site.root)/_site: error: stopped before the build took effect: the output is as it was\n", "\(said)")
        #expect(!site.exists("_site"), "nothing was written")
    }

    /// `watch` and `serve` stopped (SIGTERM) while they build: the build is rolled back, the
    /// output is the last good one, the build says it was stopped (once), and the command ends.
    /// Before, the process died mid-write. Held as above, in the first build, every page and
    /// its code changed since the last; started detached, as a background job (which ignores
    /// Ctrl-C, so SIGTERM).
    @Test(.timeLimit(.minutes(10)), arguments: [["watch"], ["serve", "--port", "0"]])
    func aStoppedRebuildLeavesTheLastGoodOutput(command: [String]) throws {
        let (site, before) = try Self.builtThenEdited()
        let (fifo, started, python) = try Self.holdingTokenizer(beside: site)
        let log = site.parent + "/log"
        let pid = try Detached.launch("RUNWAY_PYTHON='\(python)' '\(RunwayProcess.executable.path)' \(command.joined(separator: " ")) '\(site.root)'", log: log)
        let deadline = ContinuousClock.now + .seconds(90)
        let said = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        let staged = { (try? FileManager.default.contentsOfDirectory(atPath: site.root + "/_site/posts"))?.contains { $0.hasPrefix(".runway-") } ?? false }
        var held = false
        while !held && Detached.isRunning(pid) && ContinuousClock.now < deadline { held = access(started, F_OK) == 0 && staged() }
        #expect(held, "the build was held while writing: \(said())")
        kill(pid, SIGTERM)
        while held && !said().contains("stopping…") && Detached.isRunning(pid) && ContinuousClock.now < deadline {}
        Self.release(fifo, until: deadline)
        while Detached.isRunning(pid) && ContinuousClock.now < deadline {}
        #expect(!Detached.isRunning(pid), "it ended")
        #expect(said() == "stopping…\n\(site.root)/_site: error: stopped before the build took effect: the output is as it was\n", "\(said())")
        #expect(site.tree("_site") == before, "the last good output, and nothing beside it")
        #expect(access(site.root + "/.runway-cache/_site.journal", F_OK) != 0)
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.tree("_site") == (try Self.clean(site)))
        #expect(site.read("_site/code/c3/index.html")?.contains("rw-syntax--keyword\">let<") == true)
    }

    /// A file saved while `watch` makes its first build is built after it: the watcher starts
    /// first. Before, the edit was never seen. Held as above, in the first build (every page's
    /// code is new to it), while a page is edited.
    @Test(.timeLimit(.minutes(10))) func aFileSavedDuringTheFirstBuildIsBuilt() throws {
        let site = try Self.blog(pages: 20)
        for index in 0..<5 { try site.write("---\ntitle: Code \(index)\n---\nText.\n\n```js\nconst a = \(index);\n```\n", to: "content/code/c\(index).md") }
        let (fifo, started, python) = try Self.holdingTokenizer(beside: site)
        let log = site.parent + "/log"
        let pid = try Detached.launch("RUNWAY_PYTHON='\(python)' '\(RunwayProcess.executable.path)' watch '\(site.root)'", log: log)
        defer { kill(pid, SIGTERM) }
        let deadline = ContinuousClock.now + .seconds(90)
        while access(started, F_OK) != 0 && Detached.isRunning(pid) && ContinuousClock.now < deadline {}
        try site.write("---\ntitle: Edited while building\n---\nNew.\n", to: "content/posts/p3.md")
        Self.release(fifo, until: deadline)
        let said = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        let built = { said().components(separatedBy: "\nbuilt ").count - 1 + (said().hasPrefix("built ") ? 1 : 0) }
        while built() < 2 && Detached.isRunning(pid) && ContinuousClock.now < deadline {}
        #expect(built() >= 2, "a second build: \(said())")
        #expect(site.read("_site/posts/p3/index.html")?.contains("Edited while building") == true)
    }

    /// While serve writes into _site, a build into it waits for nothing and writes nothing: it is
    /// refused and says who holds the folder. Afterwards, a build with drafts and one without
    /// leave no draft behind.
    @Test(.timeLimit(.minutes(10))) func oneWriterAtATimeAndDraftsDoNotLeak() throws {
        let site = try Self.blog()
        let server = try LiveReloadBrowserTests.Server(site: site.root)
        let refused = try site.runway("build", site.root, "--drafts")
        _ = server.stop()
        #expect(refused.status == 1)
        // The holder's whole command, its site and port too (four words of it were said).
        #expect(refused.stderr.contains("\(site.root)/_site: error: another Runway is writing into this folder (pid \(server.pid): runway serve "
                                        + "\(site.root) --port \(server.port))"), "\(refused.stderr)")
        #expect(!site.exists("_site/draft"))
        #expect(try site.runway("build", site.root, "--drafts").status == 0)
        #expect(site.exists("_site/draft/index.html"))
        #expect(try site.runway("build", site.root).status == 0)
        #expect(!site.exists("_site/draft"))
        #expect(site.tree("_site") == (try Self.clean(site)))
    }
}
