public import RunwayText

extension RenderHook {
    /// The names of the hooks that could write an element of `text`, each once, sorted: `image`,
    /// `link`, `heading`, `blockquote`, `callout`, `codeblock`, and `codeblock-LANG` for each
    /// language of its code blocks. A build keys a page by the templates of these names.
    public static func names(in text: AttributedText) -> [String] {
        var names = Set<String>()
        var seen = Set<Int>()
        text.runs.withUnsafeBufferPointer { runs in
            for index in runs.indices {
                // Stacks are shared: once a block was seen, so were the ones around it.
                guard let intent = runs[index].attributes.presentationIntent else { continue }
                for component in intent.componentsInnermostFirst {
                    guard seen.insert(component.identity).inserted else { break }
                    switch component.kind {
                    case .header: names.insert(Element.heading.rawValue)
                    case .blockQuote(let callout): names.insert((callout == nil ? Element.blockQuote : .callout).rawValue)
                    case .codeBlock(let language, _):
                        names.insert(Element.codeBlock.rawValue)
                        if let language { names.insert(name(ofCodeLanguage: language)) }
                    default: break
                    }
                }
            }
        }
        text.forEachNewInlineComponent(climbing: { $0.containsLink }) { component, _ in
            switch component.kind {
            case .link: names.insert(Element.link.rawValue)
            case .image: names.insert(Element.image.rawValue)
            default: break
            }
        }
        return names.sorted()
    }

    /// The name of the hook of one language's code blocks: `codeblock-mermaid` for `mermaid`.
    public static func name(ofCodeLanguage language: String) -> String {
        Element.codeBlock.rawValue + "-" + language
    }

    /// The language whose code blocks a hook of this name writes (`mermaid` for
    /// `codeblock-mermaid`), or `nil` when the name is not one language's (``name(ofCodeLanguage:)``).
    public static func codeLanguage(ofHookNamed name: String) -> String? {
        let prefix = Self.name(ofCodeLanguage: "")
        guard name.hasPrefix(prefix), name.count > prefix.count else { return nil }
        return String(name.dropFirst(prefix.count))
    }
}
