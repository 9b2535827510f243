package import RunwayText
import CSV
import Formatting
import Foundation

/// A file of values, YAML, TOML or JSON, read into attribute values: another generator's
/// configuration (`hugo.toml`, `_config.yml`, `config.toml`). Its problems are diagnostics at
/// their line, as front matter's are.
package enum DataFile {
    /// The language a data file is written in.
    package enum Format: String, Sendable {
        case yaml, toml, json, csv

        /// The format a file's extension names (`.yml`, `.yaml`, `.toml`, `.json`, `.csv`), or `nil`.
        package init?(fileName: String) {
            switch (fileName as NSString).pathExtension.lowercased() {
            case "yml", "yaml": self = .yaml
            case "toml": self = .toml
            case "json": self = .json
            case "csv": self = .csv
            default: return nil
            }
        }
    }

    /// The value a data file holds (`data/team.yaml`): a table, or a list (YAML and JSON may hold
    /// one; a CSV file is the list of its rows, each a table of its header's names to its fields,
    /// as Jekyll reads it). `nil` with an error at its line when it cannot be read.
    package static func value(_ text: String, format: Format, path: String) -> (value: AttributeValue?, diagnostics: [Diagnostic]) {
        switch format {
        case .yaml:
            var diagnostics: [Diagnostic] = []
            let value = PageMetadata.yamlValue(text, firstLine: 1, kind: "data file", path: path, diagnostics: &diagnostics)
            return (diagnostics.contains { $0.severity == .error } ? nil : value, diagnostics)
        case .toml:
            let (table, diagnostics) = read(text, format: .toml, path: path)
            return (table.map(AttributeValue.object), diagnostics)
        case .json:
            do {
                let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
                return (value(json: object) ?? .null, [])
            } catch {
                return (nil, [Diagnostic(.error, "is not valid JSON", path: path, position: jsonPosition(of: error, in: text))])
            }
        case .csv:
            return rows(csv: text, path: path)
        }
    }

    /// Where JSONSerialization's error says it stopped ("around character 23"), as a line and column.
    private static func jsonPosition(of error: any Error, in text: String) -> SourcePosition {
        let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        guard let range = description.range(of: #"character \d+"#, options: .regularExpression),
              let offset = Int(description[range].dropFirst("character ".count))
        else { return SourcePosition(line: 1, column: 1) }
        let before = text.utf8.prefix(offset)
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = (before.lastIndex(of: UInt8(ascii: "\n")).map { before.distance(from: $0, to: before.endIndex) } ?? before.count + 1)
        return SourcePosition(line: line, column: max(1, column))
    }

    /// A CSV file's rows after its header, each a table of the header's names to its fields;
    /// a row with another number of fields than the header is an error at its line (a quote that is
    /// never closed reads to the end, and so is one).
    private static func rows(csv text: String, path: String) -> (value: AttributeValue?, diagnostics: [Diagnostic]) {
        guard let reader = try? CSVReader(string: text, hasHeaderRow: true), let header = reader.headerRow else {
            return (.array([]), [])
        }
        var named = Set<String>()
        if let bad = header.indices.first(where: { header[$0].isEmpty || !named.insert(header[$0]).inserted }) {
            return (nil, [Diagnostic(.error, "its header (line 1) must name every column once: column \(bad + 1) is "
                                     + (header[bad].isEmpty ? "empty" : "'\(header[bad])', a name used before"),
                                     path: path, position: SourcePosition(line: 1, column: 1))])
        }
        var line = 1 + header.reduce(0) { $0 + $1.count { $0 == "\n" } } + 1
        var rows: [AttributeValue] = []
        while let row = reader.next() {
            defer { line += 1 + row.reduce(0) { $0 + $1.count { $0 == "\n" } } }
            if row == [""] { continue }
            guard row.count == header.count else {
                return (nil, [Diagnostic(.error, "this row has \(row.count) field\(row.count == 1 ? "" : "s"), the header \(header.count): "
                                         + "each row gives every column (a field with a comma or a line break is written in double quotes)",
                                         path: path, position: SourcePosition(line: line, column: 1))])
            }
            rows.append(.object(Dictionary(zip(header, row.map(AttributeValue.string)), uniquingKeysWith: { first, _ in first })))
        }
        return (.array(rows), [])
    }

    /// The top-level mapping of `text`, read as `format`; `nil` with an error when it is not one.
    /// TOML dates and times are their text (`2026-11-03`), as in front matter.
    package static func read(_ text: String, format: Format, path: String) -> (values: [String: AttributeValue]?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        switch format {
        case .yaml:
            let values = PageMetadata.yaml(text, firstLine: 1, kind: "file", path: path, diagnostics: &diagnostics)
            return (diagnostics.contains { $0.severity == .error } ? nil : values, diagnostics)
        case .toml:
            do throws(Diagnostic) {
                return (try TOMLSource(path: path, text: text).values(datesAsText: true), [])
            } catch {
                return (nil, [error])
            }
        case .json, .csv:
            let (read, diagnostics) = value(text, format: format, path: path)
            guard let read else { return (nil, diagnostics) }
            guard case .object(let values) = read else {
                return (nil, [Diagnostic(.error, "must hold a table of keys and values", path: path, position: SourcePosition(line: 1, column: 1))])
            }
            return (values, diagnostics)
        }
    }

    /// A value JSONSerialization gives, as an attribute value.
    private static func value(json: Any) -> AttributeValue? {
        switch json {
        case let text as String: return .string(text)
        case let number as NSNumber:
            // A boolean is a number whose type is a char ("c").
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return number.stringValue.contains(".") || number.stringValue.contains("e") ? .number(number.doubleValue) : .integer(number.intValue)
        case let list as [Any]: return .array(list.compactMap(value(json:)))
        case let table as [String: Any]: return .object(table.compactMapValues(value(json:)))
        case is NSNull: return .null
        default: return nil
        }
    }
}
