/// The value of a custom attribute: the JSON data model, with integers kept apart from other numbers.
public enum AttributeValue: Hashable, Sendable {
    /// A string.
    case string(String)
    /// A whole number, kept apart from other numbers.
    case integer(Int)
    /// A number that is not a whole one (or is written with a fraction).
    case number(Double)
    /// True or false.
    case bool(Bool)
    /// JSON's `null`.
    case null
    /// A list of values.
    case array([AttributeValue])
    /// Values by name.
    case object([String: AttributeValue])
}

extension AttributeValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AttributeValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AttributeValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// A Swift type that is stored in an ``AttributeContainer`` as an ``AttributeValue``.
public protocol AttributeValueConvertible: Hashable, Sendable {
    /// The value of a stored attribute value, or `nil` when it is not one of this type.
    init?(attributeValue: AttributeValue)
    /// The value as it is stored.
    var attributeValue: AttributeValue { get }
}

extension String: AttributeValueConvertible {
    public init?(attributeValue: AttributeValue) {
        guard case .string(let value) = attributeValue else { return nil }
        self = value
    }
    public var attributeValue: AttributeValue { .string(self) }
}

extension Int: AttributeValueConvertible {
    public init?(attributeValue: AttributeValue) {
        guard case .integer(let value) = attributeValue else { return nil }
        self = value
    }
    public var attributeValue: AttributeValue { .integer(self) }
}

extension Double: AttributeValueConvertible {
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .number(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
    public var attributeValue: AttributeValue { .number(self) }
}

extension Bool: AttributeValueConvertible {
    public init?(attributeValue: AttributeValue) {
        guard case .bool(let value) = attributeValue else { return nil }
        self = value
    }
    public var attributeValue: AttributeValue { .bool(self) }
}

extension AttributeValueConvertible where Self: RawRepresentable, RawValue == String {
    /// A string enumeration's case named by a string value.
    public init?(attributeValue: AttributeValue) {
        guard case .string(let raw) = attributeValue else { return nil }
        self.init(rawValue: raw)
    }
    /// The case's raw value, as a string.
    public var attributeValue: AttributeValue { .string(rawValue) }
}
