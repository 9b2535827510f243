public import RunwayText
import TOMLKit

extension CustomAttributeScope {
    /// The scope declared by the `[attributes.NAME]` tables of a config or theme file:
    ///
    /// ```toml
    /// [attributes.customColor]
    /// type = "string"                       # string, bool, integer, number or object
    /// values = ["danger", "highlight"]      # for a string: the values allowed (any when absent)
    /// description = "A colour role for a span of text."
    /// ```
    ///
    /// A problem (an unknown type, values that are not strings, a reserved name, an unknown key) is
    /// an error at the offending key, and that declaration is skipped.
    public static func declared(in source: TOMLSource, name: String) -> (scope: CustomAttributeScope, diagnostics: [Diagnostic]) {
        var scope = CustomAttributeScope(name: name, declarations: [])
        var diagnostics: [Diagnostic] = []
        func problem(_ message: String, at keyPath: [String]) {
            diagnostics.append(Diagnostic(.error, message, path: source.path, position: source.position(of: keyPath)))
        }
        guard let attributes = source.table["attributes"] else { return (scope, []) }
        guard let table = attributes.table else {
            problem("'attributes' must be a table of [attributes.NAME] declarations", at: ["attributes"])
            return (scope, diagnostics)
        }
        for attribute in table.keys.sorted() {
            let path = ["attributes", attribute]
            guard let fields = table[attribute]?.table else {
                problem("attribute '\(attribute)' must be a table with a type, such as [attributes.\(attribute)] type = \"string\"", at: path)
                continue
            }
            if reservedAttributeNames.contains(attribute) {
                problem("'\(attribute)' is one of Runway's own attributes and cannot be declared", at: path)
                continue
            }
            for key in fields.keys where !["type", "values", "description"].contains(key) {
                problem("unknown key '\(key)' in attribute '\(attribute)' (expected type, values, description)", at: path + [key])
            }
            let typeName = fields["type"]?.string ?? "string"
            let values = fields["values"]
            var type: AttributeDeclaration.ValueType
            switch typeName {
            case "string": type = .string
            case "bool": type = .bool
            case "integer": type = .integer
            case "number": type = .number
            case "object": type = .object
            default:
                problem("attribute '\(attribute)' has unknown type \"\(typeName)\" (expected string, bool, integer, number or object)", at: path + ["type"])
                continue
            }
            if let values {
                let strings = values.array.map { array in array.compactMap { $0.string } }
                // An empty value could not be styled: `[styles."mood."]` names no target.
                guard typeName == "string", let strings, strings.count == values.array?.count, !strings.isEmpty, !strings.contains("") else {
                    problem("'values' of attribute '\(attribute)' must be a non-empty array of non-empty strings, for a string attribute", at: path + ["values"])
                    continue
                }
                type = .oneOf(strings)
            }
            scope.declare(AttributeDeclaration(attribute, type, summary: fields["description"]?.string ?? ""))
        }
        return (scope, diagnostics)
    }
}
