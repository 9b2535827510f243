import Dispatch
import Foundation
import MarkdownParsing
import RunwayText
import Synchronization
@testable import SyntaxHighlighting
import Testing

/// A tokenizer stopped (a build's Ctrl-C) ends every wait for Pygments at once: the request
/// waiting for an answer, the one waiting for a worker to start, and a stream's, and later
/// requests send nothing. Before, a stopped build waited out Pygments' timeouts (10 s a block,
/// 30 s for a start) before it could end. Here the timeouts are an hour: only the stop ends the
/// waits.
@Suite struct TokenizerStopTests {
    /// An interpreter that says its version unless `mute`, touches `started` when it has read the
    /// first byte of a request (or, mute, when it starts), and then answers nothing, ever.
    static func silentInterpreter(mute: Bool = false) throws -> (script: String, started: String, marker: String) {
        let marker = String(100_000 + Int.random(in: 0..<899_999))
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("runway-silent-\(UUID().uuidString)").path
        let (script, started) = (base + ".sh", base + ".started")
        let body = mute ? "touch '\(started)'\n" : "echo '{\"version\": \"9.9\"}'\nhead -c 1 >/dev/null\ntouch '\(started)'\n"
        try ("#!/bin/sh\n" + body + "exec sleep \(marker)\n").write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return (script, started, marker)
    }

    /// Whether the worker whose command line holds `marker` is gone (killed), waiting a minute at most.
    static func gone(_ marker: String) throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while try CodeHighlighterTests.processes(matching: "sleep \(marker)") > 0 && ContinuousClock.now < deadline { usleep(20_000) }
        return try CodeHighlighterTests.processes(matching: "sleep \(marker)") == 0
    }

    /// Waits for `file` to exist (the interpreter got there), for at most a few minutes.
    static func waitFor(_ file: String) -> Bool {
        let deadline = ContinuousClock.now + .seconds(180)
        while access(file, F_OK) != 0 && ContinuousClock.now < deadline { usleep(5_000) }
        return access(file, F_OK) == 0
    }

    @Test(.timeLimit(.minutes(10)), arguments: [false, true])
    func aStopEndsARequestWaitingForPygments(mute: Bool) throws {
        let (script, started, marker) = try Self.silentInterpreter(mute: mute)
        defer { try? FileManager.default.removeItem(atPath: script); try? FileManager.default.removeItem(atPath: started) }
        let tokenizer = PygmentsTokenizer(python: script, timeout: .seconds(3600))
        let outcome = Mutex<PygmentsTokenizer.Outcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let answer = tokenizer.tokens(language: "swift", code: "let x = 1\n")
            outcome.withLock { $0 = answer }
            done.signal()
        }
        #expect(Self.waitFor(started), "the interpreter has the request (or is starting)")
        tokenizer.stop()
        guard done.wait(timeout: .now() + .seconds(120)) == .success else {
            Issue.record("the request did not end")
            return
        }
        guard case .interrupted(let reason)? = outcome.withLock({ $0 }) else {
            Issue.record("\(String(describing: outcome.withLock { $0 }))")
            return
        }
        #expect(reason == "the build was stopped")
        // Later requests send nothing, and start no worker.
        let before = tokenizer.requestCount
        guard case .interrupted = tokenizer.tokens(language: "swift", code: "let y = 2\n") else {
            Issue.record("a request after the stop was answered otherwise")
            return
        }
        #expect(tokenizer.requestCount == before)
        #expect(!tokenizer.isKnownUnavailable, "a stop is not the tokenizer missing")
        #expect(try Self.gone(marker), "the worker was killed, not left waiting")
    }

    /// Blocks streamed ahead (what a build does), then a stop: highlighting the pages ends at once,
    /// each block left plain with the stop as its reason, to be tried again by the next build.
    @Test(.timeLimit(.minutes(10))) func aStopEndsAStreamWaitingForPygments() throws {
        let (script, started, marker) = try Self.silentInterpreter()
        defer { try? FileManager.default.removeItem(atPath: script); try? FileManager.default.removeItem(atPath: started) }
        let highlighter = CodeHighlighter(tokenizer: PygmentsTokenizer(python: script, timeout: .seconds(3600)), cache: TokenCache())
        let texts = (0..<3).map { MarkdownParser().parse("```swift\nlet x = \($0)\n```\n") }
        let results = Mutex<[(text: AttributedText, problems: [CodeHighlighter.Problem])]>([])
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            highlighter.prefetching { prefetch in for text in texts { prefetch.add(text) } }
            let highlighted = texts.map { highlighter.highlight($0) }
            results.withLock { $0 = highlighted }
            done.signal()
        }
        #expect(Self.waitFor(started), "the stream's worker has the blocks")
        highlighter.tokenizer.stop()
        guard done.wait(timeout: .now() + .seconds(120)) == .success else {
            Issue.record("highlighting did not end")
            return
        }
        let highlighted = results.withLock { $0 }
        #expect(highlighted.count == texts.count)
        for (result, text) in zip(highlighted, texts) {
            #expect(result.text == text, "left plain")
            #expect(result.problems.map(\.reason) == ["the build was stopped"] && result.problems.allSatisfy(\.retry), "\(result.problems)")
        }
        #expect(try Self.gone(marker), "the worker was killed, not left waiting")
    }
}
