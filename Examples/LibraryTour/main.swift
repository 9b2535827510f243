import Foundation
import RunwayText          // the run model: AttributedText, AttributeContainer, intents, keys
import MarkdownParsing     // MarkdownParser: Markdown → AttributedText (thread-safe)
import HTMLRendering       // HTMLRenderer: AttributedText → HTML

let text = MarkdownParser().parse("This is **Bold text** and this is _italic_")
for run in text.runs {
    print("\"\(text[run])\"", run.attributes.inlinePresentationIntent?.rawValue ?? 0)
}
print(HTMLRenderer().render(text), terminator: "")

// A bridge to Foundation's AttributedString: the same text, run for run.
let foundation = AttributedString(text)
print(String(foundation.characters), foundation.runs.count)

// Custom attributes are typed keys, as in Foundation, and a scope says which exist.
// This one is Foundation's too (FoundationBridgedKey = CustomAttributedTextKey & AttributedStringKey).
enum CustomColorKey: FoundationBridgedKey {
    typealias Value = String
    static let name = "customColor"
}
// Foundation has an AttributeContainer too: Runway's is named through its module.
var container = RunwayText.AttributeContainer()
container[CustomColorKey.self] = "danger"
print(container[CustomColorKey.self] ?? "none")

let scope = CustomAttributeScope(name: "my app") {
    AttributeDeclaration(CustomColorKey.self, .oneOf(["danger", "highlight"]))
}
let parsed = MarkdownParser(scope: scope).parse("^[Hi](customColor: 'danger') ^[Ho](customColor: 'blue')", path: "hi.md")
for diagnostic in parsed.diagnostics { print(diagnostic) }   // located: anything outside the scope

// Across the bridge, a key that is Foundation's too is a Foundation attribute of its own.
let bridged = AttributedString(parsed.text, including: CustomColorKey.self)
print(bridged.runs.compactMap { $0[CustomColorKey.self] })
print(AttributedText(bridged, including: CustomColorKey.self).runs == parsed.text.runs)   // and back, run for run
