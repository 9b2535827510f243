/// The parameters a component takes: a component is an attribute whose value is an object of
/// them, `^[A talk](youtube: {id: 'hjD9jTi_DQ4', start: 30})`, and which a template renders in
/// place of the span.
///
/// ```swift
/// let youtube = ComponentSignature(parameters: [
///     .init("id", .string, required: true),
///     .init("start", .integer, default: .integer(0)),
/// ])
/// print("component:", youtube.problem(with: .object(["start": .integer(3)])) ?? "none")
/// // component: has no 'id' (a string), which it requires
/// ```
public struct ComponentSignature: Hashable, Sendable {
    /// One parameter: its name, the values it takes, whether a call must give it, what it is
    /// when a call does not, and what it is for.
    public struct Parameter: Hashable, Sendable {
        /// Its name, as a call writes it (`id`).
        public var name: String
        /// The values it takes.
        public var type: AttributeDeclaration.ValueType
        /// Whether a call must give it.
        public var required: Bool
        /// What it is when a call does not give it.
        public var defaultValue: AttributeValue?
        /// What it is for, in a sentence.
        public var summary: String

        /// A parameter `name` of `type`.
        public init(_ name: String, _ type: AttributeDeclaration.ValueType, required: Bool = false, default defaultValue: AttributeValue? = nil,
                    summary: String = "") {
            self.name = name
            self.type = type
            self.required = required
            self.defaultValue = defaultValue
            self.summary = summary
        }
    }

    /// The parameters, in the order they were declared.
    public var parameters: [Parameter]

    /// A component taking `parameters`.
    public init(parameters: [Parameter] = []) {
        self.parameters = parameters
    }

    /// Why `value` is no call of the component (it is not an object, names a parameter the
    /// component does not have, lacks a required one, gives one a value of another type), or
    /// `nil` when it is one.
    public func problem(with value: AttributeValue) -> String? {
        guard case .object(let given) = value else {
            return "is \(value.jsonText) but takes an object of its parameters (\(list)), {} for none"
        }
        for name in given.keys.sorted() where !parameters.contains(where: { $0.name == name }) {
            return "has no parameter '\(name)' (it takes \(list))"
        }
        for parameter in parameters {
            if let value = given[parameter.name] {
                guard parameter.type.accepts(value) else {
                    return "has '\(parameter.name)' \(value.jsonText), but it must be \(parameter.type)"
                }
            } else if parameter.required {
                return "has no '\(parameter.name)' (\(parameter.type)), which it requires"
            }
        }
        return nil
    }

    /// A call's parameters with the defaults of those it does not give.
    public func arguments(of value: AttributeValue) -> [String: AttributeValue] {
        var arguments: [String: AttributeValue] = if case .object(let given) = value { given } else { [:] }
        for parameter in parameters where arguments[parameter.name] == nil {
            if let value = parameter.defaultValue { arguments[parameter.name] = value }
        }
        return arguments
    }

    /// The parameters as messages list them: `id (a string, required), start (an integer)`.
    public var list: String {
        guard !parameters.isEmpty else { return "no parameters" }
        return parameters.map { "\($0.name) (\($0.type)\($0.required ? ", required" : ""))" }.joined(separator: ", ")
    }

    /// The destinations a call gives its ``AttributeDeclaration/ValueType/link`` parameters (a
    /// default is no link of the page's), in the order the parameters are declared.
    public func links(in value: AttributeValue) -> [String] {
        guard case .object(let given) = value else { return [] }
        return parameters.compactMap { parameter in
            guard parameter.type == .link, case .string(let destination)? = given[parameter.name] else { return nil }
            return destination
        }
    }
}
