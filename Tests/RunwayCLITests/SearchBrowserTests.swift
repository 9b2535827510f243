import Foundation
import Testing

/// Issue 43, point 1: the default theme's search box, in headless Chromium, as a reader uses it
/// with the keyboard: `/` goes to the box, a typed word shows the page that has it (and not one that
/// says `search: false`), Tab and Enter open it; a Japanese page is found by a word of two
/// characters in its own language's index; the box takes the page's colours in light and dark.
@Suite(.serialized) struct SearchBrowserTests {
    /// The hrefs of the search results shown, or `nil` while Pagefind has not answered for the
    /// whole word (`arguments[0]`) or not shown every result it counts: its message names what it
    /// searched for ("1 result for 天気"; a search for the word's first letters, typed before the
    /// rest, may answer first), and the results follow it one by one.
    static let results = """
        const box = document.querySelector('#site-search');
        if (!box) return null;
        const message = box.querySelector('.pagefind-ui__message');
        if (!message || /…|\\.\\.\\./.test(message.innerText) || !message.innerText.includes(arguments[0])) return null;
        // The message comes first ("1 result for quagga"), each result once its fragment is loaded.
        const links = Array.from(box.querySelectorAll('.pagefind-ui__result-link'));
        if (links.length !== Number((message.innerText.match(/[0-9]+/) || ['0'])[0])) return null;
        return links.map((a) => a.getAttribute('href'));
        """

    static func site() throws -> String {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-search-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let configuration = try String(contentsOfFile: site + "/runway.toml", encoding: .utf8)
            .replacingOccurrences(of: "[languages.fr]", with: "[languages.ja]\nname = \"日本語\"\n\n[languages.fr]")
        try (configuration + "\n[search]\nenabled = true\n").write(toFile: site + "/runway.toml", atomically: true, encoding: .utf8)
        try "---\ntitle: Quagga facts\ndate: 2026-01-02\n---\nThe quagga was a zebra of the Cape.\n"
            .write(toFile: site + "/content/posts/quagga.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Okapi notes\ndate: 2026-01-03\nsearch: false\n---\nThe okapi hides in the forest.\n"
            .write(toFile: site + "/content/posts/okapi.md", atomically: true, encoding: .utf8)
        try "---\ntitle: 東京の天気\ndate: 2026-01-04\n---\n今日は東京で雪が降りました。\n"
            .write(toFile: site + "/content/posts/tokyo.ja.md", atomically: true, encoding: .utf8)
        return site
    }

    /// Opens `page` afresh (no earlier search's results) and searches it for `word`, typed.
    func search(_ browser: WebDriver, at page: URL, for word: String) throws -> [String] {
        try browser.open(page)
        // The box, by the keyboard: `/` from wherever the page is.
        try browser.type("/")
        #expect(try browser.execute("return document.activeElement?.matches('#site-search input') ?? false;") as? Bool == true,
                "/ goes to the search box")
        try browser.type(word)
        var found: [String]?
        _ = LiveReloadBrowserTests.Server.poll(seconds: 30) {
            found = (try? browser.execute(Self.results, [word])) as? [String]
            return found != nil
        }
        return try #require(found, "Pagefind answered nothing for \(word)")
    }

    @Test(.timeLimit(.minutes(10))) func aReaderFindsAPageWithTheKeyboardInEveryLanguage() throws {
        let site = try Self.site()
        let server = try LiveReloadBrowserTests.Server(site: site)
        defer { _ = server.stop() }
        let browser = try WebDriver()
        defer { browser.quit() }
        let gfm = server.url.appendingPathComponent("posts/gfm/")
        let quagga = try search(browser, at: gfm, for: "quagga")
        #expect(quagga == ["/posts/quagga/"], "\(quagga)")
        let okapi = try search(browser, at: gfm, for: "okapi")
        #expect(okapi == [], "a page with search: false is not in the index: \(okapi)")
        // Tab from the box reaches the result; Enter opens it.
        _ = try search(browser, at: gfm, for: "quagga")
        let tabs = try #require(try browser.execute("""
            const links = Array.from(document.querySelectorAll('#site-search input, #site-search button, #site-search a'));
            return links.indexOf(document.querySelector('#site-search .pagefind-ui__result-link'));
            """) as? Int)
        try browser.type(String(repeating: "\u{E004}", count: tabs))
        #expect(try browser.execute("return document.activeElement.getAttribute('href');") as? String == "/posts/quagga/")
        try browser.type("\u{E007}")
        _ = LiveReloadBrowserTests.Server.poll(seconds: 20) { (try? browser.currentURL())?.hasSuffix("/posts/quagga/") == true }
        #expect(try browser.currentURL().hasSuffix("/posts/quagga/"))
        #expect(try browser.execute("return document.querySelector('h1').innerText;") as? String == "Quagga facts")

        // Japanese: the page's own index, words cut by Pagefind's segmenter.
        let tokyo = try search(browser, at: server.url.appendingPathComponent("ja/posts/tokyo/"), for: "天気")
        #expect(tokyo == ["/ja/posts/tokyo/"], "\(tokyo)")
        #expect(try browser.execute("return document.querySelector('#site-search input').placeholder;") as? String != "Search",
                "the box speaks the page's language")

        // Light and dark: the box's text is the page's.
        var colours: [Bool: [String]] = [:]
        for dark in [false, true] {
            try browser.emulateColorScheme(dark: dark)
            colours[dark] = try #require(try browser.execute("""
                return [getComputedStyle(document.body).color, getComputedStyle(document.querySelector('#site-search input')).color];
                """) as? [String])
            #expect(colours[dark]?[0] == colours[dark]?[1], "the box's text is the page's in \(dark ? "dark" : "light"): \(colours)")
        }
        #expect(colours[false] != colours[true])
    }
}
