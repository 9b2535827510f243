import RunwayText
import Foundation
import Formatting
import Testing

/// The dark stylesheet a theme preview uses comes from the generator (`appearance: .dark`), not
/// from editing the system stylesheet's text; it must be what that editing gave: the rules of the
/// `prefers-color-scheme: dark` block applied always, after the light ones, and the body's
/// `color-scheme` dark.
@Suite struct DarkStylesheetTests {
    /// The former transformation, kept here as the reference.
    static func forcingDark(_ css: String) -> String {
        guard let start = css.range(of: "@media (prefers-color-scheme: dark) {\n") else { return css }
        let inside = css[start.upperBound...]
        guard let end = inside.range(of: "\n}\n", options: .backwards) else { return css }
        let rules = inside[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
        return String(css[..<start.lowerBound]) + String(inside[end.upperBound...]) + rules + "\n"
    }

    @Test(arguments: ["plain", "default", "menlo", "times", "important"])
    func theDarkStylesheetIsTheDarkBlockAppliedAlways(name: String) throws {
        let theme = try #require(builtInThemes.load(name).theme)
        let used: [(attribute: String, value: AttributeValue)] = [("underlineStyle", .string("single")), ("customColor", .string("danger"))]
        let stylesheet = ThemeStylesheet(theme: theme)
        let system = stylesheet.css(usedValues: used)
        let dark = stylesheet.css(usedValues: used, appearance: .dark)
        #expect(dark == Self.forcingDark(system).replacingOccurrences(of: "color-scheme: light dark;", with: "color-scheme: dark;"))
        #expect(!dark.contains("@media") && (name == "plain" || dark.contains("color-scheme: dark;")))
    }
}
