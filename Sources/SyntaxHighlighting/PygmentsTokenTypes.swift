public import RunwayText

/// How Pygments' token types map onto Runway's ``SyntaxCategory``: the longest prefix of a type
/// listed here decides (`Keyword.Type` is a type, any other `Keyword.*` a keyword); a type with no
/// listed prefix (`Text`, `Name`, `Generic.Output`…) is plain code.
///
/// | Pygments | syntax |
/// |---|---|
/// | `Keyword`, `Keyword.Declaration/Namespace/Pseudo/Reserved`, `Operator.Word`, `Generic.Prompt` | keyword |
/// | `Keyword.Type`, `Name.Class`, `Name.Exception`, `Name.Namespace` | type |
/// | `Keyword.Constant`, `Name.Constant`, `Name.Entity` | constant |
/// | `Name.Function` | function |
/// | `Name.Builtin` | builtin |
/// | `Name.Builtin.Pseudo`, `Name.Variable` | variable |
/// | `Name.Attribute`, `Name.Decorator` | attribute |
/// | `Name.Tag` | tag |
/// | `Name.Property` | property |
/// | `Literal.String` | string |
/// | `Literal.Number`, `Literal.Date` | number |
/// | `Operator` | operator |
/// | `Punctuation` | punctuation |
/// | `Comment` | comment |
/// | `Comment.Preproc`, `Comment.PreprocFile` | preprocessor |
/// | `Generic.Inserted` / `Generic.Deleted` | inserted / deleted |
/// | `Generic.Heading`, `Generic.Subheading` | heading |
public enum PygmentsTokenTypes {
    static let table: [String: SyntaxCategory] = [
        "Keyword": .keyword, "Operator.Word": .keyword, "Generic.Prompt": .keyword,
        "Keyword.Type": .type, "Name.Class": .type, "Name.Exception": .type, "Name.Namespace": .type,
        "Keyword.Constant": .constant, "Name.Constant": .constant, "Name.Entity": .constant,
        "Name.Function": .function,
        "Name.Builtin": .builtin,
        "Name.Builtin.Pseudo": .variable, "Name.Variable": .variable,
        "Name.Attribute": .attribute, "Name.Decorator": .attribute,
        "Name.Tag": .tag,
        "Name.Property": .property,
        "Literal.String": .string,
        "Literal.Number": .number, "Literal.Date": .number,
        "Operator": .operator,
        "Punctuation": .punctuation,
        "Comment": .comment,
        "Comment.Preproc": .preprocessor, "Comment.PreprocFile": .preprocessor,
        "Generic.Inserted": .inserted, "Generic.Deleted": .deleted,
        "Generic.Heading": .heading, "Generic.Subheading": .heading,
    ]

    /// The category of a Pygments token type written without its `Token.` prefix
    /// (`Keyword.Declaration`), or `nil` for plain code.
    public static func category(of type: Substring) -> SyntaxCategory? {
        var prefix = type
        while !prefix.isEmpty {
            if let category = table[String(prefix)] { return category }
            guard let dot = prefix.lastIndex(of: ".") else { return nil }
            prefix = prefix[..<dot]
        }
        return nil
    }
}
