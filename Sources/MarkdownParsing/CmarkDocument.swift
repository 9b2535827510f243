internal import CCmarkGFM
internal import CMarkAttributes
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns the one lock around cmark-gfm's process-global state.
///
/// cmark-gfm keeps its table of special inline characters in a global: two parsers finishing at once
/// on different threads corrupt each other's results. Everything from `cmark_parser_new` to
/// `cmark_parser_finish` (and cmark's own HTML renderer, which reads the parser's extension list)
/// runs under this lock; walking the finished tree does not need it.
/// A node of a cmark-gfm tree; valid only while its document is.
typealias CmarkNode = UnsafeMutablePointer<cmark_node>

enum CmarkDocument {
    private static let lock = Mutex<Void>(())

    /// The extensions' object addresses, to recognize which extension made a node.
    struct ExtensionIdentities: @unchecked Sendable {
        let tasklist: OpaquePointer?
    }

    static let extensionIdentities: ExtensionIdentities = lock.withLock { _ in
        cmark_gfm_core_extensions_ensure_registered()
        return ExtensionIdentities(tasklist: cmark_find_syntax_extension("tasklist"))
    }

    /// Parses `markdown` and hands the document's root node to `body`; the tree is freed after.
    static func withDocument<R>(
        _ markdown: String, options: MarkdownParser.Options, body: (CmarkNode) -> R
    ) -> R {
        _ = extensionIdentities
        let root = lock.withLock { _ in
            withParser(markdown, options: options) { parser in cmark_parser_finish(parser) }
        }
        guard let root else { preconditionFailure("cmark_parser_finish returned no document") }
        defer { cmark_node_free(root) }
        return body(root)
    }

    /// cmark-gfm's own HTML for `markdown`, with the same extensions.
    static func referenceHTML(_ markdown: String, options: MarkdownParser.Options, unsafe: Bool) -> String {
        _ = extensionIdentities
        return lock.withLock { _ in
            withParser(markdown, options: options) { parser in
                guard let root = cmark_parser_finish(parser) else { return "" }
                defer { cmark_node_free(root) }
                let renderOptions = cmarkOptions(options) | (unsafe ? CMARK_OPT_UNSAFE : 0)
                guard let html = cmark_render_html(root, renderOptions, cmark_parser_get_syntax_extensions(parser))
                else { return "" }
                defer { free(html) }
                return String(cString: html)
            }
        }
    }

    /// Runs `body` with a parser fed with `markdown`; call under the lock.
    private static func withParser<R>(
        _ markdown: String, options: MarkdownParser.Options, body: (OpaquePointer) -> R
    ) -> R {
        guard let parser = cmark_parser_new(cmarkOptions(options)) else {
            preconditionFailure("cmark_parser_new failed")
        }
        defer { cmark_parser_free(parser) }
        for name in MarkdownParser.Extension.allCases where options.extensions.contains(name) {
            if let syntaxExtension = cmark_find_syntax_extension(name.rawValue) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        if options.extendedAttributes {
            runway_attributes_begin_document()
            cmark_parser_attach_syntax_extension(parser, runway_attributes_extension())
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        return body(parser)
    }

    private static func cmarkOptions(_ options: MarkdownParser.Options) -> Int32 {
        var flags = CMARK_OPT_DEFAULT
        if options.footnotes { flags |= CMARK_OPT_FOOTNOTES }
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        return flags
    }
}
