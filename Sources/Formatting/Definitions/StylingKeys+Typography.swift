public import RunwayText

// Typed keys for the rest of SwiftUI's styling vocabulary: each `name` is a StyleAttribute, and
// each value is one that StyleAttribute turns into CSS.

extension TextStyle: AttributeValueConvertible {}
extension FontWeight: AttributeValueConvertible {}
extension FontDesign: AttributeValueConvertible {}
extension FontWidth: AttributeValueConvertible {}

/// A font: a text style, a named font at a size, or the system font at a size.
public enum TextFont: Hashable, Sendable, AttributeValueConvertible {
    /// A text style (`largeTitle` … `caption2`), with its size and leading.
    case textStyle(TextStyle)
    /// A named font at a size, with a design to fall back on.
    case custom(name: String, size: Double, design: FontDesign? = nil)
    /// The system font at a size, with a weight and a design.
    case system(size: Double, weight: FontWeight? = nil, design: FontDesign? = nil)

    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .string(let name):
            guard let style = TextStyle(rawValue: name) else { return nil }
            self = .textStyle(style)
        case .object(let fields):
            let size: Double
            switch fields["size"] {
            case .integer(let points)?: size = Double(points)
            case .number(let points)?: size = points
            default: return nil
            }
            let design = fields["design"].flatMap(FontDesign.init(attributeValue:))
            if case .string(let name)? = fields["name"] {
                self = .custom(name: name, size: size, design: design)
            } else {
                self = .system(size: size, weight: fields["weight"].flatMap(FontWeight.init(attributeValue:)), design: design)
            }
        default:
            return nil
        }
    }

    public var attributeValue: AttributeValue {
        switch self {
        case .textStyle(let style): return .string(style.rawValue)
        case .custom(let name, let size, let design):
            var fields: [String: AttributeValue] = ["name": .string(name), "size": .number(size)]
            fields["design"] = design.map { .string($0.rawValue) }
            return .object(fields)
        case .system(let size, let weight, let design):
            var fields: [String: AttributeValue] = ["size": .number(size)]
            fields["weight"] = weight.map { .string($0.rawValue) }
            fields["design"] = design.map { .string($0.rawValue) }
            return .object(fields)
        }
    }
}

/// SwiftUI's `Text.Case`: the text in capitals or in small letters (`text-transform`).
public enum TextCase: String, Hashable, Sendable, CaseIterable, AttributeValueConvertible {
    /// Every letter a capital.
    case uppercase
    /// Every letter a small one.
    case lowercase
}

/// SwiftUI's `TextAlignment`, for lines of a block (`text-align`, in the writing direction).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable, AttributeValueConvertible {
    /// Lines start where the writing direction starts.
    case leading
    /// Lines are centred.
    case center
    /// Lines end where the writing direction ends.
    case trailing
}

/// SwiftUI's `Text.TruncationMode`: where text that does not fit its line limit is cut.
public enum TruncationMode: String, Hashable, Sendable, CaseIterable, AttributeValueConvertible {
    /// At the start.
    case head
    /// In the middle.
    case middle
    /// At the end, with an ellipsis.
    case tail
}

/// The font: SwiftUI's `font`.
public enum FontKey: CustomAttributedTextKey { public typealias Value = TextFont; public static let name = "font" }
/// The font's weight: SwiftUI's `fontWeight`.
public enum FontWeightKey: CustomAttributedTextKey { public typealias Value = FontWeight; public static let name = "fontWeight" }
/// The font's design: SwiftUI's `fontDesign`.
public enum FontDesignKey: CustomAttributedTextKey { public typealias Value = FontDesign; public static let name = "fontDesign" }
/// The font's width: SwiftUI's `fontWidth`.
public enum FontWidthKey: CustomAttributedTextKey { public typealias Value = FontWidth; public static let name = "fontWidth" }
/// Bold text: SwiftUI's `bold()`.
public enum BoldKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "bold" }
/// Italic text: SwiftUI's `italic()`.
public enum ItalicKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "italic" }
/// The monospaced variant of the font: SwiftUI's `monospaced()`.
public enum MonospacedKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "monospaced" }
/// Digits of one width: SwiftUI's `monospacedDigit()`.
public enum MonospacedDigitKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "monospacedDigit" }
/// Small capitals for small letters: SwiftUI's `smallCaps()`.
public enum SmallCapsKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "smallCaps" }
/// Small capitals for small letters only: SwiftUI's `lowercaseSmallCaps()`.
public enum LowercaseSmallCapsKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "lowercaseSmallCaps" }
/// Small capitals for capitals: SwiftUI's `uppercaseSmallCaps()`.
public enum UppercaseSmallCapsKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "uppercaseSmallCaps" }
/// Space between letters, in points: SwiftUI's `kerning`.
public enum KerningKey: CustomAttributedTextKey { public typealias Value = Double; public static let name = "kerning" }
/// Space added between letters, in points: SwiftUI's `tracking`.
public enum TrackingKey: CustomAttributedTextKey { public typealias Value = Double; public static let name = "tracking" }
/// How far the text sits above its baseline, in points: SwiftUI's `baselineOffset`.
public enum BaselineOffsetKey: CustomAttributedTextKey { public typealias Value = Double; public static let name = "baselineOffset" }
/// Capitals or small letters: SwiftUI's `textCase`.
public enum TextCaseKey: CustomAttributedTextKey { public typealias Value = TextCase; public static let name = "textCase" }
/// How a block's lines are aligned: SwiftUI's `multilineTextAlignment`.
public enum MultilineTextAlignmentKey: CustomAttributedTextKey { public typealias Value = TextAlignment; public static let name = "multilineTextAlignment" }
/// Space between lines, in points: SwiftUI's `lineSpacing`.
public enum LineSpacingKey: CustomAttributedTextKey { public typealias Value = Double; public static let name = "lineSpacing" }
/// How many lines a block shows at most: SwiftUI's `lineLimit`.
public enum LineLimitKey: CustomAttributedTextKey { public typealias Value = Int; public static let name = "lineLimit" }
/// Where text past the line limit is cut: SwiftUI's `truncationMode`.
public enum TruncationModeKey: CustomAttributedTextKey { public typealias Value = TruncationMode; public static let name = "truncationMode" }

extension RunwayAttributes {
    /// ``FontKey``, as `container.font` reads it.
    public var font: FontKey.Type { FontKey.self }
    /// ``FontWeightKey``, as `container.fontWeight` reads it.
    public var fontWeight: FontWeightKey.Type { FontWeightKey.self }
    /// ``FontDesignKey``, as `container.fontDesign` reads it.
    public var fontDesign: FontDesignKey.Type { FontDesignKey.self }
    /// ``FontWidthKey``, as `container.fontWidth` reads it.
    public var fontWidth: FontWidthKey.Type { FontWidthKey.self }
    /// ``BoldKey``, as `container.bold` reads it.
    public var bold: BoldKey.Type { BoldKey.self }
    /// ``ItalicKey``, as `container.italic` reads it.
    public var italic: ItalicKey.Type { ItalicKey.self }
    /// ``MonospacedKey``, as `container.monospaced` reads it.
    public var monospaced: MonospacedKey.Type { MonospacedKey.self }
    /// ``MonospacedDigitKey``, as `container.monospacedDigit` reads it.
    public var monospacedDigit: MonospacedDigitKey.Type { MonospacedDigitKey.self }
    /// ``SmallCapsKey``, as `container.smallCaps` reads it.
    public var smallCaps: SmallCapsKey.Type { SmallCapsKey.self }
    /// ``LowercaseSmallCapsKey``, as `container.lowercaseSmallCaps` reads it.
    public var lowercaseSmallCaps: LowercaseSmallCapsKey.Type { LowercaseSmallCapsKey.self }
    /// ``UppercaseSmallCapsKey``, as `container.uppercaseSmallCaps` reads it.
    public var uppercaseSmallCaps: UppercaseSmallCapsKey.Type { UppercaseSmallCapsKey.self }
    /// ``KerningKey``, as `container.kerning` reads it.
    public var kerning: KerningKey.Type { KerningKey.self }
    /// ``TrackingKey``, as `container.tracking` reads it.
    public var tracking: TrackingKey.Type { TrackingKey.self }
    /// ``BaselineOffsetKey``, as `container.baselineOffset` reads it.
    public var baselineOffset: BaselineOffsetKey.Type { BaselineOffsetKey.self }
    /// ``TextCaseKey``, as `container.textCase` reads it.
    public var textCase: TextCaseKey.Type { TextCaseKey.self }
    /// ``MultilineTextAlignmentKey``, as `container.multilineTextAlignment` reads it.
    public var multilineTextAlignment: MultilineTextAlignmentKey.Type { MultilineTextAlignmentKey.self }
    /// ``LineSpacingKey``, as `container.lineSpacing` reads it.
    public var lineSpacing: LineSpacingKey.Type { LineSpacingKey.self }
    /// ``LineLimitKey``, as `container.lineLimit` reads it.
    public var lineLimit: LineLimitKey.Type { LineLimitKey.self }
    /// ``TruncationModeKey``, as `container.truncationMode` reads it.
    public var truncationMode: TruncationModeKey.Type { TruncationModeKey.self }
}
