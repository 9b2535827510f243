import RunwayText
import Foundation
import Testing

@Suite struct FoundationBridgeTests {
    @Test func roundTripsThroughFoundationAttributedString() {
        let text = CodableTests.sample()
        let foundation = AttributedString(text)
        #expect(String(foundation.characters) == "plain bold link")
        let runs = Array(foundation.runs)
        #expect(runs.count == 2)
        #expect(runs[1].link == URL(string: "https://x.com/a%20b"))
        #expect(runs[1][RunwayFoundationAttributes.InlinePresentationIntentAttribute.self] == 2)
        let back = AttributedText(foundation)
        #expect(back.string == text.string)
        #expect(back.runs.map(\.attributes) == text.runs.map(\.attributes))
    }

    @Test func foundationTextWithOnlyLinksBridgesToLinks() {
        var foundation = AttributedString("swift")
        foundation.link = URL(string: "https://swift.org")
        let text = AttributedText(foundation)
        #expect(text.runs.count == 1)
        #expect(text.runs[0].attributes.link == "https://swift.org")
    }
}
