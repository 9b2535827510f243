import Foundation
import Testing

/// `runway theme preview` of each built-in theme, served and photographed by headless Chromium in
/// light and dark; the checks read pixels of the screenshots themselves (decoded by the browser's
/// canvas), at places the page says where known elements are. The PNGs are kept in
/// `$TMPDIR/runway-screenshots/` for a person to look at.
@Suite(.serialized) struct ThemePreviewScreenshotTests {
    /// Apple's system red, light and dark, as the danger background.
    static let red = [(255, 59, 48), (255, 69, 58)]
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-screenshots").path

    /// The colour at viewport point (x, y) of a base64 PNG, read through a canvas.
    static let pixel = """
        const [png, x, y, done] = arguments;
        const image = new Image();
        image.onload = () => {
          const canvas = document.createElement('canvas');
          canvas.width = image.width; canvas.height = image.height;
          const context = canvas.getContext('2d');
          context.drawImage(image, 0, 0);
          done(Array.from(context.getImageData(x, y, 1, 1).data).slice(0, 3));
        };
        image.onerror = () => done(null);
        image.src = 'data:image/png;base64,' + png;
        """

    /// Where an element is: its box's top-left corner plus two pixels, in the viewport, after
    /// scrolling it into view.
    static let place = """
        const element = document.querySelector(arguments[0]);
        if (!element) return null;
        element.scrollIntoView({block: 'center'});
        const box = element.getClientRects()[0];
        return [Math.round(box.left) + 2, Math.round(box.top) + 2];
        """

    static func close(_ color: [Int], _ expected: (Int, Int, Int)) -> Bool {
        color.count == 3 && abs(color[0] - expected.0) <= 3 && abs(color[1] - expected.1) <= 3 && abs(color[2] - expected.2) <= 3
    }

    /// `runway theme preview` of `theme` in a folder of its own, served as static files: light at
    /// `/`, dark at `/dark/`.
    static func servedPreview(_ theme: String) throws -> LiveReloadBrowserTests.Server {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("runway-preview-\(theme)-\(UUID().uuidString)").path
        let preview = try RunwayProcess.run(["theme", "preview", theme, "--output", output])
        guard preview.status == 0 else { throw WebDriver.Failure(description: "theme preview \(theme) failed: \(preview.stderr)") }
        return try LiveReloadBrowserTests.Server.staticFiles(output)
    }

    @Test(.serialized, arguments: ["default", "menlo", "times", "important", "plain"])
    func previewsLookAsTheThemeSays(theme: String) throws {
        let server = try Self.servedPreview(theme)
        defer { server.stopAtOnce() }
        let browser = try WebDriver()
        defer { browser.quit() }
        try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
        for (index, scheme) in ["light", "dark"].enumerated() {
            try browser.open(server.url.appendingPathComponent(scheme == "light" ? "" : "dark/"))
            let shot = try browser.screenshot()
            try Data(base64Encoded: shot)?.write(to: URL(fileURLWithPath: Self.folder + "/\(theme)-\(scheme).png"))
            // The page background, at the top-left corner of the viewport.
            let corner = try #require(try browser.executeAsync(Self.pixel, [shot, 1, 1]) as? [Int])
            // What the stylesheet says the page's background is: the body's, else the root's, else
            // the browser's own canvas (white, or Chromium's dark grey where the page asks for dark).
            let background = try #require(try browser.execute("""
                for (const element of [document.body, document.documentElement]) {
                  const color = getComputedStyle(element).backgroundColor;
                  if (color !== 'rgba(0, 0, 0, 0)') return color.match(/\\d+/g).slice(0, 3).map(Number);
                }
                return getComputedStyle(document.documentElement).colorScheme === 'dark' ? [18, 18, 18] : [255, 255, 255];
                """) as? [Int])
            #expect(Self.close(corner, (background[0], background[1], background[2])),
                    "\(theme) \(scheme): the painted background is the theme's, \(corner) vs \(background)")
            if theme == "plain" {
                #expect(Self.close(corner, scheme == "light" ? (255, 255, 255) : (18, 18, 18)), "plain paints nothing")
                #expect(try browser.execute("return document.querySelectorAll('span[class^=\"rw-\"]').length") as? Int == 0,
                        "plain declares no custom attributes, so no span has a class")
                continue
            }
            let spot = try #require(try browser.execute(Self.place, [".rw-customColor--danger"]) as? [Int])
            let shotInView = try browser.screenshot()
            let danger = try #require(try browser.executeAsync(Self.pixel, [shotInView, spot[0], spot[1]]) as? [Int])
            #expect(Self.close(danger, Self.red[index]), "\(theme) \(scheme): danger is painted system red, got \(danger)")
            if theme != "important" {
                #expect(!Self.close(corner, (255, 214, 10)) && !Self.close(corner, (255, 204, 0)), "only important is yellow")
            }
            #expect(scheme == "light" || theme == "important" || corner.reduce(0, +) < 3 * 80, "\(theme) dark is dark: \(corner)")
        }
        #expect(FileManager.default.fileExists(atPath: Self.folder + "/\(theme)-dark.png"))
    }
}
