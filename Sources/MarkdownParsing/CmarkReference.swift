/// cmark-gfm's own HTML renderer, for comparing Runway's output with the reference and for
/// benchmarks. Runway renders from runs (see HTMLRendering); this is the yardstick.
public enum CmarkReference {
    /// The HTML cmark-gfm renders for `markdown`, parsed with `options`. Raw HTML and dangerous URLs
    /// are omitted unless `unsafe` is true, as in cmark's default safe mode.
    public static func html(_ markdown: String, options: MarkdownParser.Options = .gfmCommandLine,
                            unsafe: Bool = false) -> String {
        CmarkDocument.referenceHTML(markdown, options: options, unsafe: unsafe)
    }
}
