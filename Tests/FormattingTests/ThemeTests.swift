import RunwayText
import Foundation
import Formatting
import Testing

/// The repository's built-in themes.
let builtInThemes = ThemeLibrary(folders: [
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../themes").standardized.path,
])

@Suite struct ConstraintTests {
    /// SwiftUI's two documented examples, as a theme file states them.
    @Test func underlineLimitedToSingleAndContactsArePurple() throws {
        let (theme, diagnostics) = builtInThemes.load("default")
        #expect(diagnostics.isEmpty)
        let definition = try #require(theme?.definition)
        func constrained(_ values: [String: AttributeValue]) -> [String: AttributeValue] { definition.constrain(values: values) }
        #expect(constrained(["underlineStyle": .string("double")]) == ["underlineStyle": .string("single")])
        #expect(constrained(["underlineStyle": .string("single")]) == ["underlineStyle": .string("single")])
        #expect(constrained([:]) == [:])
        #expect(constrained(["annotation": .string("contact")]) == ["annotation": .string("contact"), "foregroundColor": .string("purple")])
        #expect(constrained(["annotation": .string("place"), "foregroundColor": .string("red")]) == ["annotation": .string("place")])
        #expect(constrained(["customColor": .string("danger"), "unknown": .integer(1)]) == ["customColor": .string("danger")])
    }
}

@Suite struct ThemeFileTests {
    func load(_ files: [String: String], theme: String) throws -> (Theme?, [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-themes-\(UUID().uuidString)").path
        for (name, text) in files {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            try text.write(toFile: root + "/\(name)/theme.toml", atomically: true, encoding: .utf8)
        }
        let (loaded, diagnostics) = ThemeLibrary(folders: [root]).load(theme)
        return (loaded, diagnostics.map { $0.description.replacingOccurrences(of: root + "/", with: "") })
    }

    @Test func everyProblemIsLocatedAtItsKey() throws {
        let (theme, problems) = try load(["bad": """
            description = ["x"]
            colour = "red"

            [attributes.tone]
            type = "string"
            values = ["warm"]

            [[constraints]]
            attribute = "tone"
            values = ["warm"]
            default = "cold"

            [styles.body]
            foregroundColor = "reddish"
            fontWeight = "bold"
            glow = true

            [styles.sidebar]
            italic = true

            [styles."tone.warm"]
            backgroundColor = "#FFAA00"

            [stlyes.h1]
            bold = true
            """], theme: "bad")
        #expect(problems == [
            "bad/theme.toml:2:1: warning: unknown key 'colour' (expected attributes, components, constraints, description, extends, name, params, styles)",
            "bad/theme.toml:24:1: warning: unknown key 'stlyes' (expected attributes, components, constraints, description, extends, name, params, styles)",
            "bad/theme.toml:1:1: error: 'description' must be a string",
            "bad/theme.toml:8:1: error: the default \"cold\" of the constraint on 'tone' is not one of its values [\"warm\"]",
            "bad/theme.toml:14:1: error: unknown colour \"reddish\": use a SwiftUI colour name (accentColor, black, blue, brown, clear, cyan, gray, green, indigo, mint, orange, pink, primary, purple, red, secondary, teal, white, yellow), #RRGGBB or rgb(r, g, b)",
            "bad/theme.toml:16:1: error: unknown styling attribute 'glow' (expected \(StyleAttribute.allCases.map(\.rawValue).joined(separator: ", ")))",
            "bad/theme.toml:18:1: error: unknown style target 'sidebar' (expected \(StyleTarget.intentNames.keys.sorted().joined(separator: ", ")), or ATTRIBUTE.VALUE)",
        ])
        #expect(theme?.styles[.body] == ["fontWeight": .string("bold")])
        #expect(theme?.styles[.value(attribute: "tone", value: "warm")] == ["backgroundColor": .string("#FFAA00")])
    }

    /// A rule's `otherwise` values are checked as its `set` values are: a styling attribute's
    /// value it does not take, a declared attribute's value outside its values, and a name
    /// nothing declares (they were put on every run the condition left out, unchecked).
    @Test func aRulesOtherwiseIsCheckedAsItsSetIs() throws {
        let (_, problems) = try load(["t": """
            [attributes.tone]
            type = "string"
            values = ["warm"]

            [[constraints]]
            when = { tone = "warm" }
            set = { italic = "yes" }
            otherwise = { foregroundColor = "red;} body{display:none", tone = "cold", nosuch = 5 }
            """], theme: "t")
        #expect(problems.count == 4, "\(problems)")
        #expect(problems.contains("t/theme.toml:5:1: error: the constraint's 'set' gives 'italic' \"yes\", which it does not take"), "\(problems)")
        #expect(problems.contains("t/theme.toml:5:1: error: the constraint's 'otherwise' gives 'foregroundColor' \"red;} body{display:none\", which it does not take"))
        #expect(problems.contains { $0.hasPrefix("t/theme.toml:5:1: error: the constraint's 'otherwise' gives 'tone' \"cold\": ") })
        #expect(problems.contains { $0.hasPrefix("t/theme.toml:5:1: warning: the constraint names 'nosuch'") })
    }

    @Test func extendsMergesAndReportsMissingParentsAndCycles() throws {
        let files = [
            "base": "[styles.body]\nitalic = true\nbold = true\n",
            "child": "extends = \"base\"\n[styles.body]\nbold = false\n",
            "orphan": "extends = \"nowhere\"\n",
            "a": "extends = \"b\"\n", "b": "extends = \"a\"\n",
        ]
        let (child, none) = try load(files, theme: "child")
        #expect(none.isEmpty)
        #expect(child?.styles[.body] == ["italic": .bool(true), "bold": .bool(false)])
        let (orphan, missing) = try load(files, theme: "orphan")
        #expect(orphan == nil)
        #expect(missing.count == 1 && missing[0].hasPrefix("orphan/theme.toml:1:1: error: no theme named 'nowhere'"))
        let (cycle, loop) = try load(files, theme: "a")
        #expect(cycle == nil)
        #expect(loop == ["b/theme.toml:1:1: error: 'extends' makes a cycle: a → b → a"])
    }
}

@Suite struct BuiltInThemeTests {
    @Test(arguments: ["plain", "default", "menlo", "times", "important"])
    func loadsCleanly(name: String) throws {
        let (theme, diagnostics) = builtInThemes.load(name)
        #expect(diagnostics.isEmpty)
        #expect(theme?.name == name)
    }

    /// Every built-in theme but plain styles every value its definition declares.
    @Test(arguments: ["default", "menlo", "times", "important"])
    func stylesEveryCustomValue(name: String) throws {
        let theme = try #require(builtInThemes.load(name).theme)
        let scope = try #require(theme.definition.scope)
        for declaration in scope.declarations {
            guard case .oneOf(let values) = declaration.type else { continue }
            for value in values {
                #expect(theme.styles[.value(attribute: declaration.name, value: value)]?.isEmpty == false, "\(declaration.name).\(value)")
            }
        }
    }

    @Test func stylesheetHasLightAndDarkRulesForCustomValues() throws {
        let css = ThemeStylesheet(theme: try #require(builtInThemes.load("default").theme)).css()
        #expect(css.contains("""
            .rw-customColor--danger {
              color: #000000;
              background-color: #FF3B30;
              text-decoration-line: underline;
              text-decoration-style: dashed;
              text-decoration-color: #FFCC00;
            }
            """))
        // The purple that contacts get is the theme's own, in one rule (not the system purple's too).
        #expect(css.contains(".rw-foregroundColor--purple {\n  color: #8944AB;\n}"))
        #expect(!css.contains("#AF52DE"))
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark) {"))
        #expect(css[dark.upperBound...].contains("  .rw-customColor--danger {\n    background-color: #FF453A;"))
        #expect(ThemeStylesheet(theme: try #require(builtInThemes.load("plain").theme)).css() == "")
    }

    /// An underline and a strikethrough on one target are both drawn (the strikethrough's line
    /// replaced the underline's); `none` still removes lines.
    @Test func anUnderlineAndAStrikethroughAreBothDrawn() throws {
        let (loaded, diagnostics) = try ThemeFileTests().load(["lines": """
            [styles.strong]
            underlineStyle = "single"
            strikethroughStyle = "single"

            [styles.emphasized]
            underlineStyle = "single"
            strikethroughStyle = "none"
            """], theme: "lines")
        #expect(diagnostics == [])
        let css = ThemeStylesheet(theme: try #require(loaded)).css()
        #expect(css.contains("main strong {\n  text-decoration-line: underline line-through;\n  text-decoration-style: solid;\n}"), "\(css)")
        #expect(css.contains("main em {\n  text-decoration-style: solid;\n  text-decoration-line: none;\n}"), "\(css)")
    }

    /// `[styles."level.2"]` of an attribute declared `integer` (or `number`, `bool`) names the
    /// number 2: its rule's selector is the class a page carrying `level: 2` gets, and a run with
    /// that value gets the container; `ratio.2.0` and `ratio.2` of a number are one value.
    @Test func typedValuesAreStyledAsPagesCarryThem() throws {
        let (loaded, diagnostics) = try ThemeFileTests().load(["typed": """
            [attributes.level]
            type = "integer"
            [attributes.flag]
            type = "bool"
            [attributes.ratio]
            type = "number"
            [styles."level.2"]
            foregroundColor = "#B00000"
            [styles."level.-1"]
            foregroundColor = "#B000B0"
            [styles."flag.true"]
            foregroundColor = "#00B000"
            [styles."ratio.1.5"]
            foregroundColor = "#0000B0"
            [styles."ratio.2.0"]
            foregroundColor = "#0000C0"
            """], theme: "typed")
        #expect(diagnostics == [])
        let theme = try #require(loaded)
        let css = ThemeStylesheet(theme: theme).css()
        let carried: [(String, AttributeValue, String)] = [
            ("level", .integer(2), "#B00000"), ("level", .integer(-1), "#B000B0"), ("flag", .bool(true), "#00B000"),
            ("ratio", .number(1.5), "#0000B0"), ("ratio", .integer(2), "#0000C0"),
        ]
        for (attribute, value, color) in carried {
            let className = try #require(CSSNaming.className(attribute: attribute, value: value))
            #expect(css.contains(".\(className) {\n  color: \(color);\n}"), "\(className)")
            var container = RunwayText.AttributeContainer()
            container.customAttributes[attribute] = value
            theme.merge(into: &container)
            #expect(container.customAttributes["foregroundColor"] == AttributeValue.string(color), "\(attribute): \(value)")
        }
        // Not the strings' classes, which no page with these attributes carries.
        #expect(!css.contains(".rw-level--2 {") && !css.contains(".rw-flag--true {"))
    }
}

/// WCAG 2's contrast arithmetic, as `theme check` uses it.
@Suite struct ThemeContrastTests {
    @Test func ratiosAreWCAGs() throws {
        let theme = Theme(name: "t", styles: [
            .body: ["foregroundColor": .string("#777777"), "backgroundColor": .string("#FFFFFF")],
            .link: ["foregroundColor": .string("#000000")],
            .quote: ["foregroundColor": .string("rgba(0, 0, 0, 0.5)")],
            .code: ["backgroundColor": .string("#00000080")],
        ])
        let problems = ThemeContrast(theme).problems
        // #777 on white is 4.48:1, just under 4.5; black on white passes (21:1).
        let light = problems.filter { !$0.dark }
        #expect(light.map(\.target) == [.body, .quote, .code])
        #expect(abs(light[0].ratio - 4.48) < 0.01)
        // Half-black on white composites to a grey of 127.5 (3.98:1); #777 over a half-black
        // background on white (that grey behind it) is under 1.2:1.
        #expect(abs(light[1].ratio - 3.98) < 0.01)
        #expect(light[2].ratio < 1.2)
        #expect(light[0].keys == [["styles", "body", "foregroundColor"], ["styles", "body", "backgroundColor"]])
        #expect(light[1].keys.first == ["styles", "quote", "foregroundColor"])
    }

    /// Large text (3:1) is 24 px, or 18.66 px and bold, at the size the target's font gives: a
    /// heading's own size counts over its level (#888 on white is 3.54:1).
    @Test func largeTextIsTheFontsSize() throws {
        let grey: [String: AttributeValue] = ["foregroundColor": .string("#888888")]
        let theme = Theme(name: "t", styles: [
            .body: ["foregroundColor": .string("#000000"), "backgroundColor": .string("#FFFFFF")],
            .heading(1): grey,                                                                                  // large by its level
            .heading(2): grey.merging(["font": .object(["name": .string("Menlo"), "size": .integer(10)])]) { $1 }, // small
            .heading(3): grey.merging(["font": .object(["size": .integer(40), "weight": .string("regular")])]) { $1 }, // large
            .heading(4): grey.merging(["font": .object(["size": .integer(19)]), "bold": .bool(true)]) { $1 },          // large
            .heading(5): grey.merging(["font": .object(["size": .integer(19), "weight": .string("semibold")])]) { $1 }, // small
            .paragraph: grey.merging(["font": .string("largeTitle")]) { $1 },                                   // large
        ])
        let light = ThemeContrast(theme).problems.filter { !$0.dark }
        #expect(light.map(\.target) == [.heading(2), .heading(5)], "\(light.map(\.target))")
        #expect(light.allSatisfy { $0.needed == 4.5 })
    }

    /// Highlighted code's tokens are on the code block's background; a callout's title is in its
    /// border's colour on its own background (issue 16).
    @Test func tokensAreOnTheCodeBlockAndTitlesInTheBordersColour() throws {
        let theme = Theme(name: "t", styles: [
            .body: ["foregroundColor": .string("#000000"), "backgroundColor": .string("#FFFFFF")],
            .codeBlock: ["backgroundColor": .string("#000000"), "foregroundColor": .string("#FFFFFF")],
            // Dark grey: 18:1 on the white page, but 1.3:1 on the black code block.
            .value(attribute: "syntax", value: "comment"): ["foregroundColor": .string("#222222")],
            .value(attribute: "syntax", value: "keyword"): ["bold": .bool(true)],
            .value(attribute: "callout", value: "note"): ["backgroundColor": .string("#FFFFFF"), "borderColor": .string("#EEEEEE")],
        ])
        let light = ThemeContrast(theme).problems.filter { !$0.dark }
        #expect(light.map(\.target) == [.value(attribute: "callout", value: "note"), .value(attribute: "syntax", value: "comment")])
        #expect(light[0].keys.first == ["styles", "callout.note", "borderColor"] && light[0].ratio < 1.2)
        #expect(light[1].background == "#000000" && light[1].ratio < 1.5)
    }
}
