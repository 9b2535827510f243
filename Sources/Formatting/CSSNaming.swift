public import RunwayText

/// How a custom attribute value becomes a CSS class and a `data-*` attribute: one rule, injective
/// and CSS-safe.
///
/// - class: `rw-` + encode(name) + `--` + encode(value). `encode` keeps ASCII letters and digits and
///   writes every other byte as `_` and two uppercase hex digits (`-` is `_2D`, `_` is `_5F`), so
///   `--` only ever separates the two parts. A string value is encoded as is; a number or boolean
///   is `__` + encode(its JSON text), which no string can produce (a number is its JSON text, so
///   `1` and `1.0` are one value). Arrays, objects and null have no class. `customColor: 'danger'` → `rw-customColor--danger`; `size: 1.5` → `rw-size--__1_2E5`.
/// - data attribute: `data-` + the name with each capital letter written `-` + its lowercase and
///   other bytes that are not ASCII letters or digits encoded as above (`customColor` →
///   `data-custom-color`); its value is the string, or the JSON text of any other value.
public enum CSSNaming {
    /// What every class Runway writes starts with.
    public static let classPrefix = "rw-"

    /// The class of an attribute's value: `rw-` + the encoded name + `--` + the encoded value (a
    /// number or boolean as `__` + its encoded JSON text); `nil` for null, a list or an object.
    public static func className(attribute: String, value: AttributeValue) -> String? {
        let encodedValue: String
        switch value {
        case .string(let text): encodedValue = encode(text)
        case .integer, .number, .bool: encodedValue = "__" + encode(value.jsonText)
        case .null, .array, .object: return nil
        }
        return classPrefix + encode(attribute) + "--" + encodedValue
    }

    /// The `data-*` attribute of an attribute: each capital as `-` and its lowercase
    /// (`customColor` → `data-custom-color`), other bytes encoded.
    public static func dataAttribute(_ attribute: String) -> String {
        var name = "data-"
        for byte in attribute.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): name += "-" + String(UnicodeScalar(byte + 32))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): name.append(Character(UnicodeScalar(byte)))
            default: name += escape(byte)
            }
        }
        return name
    }

    /// The `data-*` attribute's value: a string as it is, any other value as its JSON text.
    public static func dataValue(_ value: AttributeValue) -> String {
        if case .string(let text) = value { return text }
        return value.jsonText
    }

    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                encoded.append(Character(UnicodeScalar(byte)))
            default:
                encoded += escape(byte)
            }
        }
        return encoded
    }

    private static func escape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "_" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
