public import RunwayText

/// A theme: a formatting definition and an attribute container per style target. Themes change
/// how a page looks, never what it says: the HTML depends on the definition only, the CSS on the
/// styles.
public struct Theme: Sendable {
    /// The theme's name.
    public var name: String
    /// The theme this one extends, if any.
    public var parent: String?
    /// What the theme looks like, in a sentence.
    public var summary: String
    /// Which attributes the theme's pages may carry, and their constraints.
    public var definition: FormattingDefinition
    /// Styling attributes (``StyleAttribute`` names and values) per target.
    public var styles: [StyleTarget: [String: AttributeValue]]
    /// Free values for templates (`[params]`), an extending theme's winning.
    public var params: [String: AttributeValue] = [:]

    /// Whether the theme styles anything: a styled theme's pages get callouts, highlighted code and
    /// code lines; `plain`'s keep cmark-gfm's HTML.
    public var isStyled: Bool { !styles.isEmpty }

    /// A theme `name`, extending `parent`, with its definition and styles.
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
        var folds = StyleFolds(self)
        merge(into: &container, folds: &folds)
    }

    /// The styles of blocks and inline elements folded along their stacks, once per shared link.
    private struct StyleFolds {
        var blocks: StackFold<PresentationIntent, [String: AttributeValue]>
        var inlines: StackFold<InlineIntent, [String: AttributeValue]>

        init(_ theme: Theme) {
            blocks = StackFold(initial: [:]) { base, intent in
                // A callout is a quote, then its kind's value (`callout.note`).
                var styles = theme.adding(intent.innermost.flatMap(Theme.target(of:)), to: base)
                if case .blockQuote(let callout?)? = intent.innermost?.kind {
                    styles = theme.adding(.value(attribute: PresentationIntent.Callout.attributeName, value: callout.rawValue), to: styles)
                }
                return styles
            }
            inlines = StackFold(initial: [:]) { theme.adding($1.innermost.flatMap(Theme.target(of:)), to: $0) }
        }
    }

    private func merge(into container: inout AttributeContainer, folds: inout StyleFolds) {
        var merged: [String: AttributeValue] = styles[.body] ?? [:]
        func add(_ target: StyleTarget) {
            if let style = styles[target] { merged.merge(style) { _, new in new } }
        }
        if let intent = container.presentationIntent { merged.merge(folds.blocks(intent)) { _, new in new } }
        if let intent = container.inlineIntent { merged.merge(folds.inlines(intent)) { _, new in new } }
        for (attribute, value) in container.customAttributes.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string(let text):
                add(.value(attribute: attribute, value: text))
            case .integer, .number, .bool:
                // `[styles."level.2"]` of an integer attribute: the targets whose typed value is
                // this one (`ratio.2` and `ratio.2.0` of a number are both 2).
                let text = value.jsonText
                let targets = styles.keys.filter { target in
                    guard case .value(attribute, _) = target else { return false }
                    return target.value(in: definition)?.jsonText == text
                }
                for target in targets.sorted(by: { $0.name < $1.name }) { add(target) }
            case .null, .array, .object:
                break
            }
        }
        container.customAttributes = merged.merging(container.customAttributes) { _, own in own }
    }

    /// The styles of `target` merged over `base`, the target winning; `base` itself (sharing its
    /// storage) when the target adds nothing.
    private func adding(_ target: StyleTarget?, to base: [String: AttributeValue]) -> [String: AttributeValue] {
        guard let target, let style = styles[target], style.contains(where: { base[$0.key] != $0.value }) else {
            return base
        }
        return base.merging(style) { _, new in new }
    }

    private static func target(of component: PresentationIntent.Component) -> StyleTarget? {
        switch component.kind {
        case .paragraph: .paragraph
        case .header(let level, _): .heading(level)
        case .blockQuote: .quote
        case .codeBlock: .codeBlock
        case .orderedList, .unorderedList: .list
        case .listItem: .listItem
        case .table: .table
        case .tableHeaderRow: .headerRow
        case .tableCell: .cell
        case .thematicBreak: .thematicBreak
        case .tableRow, .footnoteDefinition: nil
        }
    }

    private static func target(of component: InlineIntent.Component) -> StyleTarget? {
        switch component.kind {
        case .emphasized: .emphasized
        case .stronglyEmphasized: .strong
        case .code: .code
        case .strikethrough: .strikethrough
        case .link: .link
        default: nil
        }
    }

    /// The text after the definition and the theme: what `runway runs --json --theme` shows.
    public func resolve(_ text: AttributedText) -> AttributedText {
        var folds = StyleFolds(self)
        return definition.apply(to: text).mappingAttributes { original in
            var attributes = original
            merge(into: &attributes, folds: &folds)
            return attributes
        }
    }
}
