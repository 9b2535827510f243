package import RunwayText
package import TOMLKit

extension AttributeValue {
    /// A TOML value as an attribute value; dates and times are not (`nil`).
    package init?(toml value: any TOMLValueConvertible) {
        self.init(toml: value, datesAsText: false)
    }

    /// A TOML value as an attribute value. Dates and times are not attribute values: `nil`, or,
    /// with `datesAsText` (front matter, where `date = 2026-11-03` is a page's date), their text in
    /// RFC 3339's form (`2026-11-03`, `2026-11-03T09:30:00Z`, `2026-11-03T09:30:00+02:00`, a
    /// local `2026-11-03T09:30:00`, `09:30:00`).
    package init?(toml value: any TOMLValueConvertible, datesAsText: Bool) {
        switch value.type {
        case .date where datesAsText: self = .string(value.date.map(Self.text) ?? "")
        case .dateTime where datesAsText: self = .string(value.dateTime.map(Self.text) ?? "")
        case .time where datesAsText: self = .string(value.time.map(Self.text) ?? "")
        case .string: self = .string(value.string ?? "")
        case .int: self = .integer(value.int ?? 0)
        case .double: self = .number(value.double ?? 0)
        case .bool: self = .bool(value.bool ?? false)
        case .array:
            guard let array = value.array else { return nil }
            var items: [AttributeValue] = []
            for item in array {
                guard let converted = AttributeValue(toml: item, datesAsText: datesAsText) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case .table:
            guard let table = value.table else { return nil }
            var fields: [String: AttributeValue] = [:]
            for key in table.keys {
                guard let item = table[key], let converted = AttributeValue(toml: item, datesAsText: datesAsText) else { return nil }
                fields[key] = converted
            }
            self = .object(fields)
        default:
            return nil
        }
    }

    private static func padded(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func text(_ date: TOMLDate) -> String {
        padded(date.year, 4) + "-" + padded(date.month) + "-" + padded(date.day)
    }

    private static func text(_ time: TOMLTime) -> String {
        var fraction = time.nanoSecond > 0 ? "." + padded(time.nanoSecond, 9) : ""
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return padded(time.hour) + ":" + padded(time.minute) + ":" + padded(time.second) + fraction
    }

    /// With its offset (`Z` for none), or without one for a local date and time.
    private static func text(_ dateTime: TOMLDateTime) -> String {
        let zone = dateTime.offset.map { offset in
            offset.offset == 0 ? "Z" : (offset.offset < 0 ? "-" : "+") + padded(abs(offset.offset) / 60) + ":" + padded(abs(offset.offset) % 60)
        } ?? ""
        return text(dateTime.date) + "T" + text(dateTime.time) + zone
    }
}

extension TOMLSource {
    /// The file's top-level keys and their values; dates and times as their text, with
    /// `datesAsText` (front matter, data files), else left out.
    package func values(datesAsText: Bool) -> [String: AttributeValue] {
        var values: [String: AttributeValue] = [:]
        for key in table.keys {
            if let item = table[key], let value = AttributeValue(toml: item, datesAsText: datesAsText) { values[key] = value }
        }
        return values
    }
}
