import Foundation
import Testing

/// The specimen rendered through every built-in theme and looked at in headless Chromium: computed
/// styles of every custom attribute value and a sample of intents, in light and dark. Expected
/// colours are Apple's system colours (light, dark) as `rgb()`.
@Suite(.serialized) struct BrowserThemeTests {
    static let red = ("rgb(255, 59, 48)", "rgb(255, 69, 58)")
    static let yellow = ("rgb(255, 204, 0)", "rgb(255, 214, 10)")
    static let teal = ("rgb(48, 176, 199)", "rgb(64, 200, 224)")
    static let indigo = ("rgb(88, 86, 214)", "rgb(94, 92, 230)")
    /// The colours chosen for WCAG AA contrast (ContrastBrowserTests): Apple's web link blue, a
    /// deeper purple in light; on important's yellow, deep ones in both schemes.
    static let linkBlue = ("rgb(0, 102, 204)", "rgb(41, 151, 255)")
    static let contactPurple = ("rgb(137, 68, 171)", "rgb(191, 90, 242)")
    static let deepBlue = ("rgb(0, 58, 153)", "rgb(0, 58, 153)")
    static let deepPurple = ("rgb(106, 27, 154)", "rgb(106, 27, 154)")

    /// Computed style properties of the first element matching each selector.
    static let probe = """
        const [selector, properties] = arguments;
        const element = document.querySelector(selector);
        if (!element) return null;
        const style = getComputedStyle(element);
        return properties.map((name) => style.getPropertyValue(name));
        """

    func page(_ theme: String) throws -> URL {
        let result = try RunwayProcess.run(["render", "--theme", theme, "-"], input: Data(ThemeCommandTests.specimen.utf8))
        #expect(result.status == 0)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("runway-browser-\(theme)-\(UUID().uuidString).html")
        try result.stdout.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func styles(_ browser: WebDriver, _ selector: String, _ properties: [String]) throws -> [String] {
        let values = try browser.execute(Self.probe, [selector, properties]) as? [String]
        return try #require(values, "no element matches \(selector)")
    }

    // One browser at a time: a chromedriver started while another test's pipe is open inherits it.
    @Test(.serialized, arguments: ["default", "menlo", "times", "important"])
    func customValuesAndIntentsHaveTheirComputedStyles(theme: String) throws {
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open(try page(theme))
        for dark in [false, true] {
            try browser.emulateColorScheme(dark: dark)
            func pick(_ pair: (String, String)) -> String { dark ? pair.1 : pair.0 }
            let scheme = dark ? "dark" : "light"

            #expect(try styles(browser, ".rw-customColor--danger", ["background-color", "text-decoration-line", "text-decoration-style", "text-decoration-color"])
                == [pick(Self.red), "underline", "dashed", pick(Self.yellow)], "\(theme) \(scheme) danger")
            #expect(try styles(browser, ".rw-customColor--highlight", ["background-color", "text-decoration-line", "text-decoration-style", "text-decoration-color"])
                == [pick(Self.yellow), "underline", "dotted", pick(Self.red)], "\(theme) \(scheme) highlight")
            #expect(try styles(browser, ".rw-customStyle--boldcaps", ["text-transform", "font-weight"]) == ["uppercase", "700"])
            #expect(try styles(browser, ".rw-customStyle--smallitalics", ["text-transform", "font-style"]) == ["lowercase", "italic"])
            #expect(try styles(browser, ".rw-annotation--contact", ["color", "font-weight"])
                == [pick(theme == "important" ? Self.deepPurple : Self.contactPurple), "700"],
                    "\(theme) \(scheme) contacts are purple")
            #expect(try styles(browser, ".rw-annotation--place", ["text-decoration-style", "text-decoration-color"])
                == ["dotted", pick(Self.teal)])
            #expect(try styles(browser, ".rw-annotation--date", ["font-variant-numeric"]) == ["tabular-nums"])
            #expect(try styles(browser, ".rw-underlineStyle--single", ["text-decoration-line", "text-decoration-style"]) == ["underline", "solid"])

            #expect(try styles(browser, "main em", ["font-style"]) == ["italic"])
            #expect(try styles(browser, "main strong", ["font-weight"]) == ["700"])
            #expect(try styles(browser, "main a", ["color"]) == [pick(theme == "important" ? Self.deepBlue : Self.linkBlue)])
            #expect(try styles(browser, "main h1", ["font-size", "font-weight"]) == ["34px", "700"])
            #expect(try styles(browser, "main p code", ["font-family"]).first?.contains("monospace") == true)

            let body = try styles(browser, "body", ["font-size", "font-family", "color", "background-color"])
            #expect(body[0] == "17px")
            switch theme {
            case "menlo":
                #expect(body[1].hasPrefix("Menlo"))
                #expect(body[2] == (dark ? "rgb(157, 155, 255)" : pick(Self.indigo)), "indigo, lighter in dark")
            case "times":
                #expect(body[1].hasPrefix("\"Times New Roman\""))
            case "important":
                #expect(body[1].hasPrefix("\"Courier New\""))
                #expect(body[2] == "rgb(0, 0, 0)")
                #expect(body[3] == (dark ? "rgb(255, 214, 10)" : "rgb(255, 204, 0)"))
            default:
                #expect(body[1].hasPrefix("system-ui"))
                #expect(body[2] == (dark ? "rgb(245, 245, 247)" : "rgb(29, 29, 31)"))
                #expect(body[3] == (dark ? "rgb(28, 28, 30)" : "rgb(255, 255, 255)"))
            }
        }
    }

    @Test func plainHasNoStylingAndTheSwitcherChangesAndRemembersTheTheme() throws {
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open(try page("plain"))
        #expect(try styles(browser, ".rw-customColor--danger", ["background-color"]) == ["rgba(0, 0, 0, 0)"])

        let result = try RunwayProcess.run(["render", "--theme", "default", "--theme", "important", "-"], input: Data(ThemeCommandTests.specimen.utf8))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("runway-switcher-\(UUID().uuidString).html")
        try result.stdout.write(to: url, atomically: true, encoding: .utf8)
        try browser.open(url)
        try browser.emulateColorScheme(dark: false)
        #expect(try styles(browser, "body", ["background-color"]) == ["rgb(255, 255, 255)"])
        let choose = """
            const select = document.getElementById("runway-theme");
            select.value = "important";
            select.dispatchEvent(new Event("change"));
            """
        _ = try browser.execute(choose)
        #expect(try styles(browser, "body", ["background-color"]) == ["rgb(255, 204, 0)"])
        // Chromium hands localStorage writes to its store asynchronously: under load a navigation
        // can return before the new page replaced the old one, and a write made just before the old
        // page went can be lost with it. So choose, then open the page again until a fresh page (one
        // without the mark set on the old) shows the remembered theme; when a fresh page does not,
        // choose again on it. Within a minute.
        let deadline = ContinuousClock.now + .seconds(60)
        var remembered = false
        repeat {
            _ = try browser.execute("window.runwayOldPage = true;")
            try browser.open(url)
            let fresh = try browser.execute("return window.runwayOldPage === undefined;") as? Bool == true
            remembered = try fresh && styles(browser, "body", ["background-color"]) == ["rgb(255, 204, 0)"]
            if fresh && !remembered { _ = try browser.execute(choose) }
            if !remembered { Thread.sleep(forTimeInterval: 0.2) }
        } while !remembered && ContinuousClock.now < deadline
        #expect(remembered, "the choice is remembered")
    }
}
