public import RunwayText

// Typed keys for the rest of SwiftUI's styling vocabulary: each `name` is a StyleAttribute, and
// each value is one that StyleAttribute turns into CSS.

extension TextStyle: AttributeValueConvertible {}
extension FontWeight: AttributeValueConvertible {}
extension FontDesign: AttributeValueConvertible {}
extension FontWidth: AttributeValueConvertible {}

/// A font: a text style, a named font at a size, or the system font at a size.
public enum TextFont: Hashable, Sendable, AttributeValueConvertible {
    case textStyle(TextStyle)
    case custom(name: String, size: Double, design: FontDesign? = nil)
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

public enum TextCase: String, Hashable, Sendable, CaseIterable, AttributeValueConvertible { case uppercase, lowercase }
public enum TextAlignment: String, Hashable, Sendable, CaseIterable, AttributeValueConvertible { case leading, center, trailing }
public enum TruncationMode: String, Hashable, Sendable, CaseIterable, AttributeValueConvertible { case head, middle, tail }

public enum FontKey: CustomAttributedTextKey { public typealias Value = TextFont; public static let name = "font" }
public enum FontWeightKey: CustomAttributedTextKey { public typealias Value = FontWeight; public static let name = "fontWeight" }
public enum FontDesignKey: CustomAttributedTextKey { public typealias Value = FontDesign; public static let name = "fontDesign" }
public enum FontWidthKey: CustomAttributedTextKey { public typealias Value = FontWidth; public static let name = "fontWidth" }
public enum BoldKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "bold" }
public enum ItalicKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "italic" }
public enum MonospacedKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "monospaced" }
public enum MonospacedDigitKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "monospacedDigit" }
public enum SmallCapsKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "smallCaps" }
public enum LowercaseSmallCapsKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "lowercaseSmallCaps" }
public enum UppercaseSmallCapsKey: CustomAttributedTextKey { public typealias Value = Bool; public static let name = "uppercaseSmallCaps" }
public enum KerningKey: CustomAttributedTextKey { public typealias Value = Double; public static let name = "kerning" }
public enum TrackingKey: CustomAttributedTextKey { public typealias Value = Double; public static let name = "tracking" }
public enum BaselineOffsetKey: CustomAttributedTextKey { public typealias Value = Double; public static let name = "baselineOffset" }
public enum TextCaseKey: CustomAttributedTextKey { public typealias Value = TextCase; public static let name = "textCase" }
public enum MultilineTextAlignmentKey: CustomAttributedTextKey { public typealias Value = TextAlignment; public static let name = "multilineTextAlignment" }
public enum LineSpacingKey: CustomAttributedTextKey { public typealias Value = Double; public static let name = "lineSpacing" }
public enum LineLimitKey: CustomAttributedTextKey { public typealias Value = Int; public static let name = "lineLimit" }
public enum TruncationModeKey: CustomAttributedTextKey { public typealias Value = TruncationMode; public static let name = "truncationMode" }

extension RunwayAttributes {
    public var font: FontKey.Type { FontKey.self }
    public var fontWeight: FontWeightKey.Type { FontWeightKey.self }
    public var fontDesign: FontDesignKey.Type { FontDesignKey.self }
    public var fontWidth: FontWidthKey.Type { FontWidthKey.self }
    public var bold: BoldKey.Type { BoldKey.self }
    public var italic: ItalicKey.Type { ItalicKey.self }
    public var monospaced: MonospacedKey.Type { MonospacedKey.self }
    public var monospacedDigit: MonospacedDigitKey.Type { MonospacedDigitKey.self }
    public var smallCaps: SmallCapsKey.Type { SmallCapsKey.self }
    public var lowercaseSmallCaps: LowercaseSmallCapsKey.Type { LowercaseSmallCapsKey.self }
    public var uppercaseSmallCaps: UppercaseSmallCapsKey.Type { UppercaseSmallCapsKey.self }
    public var kerning: KerningKey.Type { KerningKey.self }
    public var tracking: TrackingKey.Type { TrackingKey.self }
    public var baselineOffset: BaselineOffsetKey.Type { BaselineOffsetKey.self }
    public var textCase: TextCaseKey.Type { TextCaseKey.self }
    public var multilineTextAlignment: MultilineTextAlignmentKey.Type { MultilineTextAlignmentKey.self }
    public var lineSpacing: LineSpacingKey.Type { LineSpacingKey.self }
    public var lineLimit: LineLimitKey.Type { LineLimitKey.self }
    public var truncationMode: TruncationModeKey.Type { TruncationModeKey.self }
}
