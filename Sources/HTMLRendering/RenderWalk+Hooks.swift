import RunwayText

/// The walk's render hooks (``RenderHooks``): an element with a hook is written as Runway writes
/// it, with its text gathered on the way; at its end, what was written is taken back and handed
/// to the hook with the element's values, and the hook's HTML is written in its place.
extension RenderWalk {
    /// An element open now that a hook renders.
    struct OpenHook {
        /// Whether it is an inline element (else a block), and its index in `inlines` or `blocks`.
        var inline: Bool
        var index: Int
        /// Where its HTML starts in the output, and where its content does (after its opening tag).
        var start: Int
        var contentStart: Int
        /// Its text so far, without markup.
        var text: [UInt8] = []
    }

    /// The block at `index` in `blocks`, whose HTML started at `start`, is handed to its hook at its end.
    mutating func openHook(block index: Int, start: Int) {
        openHooks.append(OpenHook(inline: false, index: index, start: start, contentStart: output.count))
    }

    /// The inline element at `index` in `inlines`, whose HTML started at `start`, is handed to its hook at its end.
    mutating func openHook(inline index: Int, start: Int) {
        openHooks.append(OpenHook(inline: true, index: index, start: start, contentStart: output.count))
    }

    /// The content written so far of the block at `index`, when a hook renders it.
    func hookContent(ofBlock index: Int) -> String? {
        guard let hook = openHooks.last, !hook.inline, hook.index == index else { return nil }
        return output.string(from: hook.contentStart)
    }

    /// The content written so far of the inline element at `index`, when a hook renders it.
    func hookContent(ofInline index: Int) -> String? {
        guard let hook = openHooks.last, hook.inline, hook.index == index else { return nil }
        return output.string(from: hook.contentStart)
    }

    /// The innermost hooked element, just closed with `values` and `content`: its HTML is taken
    /// back and its hook's written instead (a block's ending with a newline, as blocks do).
    mutating func finishHook(_ values: RenderHook.Values, content: String) {
        let hook = openHooks.removeLast()
        let html = output.string(from: hook.start)
        output.truncate(to: hook.start)
        // A code block's text is its code as written; another block's ends without its last line break.
        var text = hook.text[...]
        if case .codeBlock = values {} else { while text.last == UInt8(ascii: "\n") { text.removeLast() } }
        output.write(hooks!.render(RenderHook(values, content: content, text: String(decoding: text, as: UTF8.self), html: html)))
        if !hook.inline { output.newlineIfNeeded() }
    }

    /// Text written inside hooked elements, as their text: a break is a space, raw HTML is not
    /// text, and an image's alternative text is only its own hook's.
    mutating func collectHookText(_ text: UnsafeBufferPointer<UInt8>, code: Bool = false) {
        var piece: UnsafeBufferPointer<UInt8>? = text
        var space = false
        if !code {
            switch inlines.last?.kind {
            case .softBreak?, .lineBreak?: space = true
            case .inlineHTML?, .blockHTML?: piece = nil
            default: break
            }
        }
        for position in openHooks.indices {
            if let image = imageIndex, !(openHooks[position].inline && openHooks[position].index == image) { continue }
            if space {
                openHooks[position].text.append(UInt8(ascii: " "))
            } else if let piece {
                openHooks[position].text.append(contentsOf: piece)
            }
        }
    }

    /// The block at `index` ends: in the text of the hooked blocks around it, what follows is on
    /// a line of its own (a quote's paragraphs are not run together).
    mutating func endHookTextLine(closing index: Int) {
        for position in openHooks.indices where !openHooks[position].inline && openHooks[position].index < index {
            if let last = openHooks[position].text.last, last != UInt8(ascii: "\n") { openHooks[position].text.append(UInt8(ascii: "\n")) }
        }
    }

    /// `count` bytes were put in at `offset` (a task's name): open hooks after it move along.
    mutating func shiftOpenHooks(from offset: Int, by count: Int) {
        for position in openHooks.indices {
            if openHooks[position].start >= offset { openHooks[position].start += count }
            if openHooks[position].contentStart >= offset { openHooks[position].contentStart += count }
        }
    }
}
