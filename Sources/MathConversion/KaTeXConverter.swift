import Foundation
import Synchronization

/// Formulas in TeX into MathML, by KaTeX (Debian's `katex`, run by `node`): one long-lived worker
/// per converter, a formula per request, each answer kept by formula. Chosen by measurement over
/// latex2mathml (`Benchmarks/math_converters.py`): it writes every formula of the set right and
/// refuses bad input with a message, at the same speed.
public final class KaTeXConverter: Sendable {
    /// What KaTeX said of a formula it refused, or why there is no worker.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// One line: KaTeX's message (`KaTeX parse error: Expected '}', got 'EOF' at end of input: \frac{a}{b`).
        public var description: String
        /// Whether KaTeX could not run at all (no `node`, no KaTeX, a worker that stopped), rather
        /// than refusing the formula: such a failure is not kept as the formula's answer.
        public var isWorkers = false
    }

    /// Where KaTeX is: Debian's `katex` package installs it there.
    public static let defaultLibrary = "/usr/share/nodejs/katex"

    private let node: String
    private let library: String
    /// How long one formula may take, in seconds: KaTeX sets a formula in well under a
    /// millisecond, and a worker that takes longer is stopped (the next formula starts another).
    private let timeout: Double
    private let state = Mutex(State())

    private struct State {
        var worker: Worker?
        var answers: [String: Result<String, Failure>] = [:]
    }

    /// A converter that runs `node` with the KaTeX at `library`, each formula given `timeout`
    /// seconds; the worker starts with the first formula.
    public init(node: String, library: String = KaTeXConverter.defaultLibrary, timeout: Double = 10) {
        self.node = node
        self.library = library
        self.timeout = timeout
    }

    /// `node` on the `PATH` (`/usr/bin/node` first), when there is one.
    public static func defaultNode() -> String? {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/node") { return "/usr/bin/node" }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            if FileManager.default.isExecutableFile(atPath: folder + "/node") { return folder + "/node" }
        }
        return nil
    }

    /// Whether KaTeX answers: a failure says what is missing.
    public func check() throws(Failure) {
        if case .failure(let failure) = convert("x", display: false), failure.isWorkers { throw failure }
    }

    /// The MathML of `tex` (with `display`, a block formula), or KaTeX's message when it refuses it.
    public func convert(_ tex: String, display: Bool) -> Result<String, Failure> {
        let key = (display ? "D" : "I") + tex
        return state.withLock { state in
            if let known = state.answers[key] { return known }
            let answer: Result<String, Failure>
            do throws(Failure) {
                if state.worker == nil { state.worker = try Worker(node: node, library: library, timeout: timeout) }
                answer = try state.worker!.convert(tex, display: display)
            } catch {
                state.worker = nil
                answer = .failure(error)
            }
            if case .failure(let failure) = answer, failure.isWorkers { return answer }
            state.answers[key] = answer
            return answer
        }
    }

    /// KaTeX's `renderToString` with MathML output, for one formula per line of JSON.
    static let program = """
        const katex = require(process.argv[1]);
        const lines = require('readline').createInterface({ input: process.stdin });
        lines.on('line', (line) => {
          const request = JSON.parse(line);
          let answer;
          try {
            answer = { mathml: katex.renderToString(request.tex, { output: 'mathml', displayMode: request.display, throwOnError: true }) };
          } catch (error) {
            answer = { error: String(error && error.message || error).split('\\n')[0] };
          }
          process.stdout.write(JSON.stringify(answer) + '\\n');
        });
        process.stdout.write('{"ready":true}\\n');
        """

    /// One `node` process and its pipes.
    private final class Worker {
        let process: Process
        let input: FileHandle
        let output: FileHandle
        var buffered: [UInt8] = []
        /// How long the worker may take to answer, in seconds.
        let timeout: Double
        /// Whether it took longer, and was stopped.
        var timedOut = false

        init(node: String, library: String, timeout: Double) throws(Failure) {
            self.timeout = timeout
            process = Process()
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = ["-e", KaTeXConverter.program, library]
            let toWorker = Pipe(), fromWorker = Pipe()
            process.standardInput = toWorker
            process.standardOutput = fromWorker
            process.standardError = FileHandle.nullDevice
            input = toWorker.fileHandleForWriting
            output = fromWorker.fileHandleForReading
            do {
                try process.run()
            } catch {
                throw Failure(description: "cannot run \(node) (\(error.localizedDescription)); install Debian's katex (apt-get install katex)",
                              isWorkers: true)
            }
            guard let ready = readLine(), ready.contains("\"ready\"") else {
                if process.isRunning { process.terminate() }
                throw Failure(description: "cannot start KaTeX: \(node) could not load \(library); install Debian's katex (apt-get install katex)",
                              isWorkers: true)
            }
        }

        deinit {
            try? input.close()
            if process.isRunning { process.terminate() }
        }

        func convert(_ tex: String, display: Bool) throws(Failure) -> Result<String, Failure> {
            struct Request: Encodable { var tex: String; var display: Bool }
            struct Answer: Decodable { var mathml: String?; var error: String? }
            guard var line = try? JSONEncoder().encode(Request(tex: tex, display: display)) else {
                return .failure(Failure(description: "the formula cannot be sent to KaTeX"))
            }
            line.append(UInt8(ascii: "\n"))
            do {
                try input.write(contentsOf: line)
            } catch {
                throw Failure(description: "cannot reach KaTeX: its worker stopped", isWorkers: true)
            }
            guard let reply = readLine(), let answer = try? JSONDecoder().decode(Answer.self, from: Data(reply.utf8)) else {
                // A formula that took too long is that formula's problem; a worker that stopped is not.
                throw timedOut ? Failure(description: "KaTeX did not answer within \(String(format: "%g", timeout)) s, and was stopped")
                    : Failure(description: "cannot reach KaTeX: its worker stopped", isWorkers: true)
            }
            if let mathml = answer.mathml { return .success(Self.unwrapped(mathml)) }
            return .failure(Failure(description: answer.error ?? "KaTeX gave no MathML"))
        }

        /// KaTeX's `<span class="katex">` taken off its `<math>`.
        static func unwrapped(_ html: String) -> String {
            let open = "<span class=\"katex\">", close = "</span>"
            guard html.hasPrefix(open), html.hasSuffix(close) else { return html }
            return String(html.dropFirst(open.count).dropLast(close.count))
        }

        /// The worker's next line, without its line break; `nil` when its output ended.
        func readLine() -> String? {
            while true {
                if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffered[..<newline], as: UTF8.self)
                    buffered.removeSubrange(...newline)
                    return line
                }
                // A worker that says nothing for `timeout` is stopped: no formula holds a build.
                var descriptor = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else {
                    timedOut = true
                    if process.isRunning { process.terminate() }
                    return nil
                }
                let data = output.availableData
                if data.isEmpty { return nil }
                buffered.append(contentsOf: data)
            }
        }
    }
}
