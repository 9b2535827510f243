public import RunwayText

/// The styling vocabulary of SwiftUI's `Text`, each attribute with the values it takes and its CSS.
///
/// | attribute | values | CSS |
/// |---|---|---|
/// | font | a text style (`largeTitle` … `caption2`), `{ name, size, relativeTo }`, `{ size, weight, design }` | font-family, font-size (rem of the 17 pt body), line-height |
/// | fontWeight | ultraLight … black | font-weight 100 … 900 |
/// | fontDesign | default, serif, rounded, monospaced | font-family stacks |
/// | fontWidth | compressed, condensed, standard, expanded | font-stretch |
/// | bold, italic, monospaced, monospacedDigit, smallCaps, lowercaseSmallCaps, uppercaseSmallCaps | true, false | font-weight, font-style, font-family, font-variant-numeric, font-variant-caps |
/// | foregroundColor, backgroundColor | SwiftUI colour names, hex, rgb(); `{ light, dark }` | color, background-color |
/// | borderColor | a colour, as above (SwiftUI's `.border`) | border-color, and `--rw-accent` for a callout's title |
/// | underlineStyle, strikethroughStyle | single, double, thick, none, or a pattern (solid, dot, dash, dashDot, dashDotDot); `{ style, pattern, color }` | text-decoration-line, -style, -color, -thickness |
/// | kerning, tracking | points | letter-spacing |
/// | baselineOffset | points | vertical-align |
/// | textCase | uppercase, lowercase | text-transform |
/// | multilineTextAlignment | leading, center, trailing | text-align |
/// | lineSpacing | points | line-height |
/// | lineLimit | a whole number | -webkit-line-clamp |
/// | truncationMode | head, middle, tail | text-overflow |
///
/// The cases are in the order their CSS is written for one container, so that the more specific
/// wins: a design, then a font (whose name beats the design), then weights and flags.
public enum StyleAttribute: String, CaseIterable, Sendable {
    /// Fonts: design, monospacing, the font itself, width and weight.
    case fontDesign, monospaced, font, fontWidth, fontWeight
    /// Type styles: bold, italic, digits of one width and small capitals.
    case bold, italic, monospacedDigit, smallCaps, lowercaseSmallCaps, uppercaseSmallCaps
    /// Colours and lines: the text's colour, the colour behind it, underlines and strikethrough.
    case foregroundColor, backgroundColor, underlineStyle, strikethroughStyle
    /// A box's border (a callout's), whose colour its title takes too.
    case borderColor
    /// Spacing and layout: kerning, tracking, baseline offset, case, alignment, line spacing, line limit and truncation.
    case kerning, tracking, baselineOffset, textCase, multilineTextAlignment, lineSpacing, lineLimit, truncationMode

    /// The CSS for a value, or why the value is not one this attribute takes.
    public func css(_ value: AttributeValue) throws(StyleError) -> CSSDeclarations {
        switch self {
        case .font: return try Self.font(value)
        case .fontWeight:
            return CSSDeclarations([("font-weight", String(try Self.choice(value, FontWeight.self, rawValue).cssWeight))])
        case .fontDesign:
            return CSSDeclarations([("font-family", try Self.choice(value, FontDesign.self, rawValue).stack)])
        case .fontWidth:
            return CSSDeclarations([("font-stretch", try Self.choice(value, FontWidth.self, rawValue).cssStretch)])
        case .bold: return CSSDeclarations([("font-weight", try flag(value) ? "700" : "400")])
        case .italic: return CSSDeclarations([("font-style", try flag(value) ? "italic" : "normal")])
        case .monospaced: return try flag(value) ? CSSDeclarations([("font-family", FontDesign.monospaced.stack)]) : CSSDeclarations()
        case .monospacedDigit: return CSSDeclarations([("font-variant-numeric", try flag(value) ? "tabular-nums" : "normal")])
        case .smallCaps: return CSSDeclarations([("font-variant-caps", try flag(value) ? "all-small-caps" : "normal")])
        case .lowercaseSmallCaps: return CSSDeclarations([("font-variant-caps", try flag(value) ? "small-caps" : "normal")])
        case .uppercaseSmallCaps: return CSSDeclarations([("font-variant-caps", try flag(value) ? "unicase" : "normal")])
        case .foregroundColor, .backgroundColor:
            let color = try ColorValue(value)
            let property = self == .foregroundColor ? "color" : "background-color"
            return CSSDeclarations([(property, color.light)], dark: color.dark == color.light ? [] : [(property, color.dark)])
        case .borderColor:
            let color = try ColorValue(value)
            let light: [(String, String)] = [("border-color", color.light), ("--rw-accent", color.light)]
            let dark: [(String, String)] = color.dark == color.light ? [] : [("border-color", color.dark), ("--rw-accent", color.dark)]
            return CSSDeclarations(light, dark: dark)
        case .underlineStyle: return try Self.line(value, "underline", name: rawValue)
        case .strikethroughStyle: return try Self.line(value, "line-through", name: rawValue)
        case .kerning, .tracking: return CSSDeclarations([("letter-spacing", try points(value) + "pt")])
        case .baselineOffset: return CSSDeclarations([("vertical-align", try points(value) + "pt")])
        case .textCase:
            let textCase = try Self.word(value, ["uppercase", "lowercase"], rawValue)
            return CSSDeclarations([("text-transform", textCase)])
        case .multilineTextAlignment:
            let alignment = try Self.word(value, ["leading", "center", "trailing"], rawValue)
            return CSSDeclarations([("text-align", ["leading": "start", "center": "center", "trailing": "end"][alignment]!)])
        case .lineSpacing: return CSSDeclarations([("line-height", "calc(1.3em + \(try points(value))pt)")])
        case .lineLimit:
            guard case .integer(let lines) = value, lines > 0, lines <= 10_000 else {
                throw StyleError("lineLimit must be a whole number from 1 to 10000")
            }
            return CSSDeclarations([("display", "-webkit-box"), ("-webkit-box-orient", "vertical"),
                                    ("-webkit-line-clamp", String(lines)), ("overflow", "hidden")])
        case .truncationMode:
            let mode = try Self.word(value, ["head", "middle", "tail"], rawValue)
            return CSSDeclarations([("text-overflow", mode == "tail" ? "ellipsis" : "clip")])
        }
    }

    /// Whether `value` is one this attribute takes.
    public func accepts(_ value: AttributeValue) -> Bool {
        (try? css(value)) != nil
    }

    private func flag(_ value: AttributeValue) throws(StyleError) -> Bool {
        guard case .bool(let flag) = value else { throw StyleError("\(rawValue) must be true or false") }
        return flag
    }

    /// The largest size or offset, in points, a style may use.
    static let pointLimit = 10_000.0

    private func points(_ value: AttributeValue) throws(StyleError) -> String {
        switch value {
        case .integer(let number) where abs(Double(number)) <= Self.pointLimit: return String(number)
        case .number(let number) where number.isFinite && abs(number) <= Self.pointLimit: return number.cssNumber
        default: throw StyleError("\(rawValue) must be a number of points between -10000 and 10000")
        }
    }

    private static func word(_ value: AttributeValue, _ words: [String], _ name: String) throws(StyleError) -> String {
        guard case .string(let word) = value, words.contains(word) else {
            throw StyleError("\(name) must be one of \(words.joined(separator: ", "))")
        }
        return word
    }

    private static func choice<T: RawRepresentable & CaseIterable>(
        _ value: AttributeValue, _ type: T.Type, _ name: String
    ) throws(StyleError) -> T where T.RawValue == String {
        guard case .string(let word) = value, let choice = T(rawValue: word) else {
            throw StyleError("\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }

    private static func font(_ value: AttributeValue) throws(StyleError) -> CSSDeclarations {
        func rem(_ points: Double) -> String { (points / TextStyle.bodySize).cssNumber + "rem" }
        switch value {
        case .string(let name):
            guard let style = TextStyle(rawValue: name) else {
                throw StyleError("font must be a text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))) or a table")
            }
            let (size, leading) = style.metrics
            var declarations = [("font-size", rem(size)), ("line-height", (leading / size).cssNumber)]
            if style == .headline { declarations.append(("font-weight", "600")) }
            return CSSDeclarations(declarations)
        case .object(let fields):
            let size: Double
            switch fields["size"] {
            case .integer(let points)? where points > 0 && Double(points) <= pointLimit: size = Double(points)
            case .number(let points)? where points > 0 && points <= pointLimit: size = points
            default: throw StyleError("a font table needs a size in points, above 0 and at most 10000")
            }
            var declarations = [("font-size", rem(size))]
            if case .string(let name)? = fields["name"] {
                // Code points, not characters: a combining mark can make `"` part of a "letter".
                guard !name.isEmpty, name.unicodeScalars.allSatisfy({
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == " " || $0 == "-"
                }) else {
                    throw StyleError("font name \"\(name)\" may hold only ASCII letters, digits, spaces and hyphens")
                }
                var fallback = FontDesign.default
                if let design = fields["design"] { fallback = try choice(design, FontDesign.self, "font design") }
                declarations.append(("font-family", "\"\(name)\", " + fallback.stack))
            } else if let design = fields["design"] {
                declarations.append(("font-family", try choice(design, FontDesign.self, "font design").stack))
            }
            if let weight = fields["weight"] {
                declarations.append(("font-weight", String(try choice(weight, FontWeight.self, "font weight").cssWeight)))
            }
            let unknown = Set(fields.keys).subtracting(["name", "size", "weight", "design", "relativeTo"])
            guard unknown.isEmpty else { throw StyleError("unknown font key '\(unknown.sorted()[0])' (expected name, size, weight, design, relativeTo)") }
            return CSSDeclarations(declarations)
        default:
            throw StyleError("font must be a text style name or a table such as { name = \"Menlo\", size = 17 }")
        }
    }

    private static func line(_ value: AttributeValue, _ line: String, name: String) throws(StyleError) -> CSSDeclarations {
        let patterns = ["solid": "solid", "dot": "dotted", "dash": "dashed", "dashDot": "dashed", "dashDotDot": "dotted"]
        var style = "single"
        var pattern = "solid"
        var color: ColorValue?
        switch value {
        case .string(let word) where word == "none":
            return CSSDeclarations([("text-decoration-line", "none")])
        case .string(let word) where ["single", "double", "thick"].contains(word): style = word
        case .string(let word) where patterns[word] != nil: pattern = word
        case .object(let fields):
            let unknown = Set(fields.keys).subtracting(["style", "pattern", "color"])
            guard unknown.isEmpty else { throw StyleError("unknown \(name) key '\(unknown.sorted()[0])' (expected style, pattern, color)") }
            if let value = fields["style"] { style = try word(value, ["single", "double", "thick"], "\(name) style") }
            if let value = fields["pattern"] { pattern = try word(value, Array(patterns.keys).sorted(), "\(name) pattern") }
            if let value = fields["color"] { color = try ColorValue(value) }
        default:
            throw StyleError("\(name) must be single, double, thick, none, a pattern (solid, dot, dash, dashDot, dashDotDot) or { style, pattern, color }")
        }
        var declarations = [("text-decoration-line", line),
                            ("text-decoration-style", style == "double" ? "double" : patterns[pattern]!)]
        if style == "thick" { declarations.append(("text-decoration-thickness", "0.15em")) }
        var dark: [(String, String)] = []
        if let color {
            declarations.append(("text-decoration-color", color.light))
            if color.dark != color.light { dark.append(("text-decoration-color", color.dark)) }
        }
        return CSSDeclarations(declarations, dark: dark)
    }
}
