import Foundation
import RunwayText
import MarkdownParsing

// The Swift blocks of the libraries' API documentation (their `///` comments and DocC articles)
// that no other example shows, each in a function of its own with the text it works on: the
// package compiles them beside Foundation, and `make test` runs them (ExamplesTests).

let text = MarkdownParser().parse("A *very* **bold *claim*** and [a link](https://example.com/page).")

/// `CustomAttributedTextKey` and the article "Extended attributes and scopes": a key for a custom attribute.
func customKey() {
    enum CustomColorKey: CustomAttributedTextKey {
        typealias Value = String
        static let name = "customColor"
    }
    var container = RunwayText.AttributeContainer()   // Foundation has one too
    container[CustomColorKey.self] = "danger"
    print("customColor:", container[CustomColorKey.self] ?? "none")
}

/// `FoundationBridgedKey`: one key for Runway and for Foundation.
func foundationKey() {
    enum CustomColorKey: CustomAttributedTextKey, AttributedStringKey {
        typealias Value = String
        static let name = "customColor"
    }
    var container = RunwayText.AttributeContainer()   // Foundation has one too
    container[CustomColorKey.self] = "highlight"
    print("bridged key:", container[CustomColorKey.self] ?? "none", CustomColorKey.name)
}

/// The article "Extended attributes and scopes": a custom attribute across Foundation and back.
func foundationRoundTrip(_ text: AttributedText) {
    enum CustomColorKey: FoundationBridgedKey {
        typealias Value = String
        static let name = "customColor"
    }

    let foundation = AttributedString(text, including: CustomColorKey.self)
    let back = AttributedText(foundation, including: CustomColorKey.self)   // the same runs
    print("round trip:", String(foundation.characters) == text.string, back.runs == text.runs)
}

/// `CustomAttributeScope`: the attributes a text may carry.
func scope() {
    let scope = CustomAttributeScope(name: "site") {
        AttributeDeclaration("customColor", .oneOf(["danger", "highlight"]), summary: "A colour role.")
        AttributeDeclaration("factor", .number)
    }
    let parsed = MarkdownParser(scope: scope).parse("^[Careful](customColor: 'danger') and ^[loud](customColor: 'red')")
    print("scope kept:", parsed.runs.compactMap { $0.attributes.customAttributes["customColor"]?.jsonText }.joined(separator: ", "))
}

/// `InlineIntent.Rewriting`: each link's destination upper-cased.
func rewriting(_ text: AttributedText) {
    for run in text.runs {
        guard let intent = run.attributes.inlineIntent else { continue }
        var upper = InlineIntent.Rewriting { component in
            guard case .link(let destination, let title) = component.kind else { return component }
            return .init(kind: .link(destination: destination.uppercased(), title: title), identity: component.identity)
        }
        let rewritten = upper(intent)
        if case .link(let destination, _)? = rewritten.innermost?.kind { print("rewritten:", text[run], "->", destination) }
    }
}

/// `StackFold`: a value folded over each run's stack of inline intents.
func fold(_ text: AttributedText) {
    // How many emphasized elements surround each run.
    var emphasis = StackFold<InlineIntent, Int>(initial: 0) { enclosing, stack in
        enclosing + (stack.innermost?.kind == .emphasized ? 1 : 0)
    }
    let counts = text.runs.map { run in run.attributes.inlineIntent.map { emphasis($0) } ?? 0 }
    print("emphasis:", zip(text.runs, counts).map { "'\(text[$0.0])' \($0.1)" }.joined(separator: " "))
}

/// `ComponentSignature`: a component's parameters, and what is wrong with a call.
func component() {
    let youtube = ComponentSignature(parameters: [
        .init("id", .string, required: true),
        .init("start", .integer, default: .integer(0)),
    ])
    print("component:", youtube.problem(with: .object(["start": .integer(3)])) ?? "none")
    // component: has no 'id' (a string), which it requires
}

customKey()
foundationKey()
foundationRoundTrip(text)
scope()
rewriting(text)
fold(text)
component()
