public import RunwayText

/// A colour as a value of ``ForegroundColorKey`` and ``BackgroundColorKey``: a SwiftUI colour name
/// or any colour ``ColorValue`` reads (`#AF52DE`, `rgb(…)`).
public struct TextColor: RawRepresentable, Hashable, Sendable, AttributeValueConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// SwiftUI's named colours, light and dark (`ColorValue.named`).
    public static let red = TextColor(rawValue: "red"), orange = TextColor(rawValue: "orange")
    /// SwiftUI's named colours.
    public static let yellow = TextColor(rawValue: "yellow"), green = TextColor(rawValue: "green")
    /// SwiftUI's named colours.
    public static let blue = TextColor(rawValue: "blue"), indigo = TextColor(rawValue: "indigo")
    /// SwiftUI's named colours.
    public static let purple = TextColor(rawValue: "purple"), pink = TextColor(rawValue: "pink")
    /// SwiftUI's grey, and the primary label colour (black, or white in dark).
    public static let gray = TextColor(rawValue: "gray"), primary = TextColor(rawValue: "primary")
    /// The secondary label colour: the primary one, faded.
    public static let secondary = TextColor(rawValue: "secondary")
}

/// A line style as a value of ``UnderlineStyleKey`` and ``StrikethroughStyleKey``.
public struct TextLineStyle: RawRepresentable, Hashable, Sendable, AttributeValueConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A single line, or two.
    public static let single = TextLineStyle(rawValue: "single"), double = TextLineStyle(rawValue: "double")
    /// A thick line, or a dotted one.
    public static let thick = TextLineStyle(rawValue: "thick"), dot = TextLineStyle(rawValue: "dot")
    /// A dashed line.
    public static let dash = TextLineStyle(rawValue: "dash")
}

/// The text's colour: SwiftUI's `foregroundColor`.
public enum ForegroundColorKey: CustomAttributedTextKey {
    public typealias Value = TextColor
    public static let name = StyleAttribute.foregroundColor.rawValue
}

/// The colour behind the text: SwiftUI's `backgroundColor`.
public enum BackgroundColorKey: CustomAttributedTextKey {
    public typealias Value = TextColor
    public static let name = StyleAttribute.backgroundColor.rawValue
}

/// The colour of a box's border (a callout's), which its title takes too: SwiftUI's `border`.
public enum BorderColorKey: CustomAttributedTextKey {
    public typealias Value = TextColor
    public static let name = StyleAttribute.borderColor.rawValue
}

/// A line under the text: SwiftUI's `underline`.
public enum UnderlineStyleKey: CustomAttributedTextKey {
    public typealias Value = TextLineStyle
    public static let name = StyleAttribute.underlineStyle.rawValue
}

/// A line through the text: SwiftUI's `strikethrough`.
public enum StrikethroughStyleKey: CustomAttributedTextKey {
    public typealias Value = TextLineStyle
    public static let name = StyleAttribute.strikethroughStyle.rawValue
}

extension RunwayAttributes {
    /// ``ForegroundColorKey``, as `container.foregroundColor` reads it.
    public var foregroundColor: ForegroundColorKey.Type { ForegroundColorKey.self }
    /// ``BackgroundColorKey``, as `container.backgroundColor` reads it.
    public var backgroundColor: BackgroundColorKey.Type { BackgroundColorKey.self }
    /// ``BorderColorKey``, as `container.borderColor` reads it.
    public var borderColor: BorderColorKey.Type { BorderColorKey.self }
    /// ``UnderlineStyleKey``, as `container.underlineStyle` reads it.
    public var underlineStyle: UnderlineStyleKey.Type { UnderlineStyleKey.self }
    /// ``StrikethroughStyleKey``, as `container.strikethroughStyle` reads it.
    public var strikethroughStyle: StrikethroughStyleKey.Type { StrikethroughStyleKey.self }
}
