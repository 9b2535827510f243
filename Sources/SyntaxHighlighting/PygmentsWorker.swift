import Foundation
import RunwayText

/// One Pygments process: requests go in and answers come out over a socket pair (so that writing
/// to a worker that died is an error, not a `SIGPIPE`), one line each. Used by one thread at a
/// time: the tokenizer hands an idle worker to one request, under its lock.
final class PygmentsWorker: @unchecked Sendable {
    private let process: Process
    private let socket: Int32
    /// A ``StopPipe``'s end: when it is ready, every wait of this worker ends at once.
    private let stopPipe: Int32
    private var buffer: [UInt8] = []
    /// The category of each token type this worker has named (``PygmentsTokenTypes``), by the
    /// type's bytes: its answers hold hundreds of thousands of tokens of a few dozen types.
    private var categories: [ArraySlice<UInt8>: SyntaxCategory?] = [:]
    /// Pygments' version, said on the worker's first line.
    let version: String

    /// What went wrong with a worker: it could not start, Pygments is missing, or it stopped answering.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// False when Pygments only failed on this block (it answered `E`): the worker is sound.
        var brokenWorker = true
        /// The worker was waited for in vain (it did not answer in time), rather than failing.
        var waited = false
        /// The wait was ended by a ``StopPipe``: the build was stopped, not the worker broken.
        var stopped = false
    }

    /// Starts `python -I -c <script>` and reads its first line; any wait ends at once when
    /// `stopPipe` (a ``StopPipe``'s end, or -1) is ready.
    init(python: String, stopPipe: Int32 = -1) throws(Failure) {
        self.stopPipe = stopPipe
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            throw Failure(description: "cannot make a socket pair for Pygments (errno \(errno))")
        }
        let child = FileHandle(fileDescriptor: sockets[1], closeOnDealloc: false)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-I", "-c", PygmentsScript.source]
        process.environment = Self.environment
        process.standardInput = child
        process.standardOutput = child
        process.standardError = FileHandle.nullDevice
        socket = sockets[0]
        do {
            try process.run()
        } catch {
            close(sockets[0])
            close(sockets[1])
            throw Failure(description: "cannot run \(python) (\(error.localizedDescription))")
        }
        close(sockets[1])
        buffer = []
        let first: [UInt8]
        do throws(Failure) {
            first = try Self.readLine(socket: sockets[0], stop: stopPipe, buffer: &buffer, timeout: 30_000, limit: 1 << 20)
        } catch {
            Self.stop(process, socket: sockets[0])
            if error.stopped { throw error }
            throw Failure(description: "\(python) did not start Pygments", waited: error.waited)
        }
        guard let answer = try? JSONSerialization.jsonObject(with: Data(first)) as? [String: Any] else {
            Self.stop(process, socket: sockets[0])
            throw Failure(description: "\(python) did not start Pygments")
        }
        guard let version = answer["version"] as? String else {
            Self.stop(process, socket: sockets[0])
            throw Failure(description: (answer["error"] as? String).map(Self.oneLine) ?? "\(python) did not start Pygments")
        }
        self.version = version
    }

    deinit { Self.stop(process, socket: socket) }

    /// The workers' environment: this process's, with jemalloc (Debian's `libjemalloc2`) preloaded
    /// when it is installed. Each regular expression Pygments tries allocates a match stack of
    /// about a kilobyte, too large for glibc's per-thread cache; jemalloc serves it from its own,
    /// and a worker runs 15 % fewer instructions (callgrind, on the bench corpus's code).
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        if let jemalloc = jemallocPath {
            environment["LD_PRELOAD"] = [jemalloc, environment["LD_PRELOAD"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        return environment
    }()

    /// Debian's jemalloc, in its multiarch folder (`/usr/lib/x86_64-linux-gnu`…), when installed.
    static let jemallocPath: String? = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        return folders.filter { $0.hasSuffix("-linux-gnu") }.sorted()
            .map { "/usr/lib/\($0)/libjemalloc.so.2" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }()

    /// Closes the socket (an idle worker then reads the end of its input and exits) and kills the
    /// process: one that failed may be deep in a regular expression, and workers inherit Runway's
    /// blocked signals, so `SIGTERM` would not stop it.
    private static func stop(_ process: Process, socket: Int32) {
        close(socket)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Whether `language` can name a lexer in a request: a fence's first word of letters, digits and
    /// `+ - _ . #` (`c++`, `objective-c`, `f#`), at most 64 of them. Anything else (control
    /// characters, which Python splits on and Swift does not) names no lexer.
    static func isLanguageName(_ language: String) -> Bool {
        !language.isEmpty && language.utf8.count <= 64
            && language.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-_.#".unicodeScalars.contains($0)) }
    }

    /// `text` on one line of printable characters: what a worker says may hold newlines and escapes.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            .split(separator: " ").joined(separator: " ")
    }

    /// What a worker answered of a block: its tokens (`nil` for a language Pygments does not
    /// know), and how long Pygments took to lex it.
    struct Answer {
        var tokens: [SyntaxToken]?
        var seconds: Double = 0
    }

    /// The answer to one request: Pygments' tokens, `nil` for a language it does not know.
    /// Throws when the worker dies or does not answer within `timeout` milliseconds; the worker is
    /// of no use after that.
    func tokens(language: String, code: String, timeout: Int32) throws(Failure) -> Answer {
        guard Self.isLanguageName(language) else { return Answer(tokens: nil) }
        try write(language: language, code: code, timeout: timeout)
        return try answer(timeout: timeout)
    }

    /// Sends one request (a plain `language` name, see ``isLanguageName(_:)``), waiting at most
    /// `timeout` milliseconds for room at each write: a worker that stopped reading (a broken
    /// interpreter) must not hold the build for ever. Its answer is read by ``answer(timeout:)``,
    /// after the answers to the requests sent before it.
    func write(language: String, code: String, timeout: Int32) throws(Failure) {
        var bytes = Array("\(language) \(code.utf8.count)\n".utf8)
        bytes.append(contentsOf: code.utf8)
        var written = 0
        while written < bytes.count {
            let ready = try Self.wait(for: socket, Int16(POLLOUT), stop: stopPipe, milliseconds: timeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw Failure(description: "Pygments did not read the block in \(PygmentsTokenizer.seconds(Double(timeout) / 1000)) s") }
            let count = bytes[written...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            guard count > 0 else { throw Failure(description: "Pygments stopped") }
            written += count
        }
    }

    /// The answer to the oldest request not yet answered: its tokens, `nil` for a language
    /// Pygments does not know. Throws when the worker dies or says nothing for `timeout`
    /// milliseconds (the worker is then of no use), or when Pygments failed on the block.
    func answer(timeout: Int32) throws(Failure) -> Answer {
        try Self.parse(Self.readLine(socket: socket, stop: stopPipe, buffer: &buffer, timeout: timeout), categories: &categories)
    }

    /// Stops the worker at once: a request waiting for its answer, or a write waiting for room,
    /// then fails.
    func abandon() {
        shutdown(socket, Int32(SHUT_RDWR))
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// `T microseconds type length …`, `N`, or `E why` (see ``PygmentsScript``): the tokens, each
    /// type's category looked up in `categories` (and added to it when new), `nil` for a language
    /// Pygments does not know, and the time it took. Read in one pass: no word is copied but a
    /// type's first appearance.
    static func parse(_ line: [UInt8], categories: inout [ArraySlice<UInt8>: SyntaxCategory?]) throws(Failure) -> Answer {
        switch line.first {
        case UInt8(ascii: "N") where line.count == 1: return Answer(tokens: nil)
        case UInt8(ascii: "E"):
            throw Failure(description: "Pygments failed: " + oneLine(String(decoding: line.dropFirst(2), as: UTF8.self)), brokenWorker: false)
        case UInt8(ascii: "T"): break
        default: throw Failure(description: "Pygments answered something unexpected")
        }
        let space = UInt8(ascii: " ")
        var spaces = 0
        for byte in line where byte == space { spaces += 1 }
        var tokens: [SyntaxToken] = []
        tokens.reserveCapacity(spaces / 2)
        // The words after the first (`T`), spaces between them however many.
        var index = line.firstIndex(of: space) ?? line.endIndex
        func nextWord() -> ArraySlice<UInt8>? {
            while index < line.endIndex && line[index] == space { index += 1 }
            guard index < line.endIndex else { return nil }
            let start = index
            while index < line.endIndex && line[index] != space { index += 1 }
            return line[start..<index]
        }
        func number(_ digits: ArraySlice<UInt8>, _ what: String) throws(Failure) -> Int {
            var value = 0
            for digit in digits {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit), value < Int.max / 10 - 10 else {
                    throw Failure(description: "Pygments answered \(what) that is not one")
                }
                value = value * 10 + Int(digit - UInt8(ascii: "0"))
            }
            return value
        }
        guard let duration = nextWord() else { throw Failure(description: "Pygments answered without the time it took") }
        let microseconds = try number(duration, "a time")
        while let type = nextWord() {
            guard let digits = nextWord() else { throw Failure(description: "Pygments answered a token without its length") }
            let length = try number(digits, "a length")
            guard length > 0 else { throw Failure(description: "Pygments answered an empty token") }
            let category: SyntaxCategory?
            if let known = categories[type] {
                category = known
            } else {
                category = PygmentsTokenTypes.category(of: Substring(String(decoding: type, as: UTF8.self)))
                categories[ArraySlice(Array(type))] = category
            }
            tokens.append(SyntaxToken(category, length: length))
        }
        return Answer(tokens: tokens, seconds: Double(microseconds) / 1_000_000)
    }

    /// The longest answer a worker may give, in bytes: a block's tokens, at most
    /// `PygmentsTokenizer.maximumLength` of them, each a type and a length (`Punctuation 1 `).
    static let longestAnswer = 64 << 20

    /// The next line from `socket` (without its newline), within `timeout` milliseconds for the
    /// whole line and at most `limit` bytes long: a broken interpreter that trickles bytes without
    /// a newline, or floods them, held the build for ever, or filled the memory.
    private static func readLine(socket: Int32, stop: Int32, buffer: inout [UInt8], timeout: Int32, limit: Int = longestAnswer) throws(Failure) -> [UInt8] {
        var searched = 0
        let deadline = now() + Int64(timeout)
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                guard newline <= limit else { throw Failure(description: "Pygments answered more than \(limit >> 20) MB for one block") }
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            guard buffer.count <= limit else { throw Failure(description: "Pygments answered more than \(limit >> 20) MB for one block") }
            searched = buffer.count
            let left = deadline - now()
            let ready = left > 0 ? try wait(for: socket, Int16(POLLIN), stop: stop, milliseconds: Int32(min(left, Int64(Int32.max)))) : 0
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw Failure(description: "Pygments did not answer in \(PygmentsTokenizer.seconds(Double(timeout) / 1000)) s", waited: true) }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "Pygments stopped") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// `poll` of `socket` for `events`, at most `milliseconds`: 1 when ready, 0 when the time ran
    /// out, -1 on an error (`errno` says which). Throws when `stop` is ready first, or with it.
    private static func wait(for socket: Int32, _ events: Int16, stop: Int32, milliseconds: Int32) throws(Failure) -> Int32 {
        var descriptors = [pollfd(fd: socket, events: events, revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, stop >= 0 ? 2 : 1, milliseconds)
        if ready > 0 && descriptors[1].revents != 0 { throw Failure(description: stoppedReason, stopped: true) }
        return ready > 0 ? 1 : ready
    }

    /// Why a request ended early: the build was stopped.
    static let stoppedReason = "the build was stopped"

    /// Milliseconds on the monotonic clock.
    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
