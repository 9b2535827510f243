import RunwayText
import Foundation
import HTMLRendering
import MarkdownParsing
import Testing

/// Differential test: Runway's HTML, rendered from runs, against `cmark-gfm`'s own renderer on every
/// non-disabled example of the GFM spec. An example that cannot match is listed with its reason in
/// `Fixtures/known-differences.txt`, and the list may hold at most 1% of the examples.
@Suite struct SpecConformanceTests {
    static let cmarkFlags = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist"]

    static func knownDifferences() throws -> [Int: String] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/known-differences", withExtension: "txt"))
        var known: [Int: String] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if let number = Int(parts[0].trimmingCharacters(in: .whitespaces)) {
                known[number] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            }
        }
        return known
    }

    func differences(unsafe: Bool) throws -> (compared: Int, differing: [Int: String]) {
        let examples = try SpecExample.loadAll().filter { !$0.isDisabled }
        let parser = MarkdownParser(options: .gfmCommandLine)
        let renderer = HTMLRenderer(options: .init(allowsRawHTML: unsafe))
        var differing: [Int: String] = [:]
        for example in examples {
            let ours = renderer.render(parser.parse(example.markdown))
            let reference = try run("/usr/bin/cmark-gfm", Self.cmarkFlags + (unsafe ? ["--unsafe"] : []),
                                    input: example.markdown)
            if ours != reference {
                differing[example.number] = "markdown: \(example.markdown.debugDescription)\n  cmark:  \(reference.debugDescription)\n  runway: \(ours.debugDescription)"
            }
        }
        return (examples.count, differing)
    }

    @Test(arguments: [false, true])
    func everyExampleMatchesCmarkGFM(unsafe: Bool) throws {
        let (compared, differing) = try differences(unsafe: unsafe)
        #expect(compared == 671, "Debian's spec has 673 examples, 2 of them disabled")
        let known = try Self.knownDifferences()
        for (number, detail) in differing.sorted(by: { $0.key < $1.key }) where known[number] == nil {
            Issue.record("example \(number) differs from cmark-gfm (unsafe: \(unsafe)):\n  \(detail)")
        }
        #expect(known.count * 100 <= compared, "at most 1% of the examples may be known differences")
    }

    @Test func knownDifferencesStillDiffer() throws {
        let known = try Self.knownDifferences()
        let (_, safe) = try differences(unsafe: false)
        let (_, unsafe) = try differences(unsafe: true)
        for number in known.keys.sorted() where safe[number] == nil && unsafe[number] == nil {
            Issue.record("example \(number) now matches: remove it from known-differences.txt")
        }
    }
}

/// `runway render` parses with footnotes and extended attributes on: on every spec example without
/// `^[` or `[^`, that changes nothing, against cmark-gfm's renderer with footnotes.
@Suite struct DefaultOptionsConformanceTests {
    @Test func defaultOptionsMatchCmarkWithFootnotesOnPlainMarkdown() throws {
        let examples = try SpecExample.loadAll().filter { !$0.isDisabled }
        let parser = MarkdownParser()
        var compared = 0
        for example in examples where !example.markdown.contains("^[") && !example.markdown.contains("[^") {
            compared += 1
            let ours = HTMLRenderer().render(parser.parse(example.markdown))
            let cmarkOnly = MarkdownParser.Options(footnotes: true, extendedAttributes: false)
            #expect(ours == CmarkReference.html(example.markdown, options: cmarkOnly), "example \(example.number)")
        }
        #expect(compared > 650)
    }
}
