public import RunwayText
import TOMLKit

/// One theme's `theme.toml`, read on its own (before `extends` is resolved):
///
/// ```toml
/// extends = "default"                      # optional: start from another theme
/// description = "Menlo 17 pt, indigo text."
///
/// [attributes.customColor]                 # the definition's scope (see CustomAttributeScope)
/// type = "string"
/// values = ["danger", "highlight"]
///
/// [[constraints]]                          # a value set with a default
/// attribute = "underlineStyle"
/// values = ["single"]
/// default = "single"
///
/// [[constraints]]                          # when A is V, set B to X, otherwise remove it
/// when = { annotation = "contact" }
/// set = { foregroundColor = "purple" }
/// otherwise = "remove"                     # or a table of values, or absent to leave as is
///
/// [styles.body]                            # an attribute container per target
/// font = "body"
/// foregroundColor = { light = "#1D1D1F", dark = "#F5F5F7" }
///
/// [params]                               # free values for templates: site.params.NAME
/// tagline = "Notes on attributed text"
///
/// [styles."customColor.danger"]
/// backgroundColor = "red"
/// underlineStyle = { pattern = "dash", color = "yellow" }
/// ```
public struct ThemeFile: Sendable {
    /// The theme's name: its folder's.
    public var name: String
    /// The theme it extends (`extends`), if any.
    public var parent: String?
    /// What the theme looks like (`description`).
    public var summary: String
    /// The attributes it declares (`[attributes]`).
    public var scope: CustomAttributeScope
    /// Its constraints (`[[constraints]]`), in order.
    public var constraints: [FormattingDefinition.Constraint]
    /// Its containers (`[styles.TARGET]`), by target.
    public var styles: [StyleTarget: [String: AttributeValue]]
    /// `[params]`: values the theme's templates read as `site.params` (a site's own win).
    public var params: [String: AttributeValue] = [:]
    /// The attributes its constraints name that it neither declares nor styles, each with the
    /// warning it gets unless a theme it extends (or that extends it) declares it: only the merged
    /// theme knows (``ThemeLibrary/load(_:)``).
    var undeclaredConstraints: [(attribute: String, warning: Diagnostic)] = []

    static let topLevelKeys: Set<String> = ["name", "extends", "description", "attributes", "components", "constraints", "styles", "params"]

    /// Reads a theme file; every problem is a diagnostic at its key, and the rest still counts.
    public static func read(name: String, source: TOMLSource) -> (file: ThemeFile, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func problem(_ severity: Diagnostic.Severity, _ message: String, at position: SourcePosition) {
            diagnostics.append(Diagnostic(severity, message, path: source.path, position: position))
        }
        let table = source.table
        for key in table.keys.sorted() where !topLevelKeys.contains(key) {
            problem(.warning, "unknown key '\(key)' (expected \(topLevelKeys.sorted().joined(separator: ", ")))",
                    at: source.position(of: [key]))
        }
        let declared = CustomAttributeScope.declared(in: source, name: "theme \(name)")
        diagnostics += declared.diagnostics
        var file = ThemeFile(name: name, parent: table["extends"]?.string, summary: table["description"]?.string ?? "",
                             scope: declared.scope, constraints: [], styles: [:])
        if table["extends"] != nil && file.parent == nil {
            problem(.error, "'extends' must be the name of a theme", at: source.position(of: ["extends"]))
        }
        for key in ["name", "description"] where table[key] != nil && table[key]?.string == nil {
            problem(.error, "'\(key)' must be a string", at: source.position(of: [key]))
        }
        var undeclared: [(attribute: String, warning: Diagnostic)] = []
        file.constraints = readConstraints(source, scope: declared.scope, problem: problem) { attribute, position in
            undeclared.append((attribute, Diagnostic(
                .warning, "the constraint names '\(attribute)', which is neither declared in [attributes] (of this theme or those it extends) nor a styling attribute",
                path: source.path, position: position)))
        }
        file.undeclaredConstraints = undeclared
        file.styles = readStyles(source, problem: problem)
        if let params = table["params"] {
            if let values = params.table.flatMap({ AttributeValue(toml: $0) }), case .object(let members) = values {
                file.params = members
            } else {
                problem(.error, "'params' must be a table of values ([params]), without dates", at: source.position(of: ["params"]))
            }
        }
        return (file, diagnostics)
    }

    private static func readStyles(
        _ source: TOMLSource, problem: (Diagnostic.Severity, String, SourcePosition) -> Void
    ) -> [StyleTarget: [String: AttributeValue]] {
        guard let styles = source.table["styles"] else { return [:] }
        guard let table = styles.table else {
            problem(.error, "'styles' must be a table of [styles.TARGET] containers", source.position(of: ["styles"]))
            return [:]
        }
        var result: [StyleTarget: [String: AttributeValue]] = [:]
        for name in table.keys.sorted() {
            guard let target = StyleTarget(name: name) else {
                problem(.error, "unknown style target '\(name)' (expected \(StyleTarget.intentNames.keys.sorted().joined(separator: ", ")), or ATTRIBUTE.VALUE)",
                        source.position(of: ["styles", name]))
                continue
            }
            guard let container = table[name]?.table else {
                problem(.error, "style '\(name)' must be a table of styling attributes", source.position(of: ["styles", name]))
                continue
            }
            var values: [String: AttributeValue] = [:]
            for key in container.keys.sorted() {
                let position = source.position(of: ["styles", name, key])
                guard let attribute = StyleAttribute(rawValue: key) else {
                    problem(.error, "unknown styling attribute '\(key)' (expected \(StyleAttribute.allCases.map(\.rawValue).joined(separator: ", ")))", position)
                    continue
                }
                guard let item = container[key], let value = AttributeValue(toml: item) else {
                    problem(.error, "'\(key)' has a value no attribute takes", position)
                    continue
                }
                do {
                    _ = try attribute.css(value)
                    values[key] = value
                } catch {
                    problem(.error, error.message, position)
                }
            }
            result[target] = values
        }
        return result
    }

    private static func readConstraints(
        _ source: TOMLSource, scope: CustomAttributeScope, problem: (Diagnostic.Severity, String, SourcePosition) -> Void,
        undeclared: (String, SourcePosition) -> Void
    ) -> [FormattingDefinition.Constraint] {
        guard let entry = source.table["constraints"] else { return [] }
        guard let array = entry.array else {
            problem(.error, "'constraints' must be an array of [[constraints]] tables", source.position(of: ["constraints"]))
            return []
        }
        var constraints: [FormattingDefinition.Constraint] = []
        for (index, item) in array.enumerated() {
            let position = source.position(ofArrayTable: "constraints", index: index)
            guard let fields = item.table else {
                problem(.error, "each constraint must be a table", position)
                continue
            }
            let known = ["attribute", "values", "default", "when", "set", "otherwise"]
            for key in fields.keys.sorted() where !known.contains(key) {
                problem(.warning, "unknown key '\(key)' in a constraint (expected \(known.joined(separator: ", ")))", position)
            }
            func values(_ key: String) -> [String: AttributeValue]? {
                guard let value = fields[key].flatMap(AttributeValue.init(toml:)) else { return nil }
                guard case .object(let object) = value else { return nil }
                return object
            }
            if let attribute = fields["attribute"]?.string {
                guard let allowedValue = fields["values"].flatMap(AttributeValue.init(toml:)), case .array(let allowed) = allowedValue else {
                    problem(.error, "a value constraint on '\(attribute)' needs 'values', an array of the values allowed", position)
                    continue
                }
                let fallback = fields["default"].flatMap(AttributeValue.init(toml:))
                if let fallback, !allowed.contains(fallback) {
                    problem(.error, "the default \(fallback.jsonText) of the constraint on '\(attribute)' is not one of its values \(AttributeValue.array(allowed).jsonText)", position)
                    continue
                }
                if scope[attribute] == nil && StyleAttribute(rawValue: attribute) == nil {
                    undeclared(attribute, position)
                }
                constraints.append(.values(attribute: attribute, allowed: allowed, default: fallback))
            } else if let condition = values("when"), let set = values("set") {
                var otherwise = FormattingDefinition.Otherwise.leave
                if fields["otherwise"]?.string == "remove" {
                    otherwise = .remove
                } else if let other = values("otherwise") {
                    otherwise = .set(other)
                } else if fields["otherwise"] != nil {
                    problem(.error, "'otherwise' must be \"remove\" or a table of values", position)
                    continue
                }
                // What `set` and `otherwise` give is checked alike: `otherwise` was taken as written,
                // and put values no attribute takes on every run the condition left out.
                let otherValues: [String: AttributeValue] = if case .set(let other) = otherwise { other } else { [:] }
                for (field, given) in [("set", set), ("otherwise", otherValues)] {
                    for (key, value) in given.sorted(by: { $0.key < $1.key }) {
                        if let style = StyleAttribute(rawValue: key), !style.accepts(value) {
                            problem(.error, "the constraint's '\(field)' gives '\(key)' \(value.jsonText), which it does not take", position)
                        } else if scope[key] != nil, let why = scope.problem(with: key, value: value) {
                            problem(.error, "the constraint's '\(field)' gives '\(key)' \(value.jsonText): \(why)", position)
                        }
                    }
                }
                // An attribute a `when`, `set` or `otherwise` names must be one a theme of the chain declares, or a styling one.
                for key in Set(condition.keys).union(set.keys).union(otherValues.keys).sorted()
                    where scope[key] == nil && StyleAttribute(rawValue: key) == nil {
                    undeclared(key, position)
                }
                constraints.append(.rule(when: condition, set: set, otherwise: otherwise))
            } else {
                problem(.error, "a constraint needs either 'attribute' and 'values' (with an optional 'default'), or 'when' and 'set' tables", position)
            }
        }
        return constraints
    }
}
