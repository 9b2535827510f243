/// The inline styles of a run, with the raw values of Foundation's `InlinePresentationIntent`.
///
/// This is the flat view of a run's inline markup: ``InlineIntent`` keeps the nesting and identity
/// of each element, and this option set is the union of its kinds.
public struct InlinePresentationIntent: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `*x*` or `_x_`.
    public static let emphasized = Self(rawValue: 1)
    /// `**x**` or `__x__`.
    public static let stronglyEmphasized = Self(rawValue: 2)
    /// A code span, between backticks.
    public static let code = Self(rawValue: 4)
    /// `~~x~~` (GFM).
    public static let strikethrough = Self(rawValue: 32)
    /// A soft line break: a newline inside a paragraph.
    public static let softBreak = Self(rawValue: 64)
    /// A hard line break: two spaces or a backslash before a newline.
    public static let lineBreak = Self(rawValue: 128)
    /// Raw inline HTML.
    public static let inlineHTML = Self(rawValue: 256)
    /// A raw HTML block.
    public static let blockHTML = Self(rawValue: 512)
}
