package import RunwayText
import Formatting
import Foundation

/// A file of values, YAML, TOML or JSON, read into attribute values: another generator's
/// configuration (`hugo.toml`, `_config.yml`, `config.toml`). Its problems are diagnostics at
/// their line, as front matter's are.
package enum DataFile {
    /// The language a data file is written in.
    package enum Format: String, Sendable {
        case yaml, toml, json

        /// The format a file's extension names (`.yml`, `.yaml`, `.toml`, `.json`), or `nil`.
        package init?(fileName: String) {
            switch (fileName as NSString).pathExtension.lowercased() {
            case "yml", "yaml": self = .yaml
            case "toml": self = .toml
            case "json": self = .json
            default: return nil
            }
        }
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
        case .json:
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
                  case .object(let values)? = value(json: object)
            else {
                return (nil, [Diagnostic(.error, "is not a JSON object of keys and values", path: path, position: SourcePosition(line: 1, column: 1))])
            }
            return (values, [])
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
