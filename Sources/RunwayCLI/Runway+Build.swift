import ArgumentParser
import RunwayText
import Foundation
import SiteBuilding
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension Runway {
    /// `runway build [<site>]`: the whole site into its output folder.
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build a site into a folder of HTML, CSS, a sitemap and static files.",
            discussion: """
                Writes into <site>/_site unless --output says otherwise. Runway replaces and removes only \
                files it wrote (.runway-cache/ beside the output folder keeps their manifest): it refuses \
                an output folder that is the site, holds it or lies inside content/, static/, templates/ \
                or themes/, and one that is not empty and that it did not write (unless --allow-non-empty). \
                A build takes effect whole or not at all: one with errors, or one stopped by Ctrl-C or \
                SIGTERM, leaves the previous output as it was (exit status 130 or 143); a stop that comes \
                while the new output is being put in place lets it finish. The cache lets the next build parse only changed files and \
                write only the pages whose inputs changed.
                """
        )

        @OptionGroup var site: SiteOptions

        @OptionGroup var options: BuildOptions

        @Flag(help: "Treat warnings as errors.")
        var strict = false

        @Flag(help: "Print nothing but diagnostics.")
        var quiet = false

        func run() throws {
            let clock = ContinuousClock()
            let start = clock.now
            var build = options.build(site: site.path)
            build.strict = strict
            if !quiet && isatty(STDERR_FILENO) != 0 { build.progress = ProgressBar.show }
            let signals = StopSignals(stopping: build)
            let report = build.run()
            if build.progress != nil { ProgressBar.clear() }
            Terminal.report(report.diagnostics)
            guard report.succeeded else {
                if report.stopped { throw signals.exitCode ?? ExitCode.failure }
                let pages = "\(report.pageCount) page\(report.pageCount == 1 ? "" : "s")"
                Terminal.summarize(report.diagnostics, checked: "\(pages); nothing written to \(report.output)")
                throw ExitCode.failure
            }
            if !quiet {
                let elapsed = clock.now - start
                let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
                let work = "parsed \(report.parsed), wrote \(report.written.count) file\(report.written.count == 1 ? "" : "s")"
                    + (report.removed.isEmpty ? "" : ", removed \(report.removed.count)")
                Terminal.print("built \(report.pageCount) page\(report.pageCount == 1 ? "" : "s") into \(report.output) in \(milliseconds) ms (\(work))\n")
            }
        }
    }
}

/// A one-line progress bar on a terminal's standard error, redrawn at most every percent.
enum ProgressBar {
    private static let shown = Mutex(-1)

    @Sendable static func show(done: Int, total: Int) {
        guard total >= 50 else { return }
        let percent = done * 100 / max(total, 1)
        let changed = shown.withLock { last in
            defer { last = max(last, percent) }
            return percent > last
        }
        guard changed else { return }
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(percent)% \(done)/\(total) pages".utf8))
    }

    static func clear() {
        if shown.withLock({ $0 }) >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
