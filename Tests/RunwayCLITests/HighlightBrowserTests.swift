import Foundation
import Testing

/// Issue 16, points 4 and 7, in headless Chromium: under every styled theme, in light and dark,
/// keywords, strings and comments are painted apart from plain code; a note and a warning look
/// different; and the copied text of a numbered block has no numbers. Screenshots of the code go to
/// `$TMPDIR/runway-screenshots/` beside the previews'.
@Suite(.serialized) struct HighlightBrowserTests {
    /// The colours the browser paints with: each selector's computed `color`, `border-left-color`
    /// and `background-color`, after scrolling the code into view.
    static let colours = """
        const read = (selector) => {
          const element = document.querySelector(selector);
          if (!element) return null;
          const style = getComputedStyle(element);
          return [style.color, style.borderLeftColor, style.backgroundColor, style.fontWeight];
        };
        document.querySelector('pre.rw-code').scrollIntoView({block: 'start'});
        return {
          plain: read('pre.rw-code code'),
          keyword: read('pre.rw-code .rw-syntax--keyword'),
          string: read('pre.rw-code .rw-syntax--string'),
          comment: read('pre.rw-code .rw-syntax--comment'),
          note: read('blockquote.rw-callout--note'),
          warning: read('blockquote.rw-callout--warning'),
          noteTitle: read('blockquote.rw-callout--note .rw-callout-title'),
          warningTitle: read('blockquote.rw-callout--warning .rw-callout-title'),
        };
        """

    /// The numbered block's text as a reader's selection copies it, its code's text, and the
    /// number the stylesheet shows before its first line.
    static let copied = """
        const code = document.querySelector('pre.rw-code--numbered code');
        const range = document.createRange();
        range.selectNodeContents(code);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        const first = code.querySelector('.rw-line');
        return [selection.toString(), code.textContent, getComputedStyle(first, '::before').content];
        """

    @Test(.serialized, arguments: ["default", "menlo", "times", "important"])
    func codeAndCalloutsArePaintedApart(theme: String) throws {
        let server = try ThemePreviewScreenshotTests.servedPreview(theme)
        defer { server.stopAtOnce() }
        let browser = try WebDriver()
        defer { browser.quit() }
        try FileManager.default.createDirectory(atPath: ThemePreviewScreenshotTests.folder, withIntermediateDirectories: true)
        for scheme in ["light", "dark"] {
            try browser.open(server.url.appendingPathComponent(scheme == "light" ? "" : "dark/"))
            let found = try #require(try browser.execute(Self.colours) as? [String: [String]], "\(theme) \(scheme)")
            let plain = try #require(found["plain"]?.first)
            for token in ["keyword", "string", "comment"] {
                let colour = try #require(found[token]?.first, "\(theme) \(scheme): no \(token)")
                #expect(colour != plain, "\(theme) \(scheme): \(token) is painted as plain code, \(colour)")
            }
            #expect(Set([found["keyword"]?.first, found["string"]?.first, found["comment"]?.first]).count == 3,
                    "\(theme) \(scheme): keywords, strings and comments are three colours: \(found)")
            // A note and a warning: their borders, backgrounds or titles differ.
            let note = try #require(found["note"]), warning = try #require(found["warning"])
            #expect(note[1] != warning[1] || note[2] != warning[2], "\(theme) \(scheme): \(note) vs \(warning)")
            #expect(found["noteTitle"]?.first != found["warningTitle"]?.first, "\(theme) \(scheme): titles in one colour")
            let shot = try browser.screenshot()
            try Data(base64Encoded: shot)?.write(to: URL(fileURLWithPath: ThemePreviewScreenshotTests.folder + "/\(theme)-code-\(scheme).png"))

            let copy = try #require(try browser.execute(Self.copied) as? [String])
            // The selection is the code's text (without the final line end, as selections are).
            #expect(copy[0] + "\n" == copy[1], "\(theme) \(scheme): the selection copies the code's text")
            #expect(copy[0].hasPrefix("// Highlighted code") && !copy[0].contains("\n2"), "\(copy[0])")
            #expect(copy[2] == "\"1\"", "the first line's number is shown: \(copy[2])")
        }
    }
}
