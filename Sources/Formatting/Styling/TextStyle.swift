/// SwiftUI's text styles with Apple's default sizes and leading, in points.
public enum TextStyle: String, CaseIterable, Sendable {
    /// Apple's text styles, largest first, each with its size and leading in points.
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

    /// Size and line height in points; `headline` is also semibold.
    public var metrics: (size: Double, leading: Double) {
        switch self {
        case .largeTitle: (34, 41)
        case .title: (28, 34)
        case .title2: (22, 28)
        case .title3: (20, 25)
        case .headline: (17, 22)
        case .subheadline: (15, 20)
        case .body: (17, 22)
        case .callout: (16, 21)
        case .footnote: (13, 18)
        case .caption: (12, 16)
        case .caption2: (11, 13)
        }
    }

    /// The body size every `rem` is relative to: a theme's stylesheet sets the root font size to it.
    public static let bodySize = 17.0
}

/// SwiftUI's font designs as CSS font stacks.
public enum FontDesign: String, CaseIterable, Sendable {
    /// The system font's designs: default, serif, rounded and monospaced.
    case `default`, serif, rounded, monospaced

    /// The CSS font stack of the design.
    public var stack: String {
        switch self {
        case .default: #"system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif"#
        case .serif: #"ui-serif, "New York", Georgia, "Times New Roman", serif"#
        case .rounded: #"ui-rounded, "SF Pro Rounded", system-ui, sans-serif"#
        case .monospaced: #"ui-monospace, "SF Mono", SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace"#
        }
    }
}

/// SwiftUI's font weights as CSS weights.
public enum FontWeight: String, CaseIterable, Sendable {
    /// The weights, from ultra light to black.
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The weight as CSS's `font-weight`, 100 to 900.
    public var cssWeight: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }
}

/// SwiftUI's font widths as CSS `font-stretch`.
public enum FontWidth: String, CaseIterable, Sendable {
    /// The widths, from compressed to expanded.
    case compressed, condensed, standard, expanded

    /// The width as CSS's `font-stretch`.
    public var cssStretch: String {
        switch self {
        case .compressed: "75%"
        case .condensed: "87.5%"
        case .standard: "100%"
        case .expanded: "125%"
        }
    }
}
