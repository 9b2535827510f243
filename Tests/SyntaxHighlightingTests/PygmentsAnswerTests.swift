import Foundation
import RunwayText
@testable import SyntaxHighlighting
import Testing

/// A worker's answer read in one pass, each type's category kept from one answer to the next,
/// gives what splitting the line into words and mapping each type does (the reading it replaced),
/// on real Pygments answers, on made-up ones and on broken ones.
@Suite struct PygmentsAnswerTests {
    /// What an answer reads as: tokens (`nil` for a language Pygments does not know), or why not.
    enum Reading: Equatable {
        case success([SyntaxToken]?)
        case failure(String)
    }

    /// The reading it replaced: the words split on spaces, the first dropped, each type mapped.
    static func reference(_ line: [UInt8]) -> Reading {
        switch line.first {
        case UInt8(ascii: "N") where line.count == 1: return .success(nil)
        case UInt8(ascii: "E"):
            return .failure("Pygments failed: " + PygmentsWorker.oneLine(String(decoding: line.dropFirst(2), as: UTF8.self)))
        case UInt8(ascii: "T"): break
        default: return .failure("Pygments answered something unexpected")
        }
        var words = line.split(separator: UInt8(ascii: " ")).dropFirst().map { String(decoding: $0, as: UTF8.self) }
        // The first word is the time the lexing took, in microseconds.
        guard let time = words.first else { return .failure("Pygments answered without the time it took") }
        guard time.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), time.count < 18 else {
            return .failure("Pygments answered a time that is not one")
        }
        words.removeFirst()
        guard words.count % 2 == 0 else { return .failure("Pygments answered a token without its length") }
        var tokens: [SyntaxToken] = []
        for index in stride(from: 0, to: words.count, by: 2) {
            guard words[index + 1].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), words[index + 1].count < 18,
                  let length = Int(words[index + 1]) else { return .failure("Pygments answered a length that is not one") }
            guard length > 0 else { return .failure("Pygments answered an empty token") }
            tokens.append(SyntaxToken(PygmentsTokenTypes.category(of: Substring(words[index])), length: length))
        }
        return .success(tokens)
    }

    static func parsed(_ line: [UInt8], _ categories: inout [ArraySlice<UInt8>: SyntaxCategory?]) -> Reading {
        do throws(PygmentsWorker.Failure) {
            return .success(try PygmentsWorker.parse(line, categories: &categories).tokens)
        } catch {
            return .failure(error.description)
        }
    }

    /// Every type the mapping lists, types below them and beside them, plain code (`-`).
    static let types = PygmentsTokenTypes.table.keys.sorted() + [
        "-", "Text", "Text.Whitespace", "Name", "Name.Other", "Keyword.Declaration", "Name.Function.Magic", "Literal.String.Single",
        "Literal.Number.Integer.Long", "Comment.Single", "Generic.Output", "Error", "Keywords", "Name.Builtins", "Nameless", "é.Keyword",
    ]

    @Test func madeUpAnswersReadAsTheWordsSay() {
        var generator = SystemRandomNumberGenerator()
        var categories: [ArraySlice<UInt8>: SyntaxCategory?] = [:]
        for _ in 0..<400 {
            var words = ["T", String(Int.random(in: 0...90_000_000, using: &generator))]
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                words.append(Self.types.randomElement(using: &generator)!)
                words.append(String(Int.random(in: 1...5000, using: &generator)))
            }
            let line = Array(words.joined(separator: " ").utf8)
            #expect(Self.parsed(line, &categories) == Self.reference(line), "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(categories.count == Set(Self.types).count)
    }

    @Test(arguments: [
        "T", "T 0", "N", "T 7  Keyword  4   Text 1 ", "T 1 Keyword 4 Text", "T 1 Keyword 04", "T 1 Keyword 0", "T 1 Keyword -4", "T 1 Keyword 4x",
        "T 1 Keyword 99999999999999999999", "T 1 Keyword 4 5 6", "Tx 1 Keyword 4", "N ", "E it broke\n\u{1B}[31m here", "Q", "",
        "T 250 Name.Function 12 Punctuation 1 Literal.String.Double 7", "T Keyword 4", "T 1.5 Keyword 4", "T 99999999999999999999 Keyword 4",
    ])
    func brokenAndOddAnswersReadAsBefore(_ answer: String) {
        var categories: [ArraySlice<UInt8>: SyntaxCategory?] = [:]
        let line = Array(answer.utf8)
        #expect(Self.parsed(line, &categories) == Self.reference(line))
    }

    /// Pygments' own answers (its worker's script run directly, to see the lines) read as the
    /// reference reads them.
    @Test func realAnswersReadAsTheWordsSay() throws {
        let python = try #require(PygmentsTokenizer.defaultPython(), "no python3 (make deps)")
        let samples = [("swift", "let x: Int = 1 // one\nfunc f() -> String { \"s\" }\n"), ("python", "def f(x):\n    return x * 2  # twice\n"),
                       ("js", "const f = (x) => `${x}`; // é\n"), ("diff", "-old\n+new\n"), ("nosuchlanguage", "x\n"), ("c", "")]
        var input: [UInt8] = []
        for (language, code) in samples { input += Array("\(language) \(code.utf8.count)\n".utf8) + Array(code.utf8) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-I", "-c", PygmentsScript.source]
        let (stdin, stdout) = (Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let output = try stdout.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        let lines = Array(output).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropFirst().dropLast().map(Array.init)
        #expect(lines.count == samples.count)
        var categories: [ArraySlice<UInt8>: SyntaxCategory?] = [:]
        for (line, (language, code)) in zip(lines, samples) {
            let parsed = Self.parsed(line, &categories)
            #expect(parsed == Self.reference(line), "\(language)")
            guard case .success(let tokens?) = parsed else {
                #expect(language == "nosuchlanguage", "\(language): \(parsed)")
                continue
            }
            #expect(SyntaxToken.fit(tokens, code: code) || (code.isEmpty && tokens.isEmpty), "\(language)")
            #expect(code.isEmpty || tokens.contains { $0.category != nil }, "\(language)")
        }
    }
}
