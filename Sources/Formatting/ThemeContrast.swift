import RunwayText
import Foundation

/// The text and background colours a theme gives each target, and whether they meet WCAG AA
/// contrast (4.5:1; 3:1 for large text), in light and in dark: what `theme check` can tell from a
/// theme's file alone. A target's colours are its own, else the body's; a background with alpha
/// is composited over the body's, and the body's over the browser's canvas (white, or Chromium's
/// `#121212` in dark); text with alpha over its background.
public struct ThemeContrast: Sendable {
    /// A pair below what it needs.
    public struct Problem: Sendable, Equatable {
        /// The target (`link`, `customColor.danger`).
        public var target: StyleTarget
        /// Whether the pair is in dark (else in light).
        public var dark: Bool
        /// The pair's contrast ratio, 1 to 21.
        public var ratio: Double
        /// What it needs: 4.5, or 3 for large text.
        public var needed: Double
        /// The text's colour, as CSS, as the theme gives it.
        public var foreground: String
        /// The background, as CSS.
        public var background: String
        /// The keys that made the pair, nearest first: where to change it (`styles.link.foregroundColor`).
        public var keys: [[String]]
    }

    /// The theme whose colours are checked.
    public let theme: Theme

    /// The contrast of `theme`'s colours.
    public init(_ theme: Theme) {
        self.theme = theme
    }

    /// Every target with a colour of its own (and the body), in light and dark, below AA.
    public var problems: [Problem] {
        var problems: [Problem] = []
        // A thematic break is a line, not text.
        let targets = theme.styles.keys.filter { target in
            target == .body || (target != .thematicBreak
                && ["foregroundColor", "backgroundColor", "borderColor"].contains { theme.styles[target]?[$0] != nil })
        }.sorted { ($0.rank, $0.selector) < ($1.rank, $1.selector) }
        for dark in [false, true] {
            let canvas = dark ? RGBA(18, 18, 18) : RGBA(255, 255, 255)
            let bodyBackground = color(.body, "backgroundColor", dark: dark)
            let page = bodyBackground.map { $0.rgba.over(canvas) } ?? canvas
            // Highlighted code's tokens are painted on the code block's background, in its text colour.
            let codeBlockBackground = color(.codeBlock, "backgroundColor", dark: dark)
            // A box with a border (a callout) has a title in the border's colour: text too.
            for (target, textKey) in targets.flatMap({ target in
                [(target, "foregroundColor")] + (theme.styles[target]?["borderColor"] != nil ? [(target, "borderColor")] : [])
            }) {
                let isToken = if case .value(SyntaxKey.name, _) = target { true } else { false }
                let surrounding = isToken ? codeBlockBackground : nil
                let ownBackground = target == .body ? nil : color(target, "backgroundColor", dark: dark) ?? surrounding
                let background = ownBackground.map { $0.rgba.over(page) } ?? page
                let text = color(target, textKey, dark: dark) ?? (isToken ? color(.codeBlock, "foregroundColor", dark: dark) : nil)
                    ?? color(.body, "foregroundColor", dark: dark)
                let foreground = (text?.rgba ?? (dark ? RGBA(255, 255, 255) : RGBA(0, 0, 0))).over(background)
                let ratio = foreground.contrast(with: background)
                let needed = isLarge(target) ? 3.0 : 4.5
                guard ratio < needed else { continue }
                var keys: [[String]] = []
                for (owner, key) in [(target, textKey), (target, "backgroundColor"), (.body, "foregroundColor"), (.body, "backgroundColor")]
                    where theme.styles[owner]?[key] != nil && !keys.contains(["styles", owner.name, key]) {
                    keys.append(["styles", owner.name, key])
                }
                problems.append(Problem(target: target, dark: dark, ratio: ratio, needed: needed,
                                        foreground: text?.css ?? (dark ? "white" : "black"),
                                        background: (ownBackground ?? bodyBackground)?.css ?? (dark ? "#121212" : "white"), keys: keys))
            }
        }
        return problems
    }

    /// A target's colour for an appearance, when its container has one the stylesheet can parse.
    private func color(_ target: StyleTarget, _ key: String, dark: Bool) -> (css: String, rgba: RGBA)? {
        guard let value = theme.styles[target]?[key], let color = try? ColorValue(value) else { return nil }
        let css = dark ? color.dark : color.light
        return RGBA(css: css).map { (css, $0) }
    }

    /// Large text by WCAG: 24 px, or 18.66 px and bold (a weight of 700 or more), at the size the
    /// target's `font` gives (a text style's, or a table's `size`; the body is 17 px). A heading
    /// without one is large at levels 1 and 2, as every text style a theme gives them by default is.
    private func isLarge(_ target: StyleTarget) -> Bool {
        let container = theme.styles[target] ?? [:]
        func heavy(_ value: AttributeValue?) -> Bool {
            guard case .string(let name)? = value, let weight = FontWeight(rawValue: name) else { return false }
            return weight.cssWeight >= 700
        }
        var bold = container["bold"] == .bool(true) || heavy(container["fontWeight"])
        let size: Double?
        switch container["font"] {
        case .string(let font)?: size = TextStyle(rawValue: font)?.metrics.size
        case .object(let fields)?:
            bold = bold || heavy(fields["weight"])
            switch fields["size"] {
            case .integer(let points)?: size = Double(points)
            case .number(let points)?: size = points
            default: size = nil
            }
        default: size = nil
        }
        if let size { return size >= 24 || (size >= 18.66 && bold) }
        if case .heading(let level) = target { return level <= 2 }
        return false
    }
}

extension StyleTarget {
    /// The name a theme file gives the target (`[styles.NAME]`).
    public var name: String {
        if case .value(let attribute, let value) = self { return attribute + "." + value }
        return Self.intentNames.first { $0.value == self }?.key ?? "body"
    }
}

/// A colour in sRGB with alpha, parsed from the CSS a ``ColorValue`` writes.
struct RGBA: Equatable {
    var red, green, blue: Double
    var alpha: Double

    init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb(r, g, b)`, `rgba(r, g, b, a)`, `transparent`.
    init?(css: String) {
        if css == "transparent" { self.init(0, 0, 0, 0); return }
        if css.hasPrefix("#") {
            var digits = Array(css.dropFirst())
            if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
            guard digits.count == 6 || digits.count == 8 else { return nil }
            let values = stride(from: 0, to: digits.count, by: 2).compactMap { Int(String(digits[$0...$0 + 1]), radix: 16) }
            guard values.count == digits.count / 2 else { return nil }
            self.init(Double(values[0]), Double(values[1]), Double(values[2]), values.count == 4 ? Double(values[3]) / 255 : 1)
            return
        }
        guard let open = css.firstIndex(of: "("), css.hasSuffix(")") else { return nil }
        let numbers = css[css.index(after: open)..<css.index(before: css.endIndex)].split(separator: ",")
            .compactMap { Double($0.trimmingSpaces) }
        guard numbers.count == 3 || numbers.count == 4 else { return nil }
        self.init(numbers[0], numbers[1], numbers[2], numbers.count == 4 ? numbers[3] : 1)
    }

    /// This colour painted over `below`.
    func over(_ below: RGBA) -> RGBA {
        let alpha = self.alpha + below.alpha * (1 - self.alpha)
        guard alpha > 0 else { return RGBA(0, 0, 0, 0) }
        func mix(_ top: Double, _ bottom: Double) -> Double { (top * self.alpha + bottom * below.alpha * (1 - self.alpha)) / alpha }
        return RGBA(mix(red, below.red), mix(green, below.green), mix(blue, below.blue), alpha)
    }

    /// WCAG 2's relative luminance.
    var luminance: Double {
        func channel(_ value: Double) -> Double {
            let c = value / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// WCAG 2's contrast ratio, 1 to 21.
    func contrast(with other: RGBA) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
