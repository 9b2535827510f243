public import RunwayText
import Foundation
import Synchronization

/// Pagefind (pagefind.app), the program that indexes a folder of HTML for search in the browser:
/// found once, run over a folder, its bundle (the index, its WebAssembly and the search UI) read
/// back as files for the build to publish.
public struct Pagefind: Sendable, Hashable {
    /// The command: its program, then its first arguments (`python3 -m pagefind_bin_extended`).
    public let command: [String]
    /// What it says its version is (`pagefind 1.5.2`).
    public let version: String

    /// The Pagefind to use: `configured` when `runway.toml` names one (a path, or a command on the
    /// `PATH`); else `pagefind_extended` or `pagefind` on the `PATH`; else the binary that PyPI's
    /// `pagefind-bin-extended` (with Chinese, Japanese and Thai word segmentation) or
    /// `pagefind-bin` installs for the `python3` on the `PATH`. A failure says what was looked for, for the error.
    public static func locate(_ configured: String?) -> Result<Pagefind, Failure> {
        locate(configured, environment: ProcessInfo.processInfo.environment)
    }

    /// ``locate(_:)`` in `environment` (its `PATH`).
    public static func locate(_ configured: String?, environment: [String: String]) -> Result<Pagefind, Failure> {
        let key = (configured ?? "") + "\u{0}" + (environment["PATH"] ?? "")
        if let known = found.withLock({ $0[key] }) { return known }
        let result = search(configured, environment: environment)
        // Only what was found is kept: one installed after a failure is found by the next build.
        if case .success = result { found.withLock { $0[key] = result } }
        return result
    }

    /// What `locate` found, by what it was asked: a build under `serve` looks once.
    private static let found = Mutex<[String: Result<Pagefind, Failure>]>([:])

    private static func search(_ configured: String?, environment: [String: String]) -> Result<Pagefind, Failure> {
        let path = environment["PATH"] ?? ""
        if let configured, !configured.isEmpty {
            guard let program = configured.contains("/") ? configured : find(configured, on: path),
                  FileManager.default.isExecutableFile(atPath: program) else {
                return .failure(Failure("[search] pagefind names '\(configured)', which is not a program that can be run"))
            }
            return versioned([program])
        }
        for name in ["pagefind_extended", "pagefind"] {
            if let program = find(name, on: path), case .success(let pagefind) = versioned([program]) { return .success(pagefind) }
        }
        let python = find("python3", on: path)
        for python in [python].compactMap({ $0 }) {
            for module in ["pagefind_bin_extended", "pagefind_bin"] {
                // The module's own lookup of its binary (`get_executable`), run once: the build then
                // runs the binary itself, without Python in between.
                let script = "import \(module) as p; print(p.get_executable())"
                guard let answer = try? run([python, "-I", "-c", script], timeout: 30), answer.status == 0 else { continue }
                let program = answer.output.trimmingCharacters(in: .whitespacesAndNewlines)
                if FileManager.default.isExecutableFile(atPath: program), case .success(let pagefind) = versioned([program]) {
                    return .success(pagefind)
                }
            }
        }
        return .failure(Failure("[search] is enabled, but Pagefind was not found (no pagefind_extended or pagefind on the PATH, "
            + "and no pagefind_bin_extended or pagefind_bin module for \(python ?? "python3")): install it with "
            + "`python3 -m pip install pagefind-bin-extended`, or name it in runway.toml: [search] pagefind = \"/path/to/pagefind\""))
    }

    private static func versioned(_ command: [String]) -> Result<Pagefind, Failure> {
        guard let answer = try? run(command + ["--version"], timeout: 30), answer.status == 0,
              answer.output.hasPrefix("pagefind") else {
            return .failure(Failure("\(command.joined(separator: " ")) --version did not say it is Pagefind"))
        }
        return .success(Pagefind(command: command, version: answer.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// The first executable file named `name` in the folders of `path` (`PATH`'s form).
    private static func find(_ name: String, on path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let file = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: String(file)) { return String(file) }
        }
        return nil
    }

    /// Why Pagefind cannot be used, or why it failed, in words.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong, in words.
        public var description: String
        /// Whether it failed because the build was stopped.
        public var stopped = false
        init(_ description: String, stopped: Bool = false) {
            self.description = description
            self.stopped = stopped
        }
    }

    /// One file of the bundle Pagefind wrote: its path inside the bundle (`pagefind.js`,
    /// `fragment/en_2d33e6b.pf_fragment`) and where it is now.
    public struct BundleFile: Sendable, Hashable {
        /// Relative to the bundle, with `/` between folders.
        public var path: String
        /// The file as Pagefind wrote it (or as `index` rewrote it).
        public var location: String
    }

    /// Indexes the HTML files under `site` (each page's language from its `<html lang>`, one
    /// index per language) into a bundle at `bundle` (emptied first), and lists the bundle's
    /// files, sorted. `pagefind-entry.json`, whose languages Pagefind writes in no fixed order, is
    /// rewritten with its keys sorted, so the same pages give the same bundle byte for byte.
    /// `stopped` is asked while it runs: when it says yes, Pagefind is ended and this throws.
    public func index(site: String, bundle: String, stopped: @escaping @Sendable () -> Bool = { false }) throws(Failure) -> [BundleFile] {
        try? FileManager.default.removeItem(atPath: bundle)
        let answer: (status: Int32, output: String)
        do {
            answer = try Self.run(command + ["--site", site, "--output-path", bundle, "--quiet"], timeout: nil, stopped: stopped)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("cannot run \(command.joined(separator: " ")): \(error.localizedDescription)")
        }
        guard answer.status == 0 else {
            let said = answer.output.split(whereSeparator: \.isNewline).suffix(5).joined(separator: " / ")
            throw Failure("Pagefind failed (exit status \(answer.status))" + (said.isEmpty ? "" : ": " + said))
        }
        let entry = bundle + "/pagefind-entry.json"
        if let data = FileManager.default.contents(atPath: entry),
           let object = try? JSONSerialization.jsonObject(with: data),
           let sorted = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
            guard FileManager.default.createFile(atPath: entry, contents: sorted) else { throw Failure("cannot rewrite \(entry)") }
        }
        guard let enumerator = FileManager.default.enumerator(atPath: bundle) else { throw Failure("Pagefind wrote no bundle at \(bundle)") }
        var files: [BundleFile] = []
        while let relative = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            let location = bundle + "/" + relative
            guard FileManager.default.fileExists(atPath: location, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files.append(BundleFile(path: relative, location: location))
        }
        guard files.contains(where: { $0.path == "pagefind.js" }) else { throw Failure("Pagefind wrote no pagefind.js into \(bundle)") }
        return files.sorted { $0.path < $1.path }
    }

    /// Runs `arguments` (its first the program), its output and errors read together; `timeout` in
    /// seconds, `nil` for none; ended when `stopped` says so.
    static func run(_ arguments: [String], timeout: Double?, stopped: @escaping @Sendable () -> Bool = { false }) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        // Read beside the wait, so a chatty Pagefind never fills the pipe and blocks.
        let output = Mutex(Data())
        let reading = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            output.withLock { $0 = data }
            reading.signal()
        }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if stopped() || deadline.map({ Date() > $0 }) == true {
                process.terminate()
                done.wait()
                reading.wait()
                throw Failure(stopped() ? "stopped" : "\(arguments[0]) did not finish in \(Int(timeout ?? 0)) s", stopped: stopped())
            }
        }
        reading.wait()
        return (process.terminationStatus, String(decoding: output.withLock { $0 }, as: UTF8.self))
    }
}
