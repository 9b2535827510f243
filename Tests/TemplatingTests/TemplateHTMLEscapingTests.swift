import RunwayText
import Foundation
import Mustache
@testable import Templating
import Synchronization
import Testing

/// The reference engine (swift-mustache, for the differential tests) escapes `{{ }}` with Runway's
/// byte-wise escaping (`ReferenceEscaping`), not its own character-wise one: a differential test
/// of the two over text of every kind, and of a template's whitespace with and without the pragma
/// line.
@Suite struct TemplateHTMLEscapingTests {
    static let texts = ["", "plain", "<a href=\"x\">Tom & Jerry's</a>", "&amp; already", "é, 日本語, 🇫🇷, e\u{301}", "\r\n<\r\n>",
                        String(repeating: "<>&\"'", count: 1000), "a < b > c & d \" e ' f"]

    @Test(arguments: texts)
    func itEscapesAsTheEngineDoes(text: String) throws {
        let engine = try MustacheTemplate(string: "[{{x}}]").render(["x": text])
        let runway = try MustacheTemplate(string: ReferenceEscaping.pragma + "[{{x}}]").render(["x": text])
        #expect(runway == engine)
        #expect(escape(text) == String(engine.dropFirst().dropLast()))
    }

    /// A `<` that starts a character with a combining mark is one character to the engine, which
    /// leaves it; Runway escapes its bytes.
    @Test func aLessThanSignWithACombiningMarkIsEscapedToo() throws {
        let runway = try MustacheTemplate(string: ReferenceEscaping.pragma + "{{x}}").render(["x": "<\u{338}b>"])
        #expect(runway == "&lt;\u{338}b&gt;")
    }

    /// The pragma's line is dropped: standalone tags, blank first lines and partials render as
    /// without it.
    @Test(arguments: ["a{{x}}\nb", "\n{{x}}\n", "{{#s}}\n{{x}}\n{{/s}}\n", "  \n{{x}}", "{{! c }}\n{{x}}", "{{>q}}\n{{x}}", "{{<p}}{{$b}}B{{/b}}{{/p}}"])
    func templatesRenderAsWithoutIt(template: String) throws {
        let engine = MustacheLibrary(templates: ["t": try MustacheTemplate(string: template), "q": try MustacheTemplate(string: "Q\n"),
                                                 "p": try MustacheTemplate(string: "P{{$b}}{{/b}}\n")])
        let runway = MustacheLibrary(templates: ["t": try MustacheTemplate(string: ReferenceEscaping.pragma + template),
                                                 "q": try MustacheTemplate(string: ReferenceEscaping.pragma + "Q\n"),
                                                 "p": try MustacheTemplate(string: ReferenceEscaping.pragma + "P{{$b}}{{/b}}\n")])
        let values: [String: Any] = ["x": "x", "s": true]
        #expect(runway.render(values, withTemplate: "t") == engine.render(values, withTemplate: "t"))
    }
}
