import RunwayText
import Formatting
import Testing

enum Annotation: String, AttributeValueConvertible { case contact, place }

enum AnnotationKey: CustomAttributedTextKey {
    typealias Value = Annotation
    static let name = "annotation"
}

extension RunwayAttributes {
    var annotation: AnnotationKey.Type { AnnotationKey.self }
}

/// SwiftUI's documentation example: contacts are purple, and nothing else gets a colour.
struct ContactsArePurple: AttributedTextValueConstraint {
    func constrain(_ container: inout Attributes) {
        if container.annotation == .contact {
            container.foregroundColor = .purple
        } else {
            container.foregroundColor = nil
        }
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

struct OptionalDefinition: AttributedTextFormattingDefinition {
    let strict: Bool
    var body: some AttributedTextFormattingDefinition {
        if strict {
            ValueConstraint(for: UnderlineStyleKey.self, values: [nil], default: nil)
        }
    }
}

@Suite struct SwiftDefinitionTests {
    func container(_ values: [String: AttributeValue]) -> AttributeContainer {
        var container = AttributeContainer()
        container.customAttributes = values
        return container
    }

    /// SwiftUI's first example: underline limited to nil or single, with single as the default.
    @Test func underlineIsLimitedToNilOrSingle() {
        let constraint = ValueConstraint(for: \.underlineStyle, values: [nil, .single], default: .single)
        var double = container(["underlineStyle": .string("double")])
        constraint.constrain(&double)
        #expect(double.underlineStyle == .single)
        var none = container([:])
        constraint.constrain(&none)
        #expect(none.underlineStyle == nil)
    }

    @Test func contactsArePurple() {
        var contact = container(["annotation": .string("contact")])
        ContactsArePurple().constrain(&contact)
        #expect(contact.foregroundColor == .purple)
        var place = container(["annotation": .string("place"), "foregroundColor": .string("red")])
        ContactsArePurple().constrain(&place)
        #expect(place.foregroundColor == nil)
    }

    @Test func aBuiltDefinitionAppliesScopeThenConstraintsInOrder() {
        let definition = ContactsDefinition()
        var values = container(["annotation": .string("contact"), "underlineStyle": .string("double"), "other": .integer(1)])
        definition.constrain(&values)
        #expect(values.customAttributes == [
            "annotation": .string("contact"), "underlineStyle": .string("single"), "foregroundColor": .string("purple"),
        ])
        #expect(definition.compiled.scope?.declarations.map(\.name) == ["annotation", "underlineStyle", "foregroundColor"])
    }

    /// Declared in Swift or in the default theme's file, the definitions agree.
    @Test func swiftAndThemeFileDefinitionsAgree() throws {
        let file = try #require(builtInThemes.load("default").theme?.definition)
        let swift = ContactsDefinition().compiled
        for values: [String: AttributeValue] in [
            ["annotation": .string("contact")], ["annotation": .string("place"), "foregroundColor": .string("red")],
            ["underlineStyle": .string("double")], ["underlineStyle": .string("single")], [:],
        ] {
            #expect(swift.constrain(values: values) == file.constrain(values: values))
        }
    }

    @Test func emptyOptionalAndTypeErasedDefinitions() {
        var values = container(["underlineStyle": .string("double")])
        EmptyAttributedTextFormattingDefinition().constrain(&values)
        OptionalDefinition(strict: false).constrain(&values)
        #expect(values.underlineStyle == .double)
        AnyAttributedTextFormattingDefinition(OptionalDefinition(strict: true)).constrain(&values)
        #expect(values.underlineStyle == nil)
    }
}
