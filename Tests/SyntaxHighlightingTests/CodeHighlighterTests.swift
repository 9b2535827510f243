import Dispatch
import Foundation
import HTMLRendering
import MarkdownParsing
import RunwayText
@testable import SyntaxHighlighting
import Synchronization
import Testing

/// Highlighting changes attributes, never text or structure: with `syntax` taken away, the runs are
/// the parsed ones, and the HTML with the token spans taken out is the unhighlighted HTML.
@Suite struct CodeHighlighterTests {
    static let documents = [
        "```swift\nlet x = \"é\" // ✓ 日本\n```\n",
        "- item\n\n  ```python\n  def f():\n  \treturn 1\n  ```\n",
        "> ```js\n> const a = `x${1}`;\n> ```\n",
        "```c\r\n#include <stdio.h>\r\nint main() {}\r\n```\r\n",
        "```ruby\n```\n",
        "```json\n\n\n```\n",
        "Text `inline code` and\n\n```swift\n/* a\n   b */ let y = 0x1F\n```\n\n```swift\n/* a\n   b */ let y = 0x1F\n```\n",
        "```nosuchlanguage\n<b>\n```\n",
        "    indented code, no hint\n",
        "```text\nplain\n```\n",
        "```diff\n-a\n+b\n```\n\n1. ```sh\n   echo \"$HOME\" 👋\n   ```\n",
    ]

    static func withoutSyntax(_ text: AttributedText) -> AttributedText {
        text.mappingAttributes { attributes in
            var plain = attributes
            plain[SyntaxKey.self] = nil
            return plain
        }
    }

    static func withoutTokenSpans(_ html: String) -> String {
        html.replacingOccurrences(of: "<span class=\"rw-syntax--[a-z]+\">", with: "", options: .regularExpression)
            .replacingOccurrences(of: "</span>", with: "")
    }

    @Test(arguments: documents)
    func textAndStructureAreUnchanged(markdown: String) throws {
        let parsed = MarkdownParser().parse(markdown)
        let (highlighted, problems) = CodeHighlighter.shared.highlight(parsed)
        #expect(problems.isEmpty, "\(problems)")
        #expect(highlighted.string == parsed.string)
        #expect(Self.withoutSyntax(highlighted) == parsed)
        let renderer = HTMLRenderer()
        #expect(Self.withoutTokenSpans(renderer.render(highlighted)) == renderer.render(parsed))
    }

    @Test func tokensAreTheirCategories() throws {
        let parsed = MarkdownParser().parse("```swift\n// note\nfunc f() -> String { return \"s\" + 1.5 }\n```\n")
        let highlighted = CodeHighlighter.shared.highlight(parsed).text
        var categories: [String: SyntaxCategory] = [:]
        for run in highlighted.runs { if let category = run.attributes.syntax { categories[String(highlighted[run])] = category } }
        #expect(categories["// note"] == .comment)
        #expect(categories["func"] == .keyword && categories["return"] == .keyword)
        #expect(categories["f"] == .function)
        #expect(categories["\"s\""] == .string && categories["1.5"] == .number)
        // Spans only in code blocks: a run outside one keeps its text plain in HTML.
        var stray = AttributeContainer(presentationIntent: PresentationIntent(.paragraph, identity: 1))
        stray.syntax = .keyword
        #expect(HTMLRenderer().render(AttributedText("if", attributes: stray)) == "<p>if</p>\n")
    }

    /// A block the cache holds needs no tokenizer: the tokens of the first highlighting serve a
    /// highlighter that has none.
    @Test func cachedBlocksNeedNoTokenizer() throws {
        let cache = TokenCache()
        let parsed = MarkdownParser().parse(Self.documents[0] + Self.documents[1])
        let first = CodeHighlighter(cache: cache).highlight(parsed)
        #expect(first.problems.isEmpty && cache.count == 2)
        let without = CodeHighlighter(tokenizer: PygmentsTokenizer(python: nil), cache: cache).highlight(parsed)
        #expect(without.problems.isEmpty && without.text == first.text)
        // Through a file too.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("runway-tokens-\(UUID().uuidString)").path
        cache.save(file)
        let loaded = TokenCache()
        loaded.attach(file)
        let fromFile = CodeHighlighter(tokenizer: PygmentsTokenizer(python: nil), cache: loaded).highlight(parsed)
        #expect(fromFile.problems.isEmpty && fromFile.text == first.text)
        // An unknown block, without the tokenizer: plain, and told why.
        let other = MarkdownParser().parse("```swift\nlet other = 2\n```\n")
        let missing = CodeHighlighter(tokenizer: PygmentsTokenizer(python: nil), cache: loaded).highlight(other)
        #expect(missing.text == other && missing.problems.count == 1 && missing.problems[0].tokenizerUnavailable)
        #expect(missing.problems[0].position == SourcePosition(line: 1, column: 1))
    }

    /// A file that is not a cache of this form is ignored, whatever it says.
    @Test(arguments: ["", "{", "runway-tokens 1\n1 3 0 2\n", "runway-tokens 1\n1 3 99 3\n", "runway-tokens 1\n1 3 0 -3 0 6\n",
                      "runway-tokens 1\n1 3 0\n", "runway-tokens 1\n1 -3\n", "runway-tokens 1\n1 3 x 3\n", "runway-tokens 2\n1 3 0 3\n",
                      "runway-tokens 1\n1 3 0 3\n2 99999999999999999999999 0 3\n"])
    func aBadCacheFileIsIgnored(contents: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("runway-tokens-\(UUID().uuidString)").path
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        let cache = TokenCache()
        cache.load(file)
        #expect(cache.count == 0)
    }

    /// The file's form, read back: hashes of every size, plain tokens, unknown languages.
    /// Threads that miss a block while another reads the file wait for it: each finds its block.
    @Test func threadsWaitForTheFileAnotherIsReading() throws {
        let codes = (0..<3000).map { "let value\($0) = \($0)\n" }
        let written = TokenCache()
        for code in codes { written.store([SyntaxToken(.keyword, length: 3), SyntaxToken(nil, length: code.utf8.count - 3)], for: TokenCache.key(language: "swift", code: code)) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("runway-tokens-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        written.save(file)
        let texts = codes.prefix(64).map { MarkdownParser().parse("```swift\n" + $0 + "```\n") }
        let cache = TokenCache()
        cache.attach(file)
        let highlighter = CodeHighlighter(tokenizer: PygmentsTokenizer(python: nil), cache: cache)
        let problems = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            let count = highlighter.highlight(texts[index]).problems.count
            problems.withLock { $0 += count }
        }
        #expect(problems.withLock { $0 } == 0)
    }

    @Test func theFileIsReadBack() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("runway-tokens-\(UUID().uuidString)").path
        try "runway-tokens 1\n-5 3 0 2 -1 1\n9223372036854775807 4\n".write(toFile: file, atomically: true, encoding: .utf8)
        let cache = TokenCache()
        cache.load(file)
        #expect(cache.count == 2)
    }

    @Test func aBlockTooLongForTheTokenizerStaysPlain() throws {
        let code = String(repeating: "let x = 1\n", count: PygmentsTokenizer.maximumLength / 10 + 1)
        let parsed = MarkdownParser().parse("```swift\n" + code + "```\n")
        let (text, problems) = CodeHighlighter(cache: TokenCache()).highlight(parsed)
        #expect(text == parsed && problems.count == 1 && !problems[0].tokenizerUnavailable)
    }

    /// Threads share the tokenizer's processes; every result is the one a single thread gets.
    @Test func concurrentHighlightingAgrees() throws {
        let texts = (0..<40).map { MarkdownParser().parse("```python\ndef f\($0)(x):\n    return x * \($0)\n```\n") }
        let expected = texts.map { CodeHighlighter(cache: TokenCache()).highlight($0).text }
        let highlighter = CodeHighlighter(cache: TokenCache())
        let results = Mutex([AttributedText?](repeating: nil, count: texts.count))
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            let text = highlighter.highlight(texts[index]).text
            results.withLock { $0[index] = text }
        }
        #expect(results.withLock { $0 } == expected)
    }

    /// `RUNWAY_PYTHON` names an interpreter by its path, or by a name found on the `PATH` as a
    /// shell would; a name found nowhere is kept, for the warning to say.
    @Test func theInterpreterIsFoundAsAShellWouldFindIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-path-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/mypython", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        FileManager.default.createFile(atPath: folder + "/notrunnable", contents: Data(), attributes: [.posixPermissions: 0o644])
        let path = "/nonexistent::" + folder
        #expect(PygmentsTokenizer.defaultPython(environment: ["RUNWAY_PYTHON": "mypython", "PATH": path]) == folder + "/mypython")
        #expect(PygmentsTokenizer.defaultPython(environment: ["RUNWAY_PYTHON": "notrunnable", "PATH": path]) == "notrunnable")
        #expect(PygmentsTokenizer.defaultPython(environment: ["RUNWAY_PYTHON": "./mypython", "PATH": path]) == "./mypython")
        #expect(PygmentsTokenizer.defaultPython(environment: ["RUNWAY_PYTHON": "", "PATH": path]) == "/usr/bin/python3")
    }

    /// `make deps` installs jemalloc, and a worker's Python runs with it: the environment workers
    /// start with preloads it, and the interpreter has it mapped.
    @Test func workersRunWithJemalloc() throws {
        let jemalloc = try #require(PygmentsWorker.jemallocPath, "libjemalloc2 is not installed (make deps)")
        let python = try #require(PygmentsTokenizer.defaultPython())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-I", "-c", "print(open('/proc/self/maps').read())"]
        process.environment = PygmentsWorker.environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let maps = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(maps.contains(jemalloc))
    }

    /// A fence's first word names a lexer only when it is a plain name: control characters (which
    /// Python splits on) once put a worker out of step with its requests and hung the build.
    @Test func onlyPlainNamesReachTheWorkers() throws {
        for name in ["swift", "c++", "objective-c", "f#", "python3", "x.y_z"] { #expect(PygmentsWorker.isLanguageName(name), "\(name)") }
        for name in ["", "py\u{1F}thon", "py\u{1C}", "a b", "a\tb", "ünï", String(repeating: "a", count: 65), "%s", "../x"] {
            #expect(!PygmentsWorker.isLanguageName(name), "\(name)")
        }
        let code = String(repeating: "x\n", count: 150_000)
        let parsed = MarkdownParser().parse("```py\u{1F}thon\n" + code + "```\n")
        let (text, problems) = CodeHighlighter(cache: TokenCache()).highlight(parsed)
        #expect(text == parsed && problems.isEmpty)
    }

    /// An interpreter that starts but never reads its requests: each request gives up after the
    /// timeout (it does not wait for room to write for ever), its process is killed, and after
    /// three such workers the tokenizer counts as unavailable.
    @Test func anInterpreterThatNeverReadsIsGivenUpOn() throws {
        let marker = 100_000 + Int.random(in: 0..<899_999)
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("runway-mute-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "#!/bin/sh\necho '{\"version\": \"9.9\"}'\nexec sleep \(marker)\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let tokenizer = PygmentsTokenizer(python: script, timeout: .milliseconds(100))
        let code = String(repeating: "let x = 1\n", count: 25_000)   // more than the socket pair holds
        var outcomes: [PygmentsTokenizer.Outcome] = []
        for _ in 0..<4 { outcomes.append(tokenizer.tokens(language: "swift", code: code)) }
        for outcome in outcomes.prefix(2) {
            guard case .interrupted(let reason) = outcome else { Issue.record("\(outcome)"); continue }
            #expect(reason.contains("did not read the block"))
        }
        for outcome in outcomes.dropFirst(2) {
            guard case .unavailable(let reason) = outcome else { Issue.record("\(outcome)"); continue }
            #expect(reason.contains("3 times in a row"))
        }
        #expect(tokenizer.isKnownUnavailable)
        // The workers were killed, not left running: waits until no process has the marker.
        while try Self.processes(matching: "sleep \(marker)") > 0 { usleep(20_000) }
    }

    /// An interpreter that answers a byte at a time and never ends its line is given up on after
    /// the timeout for the whole answer (it was for each read: the build waited for ever, deaf to
    /// Ctrl-C); one that floods bytes without a newline, after 64 MB (the memory grew without end).
    @Test(.timeLimit(.minutes(10)), arguments: ["while true; do printf T; sleep 0.05; done", "yes 'Keyword 1' | tr -d '\\n'"])
    func anAnswerThatNeverEndsIsGivenUpOn(_ answering: String) throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("runway-trickle-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "#!/bin/sh\necho '{\"version\": \"9.9\"}'\n\(answering)\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        // The flood is given all the time it needs to pass 64 MB, on a machine however busy.
        let flood = answering.hasPrefix("yes")
        let tokenizer = PygmentsTokenizer(python: script, timeout: flood ? .seconds(600) : .milliseconds(500))
        let outcome = tokenizer.tokens(language: "swift", code: "let x = 1\n")
        guard case .interrupted(let reason) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(reason.contains(flood ? "more than 64 MB" : "did not answer in"), "\(reason)")
    }

    /// How many processes' command lines contain `text` (`/proc`).
    static func processes(matching text: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { $0.allSatisfy(\.isNumber) }.count { pid in
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: line.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text)
        }
    }

    /// A token file whose tokens cut a character in two (edited by hand) is taken as missing: the
    /// block is tokenized again, and no broken character reaches the page.
    @Test func cachedTokensThatCutACharacterAreRetokenized() throws {
        let code = "👩‍👩‍👧 = \"family\"\n"
        let parsed = MarkdownParser().parse("```python\n" + code + "```\n")
        let expected = CodeHighlighter(cache: TokenCache()).highlight(parsed).text
        let forged = TokenCache()
        forged.store([SyntaxToken(.keyword, length: 1), SyntaxToken(nil, length: code.utf8.count - 1)], for: TokenCache.key(language: "python", code: code))
        let highlighted = CodeHighlighter(cache: forged).highlight(parsed)
        #expect(highlighted.problems.isEmpty && highlighted.text == expected)
        #expect(!highlighted.text.string.contains("\u{FFFD}"))
    }

    @Test func pygmentsTypesMapOntoTheValueSet() {
        #expect(PygmentsTokenTypes.category(of: "Keyword.Declaration") == .keyword)
        #expect(PygmentsTokenTypes.category(of: "Keyword.Type") == .type)
        #expect(PygmentsTokenTypes.category(of: "Name.Builtin.Pseudo") == .variable)
        #expect(PygmentsTokenTypes.category(of: "Name.Builtin") == .builtin)
        #expect(PygmentsTokenTypes.category(of: "Literal.String.Escape") == .string)
        #expect(PygmentsTokenTypes.category(of: "Comment.Preproc") == .preprocessor)
        #expect(PygmentsTokenTypes.category(of: "Comment.Single") == .comment)
        #expect(PygmentsTokenTypes.category(of: "Generic.Inserted") == .inserted)
        #expect(PygmentsTokenTypes.category(of: "Name") == nil && PygmentsTokenTypes.category(of: "Text.Whitespace") == nil)
        #expect(PygmentsTokenTypes.category(of: "") == nil)
    }
}
