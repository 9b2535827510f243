public import RunwayText

/// A colour: a SwiftUI named colour, hex (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`) or
/// `rgb(r, g, b)` / `rgba(r, g, b, a)`; optionally with a separate dark value,
/// `{ light = "…", dark = "…" }`. Anything else is refused, so no theme can inject CSS.
public struct ColorValue: Hashable, Sendable {
    /// The CSS colour for a light appearance and for a dark one.
    public let light: String
    /// The CSS colour for a dark appearance.
    public let dark: String

    /// SwiftUI's named colours with Apple's system light and dark values.
    public static let named: [String: (light: String, dark: String)] = [
        "red": ("#FF3B30", "#FF453A"), "orange": ("#FF9500", "#FF9F0A"), "yellow": ("#FFCC00", "#FFD60A"),
        "green": ("#34C759", "#30D158"), "mint": ("#00C7BE", "#63E6E2"), "teal": ("#30B0C7", "#40C8E0"),
        "cyan": ("#32ADE6", "#64D2FF"), "blue": ("#007AFF", "#0A84FF"), "indigo": ("#5856D6", "#5E5CE6"),
        "purple": ("#AF52DE", "#BF5AF2"), "pink": ("#FF2D55", "#FF375F"), "brown": ("#A2845E", "#AC8E68"),
        "gray": ("#8E8E93", "#8E8E93"), "black": ("#000000", "#000000"), "white": ("#FFFFFF", "#FFFFFF"),
        "clear": ("transparent", "transparent"), "primary": ("#000000", "#FFFFFF"),
        "secondary": ("rgba(60, 60, 67, 0.6)", "rgba(235, 235, 245, 0.6)"), "accentColor": ("#007AFF", "#0A84FF"),
    ]

    /// The colour a theme file's value names, or an error saying why it is not one.
    public init(_ value: AttributeValue) throws(StyleError) {
        switch value {
        case .string(let text):
            (light, dark) = try Self.parse(text)
        case .object(let pair):
            guard case .string(let lightText)? = pair["light"] else {
                throw StyleError("a colour with light and dark values needs a \"light\" string")
            }
            let unknown = Set(pair.keys).subtracting(["light", "dark"])
            guard unknown.isEmpty else { throw StyleError("unknown colour key '\(unknown.sorted()[0])' (expected light, dark)") }
            let parsedLight = try Self.parse(lightText)
            light = parsedLight.light
            switch pair["dark"] {
            case .string(let darkText)?: dark = try Self.parse(darkText).light
            case nil: dark = parsedLight.dark
            default: throw StyleError("the dark value of a colour must be a string")
            }
        default:
            throw StyleError("a colour is a string such as \"red\" or \"#FF0000\", or { light = \"…\", dark = \"…\" }")
        }
    }

    /// `text` as a message shows it: its first 60 characters (a colour is short; a value of
    /// megabytes was said whole).
    static func shown(_ text: String) -> String {
        text.count > 60 ? text.prefix(60) + "…" : text
    }

    /// A string colour's light and dark CSS (a named colour has both; others are the same in both).
    static func parse(_ text: String) throws(StyleError) -> (light: String, dark: String) {
        if let named = named[text] { return named }
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
                throw StyleError("invalid colour \"\(shown(text))\": hex colours are #RGB, #RGBA, #RRGGBB or #RRGGBBAA")
            }
            return (text.uppercased(), text.uppercased())
        }
        for function in ["rgb", "rgba"] where text.hasPrefix(function + "(") && text.hasSuffix(")") {
            let inner = text.dropFirst(function.count + 1).dropLast()
            let parts = inner.split(separator: ",").map { $0.trimmingSpaces }
            let numbers = parts.compactMap { Double($0) }
            guard (3...4).contains(parts.count), numbers.count == parts.count,
                  numbers.prefix(3).allSatisfy({ (0...255).contains($0) }),
                  numbers.count == 3 || (0...1).contains(numbers[3]) else {
                throw StyleError("invalid colour \"\(shown(text))\": rgb(r, g, b) takes 0–255, and an alpha 0–1")
            }
            let channels = numbers.prefix(3).map { String(Int($0)) }.joined(separator: ", ")
            let css = numbers.count == 4 ? "rgba(\(channels), \(numbers[3].cssNumber))" : "rgb(\(channels))"
            return (css, css)
        }
        throw StyleError("unknown colour \"\(shown(text))\": use a SwiftUI colour name (\(named.keys.sorted().joined(separator: ", "))), #RRGGBB or rgb(r, g, b)")
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension Double {
    /// The shortest CSS form: `17`, `1.5`, `0.647`. Callers keep values within ±10⁶.
    var cssNumber: String {
        guard isFinite, abs(self) < 1e9 else { return "0" }
        if self == rounded() { return String(Int(self)) }
        var text = String(format3: self)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension String {
    /// Three decimals without Foundation's formatter.
    init(format3 value: Double) {
        let scaled = (value * 1000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int(abs(scaled))
        let fraction = String(magnitude % 1000)
        self = sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
