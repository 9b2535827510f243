import ArgumentParser
import RunwayText
import Foundation
import SiteBuilding
import SiteContent
import SiteServing

extension Runway {
    /// `runway serve [<site>]`: build, serve, and rebuild with live reload while the writer edits.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build a site, serve it, and rebuild it with live reload as its files change.",
            discussion: """
                Watches content/, templates/, static/, themes and runway.toml. Open pages reload after \
                each change (a stylesheet-only change is swapped in place); a build error shows over \
                the last good page until the next good build. Ctrl-C stops the server.
                """
        )

        @OptionGroup var site: SiteOptions

        @Option(help: ArgumentHelp("The address to listen on; other machines can reach it only if you say so. "
                                   + "Requests must name it (or, on loopback, localhost) in their Host header.", valueName: "host"))
        var host = "127.0.0.1"

        @Option(help: ArgumentHelp("The port to listen on.", valueName: "port"))
        var port = 8000

        @OptionGroup var options: BuildOptions

        @Flag(help: "Keep runway.toml's base URL in canonical links and feeds, instead of the server's own address.")
        var keepBaseURL = false

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            _ = try Self.heartbeat(ProcessInfo.processInfo.environment)
        }

        /// How often open pages' event streams get a heartbeat: `RUNWAY_SERVE_HEARTBEAT` seconds
        /// (a decimal number above 0, so that tests need not wait), else the server's default.
        static func heartbeat(_ environment: [String: String]) throws -> Duration {
            guard let text = environment["RUNWAY_SERVE_HEARTBEAT"] else { return SiteServer.defaultHeartbeat }
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw ValidationError("RUNWAY_SERVE_HEARTBEAT must be a number of seconds above 0 and at most 3600, not '\(text)'")
            }
            return .milliseconds(Int((seconds * 1000).rounded(.up)))
        }

        func run() async throws {
            try Rebuilds.requireSite(site.path)
            let build = options.build(site: site.path, environment: SiteConfiguration.development)
            let signals = StopSignals(stopping: build)
            var server = SiteServer(build: build, host: host, port: port,
                                    heartbeat: try Self.heartbeat(ProcessInfo.processInfo.environment))
            server.writesOwnAddress = !keepBaseURL
            try await server.run(onBuild: { outcome in
                Rebuilds.report(outcome, serving: true)
            }, onListening: { [host] port in
                // The port it listens on: the one the system chose under `--port 0`.
                Terminal.print("Serving \(build.destination) on http://\(host.contains(":") ? "[\(host)]" : host):\(port)/ (Ctrl-C stops)\n")
            })
            withExtendedLifetime(signals) {}
        }
    }

    /// `runway watch [<site>]`: the rebuild loop of `serve`, without a server.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build a site, then rebuild it each time its files change.",
            discussion: "Ctrl-C stops watching. Build errors are printed and the previous output stays."
        )

        @OptionGroup var site: SiteOptions

        @OptionGroup var options: BuildOptions

        func run() async throws {
            try Rebuilds.requireSite(site.path)
            let live = LiveBuild(build: options.build(site: site.path, environment: SiteConfiguration.development))
            let signals = StopSignals(stopping: live.build)
            try live.openOutput()
            // Watching from before the first build: a file saved while it runs is built after it.
            let rebuilds = try live.watchForChanges()
            Rebuilds.report(live.rebuild(), serving: false)
            // Stopped during it: its journal is settled with the manifest, and watching ends.
            guard !live.build.stop.isRequested else { return live.saveCache() }
            Terminal.print("Watching \(site.path) (Ctrl-C stops)\n")
            // Ctrl-C stops a rebuild under way (its output stays as it was) and ends the loop.
            let loop = Task { await rebuilds.run { Rebuilds.report($0, serving: false) } }
            live.build.stop.onRequest { loop.cancel() }
            await loop.value
            live.saveCache()
            withExtendedLifetime(signals) {}
        }
    }
}

/// One line (and the diagnostics) per rebuild, for `serve` and `watch`.
enum Rebuilds {
    /// A folder without `runway.toml` is no site to serve or watch: its error and exit 1, as
    /// `build` gives (a broken `runway.toml` is served on, to be mended while it runs).
    static func requireSite(_ site: String) throws {
        guard let missing = SiteConfiguration.missing(site: site) else { return }
        Terminal.report([missing])
        throw ExitCode.failure
    }

    /// One rebuild's diagnostics and line; a failed one says that the last good output stays
    /// (and, for `serve`, is still served), or that there is none yet.
    static func report(_ outcome: LiveBuild.Outcome, serving: Bool) {
        let report = outcome.report
        Terminal.report(report.diagnostics)
        if report.stopped { return }
        let milliseconds = outcome.duration.components.seconds * 1000 + outcome.duration.components.attoseconds / 1_000_000_000_000_000
        if report.succeeded {
            Terminal.print("built \(report.pageCount) page\(report.pageCount == 1 ? "" : "s") in \(milliseconds) ms "
                + "(parsed \(report.parsed), wrote \(report.written.count), removed \(report.removed.count))\n")
        } else {
            let errors = report.diagnostics.count { $0.severity == .error }
            let last = !outcome.hasOutput ? "there is no output yet: fix the errors and save"
                : serving ? "still serving the last good output" : "the last good output stays"
            Terminal.print("build failed with \(errors) error\(errors == 1 ? "" : "s"); \(last)\n")
        }
    }
}
