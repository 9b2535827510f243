import Foundation
import RunwayText
import Formatting
import MarkdownParsing

// A custom attribute with typed values, as Foundation declares them.
enum Annotation: String, AttributeValueConvertible { case contact, place }

enum AnnotationKey: CustomAttributedTextKey {
    typealias Value = Annotation
    static let name = "annotation"
}

extension RunwayAttributes {
    var annotation: AnnotationKey.Type { AnnotationKey.self }
}

// SwiftUI's example: contacts are purple, and nothing else gets a colour.
struct ContactsArePurple: AttributedTextValueConstraint {
    func constrain(_ container: inout Attributes) {
        if container.annotation == .contact { container.foregroundColor = .purple }
        else { container.foregroundColor = nil }
    }
}

enum ContactsScope: FormattingScope {
    static let declarations: CustomAttributeScope? = CustomAttributeScope(name: "contacts") {
        AttributeDeclaration(AnnotationKey.self, .oneOf(["contact", "place"]))
        AttributeDeclaration(UnderlineStyleKey.self, .string)
        AttributeDeclaration(ForegroundColorKey.self, .string)
    }
}

struct ContactsDefinition: AttributedTextFormattingDefinition {
    typealias Scope = ContactsScope
    var body: some AttributedTextFormattingDefinition {
        ValueConstraint(for: \.underlineStyle, values: [nil, .single], default: .single)
        ContactsArePurple()
    }
}

let definition = ContactsDefinition().compiled   // the same FormattingDefinition a theme file gives
let markdown = "^[Ana](annotation: 'contact') in ^[Lisbon](annotation: 'place', underlineStyle: 'double')"
let text = definition.apply(to: MarkdownParser(scope: definition.scope).parse(markdown))
for run in text.runs where !run.attributes.customAttributes.isEmpty {
    print(text[run], run.attributes.customAttributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.jsonText)" }.joined(separator: " "))
}
