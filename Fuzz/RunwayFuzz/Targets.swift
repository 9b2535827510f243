/// Every fuzz target, by the name `make fuzz TARGET=<name>` takes (its seeds are in
/// `Fuzz/seeds/<name>/`). A new target is a file with an `exercise` function and one line here.
let fuzzTargets: [String: @Sendable (UnsafeRawBufferPointer) -> Void] = [
    "markdown": MarkdownTarget.exercise,
    "toml": TOMLTarget.exercise,
    "frontmatter": FrontMatterTarget.exercise,
    "state": OutputStateTarget.exercise,
    "template": TemplateTarget.exercise,
]
