import Foundation
import MarkdownParsing
import RunwayText
@testable import SyntaxHighlighting
import Testing

/// Blocks streamed to the tokenizer ahead of their highlighting (what a build does) give what
/// asking block by block gives; when the stream's worker breaks, the blocks it did not answer are
/// asked for one by one, and nothing waits for ever.
@Suite struct PrefetchTests {
    static let texts = CodeHighlighterTests.documents.map { MarkdownParser().parse($0) } + [
        // The same block on two pages is sent once.
        MarkdownParser().parse("```swift\nlet shared = 1\n```\n\n```mjs\nimport x from 'y'\n```\n"),
        MarkdownParser().parse("# Another\n\n```swift\nlet shared = 1\n```\n\n```py\u{1F}thon\nx\n```\n"),
        MarkdownParser().parse("```yml\na: [1, 2]\n```\n\n```swift\nlet y = \"z\" // end\n```\n"),
    ]

    /// Differential: the prefetched highlighting equals the block-by-block one, text and problems,
    /// and once the stream has answered, highlighting asks the tokenizer nothing more.
    @Test func prefetchedHighlightingEqualsBlockByBlock() throws {
        let single = CodeHighlighter(cache: TokenCache())
        let expected = Self.texts.map { single.highlight($0) }
        let streamed = CodeHighlighter(cache: TokenCache())
        let sent = streamed.prefetching { prefetch in Self.texts.reduce(0) { $0 + prefetch.add($1) } }
        let requests = streamed.tokenizer.requestCount
        let results = Self.texts.map { streamed.highlight($0) }
        for (result, expected) in zip(results, expected) {
            #expect(result.text == expected.text)
            #expect(result.problems == expected.problems)
        }
        // Every block with a plain language name, each once: 10 from the 11 documents (the
        // seventh's two copies once, none for indented and `text` code) and 4 from the three more
        // (the shared block once); not the control-character name, which no lexer could have.
        #expect(requests == 14, "requests \(requests)")
        // Each page says how many of its blocks wait for an answer: a copy of a block sent before
        // counts while that one is not answered (the seventh's second copy, the shared block on
        // its second page), which depends on how fast the worker is.
        #expect((14...16).contains(sent), "waiting \(sent)")
        // The one more request: the control-character name, answered without a worker.
        #expect(streamed.tokenizer.requestCount == requests + 1)
        // The stream's workers went back to the tokenizer: a later block uses one of them.
        #expect(Self.hasTokens(streamed.tokens(language: "swift", code: "let after = 1\n")))
    }

    /// Differential, on a stream long enough that the worker answers in batches (it holds answers
    /// while more requests wait, up to 64): 300 pages, each block in its own language of six
    /// (names, file extensions, one no lexer has), highlight as they do block by block.
    @Test func aLongStreamEqualsBlockByBlock() throws {
        let languages = ["swift", "mjs", "python", "yml", "nosuchlanguage", "cjs"]
        let texts = (0..<300).map { index in
            let language = languages[index % languages.count]
            let code = language == "yml" ? "value\(index): [\(index), 2] # \(index)" : "let value\(index) = \"\(index)\" // \(index)"
            return MarkdownParser().parse("Page \(index)\n\n```\(language)\n\(code)\n```\n")
        }
        let single = CodeHighlighter(cache: TokenCache())
        let expected = texts.map { single.highlight($0) }
        let streamed = CodeHighlighter(cache: TokenCache())
        streamed.prefetching { prefetch in for text in texts { prefetch.add(text) } }
        let results = texts.map { streamed.highlight($0) }
        for (index, (result, expected)) in zip(results, expected).enumerated() {
            #expect(result.text == expected.text, "page \(index)")
            #expect(result.problems == expected.problems, "page \(index)")
        }
        // Every block but the unknown language's got tokens.
        let highlighted = results.count { $0.text.runs.contains { $0.attributes.syntax != nil } }
        #expect(highlighted == 250, "\(highlighted)")
    }

    static func hasTokens(_ outcome: PygmentsTokenizer.Outcome) -> Bool {
        if case .tokens = outcome { return true }
        return false
    }

    /// Interpreters whose worker breaks: one that says its version and stops, one that never reads
    /// (its blocks more than a socket pair holds, 100 ms allowed). The stream gives up on its
    /// worker; the block it broke on is interrupted, the others are asked for one by one, and after
    /// three broken workers the tokenizer counts as unavailable. Every page is highlighted (left
    /// plain, to be tried again by the next build) and nothing is left running.
    @Test(arguments: ["exit 0", "exec sleep MARKER"])
    func aWorkerThatBreaksLeavesItsBlocksToSingleRequests(ending: String) throws {
        let marker = String(100_000 + Int.random(in: 0..<899_999))
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("runway-broken-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "#!/bin/sh\necho '{\"version\": \"9.9\"}'\n\(ending.replacingOccurrences(of: "MARKER", with: marker))\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let highlighter = CodeHighlighter(tokenizer: PygmentsTokenizer(python: script, timeout: .milliseconds(100)), cache: TokenCache())
        let code = String(repeating: "let x = 1\n", count: 25_000)
        let texts = (0..<5).map { MarkdownParser().parse("```swift\n// \($0)\n" + code + "```\n") }
        highlighter.prefetching { prefetch in for text in texts { prefetch.add(text) } }
        let results = texts.map { highlighter.highlight($0) }
        for (result, text) in zip(results, texts) {
            #expect(result.text == text)
            #expect(result.problems.count == 1 && result.problems.allSatisfy(\.retry), "\(result.problems)")
        }
        #expect(results.count { $0.problems.first?.tokenizerUnavailable == true } >= 2)
        #expect(highlighter.tokenizer.isKnownUnavailable)
        while try CodeHighlighterTests.processes(matching: "sleep \(marker)") > 0 { usleep(20_000) }
    }
}
