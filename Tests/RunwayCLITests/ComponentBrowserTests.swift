import Foundation
import Testing

/// Issue 41, point 3: the default theme's components in headless Chromium, light and dark, as a
/// phone shows them: a video asks nothing of YouTube or Vimeo before the reader plays it, its
/// play button is reached by the keyboard and puts the player in its place, a collapsible section
/// opens, and nothing scrolls sideways.
@Suite(.serialized) struct ComponentBrowserTests {
    static let page = """
        ---
        title: Components
        ---
        ^[A sunset over the *bay*](figure: {src: '/images/sunset.svg', alt: 'An orange sun over water', credit: 'Ana'})

        ^[A talk about attributed text](youtube: {id: 'hjD9jTi_DQ4', start: 30})

        ^[A short film](vimeo: {id: '76979871'})

        ^[The answer is 42.](details: {summary: 'Show the answer'})

        ^[The build script](gist: {user: 'octocat', id: 'abc123'})

        """

    @Test(.timeLimit(.minutes(10))) func theDefaultThemesComponentsInABrowser() throws {
        let site = try TestSite([
            "content/components.md": Self.page,
            "static/images/sunset.svg": ##"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#f4a261"/></svg>"##,
        ])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let server = try LiveReloadBrowserTests.Server.staticFiles(site.root + "/_site")
        defer { _ = server.stop() }
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.emulateWidth(375)
        for dark in [false, true] {
            try browser.emulateColorScheme(dark: dark)
            try browser.open(server.url.appendingPathComponent("components/"))
            let widths = try #require(try browser.execute("return [document.documentElement.scrollWidth, document.documentElement.clientWidth];") as? [Int])
            #expect(widths.count == 2 && widths[0] <= widths[1], "scrolls sideways at 375 px (dark: \(dark)): \(widths)")
            // Before a click: no player, and nothing asked of another host.
            let elsewhere = try browser.execute("""
                return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin))
                    .concat([...document.querySelectorAll('iframe, script[src]')].map(e => e.src));
                """) as? [String]
            #expect(elsewhere == [], "requests before a click (dark: \(dark)): \(elsewhere ?? [])")
            #expect(try browser.execute("return document.querySelector('.rw-figure img').naturalWidth;") as? Int == 800, "the figure's image")
            // The play buttons are seen and reached by the keyboard; pressing one puts the player in its place, focused.
            let buttons = try browser.execute("""
                return [...document.querySelectorAll('.rw-embed-play')].map(b => {
                    b.focus(); const box = b.getBoundingClientRect();
                    return document.activeElement === b && box.width > 40 && box.height > 20 && b.textContent === 'Play';
                });
                """) as? [Bool]
            #expect(buttons == [true, true], "(dark: \(dark)) \(buttons ?? [])")
            let player = try browser.execute("""
                document.querySelector('.rw-embed--youtube .rw-embed-play').click();
                const frame = document.querySelector('.rw-embed--youtube iframe');
                return frame ? [frame.src, frame.title, String(document.activeElement === frame)] : [];
                """) as? [String]
            #expect(player == ["https://www.youtube-nocookie.com/embed/hjD9jTi_DQ4?autoplay=1&start=30", "A talk about attributed text", "true"],
                    "\(player ?? [])")
            #expect(try browser.execute("return document.querySelectorAll('.rw-embed--vimeo iframe').length;") as? Int == 0, "the other video waits")
            let details = try browser.execute("""
                const d = document.querySelector('details.rw-details'); const closed = !d.open;
                d.querySelector('summary').click(); return [closed, d.open];
                """) as? [Bool]
            #expect(details == [true, true])
        }
    }
}
