import RunwayText
import Foundation
import HTMLRendering
import MarkdownParsing
import Testing

/// Inputs `make fuzz` once crashed on, kept so the fixes stay fixed. Each must parse into runs that
/// cover the text and render in both modes; some also have a known rendering.
@Suite struct FuzzCrasherTests {
    static let folder = Bundle.module.url(forResource: "Fixtures/fuzz-crashers", withExtension: nil)!

    static var crashers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: crashers)
    func crasherParsesAndRenders(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let text = MarkdownParser().parse(String(decoding: data, as: UTF8.self))
        var end = 0
        for run in text.runs {
            #expect(run.range.lowerBound == end)
            end = run.range.upperBound
        }
        #expect(end == text.string.utf8.count)
        _ = HTMLRenderer().render(text)
        _ = HTMLRenderer(options: .init(allowsRawHTML: true)).render(text)
    }

    /// A `[^` footnote opener right before a literal `^[` freed the literal's text while cmark-gfm
    /// still pointed at it (heap use after free; without ASan, garbage such as `a[^^ ](k: zzz]`).
    @Test func footnoteOpenerBeforeALiteralSpan() {
        let markdown = "^[a](k: 0)[^[a](k: zzz] "
        #expect(HTMLRenderer().render(MarkdownParser().parse(markdown))
            == #"<p><span class="rw-k--__0" data-k="0">a</span>[^[a](k: zzz]</p>"# + "\n")
    }
}
