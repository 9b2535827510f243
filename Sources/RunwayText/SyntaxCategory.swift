/// What a token of highlighted code is: the value of the `syntax` attribute on the runs of a fenced
/// code block with a language hint, as Xcode's themes name what they colour.
///
/// The set is small and stable, so that a theme can style every value: a tokenizer's finer
/// categories are mapped onto it (`SyntaxHighlighting` maps Pygments' token types), and code it
/// does not classify (whitespace, plain names) carries no `syntax` attribute. In HTML, under a
/// styled theme, a token is a span with the class of its value (`rw-syntax--keyword`); in the runs'
/// JSON form it is `"syntax": "keyword"`.
public enum SyntaxCategory: String, CaseIterable, Hashable, Sendable, Codable, AttributeValueConvertible {
    /// A reserved word of the language: `func`, `if`, `return`.
    case keyword
    /// The name of a type, class or namespace: `String`, `class Foo`.
    case type
    /// The name of a function or method where it is declared or called.
    case function
    /// A string or character literal, its escapes included.
    case string
    /// A number literal.
    case number
    /// A comment, documentation comments included.
    case comment
    /// An operator: `+`, `==`, `->`.
    case `operator`
    /// Punctuation: brackets, commas, semicolons.
    case punctuation
    /// An attribute or decorator: `@MainActor`, `#[derive]`, an HTML attribute's name.
    case attribute
    /// A variable's name, where the language marks it (`$x` in shell, `self`).
    case variable
    /// A named constant or literal word: `true`, `nil`, `None`, an enum case.
    case constant
    /// A name the language or its standard library provides: `print`, `len`.
    case builtin
    /// A markup tag's name: `div` in `<div>`.
    case tag
    /// A property or key: a CSS property, a JSON or YAML key.
    case property
    /// A preprocessor directive or a compiler directive: `#include`, `#if`.
    case preprocessor
    /// A line added, in a diff.
    case inserted
    /// A line removed, in a diff.
    case deleted
    /// A heading in markup or a diff's file and hunk headers.
    case heading

    /// The value of a stored attribute value, when it names a category.
    public init?(attributeValue: AttributeValue) {
        guard case .string(let name) = attributeValue else { return nil }
        self.init(rawValue: name)
    }

    /// The category's name as a string value.
    public var attributeValue: AttributeValue { .string(rawValue) }
}

/// The `syntax` attribute: what a run of highlighted code is (``SyntaxCategory``). Runway sets it
/// on the text of fenced code blocks with a language hint; content cannot set it, and a scope
/// never drops it.
public enum SyntaxKey: CustomAttributedTextKey {
    /// A category of token.
    public typealias Value = SyntaxCategory
    /// `syntax`.
    public static let name = "syntax"
}

extension RunwayAttributes {
    /// The token category of a run of highlighted code (`container.syntax`).
    public var syntax: SyntaxKey.Type { SyntaxKey.self }
}
