/// One custom attribute a scope declares: its name, the values it takes and what it is for.
public struct AttributeDeclaration: Hashable, Sendable {
    /// What values an attribute takes.
    public enum ValueType: Hashable, Sendable, CustomStringConvertible {
        /// One of a fixed set of strings.
        case oneOf([String])
        /// Any string.
        case string
        /// True or false.
        case bool
        /// A whole number.
        case integer
        /// Any number, integer or not.
        case number
        /// A JSON object.
        case object
        /// A component's parameter that is a link's destination, written as a string: a URL, or a
        /// content file's path (`guide/intro.md`), checked and led to its page as a link's is.
        case link
        /// A component: an object of the parameters it takes, rendered by its template.
        case component(ComponentSignature)

        /// The type as the theme and config files write it.
        public var description: String {
            switch self {
            case .oneOf(let values): "one of " + values.map { "'\($0)'" }.joined(separator: ", ")
            case .string: "a string"
            case .bool: "true or false"
            case .integer: "an integer"
            case .number: "a number"
            case .object: "an object"
            case .link: "a link (a URL or a content file's path)"
            case .component(let signature): "a component's parameters, an object (\(signature.list))"
            }
        }

        /// Whether `value` is of this type.
        public func accepts(_ value: AttributeValue) -> Bool {
            switch (self, value) {
            case (.oneOf(let values), .string(let string)): values.contains(string)
            case (.string, .string), (.link, .string), (.bool, .bool), (.integer, .integer), (.object, .object): true
            case (.number, .integer), (.number, .number): true
            case (.component(let signature), _): signature.problem(with: value) == nil
            default: false
            }
        }
    }

    /// The attribute's name, as Markdown writes it: `^[text](name: value)`.
    public var name: String
    /// The values the attribute takes.
    public var type: ValueType
    /// What the attribute is for, in a sentence (theme previews and guides show it).
    public var summary: String

    /// Declares the attribute `name`, taking values of `type`.
    public init(_ name: String, _ type: ValueType, summary: String = "") {
        self.name = name
        self.type = type
        self.summary = summary
    }

    /// The declaration of a typed key.
    public init<K: CustomAttributedTextKey>(_ key: K.Type, _ type: ValueType, summary: String = "") {
        self.init(K.name, type, summary: summary)
    }
}
