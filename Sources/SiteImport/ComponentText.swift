/// A call of one of the default theme's components as Markdown writes it:
/// `^[A talk](youtube: {id: 'x', start: 30})`, what the import makes of another generator's
/// built-in shortcodes (`figure`, `youtube`, `vimeo`, `gist`, `details`).
enum ComponentText {
    /// A parameter's value: text, or a number.
    enum Value {
        case text(String)
        case number(Int)
        case flag(Bool)
    }

    /// `^[label](name: {key: value, …})`, the parameters in the order given, those without a value
    /// left out; `label` is Markdown (the span's text), which must not be empty.
    static func call(_ name: String, label: String, _ parameters: [(String, Value?)]) -> String {
        let fields = parameters.compactMap { key, value in value.map { "\(key): \(Self.written($0))" } }
        return "^[\(label)](\(name): {\(fields.joined(separator: ", "))})"
    }

    /// A value in JSON5: text in single quotes, its quotes and backslashes escaped, and the
    /// parentheses that would end the span's attributes written as `\u` escapes.
    static func written(_ value: Value) -> String {
        switch value {
        case .number(let number): return String(number)
        case .flag(let flag): return flag ? "true" : "false"
        case .text(let text):
            var escaped = ""
            for character in text {
                switch character {
                case "\\": escaped += "\\\\"
                case "'": escaped += "\\'"
                case "(": escaped += "\\u0028"
                case ")": escaped += "\\u0029"
                case "\n": escaped += "\\n"
                default: escaped.append(character)
                }
            }
            return "'" + escaped + "'"
        }
    }
}
