import Foundation
import Testing

/// `runway serve` as a writer uses it: a page open in headless Chromium follows every save of its
/// Markdown, shows a broken build over the last good page, and recovers; a stylesheet change is
/// swapped in without a reload; Ctrl-C (SIGTERM here) stops the server while pages listen.
@Suite(.serialized) struct LiveReloadBrowserTests {
    /// A `runway serve` process, started detached (see `WebDriver`) with its output in a file.
    final class Server: Sendable {
        let pid: Int32
        let port: Int
        let log: String

        /// `environment` comes before the command, in shell syntax (`NAME=value …`), `arguments`
        /// after it.
        init(site: String, environment: String = "", arguments: String = "") throws {
            port = Self.freePort()
            log = FileManager.default.temporaryDirectory.appendingPathComponent("runway-serve-\(UUID().uuidString).log").path
            pid = try Detached.launch("\(environment) '\(RunwayProcess.executable.path)' serve '\(site)' --port \(port) \(arguments)", log: log)
            guard Self.poll(seconds: 30, { (try? String(contentsOfFile: self.log, encoding: .utf8))?.contains("Serving ") == true }) else {
                throw WebDriver.Failure(description: "runway serve did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            }
        }

        /// A plain static server (Python's) for a folder, started the same way.
        static func staticFiles(_ folder: String) throws -> Server {
            try Server(command: "python3 -m http.server --bind 127.0.0.1 --directory '\(folder)'", ready: nil)
        }

        init(command: String, ready: String?) throws {
            port = Self.freePort()
            log = FileManager.default.temporaryDirectory.appendingPathComponent("runway-static-\(UUID().uuidString).log").path
            pid = try Detached.launch("\(command) \(port)", log: log)
            guard Self.poll(seconds: 30, { Self.answers(self.port) }) else {
                throw WebDriver.Failure(description: "\(command) did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            }
        }

        func stopAtOnce() {
            Glibc.kill(pid, SIGKILL)
        }

        /// Whether something accepts connections on the port.
        static func answers(_ port: Int) -> Bool {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
        }

        var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }
        var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        var isRunning: Bool { Glibc.kill(pid, 0) == 0 && !((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") ?? true) }

        /// Asks the server to stop as Ctrl-C would; whether it stopped within twenty seconds (its grace
    /// for open downloads is two; the rest is room for a busy machine).
        func stop() -> Bool {
            Glibc.kill(pid, SIGTERM)
            let stopped = Self.poll(seconds: 20) { !self.isRunning }
            if !stopped { Glibc.kill(pid, SIGKILL) }
            return stopped
        }

        /// A port nothing listens on: bind port 0 and read what the kernel chose.
        static func freePort() -> Int {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
            }
            return Int(UInt16(bigEndian: address.sin_port))
        }

        static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if condition() { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return condition()
        }
    }

    static let overlayText = "return document.getElementById('runway-overlay')?.innerText ?? null;"

    @Test func aPageFollowsSavesShowsErrorsAndRecovers() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-serve-site-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let server = try Server(site: site)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open(server.url.appendingPathComponent("posts/gfm/"))
        #expect(try browser.execute("return document.querySelector('h1')?.textContent") as? String == "GitHub Flavored Markdown")
        // A mark on the window: a reload wipes it, a stylesheet swap does not.
        _ = try browser.execute("window.runwayMark = 'before'; return null;")
        let page = site + "/content/posts/gfm.md"
        let original = try String(contentsOfFile: page, encoding: .utf8)

        // 1. A save appears without anyone reloading.
        try original.replacingOccurrences(of: "# GitHub Flavored Markdown", with: "# GitHub Flavored Markdown, edited live")
            .write(toFile: page, atomically: true, encoding: .utf8)
        #expect(Server.poll(seconds: 60) {
            (try? browser.execute("return document.querySelector('h1')?.textContent")) as? String == "GitHub Flavored Markdown, edited live"
        }, "the edit shows up: \(server.output)")
        #expect(try browser.execute("return window.runwayMark ?? null") is NSNull, "the page reloaded itself")

        // 2. Broken front matter: the last good page stays, with the error over it.
        try original.replacingOccurrences(of: "tags: [markdown, gfm]", with: "tags: [markdown, gfm")
            .write(toFile: page, atomically: true, encoding: .utf8)
        #expect(Server.poll(seconds: 60) {
            ((try? browser.execute(Self.overlayText)) as? String)?.contains("content/posts/gfm.md:4:") == true
        }, "the overlay names the file and line: \(server.output)")
        let overlay = try browser.execute(Self.overlayText) as? String ?? ""
        #expect(overlay.contains("error: invalid YAML front matter"))
        #expect(try browser.execute("return document.querySelector('h1')?.textContent") as? String == "GitHub Flavored Markdown, edited live")
        #expect(server.isRunning, "a content error never stops the server")

        // 3. Fixed: the overlay goes and the page shows the new text.
        try original.replacingOccurrences(of: "# GitHub Flavored Markdown", with: "# Fixed again")
            .write(toFile: page, atomically: true, encoding: .utf8)
        #expect(Server.poll(seconds: 60) {
            (try? browser.execute("return document.querySelector('h1')?.textContent")) as? String == "Fixed again"
                && (try? browser.execute(Self.overlayText)) is NSNull
        }, "the page recovers: \(server.output)")

        // 3b. A misspelled component builds, with its warning in a panel on the page; fixed, the
        // panel goes.
        let warningsText = "return document.getElementById('runway-warnings')?.innerText ?? null;"
        try (original.replacingOccurrences(of: "# GitHub Flavored Markdown", with: "# Fixed again") + "\n^[A talk](yotube: {id: 'a'})\n")
            .write(toFile: page, atomically: true, encoding: .utf8)
        #expect(Server.poll(seconds: 60) {
            ((try? browser.execute(warningsText)) as? String)?.contains("content/posts/gfm.md:") == true
        }, "the panel names the file and line: \(server.output)")
        let warnings = try browser.execute(warningsText) as? String ?? ""
        #expect(warnings.contains("1 warning") && warnings.contains("warning: unknown attribute 'yotube'"), "\(warnings)")
        #expect(try browser.execute(Self.overlayText) is NSNull, "a warning is not a failure")
        try original.replacingOccurrences(of: "# GitHub Flavored Markdown", with: "# Fixed again")
            .write(toFile: page, atomically: true, encoding: .utf8)
        #expect(Server.poll(seconds: 60) { (try? browser.execute(warningsText)) is NSNull }, "the panel goes: \(server.output)")

        // 4. A stylesheet-only change is swapped in place: the mark survives, the style changes.
        // Once the server serves the new stylesheet, every rebuild before it is done; the mark
        // and a link to the stylesheet go on the page together. A reload would take both away.
        try FileManager.default.createDirectory(atPath: site + "/static/css", withIntermediateDirectories: true)
        try "h1 { color: rgb(4, 5, 6); }\n".write(toFile: site + "/static/css/extra.css", atomically: true, encoding: .utf8)
        let fetch = "const r = new XMLHttpRequest(); r.open('GET', '/css/extra.css?' + Date.now(), false); r.send(); return r.responseText;"
        #expect(Server.poll(seconds: 60) {
            (try? browser.execute(fetch)) as? String == "h1 { color: rgb(4, 5, 6); }\n"
        }, "the stylesheet is served: \(server.output)")
        _ = try browser.execute("""
            window.runwayMark = 'kept';
            const link = document.createElement('link'); link.rel = 'stylesheet'; link.href = '/css/extra.css';
            document.head.appendChild(link); return null;
            """)
        #expect(Server.poll(seconds: 60) { (try? browser.execute("return getComputedStyle(document.querySelector('h1')).color")) as? String == "rgb(4, 5, 6)" })
        try "h1 { color: rgb(7, 8, 9); }\n".write(toFile: site + "/static/css/extra.css", atomically: true, encoding: .utf8)
        #expect(Server.poll(seconds: 60) {
            (try? browser.execute("return getComputedStyle(document.querySelector('h1')).color")) as? String == "rgb(7, 8, 9)"
        }, "the new stylesheet applies: \(server.output)")
        #expect(try browser.execute("return window.runwayMark ?? null") as? String == "kept", "without a reload")

        // 5. Ctrl-C with a page still listening: the server stops at once.
        stopped = server.stop()
        #expect(stopped, "runway serve stopped on SIGTERM: \(server.output)")
    }

    @Test func watchRebuildsOnSaveAndKeepsTheLastGoodOutput() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-watch-site-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let log = site + ".log"
        let pid = try Detached.launch("'\(RunwayProcess.executable.path)' watch '\(site)'", log: log)
        defer { kill(pid, SIGKILL) }
        func output() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(Server.poll(seconds: 30) { output().contains("Watching ") }, "\(output())")
        let page = site + "/content/attributes.md"
        let original = try String(contentsOfFile: page, encoding: .utf8)
        try (original + "\nA sentence the watcher saw.\n").write(toFile: page, atomically: true, encoding: .utf8)
        #expect(Server.poll(seconds: 60) {
            ((try? String(contentsOfFile: site + "/_site/attributes/index.html", encoding: .utf8)) ?? "").contains("A sentence the watcher saw.")
        }, "\(output())")
        try "---\ntitle: [broken\n---\n".write(toFile: page, atomically: true, encoding: .utf8)
        #expect(Server.poll(seconds: 60) { output().contains("content/attributes.md:2:") }, "\(output())")
        #expect(try String(contentsOfFile: site + "/_site/attributes/index.html", encoding: .utf8).contains("A sentence the watcher saw."),
                "a failed rebuild leaves the last good page")
        #expect(kill(pid, 0) == 0, "watch goes on after an error")
    }

    /// A reader goes from page to page: each page listens to the server's events, and a page the
    /// browser keeps for Back lets its connection go. Chromium opens six connections at most to one
    /// server, so before, the seventh page waited a minute for one, until the server dropped an
    /// old page's stream. A navigation gets 20 seconds here (the pages load in a tenth of one).
    @Test func aReaderCanFollowMoreThanSixPages() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-serve-pages-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let server = try Server(site: site)
        defer { _ = server.stop() }
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.setPageLoadTimeout(seconds: 20)
        let pages = [("", "Welcome to Runway"), ("guide/", "Guide"), ("guide/writing/", "Writing pages"), ("posts/gfm/", "GitHub Flavored Markdown"),
                     ("posts/", "Posts"), ("tags/gfm/", "Tagged “gfm”"), ("attributes/", nil), ("posts/a-walk/", "A walk with pictures"),
                     ("guide/", "Guide")]
        for (path, title) in pages {
            try browser.open(server.url.appendingPathComponent(path))
            let heading = try browser.execute("return document.querySelector('main h1')?.textContent ?? null;") as? String
            #expect(heading != nil && (title == nil || heading == title), "/\(path): \(heading ?? "no heading")")
        }
    }
}
