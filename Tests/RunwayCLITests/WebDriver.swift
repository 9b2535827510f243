import Foundation

/// A minimal W3C WebDriver client for headless Chromium through Debian's `chromedriver`: enough to
/// open a page, run a script and emulate a colour scheme. Synchronous on purpose: Foundation's
/// Process does not reap children when waited on from Swift concurrency's threads here.
final class WebDriver: @unchecked Sendable {
    private let driverPID: Int32
    private let base: URL
    private var session = ""

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        // A port the kernel says is free (a random one could be taken), and the driver's output
        // in a file, for the message when it does not start.
        let port = LiveReloadBrowserTests.Server.freePort()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("chromedriver-\(UUID().uuidString).log").path
        // chromedriver runs detached (see `Detached`); it ignores SIGTERM when started that way.
        let pid = try Detached.launch("/usr/bin/chromedriver --port=\(port)", log: log)
        guard pid > 0 else {
            throw Failure(description: "chromedriver did not start")
        }
        driverPID = pid
        base = URL(string: "http://127.0.0.1:\(port)")!
        // Ready when it says so: on a busy machine that can take a while, so the wait is for the
        // answer (or for the driver to end), within a minute.
        let ready = LiveReloadBrowserTests.Server.poll(seconds: 60) {
            guard Detached.isRunning(pid) else { return true }
            return (try? self.request("GET", "/status")).flatMap { ($0["value"] as? [String: Any])?["ready"] as? Bool } == true
        }
        guard ready, Detached.isRunning(pid) else {
            kill(pid, SIGKILL)
            throw Failure(description: "chromedriver was not ready: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,900"],
            ],
        ]]]
        let created = try request("POST", "/session", capabilities)
        guard let value = created["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            throw Failure(description: "chromedriver made no session: \(created)")
        }
        session = id
    }

    func open(_ url: URL) throws {
        _ = try request("POST", "/session/\(session)/url", ["url": url.absoluteString])
    }

    /// How long a navigation may take before WebDriver gives up on it (an error it reports, and
    /// the page is not the one asked for).
    func setPageLoadTimeout(seconds: Int) throws {
        _ = try request("POST", "/session/\(session)/timeouts", ["pageLoad": seconds * 1000])
    }

    /// Runs `script` (a function body; `arguments` are its arguments) and returns its result.
    func execute(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        let result = try request("POST", "/session/\(session)/execute/sync", ["script": script, "args": arguments])
        return result["value"]
    }

    /// Runs asynchronous `script`: it ends by calling its last argument with the result.
    func executeAsync(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        let result = try request("POST", "/session/\(session)/execute/async", ["script": script, "args": arguments])
        return result["value"]
    }

    /// Types `text` on the keyboard, key by key, into whatever has the focus (trusted key events,
    /// as a person's): `"\u{E004}"` is Tab, `"\u{E007}"` Enter (WebDriver's key codes).
    func type(_ text: String) throws {
        var actions: [[String: Any]] = []
        for character in text.unicodeScalars {
            actions.append(["type": "keyDown", "value": String(character)])
            actions.append(["type": "keyUp", "value": String(character)])
        }
        _ = try request("POST", "/session/\(session)/actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// The URL of the page the browser shows.
    func currentURL() throws -> String {
        try request("GET", "/session/\(session)/url")["value"] as? String ?? ""
    }

    /// A PNG of the viewport, base64-encoded, as the browser painted it.
    func screenshot() throws -> String {
        let result = try request("GET", "/session/\(session)/screenshot")
        guard let png = result["value"] as? String else { throw Failure(description: "no screenshot: \(result)") }
        return png
    }

    /// Emulates `prefers-color-scheme`, as a reader's system setting would.
    func emulateColorScheme(dark: Bool) throws {
        let features = [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]]
        _ = try request("POST", "/session/\(session)/goog/cdp/execute",
                              ["cmd": "Emulation.setEmulatedMedia", "params": ["features": features]])
    }

    /// Emulates a phone's viewport `width` CSS pixels wide (a narrow window, a mobile page).
    func emulateWidth(_ width: Int, height: Int = 800) throws {
        _ = try request("POST", "/session/\(session)/goog/cdp/execute", ["cmd": "Emulation.setDeviceMetricsOverride", "params": [
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": true,
        ] as [String: Any]])
    }

    func quit() {
        _ = try? request("DELETE", "/session/\(session)")
        kill(driverPID, SIGKILL)  // it ignores SIGTERM when started in the background
    }

    /// One WebDriver call through the `curl` command: Foundation's URLSession on Linux fails on
    /// chromedriver's responses ("Failed writing header"), curl reads them fine.
    private func request(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> [String: Any] {
        // Files, not pipes: a pipe's end held by any other child process would hang the read.
        let folder = FileManager.default.temporaryDirectory
        let answer = folder.appendingPathComponent("webdriver-\(UUID().uuidString).json")
        let request = folder.appendingPathComponent("webdriver-\(UUID().uuidString)-request.json")
        defer {
            try? FileManager.default.removeItem(at: answer)
            try? FileManager.default.removeItem(at: request)
        }
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-s", "--max-time", "60", "-o", answer.path, "-X", method, base.absoluteString + path]
        if let body {
            try JSONSerialization.data(withJSONObject: body).write(to: request)
            arguments += ["-H", "Content-Type: application/json", "--data-binary", "@" + request.path]
        }
        curl.arguments = arguments
        curl.standardInput = FileHandle.nullDevice
        curl.standardOutput = FileHandle.nullDevice
        curl.standardError = FileHandle.nullDevice
        try curl.run()
        curl.waitUntilExit()
        let data = (try? Data(contentsOf: answer)) ?? Data()
        guard curl.terminationStatus == 0,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "chromedriver \(method) \(path) answered \(String(decoding: data, as: UTF8.self)) (curl \(curl.terminationStatus))")
        }
        if let value = object["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(error): \(value["message"] ?? "")")
        }
        return object
    }
}
