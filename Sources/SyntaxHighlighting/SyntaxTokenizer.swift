public import RunwayText
import Foundation
import Synchronization

/// A token of highlighted code: its category (`nil` for plain code) and its length in UTF-8 bytes.
public struct SyntaxToken: Hashable, Sendable {
    /// What the token is, or `nil` for plain code.
    public var category: SyntaxCategory?
    /// How many UTF-8 bytes of the code it covers.
    public var length: Int

    /// A token of `length` bytes.
    public init(_ category: SyntaxCategory?, length: Int) {
        self.category = category
        self.length = length
    }

    /// Whether `tokens` cover `code` exactly, each ending between two Unicode scalars (never inside
    /// a character's UTF-8 bytes): what a tokenizer's answer and a cache file's entry must be.
    static func fit(_ tokens: [SyntaxToken], code: String) -> Bool {
        var code = code
        return code.withUTF8 { utf8 in
            var end = 0
            for token in tokens {
                end += token.length
                guard token.length > 0, end <= utf8.count else { return false }
                if end < utf8.count && utf8[end] & 0xC0 == 0x80 { return false }
            }
            return end == utf8.count
        }
    }
}

/// Pygments (Debian's `python3-pygments`, 500+ languages) as Runway's tokenizer: long-lived
/// `python3` processes, started when the first block needs one, at most one per processor, each
/// used by one thread at a time.
///
/// The interpreter is `$RUNWAY_PYTHON` (a path, or a name looked up on the `PATH`), else Debian's
/// `/usr/bin/python3`, else `python3` on the `PATH`. When it or Pygments is missing, ``tokens(language:code:)`` says so (``Outcome/unavailable(_:)``)
/// and code stays plain.
public final class PygmentsTokenizer: Sendable {
    private let python: String?
    /// Milliseconds a request may wait for each step of its answer, before 1 ms per 100 bytes of code.
    private let timeout: Int
    /// A slot per worker there may be, one per processor: a request holds one while it runs.
    let slots: DispatchSemaphore
    /// How many workers may run at once: one per processor.
    let workerLimit: Int
    private struct State {
        var idle: [PygmentsWorker] = []
        /// Why Pygments cannot run, once a start failed.
        var unavailable: String?
        /// The start failed at once (a missing interpreter or module), not after waiting: trying
        /// again costs little (``retryStart()``).
        var failedAtOnce = false
        var version: String?
        var requests = 0
        /// Workers that failed (stopped, or did not answer) since a request last succeeded.
        var brokenInARow = 0
        /// ``stop()`` was called: no request is answered any more.
        var stopped = false
        /// This build's seconds on slow blocks (each ``slowBlock`` or more) and on blocks that
        /// timed out (their timeout), since ``beginBuild()``.
        var slowSeconds = 0.0
        /// Why the tokenizer gave up for this build (its slow blocks took ``buildBudget``).
        var gaveUp: String?
        /// The slow blocks' times, until the highlighter tells of them (``takeSlowness(of:)``).
        var slow: [TokenCache.Key: Double] = [:]
    }
    /// A block that takes this many seconds or more is slow: it is named in a warning, and its
    /// time counts against the build's budget.
    let slowBlock: Double
    /// The most seconds a build spends on slow blocks (and blocks that time out): then the
    /// tokenizer gives up for the rest of the build, and its other blocks stay plain. Pygments'
    /// `c` lexer takes a time that grows with the square of a run of spaces (16,000: 29 s), and
    /// one page of such blocks between good ones held a build 65–71 s, the good ones resetting
    /// the count of failures in a row.
    public let buildBudget: Double
    /// After this many workers in a row fail, the tokenizer counts as unavailable: an interpreter
    /// that starts but never answers costs a build seconds, not seconds per block.
    static let brokenWorkersTolerated = 3
    private let state = Mutex(State())
    /// Raised by ``stop()``: every worker's wait ends at once.
    private let stopPipe = StopPipe()
    /// Blocks longer than this many bytes stay plain.
    public static let maximumLength = 1 << 20

    /// A tokenizer running `python` (by default as the type's documentation says), giving each
    /// request `timeout` (and 1 ms per 100 bytes of code) to be read and answered, and each build
    /// `buildBudget` seconds for blocks that take `slowBlock` seconds or more.
    public init(python: String? = PygmentsTokenizer.defaultPython(), timeout: Duration = .seconds(10), slowBlock: Double = 1, buildBudget: Double = 10) {
        self.python = python
        self.slowBlock = slowBlock
        self.buildBudget = buildBudget
        self.timeout = Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        workerLimit = max(1, ProcessInfo.processInfo.activeProcessorCount)
        slots = DispatchSemaphore(value: workerLimit)
    }

    /// `$RUNWAY_PYTHON` (a name without a `/`, such as `python3.11`, looked up on the `PATH` as a
    /// shell does), `/usr/bin/python3`, or `python3` on the `PATH`; `nil` when none is found.
    public static func defaultPython() -> String? {
        defaultPython(environment: ProcessInfo.processInfo.environment)
    }

    /// ``defaultPython()`` in `environment` (its `RUNWAY_PYTHON` and `PATH`).
    public static func defaultPython(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? ""
        if let chosen = environment["RUNWAY_PYTHON"], !chosen.isEmpty {
            return chosen.contains("/") ? chosen : find(chosen, on: path) ?? chosen
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") { return "/usr/bin/python3" }
        return find("python3", on: path)
    }

    /// The first executable file named `name` in the folders of `path` (`PATH`'s form).
    private static func find(_ name: String, on path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let file = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: String(file)) { return String(file) }
        }
        return nil
    }

    /// What a request gives.
    public enum Outcome: Sendable {
        /// The block's tokens, covering all of its bytes.
        case tokens([SyntaxToken])
        /// The language is not one Pygments knows: the block stays plain.
        case unknownLanguage
        /// The tokenizer cannot run (the reason in words): the block stays plain.
        case unavailable(String)
        /// This block could not be tokenized (too long, or Pygments failed on it): it stays plain.
        case failed(String)
        /// The tokenizer broke on this block (its worker stopped, or did not answer in time): it
        /// stays plain, and the next build tries it again.
        case interrupted(String)
    }

    /// The tokens of `code` in `language` (a fence's language hint).
    public func tokens(language: String, code: String) -> Outcome {
        guard let python else { return .unavailable(Self.noPython) }
        guard code.utf8.count <= Self.maximumLength else { return Self.tooLong }
        guard !isStopped else { return Self.stopped }
        if let reason = gaveUp { return .unavailable(reason) }
        // Waits while every worker there may be is busy; then takes an idle one, or starts one.
        slots.wait()
        defer { slots.signal() }
        counted()
        let worker: PygmentsWorker
        switch checkOut(python: python) {
        case .worker(let found): worker = found
        case .unavailable(let reason): return .unavailable(reason)
        case .stopped: return Self.stopped
        }
        do throws(PygmentsWorker.Failure) {
            let answer = try worker.tokens(language: language, code: code, timeout: timeout(for: code))
            checkIn(worker)
            spent(answer.seconds, language: language, code: code)
            return Self.outcome(of: answer, code: code)
        } catch {
            if error.waited { spent(Double(timeout(for: code)) / 1000, language: language, code: code, timedOut: true) }
            return failed(worker, error)
        }
    }

    /// A new build begins: its budget for slow blocks is whole again.
    public func beginBuild() {
        state.withLock { state in
            state.slowSeconds = 0
            state.gaveUp = nil
        }
    }

    /// Why the tokenizer gave up for this build, if it did.
    var gaveUp: String? { state.withLock { $0.gaveUp } }

    /// Counts `seconds` of the build on a block, when they make it slow (or it timed out): a slow
    /// block is kept to be named, and once the build's budget is spent the tokenizer gives up.
    func spent(_ seconds: Double, language: String, code: String, timedOut: Bool = false) {
        guard seconds >= slowBlock || timedOut else { return }
        let key = TokenCache.key(language: language.lowercased(), code: code)
        state.withLock { state in
            if !timedOut { state.slow[key] = seconds }
            state.slowSeconds += seconds
            if state.gaveUp == nil && state.slowSeconds >= buildBudget {
                state.gaveUp = "highlighting gave up for this build: its slow code blocks took \(Self.seconds(state.slowSeconds)) s "
                    + "(at most \(Self.seconds(buildBudget)) s a build; the warnings of slow blocks say which), and the next build tries again"
            }
        }
    }

    /// Seconds in words, to a tenth.
    static func seconds(_ value: Double) -> String {
        "\(Double(Int(value * 10)) / 10)"
    }

    /// The seconds Pygments took on the block of `key`, when it was slow; told once.
    func takeSlowness(of key: TokenCache.Key) -> Double? {
        state.withLock { $0.slow.removeValue(forKey: key) }
    }

    static let noPython = "no python3 was found (install python3-pygments, or set RUNWAY_PYTHON)"
    static let tooLong = Outcome.failed("the block is longer than \(maximumLength / 1024) KiB")
    static let stopped = Outcome.interrupted(PygmentsWorker.stoppedReason)

    /// Stops for good (the build was stopped: Ctrl-C): requests waiting for a worker's answer, or
    /// for a worker to start, end at once, as do the streams' (their blocks are answered
    /// ``Outcome/interrupted(_:)``), and later requests are not sent. Without it, a stopped build
    /// waited out Pygments' timeouts (10 s a block) before it could end.
    public func stop() {
        state.withLock { $0.stopped = true }
        stopPipe.raise()
    }

    /// Whether ``stop()`` was called.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Seconds enough for any block Pygments handles well, and a bound on any it does not.
    func timeout(for code: String) -> Int32 {
        Int32(clamping: timeout + code.utf8.count / 100)
    }

    enum CheckOut {
        case worker(PygmentsWorker)
        case unavailable(String)
        /// ``stop()`` was called, before or while a worker started.
        case stopped
    }

    /// An idle worker, or a new one; or why none can run. The caller holds a slot.
    func checkOut(python: String) -> CheckOut {
        let found: (worker: PygmentsWorker?, unavailable: String?, stopped: Bool) = state.withLock { state in
            (state.unavailable == nil && !state.stopped ? state.idle.popLast() : nil, state.unavailable, state.stopped)
        }
        if found.stopped { return .stopped }
        if let unavailable = found.unavailable { return .unavailable(unavailable) }
        if let idle = found.worker { return .worker(idle) }
        do throws(PygmentsWorker.Failure) {
            let worker = try PygmentsWorker(python: python, stopPipe: stopPipe.descriptor)
            state.withLock { $0.version = worker.version }
            return .worker(worker)
        } catch {
            if error.stopped { return .stopped }
            let reason = "\(error.description) (install python3-pygments, or set RUNWAY_PYTHON)"
            state.withLock {
                $0.unavailable = reason
                $0.failedAtOnce = !error.waited
            }
            return .unavailable(reason)
        }
    }

    /// For `serve` and `watch`, before a rebuild: when Pygments could not start and said so at
    /// once (a missing interpreter or module), starts a worker again, so that a Pygments
    /// installed since is used. True when it starts now; then the pages whose code waited for it
    /// are read again by the rebuild. A start that waited in vain, or workers that broke, are
    /// not tried again: each try would cost seconds.
    public func retryStart() -> Bool {
        guard let python, state.withLock({ $0.unavailable != nil && $0.failedAtOnce && !$0.stopped }) else { return false }
        slots.wait()
        defer { slots.signal() }
        state.withLock {
            $0.unavailable = nil
            $0.failedAtOnce = false
        }
        switch checkOut(python: python) {
        case .worker(let worker):
            checkIn(worker)
            return true
        case .unavailable, .stopped:
            return false
        }
    }

    /// Gives back a worker that answered.
    func checkIn(_ worker: PygmentsWorker) {
        state.withLock {
            $0.idle.append(worker)
            $0.brokenInARow = 0
        }
    }

    /// What a request whose worker failed gives: the worker is given back when only Pygments
    /// failed on the block; else it is not reused (the next request starts another) and counts
    /// as broken, and after too many in a row the tokenizer counts as unavailable.
    func failed(_ worker: PygmentsWorker, _ error: PygmentsWorker.Failure) -> Outcome {
        if error.stopped {
            worker.abandon()
            return Self.stopped
        }
        if !error.brokenWorker {
            state.withLock { $0.idle.append(worker) }
            return .failed(error.description)
        }
        worker.abandon()
        let unavailable: String? = state.withLock { state in
            state.brokenInARow += 1
            if state.unavailable == nil && state.brokenInARow >= Self.brokenWorkersTolerated {
                state.unavailable = "Pygments failed \(state.brokenInARow) times in a row (\(error.description))"
            }
            return state.unavailable
        }
        return unavailable.map { .unavailable($0) } ?? .interrupted(error.description)
    }

    /// A worker's answer to a request for `code`.
    static func outcome(of answer: PygmentsWorker.Answer, code: String) -> Outcome {
        guard let tokens = answer.tokens else { return .unknownLanguage }
        guard SyntaxToken.fit(tokens, code: code) else {
            return .failed("Pygments' tokens do not cover the block, or cut a character in two")
        }
        return .tokens(tokens)
    }

    /// Counts a request, for ``requestCount``.
    func counted() { state.withLock { $0.requests += 1 } }

    /// A new ``Stream`` of requests to this tokenizer.
    public func stream() -> Stream { Stream(tokenizer: self, python: python) }

    /// Pygments' version, once a worker has started.
    public var version: String? { state.withLock { $0.version } }

    /// Whether this tokenizer already found that it cannot run (no Python, no Pygments): a
    /// rebuild in the same process need not read again the pages it left plain.
    public var isKnownUnavailable: Bool { python == nil || state.withLock { $0.unavailable != nil } }

    /// How many blocks were asked for, so far: what a rebuild from cached tokens keeps at zero.
    public var requestCount: Int { state.withLock { $0.requests } }
}
