import Foundation
import Testing

/// Issue 15, point 15: the default theme on the site template, looked at in headless Chromium as a
/// phone shows it (375 px wide), light and dark: no page scrolls sideways, and the menu, the table
/// of contents, the neighbors and the tags as links are there to see.
@Suite(.serialized) struct DefaultThemeBrowserTests {
    /// Whether `selector` matches an element the reader can see (it has a size and is not transparent).
    static let visible = """
        const e = document.querySelector(arguments[0]);
        return !!e && e.getBoundingClientRect().height > 0 && getComputedStyle(e).opacity !== '0';
        """

    @Test(.timeLimit(.minutes(10))) func pagesFitAPhoneInLightAndDark() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-phone-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let server = try LiveReloadBrowserTests.Server(site: site)
        defer { _ = server.stop() }
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.emulateWidth(375)
        var backgrounds: [Bool: String] = [:]
        for dark in [false, true] {
            try browser.emulateColorScheme(dark: dark)
            for path in ["", "guide/writing/", "guide/", "tags/gfm/", "posts/gfm/", "fr/"] {
                try browser.open(server.url.appendingPathComponent(path))
                let widths = try #require(try browser.execute(
                    "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];") as? [Int])
                #expect(widths.count == 2 && widths[0] <= widths[1], "/\(path) scrolls sideways at 375 px (dark: \(dark)): \(widths)")
            }
            try browser.open(server.url.appendingPathComponent("guide/writing/"))
            for selector in ["header.site nav.menu a", "nav.toc", "nav.neighbors a.next", "h2 .rw-anchor"] {
                #expect(try browser.execute(Self.visible, [selector]) as? Bool == (selector != "h2 .rw-anchor"),
                        "\(selector) (dark: \(dark)); an anchor shows only on hover")
            }
            try browser.open(server.url.appendingPathComponent("posts/gfm/"))
            #expect(try browser.execute(Self.visible, ["p.tags a.tag[href='/tags/gfm/']"]) as? Bool == true, "tags are links")
            backgrounds[dark] = try browser.execute("return getComputedStyle(document.body).backgroundColor;") as? String
        }
        #expect(backgrounds[false] != nil && backgrounds[false] != backgrounds[true], "dark paints another background: \(backgrounds)")
    }
}
