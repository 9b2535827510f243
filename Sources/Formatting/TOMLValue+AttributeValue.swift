import RunwayText
package import TOMLKit

extension AttributeValue {
    /// A TOML value as an attribute value (dates and times are not attribute values).
    package init?(toml value: any TOMLValueConvertible) {
        switch value.type {
        case .string: self = .string(value.string ?? "")
        case .int: self = .integer(value.int ?? 0)
        case .double: self = .number(value.double ?? 0)
        case .bool: self = .bool(value.bool ?? false)
        case .array:
            guard let array = value.array else { return nil }
            var items: [AttributeValue] = []
            for item in array {
                guard let converted = AttributeValue(toml: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case .table:
            guard let table = value.table else { return nil }
            var fields: [String: AttributeValue] = [:]
            for key in table.keys {
                guard let item = table[key], let converted = AttributeValue(toml: item) else { return nil }
                fields[key] = converted
            }
            self = .object(fields)
        default:
            return nil
        }
    }
}
