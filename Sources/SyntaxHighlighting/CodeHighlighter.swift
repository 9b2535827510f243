public import RunwayText
import Dispatch
import Synchronization

/// Highlights the fenced code blocks of attributed text: each block with a language hint is
/// tokenized (through the ``TokenCache``, else the ``PygmentsTokenizer``), and its text cut into
/// runs carrying the `syntax` attribute (``SyntaxKey``) of their token. Everything else is left as
/// it is; a block in a language the tokenizer does not know stays plain, without a word.
public final class CodeHighlighter: Sendable {
    /// The tokenizer, for blocks the cache does not hold.
    public let tokenizer: PygmentsTokenizer
    /// The tokens of blocks highlighted before.
    public let cache: TokenCache
    /// The blocks the tokenizer broke on, and why.
    private let interrupted = Mutex([TokenCache.Key: String]())
    /// The blocks a ``Prefetch`` sent and whose answer has not come back.
    private let inFlight = Mutex([TokenCache.Key: Ticket]())

    /// Hints that mean "no language": their blocks are not sent to the tokenizer.
    static let plainHints: Set<String> = ["text", "txt", "plain", "plaintext", "none", "nohighlight", "output"]

    /// The process's highlighter: one tokenizer and one cache for every build it runs (`serve`
    /// rebuilds with the tokens of the builds before).
    public static let shared = CodeHighlighter()

    /// A highlighter over `tokenizer` and `cache`.
    public init(tokenizer: PygmentsTokenizer = PygmentsTokenizer(), cache: TokenCache = TokenCache()) {
        self.tokenizer = tokenizer
        self.cache = cache
    }

    /// A block left plain for a reason worth telling: where it starts in the source, and why.
    public struct Problem: Hashable, Sendable {
        /// Where the block's text starts, when the text was parsed.
        public var position: SourcePosition?
        /// Why, in words.
        public var reason: String
        /// True when the tokenizer cannot run at all (a build says it once), false when only this
        /// block failed.
        public var tokenizerUnavailable: Bool
        /// True when a later build should try the block again: the tokenizer is missing, or broke
        /// on it (a worker stopped, or took too long, perhaps only because the machine was busy).
        public var retry: Bool
        /// True when the block is highlighted, but Pygments took long on it (`reason` says how long).
        public var slow = false

        static let unavailablePrefix = "code is not highlighted: "

        /// The warning, in words.
        public var message: String {
            slow ? "highlighting this code block took " + reason
                : tokenizerUnavailable ? Self.unavailablePrefix + reason : "this code block is not highlighted: " + reason
        }
    }

    /// The warnings that the tokenizer is missing cut to one, the first by place, telling how many
    /// more blocks it concerns, and then `hint` (what to do about it), if given: a build says it
    /// once.
    public static func collapsingUnavailable(_ diagnostics: [Diagnostic], hint: String? = nil) -> [Diagnostic] {
        let missing = diagnostics.filter { $0.message.hasPrefix(Problem.unavailablePrefix) }
        guard missing.count > 1 || (hint != nil && !missing.isEmpty),
              var first = missing.min(by: { ($0.path, $0.position?.line ?? 0) < ($1.path, $1.position?.line ?? 0) }) else {
            return diagnostics
        }
        if missing.count > 1 { first.message += " (and \(missing.count - 1) more code block\(missing.count == 2 ? "" : "s"))" }
        if let hint { first.message += "; " + hint }
        var kept = diagnostics.filter { !$0.message.hasPrefix(Problem.unavailablePrefix) }
        kept.append(first)
        return kept
    }

    /// The text with its code blocks highlighted, and the blocks left plain for a reason.
    public func highlight(_ text: AttributedText) -> (text: AttributedText, problems: [Problem]) {
        let runs = text.runs
        let blocks = Self.codeBlocks(runs)
        guard !blocks.isEmpty else { return (text, []) }
        var builder = AttributedText.Builder(reservingCapacity: text.string.utf8.count, runCount: runs.count * 4)
        var problems: [Problem] = []
        var string = text.string
        string.withUTF8 { utf8 in
        var index = 0
        for (block, language) in blocks {
            Self.append(runs[index..<block.lowerBound], utf8: utf8, tokens: [], to: &builder)
            var blockTokens: [SyntaxToken]?
            let position = runs[block.lowerBound].sourceRange?.start
            let code = Self.code(of: runs[block], utf8: utf8)
            defer {
                // A block Pygments was slow on (its tokens are kept: the next build does not wait again).
                if let seconds = tokenizer.takeSlowness(of: TokenCache.key(language: language.lowercased(), code: code)) {
                    problems.append(Problem(position: position, reason: "\(PygmentsTokenizer.seconds(seconds)) s: Pygments' '\(language.lowercased())' lexer is slow on this code "
                                            + "(a build spends at most \(PygmentsTokenizer.seconds(tokenizer.buildBudget)) s on slow blocks)",
                                            tokenizerUnavailable: false, retry: false, slow: true))
                }
            }
            switch tokens(language: language, code: code) {
            case .tokens(let found): blockTokens = found
            case .unknownLanguage: blockTokens = nil
            case .unavailable(let reason):
                problems.append(Problem(position: position, reason: reason, tokenizerUnavailable: true, retry: true))
            case .failed(let reason):
                problems.append(Problem(position: position, reason: reason, tokenizerUnavailable: false, retry: false))
            case .interrupted(let reason):
                problems.append(Problem(position: position, reason: reason, tokenizerUnavailable: false, retry: true))
            }
            Self.append(runs[block], utf8: utf8, tokens: blockTokens ?? [], to: &builder)
            index = block.upperBound
        }
        Self.append(runs[index...], utf8: utf8, tokens: [], to: &builder)
        }
        return (builder.build(), problems)
    }

    /// Whether `text` has a fenced block with a language hint that names one: code this
    /// highlighter tokenizes.
    public static func hasCode(_ text: AttributedText) -> Bool {
        text.runs.contains { hint(of: $0) != nil }
    }

    /// The runs of each fenced block with a language hint, and the hint.
    private static func codeBlocks(_ runs: [AttributedText.Run]) -> [(runs: Range<Int>, language: String)] {
        var blocks: [(runs: Range<Int>, language: String)] = []
        var index = 0
        while index < runs.count {
            guard let (language, block) = hint(of: runs[index]) else {
                index += 1
                continue
            }
            // Consecutive runs of one code block.
            var end = index + 1
            while end < runs.count, let (_, next) = hint(of: runs[end]), next == block { end += 1 }
            blocks.append((index..<end, language))
            index = end
        }
        return blocks
    }

    private static func code(of runs: ArraySlice<AttributedText.Run>, utf8: UnsafeBufferPointer<UInt8>) -> String {
        guard let first = runs.first, let last = runs.last else { return "" }
        return String(decoding: utf8[first.range.lowerBound..<last.range.upperBound], as: UTF8.self)
    }

    /// Blocks sent ahead of their highlighting, through streams to the tokenizer:
    /// see ``prefetching(_:)``.
    public final class Prefetch: Sendable {
        let highlighter: CodeHighlighter
        /// A stream per two processors, each given every so many blocks. A build renders the
        /// pages with code last, so Pygments has most of the build to answer, on processors the
        /// build keeps busy; workers side by side slow each other down (two lexing the same code
        /// took 0.71 s each, one alone 0.55 s). On two processors, builds with one stream and with
        /// two took the same time (twelve of each, interleaved).
        let streams: [PygmentsTokenizer.Stream]
        private let next = Atomic(0)

        init(highlighter: CodeHighlighter) {
            self.highlighter = highlighter
            streams = (0..<max(1, highlighter.tokenizer.workerLimit / 2)).map { _ in highlighter.tokenizer.stream() }
        }

        /// Sends the blocks of `text` that the cache does not hold (nor a stream already has),
        /// and says how many of its blocks wait for a stream's answer: those it sent, and those
        /// another page sent that are not answered yet (highlighting the page now would wait for
        /// them: a block shared by many pages kept the build's threads waiting on Pygments).
        @discardableResult
        public func add(_ text: AttributedText) -> Int {
            let runs = text.runs
            var string = text.string
            return string.withUTF8 { utf8 in
                var sent = 0
                for (block, language) in CodeHighlighter.codeBlocks(runs) {
                    let language = language.lowercased(), code = CodeHighlighter.code(of: runs[block], utf8: utf8)
                    // Names no lexer could have, and blocks too long, are left to `highlight`.
                    guard PygmentsTokenizer.Stream.takes(language: language, code: code) else { continue }
                    let key = TokenCache.key(language: language, code: code)
                    guard highlighter.cache.tokens(for: key) == nil, highlighter.interrupted.withLock({ $0[key] }) == nil else { continue }
                    let ticket: Ticket? = highlighter.inFlight.withLock { inFlight in
                        guard inFlight[key] == nil else { return nil }
                        let ticket = Ticket()
                        inFlight[key] = ticket
                        return ticket
                    }
                    sent += 1
                    guard let ticket else { continue }
                    let stream = streams[next.add(1, ordering: .relaxed).oldValue % streams.count]
                    stream.add(language: language, code: code) { [highlighter] outcome in
                        if let outcome { highlighter.keep(outcome, for: key) }
                        highlighter.inFlight.withLock { _ = $0.removeValue(forKey: key) }
                        ticket.resolve(outcome)
                    }
                }
                return sent
            }
        }
    }

    /// Runs `body` with a ``Prefetch``: blocks it is given are tokenized in the background, and
    /// ``highlight(_:)`` finds their tokens ready, or waits for them, instead of asking the
    /// tokenizer block by block. The streams' workers go back to the tokenizer once the blocks
    /// are answered.
    public func prefetching<Result>(_ body: (Prefetch) throws -> Result) rethrows -> Result {
        let prefetch = Prefetch(highlighter: self)
        defer { for stream in prefetch.streams { stream.close() } }
        return try body(prefetch)
    }

    /// A block's answer from a stream, which the threads highlighting its pages wait for.
    final class Ticket: Sendable {
        private let group = DispatchGroup()
        private let outcome = Mutex<PygmentsTokenizer.Outcome??>(nil)

        init() { group.enter() }

        func resolve(_ outcome: PygmentsTokenizer.Outcome?) {
            self.outcome.withLock { $0 = .some(outcome) }
            group.leave()
        }

        /// The block's outcome, `nil` when the stream did not try it.
        func wait() -> PygmentsTokenizer.Outcome? {
            group.wait()
            return outcome.withLock { $0 ?? nil }
        }
    }

    /// The tokens of one block, from the cache or the tokenizer (and then kept).
    public func tokens(language: String, code: String) -> PygmentsTokenizer.Outcome {
        let language = language.lowercased()
        let key = TokenCache.key(language: language, code: code)
        // A block a stream has: its answer, unless the stream did not try it. (Asked before the
        // cache, which the stream fills before it lets the block go.)
        if let ticket = inFlight.withLock({ $0[key] }), let outcome = ticket.wait() { return outcome }
        // A cache file's tokens are checked as the tokenizer's are: one edited by hand may cut a
        // character in two, and is then taken as missing.
        if let known = cache.tokens(for: key), known.isEmpty || SyntaxToken.fit(known, code: code) {
            return known.isEmpty ? .unknownLanguage : .tokens(known)
        }
        // A block the tokenizer broke on is not sent again by this process (`serve` rebuilding the
        // page): the next `runway build` tries it.
        if let reason = interrupted.withLock({ $0[key] }) { return .interrupted(reason) }
        let outcome = tokenizer.tokens(language: language, code: code)
        keep(outcome, for: key)
        return outcome
    }

    /// Keeps what the tokenizer said of a block: its tokens, that its language is unknown, or
    /// that it broke on it.
    private func keep(_ outcome: PygmentsTokenizer.Outcome, for key: TokenCache.Key) {
        switch outcome {
        case .tokens(let found): cache.store(found, for: key)
        case .unknownLanguage: cache.store([], for: key)
        case .interrupted(let reason): interrupted.withLock { $0[key] = reason }
        case .unavailable, .failed: break
        }
    }

    /// A run's language and code block, when it is text of a fenced block with a language hint
    /// that names one.
    private static func hint(of run: AttributedText.Run) -> (String, PresentationIntent.Component)? {
        guard let block = run.attributes.presentationIntent?.innermost, case .codeBlock(let hint?, _) = block.kind,
              !hint.isEmpty, !plainHints.contains(hint.lowercased()) else { return nil }
        return (hint, block)
    }

    /// The runs of one block cut at the tokens' ends, each piece with its token's `syntax`.
    private static func append(_ runs: ArraySlice<AttributedText.Run>, utf8: UnsafeBufferPointer<UInt8>, tokens: [SyntaxToken],
                               to builder: inout AttributedText.Builder) {
        guard let first = tokens.first, let start = runs.first?.range.lowerBound else {
            for run in runs {
                builder.append(bytes: UnsafeBufferPointer(rebasing: utf8[run.range]), attributes: run.attributes, sourceRange: run.sourceRange)
            }
            return
        }
        var tokenIndex = 0
        var tokenEnd = start + first.length
        for run in runs {
            var start = run.range.lowerBound
            if run.range.isEmpty {
                builder.append(bytes: UnsafeBufferPointer(rebasing: utf8[run.range]), attributes: run.attributes, sourceRange: run.sourceRange)
                continue
            }
            // One container per category for the run's tokens, sharing their storage.
            var containers: [SyntaxCategory?: AttributeContainer] = [:]
            while start < run.range.upperBound {
                let end = min(tokenEnd, run.range.upperBound)
                let category = tokens[tokenIndex].category
                let attributes = containers[category] ?? {
                    var attributes = run.attributes
                    attributes[SyntaxKey.self] = category
                    containers[category] = attributes
                    return attributes
                }()
                builder.append(bytes: UnsafeBufferPointer(rebasing: utf8[start..<end]), attributes: attributes, sourceRange: run.sourceRange)
                start = end
                if end == tokenEnd, tokenIndex + 1 < tokens.count {
                    tokenIndex += 1
                    tokenEnd += tokens[tokenIndex].length
                }
            }
        }
    }
}
