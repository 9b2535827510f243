import Foundation
import MathConversion
import Testing

/// KaTeX as Runway runs it: one worker for many formulas, a refused formula's message, a worker
/// that cannot start or never answers.
@Suite struct KaTeXConverterTests {
    static let node = KaTeXConverter.defaultNode()

    @Test func formulasAreMathMLAndARefusedOneHasKaTeXsMessage() throws {
        let converter = KaTeXConverter(node: try #require(Self.node, "node, which Debian's katex brings"))
        try converter.check()
        let inline = try converter.convert("x^2", display: false).get()
        #expect(inline.hasPrefix(#"<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup>"#), "\(inline)")
        #expect(try converter.convert("x", display: true).get().contains(#"display="block""#))
        guard case .failure(let failure) = converter.convert(#"\frac{a}{b"#, display: false) else {
            Issue.record("a formula without its closing brace is refused")
            return
        }
        #expect(failure.description.hasPrefix("KaTeX parse error: ") && !failure.isWorkers, "\(failure)")
        #expect(!failure.description.contains("\n"), "one line")
    }

    @Test func aConverterThatCannotRunSaysWhat() {
        #expect(throws: KaTeXConverter.Failure.self) { try KaTeXConverter(node: "/nonexistent/node").check() }
        #expect(throws: KaTeXConverter.Failure.self) { try KaTeXConverter(node: Self.node ?? "/usr/bin/node", library: "/nonexistent/katex").check() }
    }

    /// A worker that starts and then never answers: the formula fails after the timeout, as that
    /// formula's problem, and the build goes on.
    @Test func aWorkerThatNeverAnswersIsStopped() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("silent-node-\(UUID().uuidString)").path
        try "#!/bin/sh\necho '{\"ready\":true}'\nexec sleep 600\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let converter = KaTeXConverter(node: script, timeout: 0.5)
        guard case .failure(let failure) = converter.convert("x", display: false) else {
            Issue.record("a silent worker gives no MathML")
            return
        }
        #expect(failure.description == "KaTeX did not answer within 0.5 s, and was stopped" && !failure.isWorkers, "\(failure)")
    }
}
