import Foundation
import Synchronization
import Testing

/// `runway serve` under what a browser and a network can throw at it, through the real process:
/// pages that close their event streams, many of them; a DNS-rebinding page; downloads of a file
/// larger than the memory the server should take.
///
/// The sockets, polls and downloads block, so they run on a thread of their own (`blocking`), not
/// on one of the few threads the tests running at the same time share.
@Suite(.serialized) struct ServeHardeningTests {
    typealias Server = LiveReloadBrowserTests.Server

    /// A new site from the template, served with a fast heartbeat; the server and the site's folder.
    static func serve() async throws -> (Server, String) {
        try await blocking {
            let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-hardening-\(UUID().uuidString)").path
            guard try RunwayProcess.run(["new", site]).status == 0 else { throw RawHTTP.Failure(description: "runway new failed") }
            return (try Server(site: site, environment: "RUNWAY_SERVE_HEARTBEAT=0.2"), site)
        }
    }

    /// `body`'s result, computed on a new thread.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// A file of `size` bytes at `path`: `head`, zeros, and `tail` as its last four bytes; sparse,
    /// so that making it costs nothing.
    static func sparseFile(_ path: String, size: Int, head: String = "") throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(head.utf8)),
              let handle = FileHandle(forWritingAtPath: path)
        else { throw RawHTTP.Failure(description: "cannot make \(path)") }
        try handle.truncate(atOffset: UInt64(size - 4))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("tail".utf8))
        try handle.close()
    }

    /// The most memory the process has had resident so far, in KiB (`VmHWM`).
    static func peakMemory(of pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    static func descriptors(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// 500 pages open `/_runway/events` and close: the heartbeat's failed writes release every
    /// connection within seconds (and the listener bound keeps at most 256 of them meanwhile), and
    /// the server still serves pages.
    @Test func closedPagesReleaseTheirConnections() async throws {
        let (server, _) = try await Self.serve()
        defer { _ = server.stop() }
        let host = "127.0.0.1:\(server.port)"
        let (before, open, released, after, home) = try await Self.blocking {
            let first = try RawHTTP.get("/", port: server.port, host: host)
            guard first.status == 200 else { throw RawHTTP.Failure(description: "GET / answered \(first.status)") }
            let before = Self.descriptors(of: server.pid)
            var pages: [RawHTTP] = []
            for _ in 0..<500 {
                let page = try RawHTTP(port: server.port)
                try page.send("/_runway/events", host: host)
                try page.read(until: "retry: 500")
                pages.append(page)
            }
            let open = Self.descriptors(of: server.pid)
            for page in pages { page.close() }
            let released = Server.poll(seconds: 60) { Self.descriptors(of: server.pid) <= before + 8 }
            return (before, open, released, Self.descriptors(of: server.pid), try RawHTTP.get("/", port: server.port, host: host))
        }
        #expect(open >= before + 400, "the streams were open: \(before) descriptors before, \(open) with the pages")
        #expect(released, "descriptors: \(before) before, \(open) open, \(after) after the pages closed")
        #expect(home.status == 200)
        #expect(String(decoding: home.body, as: UTF8.self).contains("/_runway/live.js"))
        #expect(server.isRunning)
    }

    /// A page on another site that points its own name at 127.0.0.1 (DNS rebinding) sends that
    /// name as `Host`: refused with a 403 that names the address to use; the server's own names are
    /// answered, and a request without `Host` is a bad request.
    @Test func aRebindingPageIsRefused() async throws {
        let (server, _) = try await Self.serve()
        defer { _ = server.stop() }
        let port = server.port
        for path in ["/", "/_runway/events", "/posts/gfm/"] {
            let refused = try await Self.blocking { try RawHTTP.get(path, port: port, host: "rebound.example:\(port)") }
            #expect(refused.status == 403, "\(path)")
            #expect(String(decoding: refused.body, as: UTF8.self).contains("http://127.0.0.1:\(port)/"), "\(path)")
        }
        #expect(try await Self.blocking { try RawHTTP.get("/", port: port, host: "rebound.example") }.status == 403)
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] {
            #expect(try await Self.blocking { try RawHTTP.get("/posts/gfm/", port: port, host: host) }.status == 200, "\(host)")
        }
        // HTTP/1.1 requires exactly one Host (before, a request without one was answered).
        #expect(try await Self.blocking { try RawHTTP.get("/posts/gfm/", port: port, host: nil) }.status == 400)
    }

    /// Issue 39, point 6: a page elsewhere could open hundreds of event streams (no `Origin`
    /// check) and end the writer's own live reload, the oldest going first. A stream asked for
    /// from another origin is refused; the server's own pages (with its origin, or none) listen.
    @Test func eventStreamsFromAnotherOriginAreRefused() async throws {
        let (server, _) = try await Self.serve()
        defer { _ = server.stop() }
        let port = server.port, host = "127.0.0.1:\(port)"
        let (foreign, null, own, none) = try await Self.blocking {
            let foreign = try RawHTTP.get("/_runway/events", port: port, host: host, fields: ["Origin: http://evil.example"])
            let null = try RawHTTP.get("/_runway/events", port: port, host: host, fields: ["Origin: null"])
            var listening: [Bool] = []
            for fields in [["Origin: http://\(host)"], []] {
                let page = try RawHTTP(port: port)
                try page.send("/_runway/events", host: host, fields: fields)
                try page.read(until: "retry: 500")
                listening.append(true)
            }
            return (foreign, null, listening[0], listening[1])
        }
        #expect(foreign.status == 403)
        #expect(String(decoding: foreign.body, as: UTF8.self)
                == "forbidden: live reload's events are for this server's own pages (this request came from http://evil.example)\n")
        #expect(null.status == 403)
        #expect(own && none)
    }

    /// Issue 39, point 6: connections that say nothing held the server's descriptors for as long
    /// as they stayed (600 of them under `ulimit -n 512` blocked every request). A connection idle
    /// for 10 s is closed; a request behind the silent ones is answered once they are.
    @Test(.timeLimit(.minutes(10))) func silentConnectionsAreClosedAndRequestsGetThrough() async throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-silent-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let server = try await Self.blocking { try Server(site: site, environment: "ulimit -n 200;") }
        defer { _ = server.stop() }
        let port = server.port
        let (closed, answered) = try await Self.blocking {
            // More silent connections than the server has descriptors: those past them wait in the
            // listening queue.
            let silent = try (0..<260).map { _ in try RawHTTP(port: port, timeout: 90) }
            // The first is closed by the server (its read ends), not by a time of ours.
            let closed = (try? silent[0].read(until: "never sent")) == nil
            let answered = try RawHTTP(port: port, timeout: 90)
            try answered.send("/", host: "127.0.0.1:\(port)")
            let response = try answered.response()
            silent.forEach { $0.close() }
            return (closed, response.status)
        }
        #expect(closed, "the server closed a silent connection")
        #expect(answered == 200)
        #expect(server.isRunning)
    }

    /// A port another server holds is said before anything is built, at the address, with exit 1;
    /// under `--port 0` the line says the port the system chose, where the site answers.
    @Test func thePortIsCheckedBeforeBuildingAndTheChosenOneIsSaid() async throws {
        let (server, _) = try await Self.serve()
        defer { _ = server.stop() }
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("runway-port-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", other]).status == 0)
        let taken = try await Self.blocking { try RunwayProcess.run(["serve", other, "--port", String(server.port)]) }
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("127.0.0.1:\(server.port): error: cannot listen there: port \(server.port) is in use"), "\(taken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other + "/_site"), "nothing is built")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("runway-port0-\(UUID().uuidString).log").path
        let pid = try Detached.launch("'\(RunwayProcess.executable.path)' serve '\(other)' --port 0", log: log)
        defer { Glibc.kill(pid, SIGKILL) }
        #expect(Server.poll(seconds: 30) { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("Serving ") == true })
        let line = try String(contentsOfFile: log, encoding: .utf8)
        let port = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) })
        #expect(port != 0, "\(line)")
        #expect(try await Self.blocking { try RawHTTP.get("/", port: port, host: "127.0.0.1:\(port)") }.status == 200)
    }

    /// Two downloads at once of a 256 MiB file: streamed from disk, they raise the server's peak
    /// memory by less than half the file's size (about 25 MiB here; read whole, the file took over
    /// 900 MiB).
    @Test func largeFilesAreStreamedNotLoaded() async throws {
        let (server, site) = try await Self.serve()
        defer { _ = server.stop() }
        let size = 256 << 20
        // Put in the output after the build, as a large static file would be.
        try Self.sparseFile(site + "/_site/big.bin", size: size)

        let port = server.port, host = "127.0.0.1:\(server.port)"
        let (before, after, responses) = try await Self.blocking {
            let first = try RawHTTP.get("/", port: port, host: host)
            guard first.status == 200 else { throw RawHTTP.Failure(description: "GET / answered \(first.status)") }
            let before = Self.peakMemory(of: server.pid)
            let responses = Mutex<[Result<RawHTTP.Response, any Error>]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let response = Result { try RawHTTP.get("/big.bin", port: port, host: host, keep: 4) }
                responses.withLock { $0.append(response) }
            }
            return (before, Self.peakMemory(of: server.pid), responses.withLock { $0 })
        }
        for response in responses {
            let response = try response.get()
            #expect(response.status == 200)
            #expect(response.headers["content-length"] == String(size))
            #expect(response.body == Data("tail".utf8), "the download ran to the file's last bytes")
        }
        #expect(before > 0 && after - before < (size >> 10) / 2,
                "peak memory grew by \((after - before) / 1024) MiB for two downloads of a \(size >> 20) MiB file")
    }

    /// A player seeking in a large video asks for a range of it: `runway serve` answers with those
    /// bytes (206 and Content-Range), read from the file where they lie; it sent the whole file.
    @Test func aRangeOfALargeFileIsItsBytes() async throws {
        let (server, site) = try await Self.serve()
        defer { _ = server.stop() }
        let size = 64 << 20
        try Self.sparseFile(site + "/_site/video.mp4", size: size, head: "head")
        let port = server.port, host = "127.0.0.1:\(server.port)"
        let (whole, end, start, past) = try await Self.blocking {
            (try RawHTTP.get("/video.mp4", port: port, host: host, keep: 4),
             try RawHTTP.get("/video.mp4", port: port, host: host, fields: ["Range: bytes=\(size - 6)-"]),
             try RawHTTP.get("/video.mp4", port: port, host: host, fields: ["Range: bytes=0-3"]),
             try RawHTTP.get("/video.mp4", port: port, host: host, fields: ["Range: bytes=\(size)-"]))
        }
        #expect(whole.status == 200 && whole.headers["accept-ranges"] == "bytes" && whole.headers["content-type"] == "video/mp4")
        #expect(end.status == 206 && end.headers["content-range"] == "bytes \(size - 6)-\(size - 1)/\(size)")
        #expect(end.body == Data([0, 0]) + Data("tail".utf8))
        #expect(start.status == 206 && start.body == Data("head".utf8))
        #expect(past.status == 416 && past.headers["content-range"] == "bytes */\(size)")
    }

    /// A client that stops reading a large download (a paused video) does not hold a stopping
    /// server: after `SIGTERM` it ends within its grace (2 s), where it waited for as long as the
    /// client stayed.
    @Test func aStalledDownloadDoesNotHoldTheStop() async throws {
        let (server, site) = try await Self.serve()
        defer { server.stopAtOnce() }
        let file = site + "/_site/big.bin"
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(256 << 20))
        try handle.close()
        let port = server.port, host = "127.0.0.1:\(server.port)", pid = server.pid
        let stopped = try await Self.blocking {
            let connection = try RawHTTP(port: port)
            defer { connection.close() }
            try connection.send("/big.bin", host: host)
            // The head arrives; the body is never read, and the socket's buffers fill.
            try connection.read(until: "\r\n\r\n")
            kill(pid, SIGTERM)
            return Server.poll(seconds: 60) { !Detached.isRunning(pid) }
        }
        #expect(stopped, "the server still ran a minute after SIGTERM: \(server.output)")
    }

    /// `HEAD /_runway/events` is answered with the stream's header fields and no body, and a
    /// request after it on the connection is answered too (before, the head never ended).
    @Test func aHeadOfTheEventStreamIsAnswered() async throws {
        let (server, _) = try await Self.serve()
        defer { _ = server.stop() }
        let port = server.port, host = "127.0.0.1:\(server.port)"
        let (head, next) = try await Self.blocking {
            let connection = try RawHTTP(port: port)
            defer { connection.close() }
            try connection.send("/_runway/events", method: "HEAD", host: host)
            let head = try connection.response(head: true)
            try connection.send("/theme.css", host: host)
            return (head, try connection.response())
        }
        #expect(head.status == 200 && head.headers["content-type"] == "text/event-stream; charset=utf-8", "\(head.headers)")
        #expect(head.headers["transfer-encoding"] == nil)
        #expect(next.status == 200 && next.body.count > 1000)
    }

    /// A new `baseURL` in `runway.toml` is served under its path once the rebuild is done, and
    /// the old one again when it comes back (before, the path of the first build was served until
    /// a restart, and every rebuilt link 404ed).
    @Test func aNewBaseURLIsServedAfterItsRebuild() async throws {
        let (server, site) = try await Self.serve()
        defer { _ = server.stop() }
        let port = server.port, host = "127.0.0.1:\(server.port)"
        let configuration = site + "/runway.toml"
        let original = try String(contentsOfFile: configuration, encoding: .utf8)
        let moved = original.replacingOccurrences(of: "baseURL = \"https://example.com/\"", with: "baseURL = \"https://example.com/book/\"")
        #expect(moved != original)
        try moved.write(toFile: configuration, atomically: true, encoding: .utf8)
        let status = { @Sendable (path: String) in (try? RawHTTP.get(path, port: port, host: host, keep: 0).status) ?? 0 }
        let (underPath, atRoot) = try await Self.blocking {
            (Server.poll(seconds: 60) { status("/book/posts/") == 200 }, status("/posts/"))
        }
        #expect(underPath && atRoot == 404, "\(server.output)")
        // A runway.toml that cannot be read fails its build: the last good output stays under its
        // path (it was served at the root, and every open page 404ed).
        try (moved + "oops = \n").write(toFile: configuration, atomically: true, encoding: .utf8)
        let failed = try await Self.blocking { Server.poll(seconds: 60) { server.output.contains("still serving the last good output") } }
        #expect(failed, "\(server.output)")
        #expect(status("/book/posts/") == 200 && status("/posts/") == 404, "\(server.output)")
        try original.write(toFile: configuration, atomically: true, encoding: .utf8)
        let back = try await Self.blocking { Server.poll(seconds: 60) { status("/posts/") == 200 } }
        #expect(back, "\(server.output)")
    }

    /// A site whose first build fails has no output to serve: serve says so, and what to do (it
    /// said it was "still serving the last good output", which did not exist); once a build
    /// succeeded, a failed one says the last good output is still served. The same for watch.
    @Test(arguments: ["serve", "watch"]) func aFirstBuildThatFailsSaysThereIsNoOutputYet(command: String) async throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-first-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let template = site + "/templates/home.html"
        let good = try String(contentsOfFile: template, encoding: .utf8)
        try "{{#x}}\n".write(toFile: template, atomically: true, encoding: .utf8)
        let log = site + ".log"
        let pid = try Detached.launch("'\(RunwayProcess.executable.path)' \(command) '\(site)'\(command == "serve" ? " --port 0" : "")", log: log)
        defer { kill(pid, SIGKILL) }
        let output = { @Sendable in (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        let failed = try await Self.blocking { Server.poll(seconds: 60) { output().contains("build failed with 1 error") } }
        #expect(failed && output().contains("build failed with 1 error; there is no output yet: fix the errors and save\n"), "\(output())")
        #expect(!output().contains("last good output"), "\(output())")
        try good.write(toFile: template, atomically: true, encoding: .utf8)
        let built = try await Self.blocking { Server.poll(seconds: 60) { output().contains("\nbuilt ") } }
        #expect(built, "\(output())")
        try "{{#x}}\n".write(toFile: template, atomically: true, encoding: .utf8)
        let last = command == "serve" ? "still serving the last good output" : "the last good output stays"
        let failedAgain = try await Self.blocking { Server.poll(seconds: 60) { output().contains(last) } }
        #expect(failedAgain, "\(output())")
    }
}
