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
/// cmark-gfm keeps its tables of special inline characters in globals (`SPECIAL_CHARS` and
/// `SKIP_CHARS` in inlines.c): `cmark_parser_finish` adds each extension's characters, parses the
/// inlines, and takes the characters out again, so two parsers finishing at once on different threads
/// corrupt each other's results. The `^[…](…)` extension keeps its state in globals too, and runs
/// while inlines are parsed. So `cmark_parser_finish` (and cmark's own HTML renderer) runs under this
/// lock. Making a parser and feeding it (block structure and link reference definitions, which read
/// neither table) runs outside it, on every thread at once, as does walking the finished tree.
/// A node of a cmark-gfm tree; valid only while its document is.
typealias CmarkNode = UnsafeMutablePointer<cmark_node>

enum CmarkDocument {
    private static let lock = Mutex<Void>(())

    /// The extensions' object addresses, to recognize which extension made a node, and the
    /// `^[…](…)` extension, made once: parsers attach it outside the lock.
    struct ExtensionIdentities: @unchecked Sendable {
        let tasklist: OpaquePointer?
        let attributes: OpaquePointer?
        let math: OpaquePointer?
    }

    static let extensionIdentities: ExtensionIdentities = lock.withLock { _ in
        cmark_gfm_core_extensions_ensure_registered()
        return ExtensionIdentities(tasklist: cmark_find_syntax_extension("tasklist"), attributes: runway_attributes_extension(),
                                   math: runway_math_extension())
    }

    /// Parses `markdown` and hands the document's root node to `body`; the tree is freed after.
    ///
    /// The tree lives in an arena of its own (``withArena(size:_:)``), as the cmark-gfm command
    /// allocates its trees: nodes are allocated side by side and freed at once, which makes
    /// parsing, walking and freeing a tree markedly faster than one allocation per node.
    static func withDocument<R>(
        _ markdown: String, options: MarkdownParser.Options, body: (CmarkNode) -> R
    ) -> R {
        _ = extensionIdentities
        return withArena(size: markdown.utf8.count) {
            let root = withParser(markdown, options: options, skippingUnusedFootnotePass: true) { parser in
                lock.withLock { _ in FinishedDocument(root: finish(parser, options: options)) }.root
            }
            guard let root else { preconditionFailure("cmark_parser_finish returned no document") }
            return body(root)
        }
    }

    /// cmark-gfm's own HTML for `markdown`, with the same extensions and the same allocator as
    /// the cmark-gfm command (an arena).
    static func referenceHTML(_ markdown: String, options: MarkdownParser.Options, unsafe: Bool) -> String {
        _ = extensionIdentities
        return withArena(size: markdown.utf8.count) {
            withParser(markdown, options: options) { parser in
                lock.withLock { _ in
                    guard let root = finish(parser, options: options) else { return "" }
                    let renderOptions = cmarkOptions(options) | (unsafe ? CMARK_OPT_UNSAFE : 0)
                    // The HTML is allocated from the arena too, and goes with it.
                    guard let html = cmark_render_html(root, renderOptions, cmark_parser_get_syntax_extensions(parser))
                    else { return "" }
                    return String(cString: html)
                }
            }
        }
    }

    /// Runs `body` with an arena of its own current on this thread: every cmark allocation in it
    /// (parser, tree, and what cmark's getters allocate while the tree is read) comes from the
    /// arena, and all of it is freed when `body` returns. `body` must not hand a cmark pointer out.
    private static func withArena<R>(size: Int, _ body: () -> R) -> R {
        guard let arena = runway_arena_new(size) else { preconditionFailure("out of memory for a Markdown document") }
        let outer = runway_arena_enter(arena)
        defer {
            runway_arena_leave(outer)
            runway_arena_free(arena)
        }
        return body()
    }

    /// A finished document's root, out of the lock: the tree is the arena's, read by this thread
    /// alone.
    private struct FinishedDocument: @unchecked Sendable {
        let root: CmarkNode?
    }

    /// The document's root: its inlines parsed, extensions' postprocessing done. Call under the
    /// lock: this is where cmark-gfm and the `^[…](…)` extension use their globals.
    private static func finish(_ parser: OpaquePointer, options: MarkdownParser.Options) -> CmarkNode? {
        if options.extendedAttributes { runway_attributes_begin_document() }
        return cmark_parser_finish(parser)
    }

    /// Runs `body` with a parser fed with `markdown`, inside an arena; `body` finishes it under the lock.
    private static func withParser<R>(
        _ markdown: String, options: MarkdownParser.Options, skippingUnusedFootnotePass: Bool = false,
        body: (OpaquePointer) -> R
    ) -> R {
        var text = markdown
        // Footnotes need `[^`: without it, cmark's footnote pass (a walk over the whole tree) finds
        // nothing, and the tree is the same without the option (a test holds cmark's HTML equal
        // both ways on the spec). The reference HTML keeps the option as asked.
        var effective = options
        if effective.footnotes && skippingUnusedFootnotePass {
            effective.footnotes = text.withUTF8(Self.containsFootnoteMarker)
        }
        guard let parser = cmark_parser_new_with_mem(cmarkOptions(effective), runway_arena_allocator()) else {
            preconditionFailure("cmark_parser_new failed")
        }
        defer { cmark_parser_free(parser) }
        for name in MarkdownParser.Extension.allCases where options.extensions.contains(name) {
            if let syntaxExtension = cmark_find_syntax_extension(name.rawValue) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        if options.extendedAttributes {
            cmark_parser_attach_syntax_extension(parser, extensionIdentities.attributes)
        }
        if options.math {
            cmark_parser_attach_syntax_extension(parser, extensionIdentities.math)
        }
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        return body(parser)
    }

    /// Whether the bytes hold `[^` (memchr finds each `[`).
    private static func containsFootnoteMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var next = bytes.baseAddress else { return false }
        let end = next + bytes.count
        while next < end, let found = memchr(next, Int32(UInt8(ascii: "[")), end - next) {
            let bracket = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if bracket + 1 < end && bracket[1] == UInt8(ascii: "^") { return true }
            next = bracket + 1
        }
        return false
    }

    private static func cmarkOptions(_ options: MarkdownParser.Options) -> Int32 {
        var flags = CMARK_OPT_DEFAULT
        if options.footnotes { flags |= CMARK_OPT_FOOTNOTES }
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        return flags
    }
}
