import RunwayText
import RunwayTestSupport
@testable import Templating
import Testing

/// The renderer's fast path for a URL's scheme (`TemplateRenderer.isDangerousAsBrowsersRead`)
/// against the general path it skips: the scheme as a browser reads it, then the check, on
/// generated URLs made of the characters that matter (letters of the dangerous schemes in both
/// cases, colons, spaces, tabs, line breaks, control characters, other letters and bytes).
@Suite struct URLSchemeFastPathTests {
    static let pieces: [String] = ["j", "J", "a", "v", "V", "s", "c", "r", "i", "p", "t", ":", "f", "F", "d", "D", "e", "l", "o", "x",
                                   " ", "\t", "\n", "\r", "\u{1}", "\u{1F}", "/", "#", "h", "é", "\u{0}", "java", "script", "data:", "vbscript:",
                                   "file:", "javascript:", "JaVaScRiPt:"]

    @Test func theFastPathAnswersAsTheGeneralOne() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let url = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            #expect(TemplateRenderer.isDangerousAsBrowsersRead(url) == DangerousURL.isDangerous(TemplateRenderer.asBrowsersRead(url)),
                    "\(url.debugDescription)")
        }
        for url in ["javascript:alert(1)", " \tjavascript:x", "java\tscript:x", "\u{1}vbscript:x", "data:text/html,x", "/a", "https://a", "#b", ""] {
            #expect(TemplateRenderer.isDangerousAsBrowsersRead(url) == DangerousURL.isDangerous(TemplateRenderer.asBrowsersRead(url)), "\(url.debugDescription)")
        }
        #expect(TemplateRenderer.isDangerousAsBrowsersRead(" \tjavascript:x") && !TemplateRenderer.isDangerousAsBrowsersRead("/javascript:x"))
    }
}
