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
        diagnostics += declareComponents(in: source, into: &scope)
        guard let attributes = source.table["attributes"] else { return (scope, diagnostics) }
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
            if scope[attribute] != nil {
                problem("'\(attribute)' is declared as a component already ([components.\(attribute)]): a name is an attribute or a component", at: path)
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
            guard var type = Self.valueType(named: typeName) else {
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

    /// The type a declaration names (`type = "integer"`), or `nil` for a name Runway does not know.
    static func valueType(named name: String) -> AttributeDeclaration.ValueType? {
        switch name {
        case "string": .string
        case "bool": .bool
        case "integer": .integer
        case "number": .number
        case "object": .object
        default: nil
        }
    }

    /// The components of `[components.NAME]` tables, each an attribute whose value is an object of
    /// its parameters, rendered by the template `components/NAME.html`:
    ///
    /// ```toml
    /// [components.youtube]
    /// description = "A YouTube video, loaded when the reader asks for it."
    /// [components.youtube.parameters]
    /// id = { type = "string", required = true, description = "The video's id." }
    /// start = { type = "integer", default = 0 }
    /// size = { values = ["small", "large"], default = "small" }
    /// ```
    ///
    /// A problem (an unknown key or type, a default of another type, a reserved name) is an error
    /// at its key, and that component is skipped.
    static func declareComponents(in source: TOMLSource, into scope: inout CustomAttributeScope) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func problem(_ message: String, at keyPath: [String]) {
            diagnostics.append(Diagnostic(.error, message, path: source.path, position: source.position(of: keyPath)))
        }
        guard let components = source.table["components"] else { return [] }
        guard let table = components.table else {
            problem("'components' must be a table of [components.NAME] declarations", at: ["components"])
            return diagnostics
        }
        names: for name in table.keys.sorted() {
            let path = ["components", name]
            guard let fields = table[name]?.table else {
                problem("component '\(name)' must be a table, such as [components.\(name)] description = \"…\"", at: path)
                continue
            }
            if reservedAttributeNames.contains(name) {
                problem("'\(name)' is one of Runway's own attributes and cannot be a component", at: path)
                continue
            }
            for key in fields.keys where !["description", "parameters"].contains(key) {
                problem("unknown key '\(key)' in component '\(name)' (expected description, parameters)", at: path + [key])
                continue names
            }
            var parameters: [ComponentSignature.Parameter] = []
            if let declared = fields["parameters"] {
                guard let list = declared.table else {
                    problem("'parameters' of component '\(name)' must be a table: NAME = { type = \"string\", required = true }", at: path + ["parameters"])
                    continue
                }
                for parameter in list.keys.sorted() {
                    let at = path + ["parameters", parameter]
                    guard let options = list[parameter]?.table else {
                        problem("parameter '\(parameter)' of component '\(name)' must be a table: { type = \"string\" }", at: at)
                        continue names
                    }
                    for key in options.keys where !["type", "values", "required", "default", "description"].contains(key) {
                        problem("unknown key '\(key)' in parameter '\(parameter)' of component '\(name)' (expected type, values, required, default, description)",
                                at: at)
                        continue names
                    }
                    let typeName = options["type"]?.string ?? "string"
                    guard var type = typeName == "link" ? .link : Self.valueType(named: typeName) else {
                        problem("parameter '\(parameter)' of component '\(name)' has unknown type \"\(typeName)\" (expected string, bool, integer, number, link or object)",
                                at: at)
                        continue names
                    }
                    if let values = options["values"] {
                        let strings = values.array.map { array in array.compactMap { $0.string } }
                        guard typeName == "string", let strings, strings.count == values.array?.count, !strings.isEmpty else {
                            problem("'values' of parameter '\(parameter)' must be a non-empty array of strings, for a string parameter", at: at)
                            continue names
                        }
                        type = .oneOf(strings)
                    }
                    var defaultValue: AttributeValue?
                    if let written = options["default"] {
                        guard let value = AttributeValue(toml: written), type.accepts(value) else {
                            problem("the default of parameter '\(parameter)' of component '\(name)' must be \(type)", at: at)
                            continue names
                        }
                        defaultValue = value
                    }
                    if options["required"] != nil, options["required"]?.bool == nil {
                        problem("'required' of parameter '\(parameter)' must be true or false", at: at)
                        continue names
                    }
                    parameters.append(.init(parameter, type, required: options["required"]?.bool ?? false, default: defaultValue,
                                            summary: options["description"]?.string ?? ""))
                }
            }
            // Declared order: TOML's tables do not keep it, so parameters are by name.
            scope.declare(AttributeDeclaration(name, .component(ComponentSignature(parameters: parameters)), summary: fields["description"]?.string ?? ""))
        }
        return diagnostics
    }
}
