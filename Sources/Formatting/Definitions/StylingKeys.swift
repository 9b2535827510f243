public import RunwayText

/// A colour as a value of ``ForegroundColorKey`` and ``BackgroundColorKey``: a SwiftUI colour name
/// or any colour ``ColorValue`` reads (`#AF52DE`, `rgb(…)`).
public struct TextColor: RawRepresentable, Hashable, Sendable, AttributeValueConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let red = TextColor(rawValue: "red"), orange = TextColor(rawValue: "orange")
    public static let yellow = TextColor(rawValue: "yellow"), green = TextColor(rawValue: "green")
    public static let blue = TextColor(rawValue: "blue"), indigo = TextColor(rawValue: "indigo")
    public static let purple = TextColor(rawValue: "purple"), pink = TextColor(rawValue: "pink")
    public static let gray = TextColor(rawValue: "gray"), primary = TextColor(rawValue: "primary")
    public static let secondary = TextColor(rawValue: "secondary")
}

/// A line style as a value of ``UnderlineStyleKey`` and ``StrikethroughStyleKey``.
public struct TextLineStyle: RawRepresentable, Hashable, Sendable, AttributeValueConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let single = TextLineStyle(rawValue: "single"), double = TextLineStyle(rawValue: "double")
    public static let thick = TextLineStyle(rawValue: "thick"), dot = TextLineStyle(rawValue: "dot")
    public static let dash = TextLineStyle(rawValue: "dash")
}

public enum ForegroundColorKey: CustomAttributedTextKey {
    public typealias Value = TextColor
    public static let name = StyleAttribute.foregroundColor.rawValue
}

public enum BackgroundColorKey: CustomAttributedTextKey {
    public typealias Value = TextColor
    public static let name = StyleAttribute.backgroundColor.rawValue
}

public enum UnderlineStyleKey: CustomAttributedTextKey {
    public typealias Value = TextLineStyle
    public static let name = StyleAttribute.underlineStyle.rawValue
}

public enum StrikethroughStyleKey: CustomAttributedTextKey {
    public typealias Value = TextLineStyle
    public static let name = StyleAttribute.strikethroughStyle.rawValue
}

extension RunwayAttributes {
    public var foregroundColor: ForegroundColorKey.Type { ForegroundColorKey.self }
    public var backgroundColor: BackgroundColorKey.Type { BackgroundColorKey.self }
    public var underlineStyle: UnderlineStyleKey.Type { UnderlineStyleKey.self }
    public var strikethroughStyle: StrikethroughStyleKey.Type { StrikethroughStyleKey.self }
}
