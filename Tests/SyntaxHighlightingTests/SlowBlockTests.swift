import Foundation
import MarkdownParsing
import RunwayText
@testable import SyntaxHighlighting
import Testing

/// Issue 39, point 5: Pygments' `c` lexer takes a time that grows with the square of a run of
/// spaces, and one page of such blocks between good ones held a build 65–71 s (each good block
/// reset the count of failures in a row), naming an innocent block queued behind a slow one. Now
/// each block's time is Pygments' own, a slow block is named at its place, and a build spends at
/// most its budget on slow blocks; then the rest of its code stays plain, said once.
@Suite struct SlowBlockTests {
    /// C code with a run of `spaces` spaces, which the `c` lexer is slow on.
    static func slowC(_ index: Int, spaces: Int) -> String {
        "```c\nint x\(index)" + String(repeating: " ", count: spaces) + "\n```\n"
    }

    @Test(.timeLimit(.minutes(10))) func slowBlocksAreNamedAndTheBuildsBudgetBoundsThem() throws {
        // A block of 3,000 spaces takes Pygments about 0.9 s; the budget is 1.5 s of blocks of 0.3 s or more.
        let tokenizer = PygmentsTokenizer(slowBlock: 0.3, buildBudget: 1.5)
        let highlighter = CodeHighlighter(tokenizer: tokenizer, cache: TokenCache())
        var markdown = ""
        for index in 0..<5 { markdown += "```c\nint good\(index) = \(index);\n```\n\n" + Self.slowC(index, spaces: 3_000) + "\n" }
        let parsed = MarkdownParser().parse(markdown)
        let (_, problems) = highlighter.prefetching { prefetch in
            prefetch.add(parsed)
            return highlighter.highlight(parsed)
        }
        let slow = problems.filter(\.slow)
        let plain = problems.filter { !$0.slow }
        // The slow blocks are the ones named (lines 5, 13, …), not the good ones before them.
        #expect(!slow.isEmpty && slow.allSatisfy { ($0.position?.line ?? 0) % 8 == 5 }, "\(problems)")
        #expect(slow.allSatisfy { $0.message.contains("s: Pygments' 'c' lexer is slow on this code (a build spends at most 1.5 s on slow blocks)") })
        // Once the budget is spent, the blocks left stay plain, as when the tokenizer cannot run. How
        // many are named before depends on the machine's speed (a busy one spends the budget on the
        // first: seen in a run beside a build), not their count: at least one, never all five.
        #expect(slow.count >= 1 && slow.count < 5, "\(slow)")
        #expect(!plain.isEmpty && plain.allSatisfy { $0.tokenizerUnavailable && $0.retry && $0.reason.hasPrefix("highlighting gave up for this build") },
                "\(plain)")
        // The next build has its budget again, and the slow blocks highlighted are cached.
        tokenizer.beginBuild()
        let (_, again) = highlighter.highlight(parsed)
        #expect(again.filter(\.slow).count < 5 - slow.count + 1, "\(again)")
        #expect(again.filter(\.slow).allSatisfy { !slow.map(\.position).contains($0.position) }, "cached blocks cost nothing")
    }

    /// A block that times out counts against the budget with its timeout, and is named.
    @Test(.timeLimit(.minutes(10))) func aBlockThatTimesOutIsNamedAndCounts() throws {
        let tokenizer = PygmentsTokenizer(timeout: .milliseconds(300), slowBlock: 0.3, buildBudget: 0.3)
        let highlighter = CodeHighlighter(tokenizer: tokenizer, cache: TokenCache())
        let parsed = MarkdownParser().parse("```c\nint good = 1;\n```\n\n" + Self.slowC(0, spaces: 8_000) + "\n```c\nint after = 2;\n```\n")
        let (_, problems) = highlighter.highlight(parsed)
        #expect(problems.first?.position?.line == 5 && problems.first?.reason.hasPrefix("Pygments did not answer") == true, "\(problems)")
        #expect(problems.last?.position?.line == 9 && problems.last?.reason.hasPrefix("highlighting gave up for this build") == true, "\(problems)")
    }
}
