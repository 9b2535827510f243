public import AttributedText

/// A theme: a formatting definition and an attribute container per style target. Themes change
/// how a page looks, never what it says: the HTML depends on the definition only, the CSS on the
/// styles.
public struct Theme: Sendable {
    public var name: String
    /// The theme this one extends, if any.
    public var parent: String?
    public var summary: String
    public var definition: FormattingDefinition
    /// Styling attributes (``StyleAttribute`` names and values) per target.
    public var styles: [StyleTarget: [String: AttributeValue]]

    public init(name: String, parent: String? = nil, summary: String = "", definition: FormattingDefinition = .init(),
                styles: [StyleTarget: [String: AttributeValue]] = [:]) {
        self.name = name
        self.parent = parent
        self.summary = summary
        self.definition = definition
        self.styles = styles
    }

    /// The attributes a run gets from the theme: the containers of its intents and custom values,
    /// merged in the order body, blocks, inlines, values; then the run's own attributes win.
    public func merge(into container: inout AttributeContainer) {
        var merged: [String: AttributeValue] = styles[.body] ?? [:]
        func add(_ target: StyleTarget) {
            if let style = styles[target] { merged.merge(style) { _, new in new } }
        }
        for component in (container.presentationIntent?.components ?? []).reversed() {
            switch component.kind {
            case .paragraph: add(.paragraph)
            case .header(let level): add(.heading(level))
            case .blockQuote: add(.quote)
            case .codeBlock: add(.codeBlock)
            case .orderedList, .unorderedList: add(.list)
            case .listItem: add(.listItem)
            case .table: add(.table)
            case .tableHeaderRow: add(.headerRow)
            case .tableCell: add(.cell)
            case .thematicBreak: add(.thematicBreak)
            case .tableRow, .footnoteDefinition: break
            }
        }
        for component in (container.inlineIntent?.components ?? []).reversed() {
            switch component.kind {
            case .emphasized: add(.emphasized)
            case .stronglyEmphasized: add(.strong)
            case .code: add(.code)
            case .strikethrough: add(.strikethrough)
            case .link: add(.link)
            default: break
            }
        }
        for (attribute, value) in container.customAttributes.sorted(by: { $0.key < $1.key }) {
            if case .string(let text) = value { add(.value(attribute: attribute, value: text)) }
        }
        container.customAttributes = merged.merging(container.customAttributes) { _, own in own }
    }

    /// The text after the definition and the theme: what `runway runs --json --theme` shows.
    public func resolve(_ text: AttributedText) -> AttributedText {
        let constrained = definition.apply(to: text)
        var builder = AttributedText.Builder()
        var string = constrained.string
        string.withUTF8 { bytes in
            for run in constrained.runs {
                var attributes = run.attributes
                merge(into: &attributes)
                builder.append(bytes: UnsafeBufferPointer(rebasing: bytes[run.range]), attributes: attributes,
                               sourceRange: run.sourceRange)
            }
        }
        return builder.build()
    }
}
