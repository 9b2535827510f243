import Foundation
import Testing

/// Issue 15, point 16: every text of every built-in styled theme's preview (every intent, custom
/// value and text style, with the default templates' header, lists and footer around them) meets
/// WCAG AA contrast against what is painted behind it, in light and in dark, as headless Chromium
/// computes the styles: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). Colours with alpha
/// (and text under an opacity) are composited over what is behind them, up to the canvas. Before
/// the themes' colours were chosen for it, 5 to 70 texts of each theme's preview failed.
@Suite(.serialized) struct ContrastBrowserTests {
    /// Each visible text node's contrast, from computed styles: `[text, where, ratio, needed, fg, bg]`
    /// for those below what they need.
    static let measure = """
        const parse = (c) => {
          const m = c.match(/rgba?\\(([^)]+)\\)/);
          if (!m) return null;
          const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
          return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
        };
        const over = (top, bottom) => {
          const a = top[3] + bottom[3] * (1 - top[3]);
          if (a === 0) return [0, 0, 0, 0];
          return [0, 1, 2].map((i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a).concat([a]);
        };
        const luminance = (c) => {
          const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
          return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
        };
        const dark = matchMedia('(prefers-color-scheme: dark)').matches
          && getComputedStyle(document.documentElement).colorScheme.includes('dark');
        const canvas = dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
        const behind = (element) => {
          const layers = [];
          for (let e = element; e; e = e.parentElement) {
            const b = parse(getComputedStyle(e).backgroundColor);
            if (b && b[3] > 0) layers.push(b);
            if (b && b[3] >= 1) break;
          }
          let color = canvas;
          for (let i = layers.length - 1; i >= 0; i--) color = over(layers[i], color);
          return color;
        };
        const path = (e) => {
          const parts = [];
          for (; e && e !== document.body; e = e.parentElement) {
            parts.unshift(e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''));
          }
          return parts.join(' > ');
        };
        const failures = [];
        let count = 0;
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent.trim();
          const element = node.parentElement;
          if (!text || !element || element.closest('svg, [aria-hidden="true"]') || element.getClientRects().length === 0) continue;
          const style = getComputedStyle(element);
          if (style.visibility === 'hidden' || style.display === 'none') continue;
          count++;
          const background = behind(element);
          // An element's opacity (a footer at 0.75) fades its text into what is behind it.
          let opacity = 1;
          for (let e = element; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
          const color = parse(style.color);
          const foreground = over([color[0], color[1], color[2], color[3] * opacity], background);
          const [l1, l2] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
          const ratio = (l1 + 0.05) / (l2 + 0.05);
          const size = parseFloat(style.fontSize), weight = parseInt(style.fontWeight, 10);
          const needed = size >= 24 || (size >= 18.66 && weight >= 700) ? 3 : 4.5;
          if (ratio < needed) {
            failures.push([text.slice(0, 40), path(element), Math.round(ratio * 100) / 100, needed,
                           foreground.slice(0, 3).map(Math.round).join(','), background.slice(0, 3).map(Math.round).join(',')]);
          }
        }
        return {count, failures};
        """

    @Test(.serialized, arguments: ["default", "menlo", "times", "important"])
    func everyTextMeetsAAInLightAndDark(theme: String) throws {
        let server = try ThemePreviewScreenshotTests.servedPreview(theme)
        defer { server.stopAtOnce() }
        let browser = try WebDriver()
        defer { browser.quit() }
        for scheme in ["light", "dark"] {
            try browser.emulateColorScheme(dark: scheme == "dark")
            try browser.open(server.url.appendingPathComponent(scheme == "light" ? "" : "dark/"))
            let result = try #require(try browser.execute(Self.measure) as? [String: Any])
            let count = result["count"] as? Int ?? 0
            let failures = result["failures"] as? [[Any]] ?? []
            // The preview has a text of every kind: a page with few would prove little.
            #expect(count > 60, "\(theme) \(scheme): \(count) texts")
            let listed = failures.map { "  " + $0.map { "\($0)" }.joined(separator: " | ") }.joined(separator: "\n")
            #expect(failures.isEmpty, "\(theme) \(scheme): \(failures.count) of \(count) texts below AA:\n\(listed)")
        }
    }

    /// The site template's pages (home, a post, a list with summaries, a tag, a guide chapter with
    /// its table of contents and neighbours, the French home) under each styled theme, served by
    /// `runway serve --theme`: the default templates' text meets AA too.
    @Test(.serialized, .timeLimit(.minutes(10)), arguments: ["default", "menlo", "times", "important"])
    func theSiteTemplatesPagesMeetAA(theme: String) throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("runway-contrast-site-\(UUID().uuidString)").path
        #expect(try RunwayProcess.run(["new", site]).status == 0)
        let configuration = try String(contentsOfFile: site + "/runway.toml", encoding: .utf8)
        try configuration.replacingOccurrences(of: "theme = \"default\"", with: "theme = \"\(theme)\"")
            .write(toFile: site + "/runway.toml", atomically: true, encoding: .utf8)
        let server = try LiveReloadBrowserTests.Server(site: site)
        defer { _ = server.stop() }
        let browser = try WebDriver()
        defer { browser.quit() }
        for dark in [false, true] {
            try browser.emulateColorScheme(dark: dark)
            for path in ["", "posts/", "posts/gfm/", "tags/gfm/", "guide/writing/", "posts/a-walk/", "fr/"] {
                try browser.open(server.url.appendingPathComponent(path))
                let result = try #require(try browser.execute(Self.measure) as? [String: Any])
                let failures = result["failures"] as? [[Any]] ?? []
                let listed = failures.map { "  " + $0.map { "\($0)" }.joined(separator: " | ") }.joined(separator: "\n")
                #expect((result["count"] as? Int ?? 0) > 10 && failures.isEmpty,
                        "\(theme) /\(path) (dark: \(dark)): \(failures.count) texts below AA:\n\(listed)")
            }
        }
    }
}

/// `runway theme check` warns about each text and background pair below AA it can compute from
/// theme files, at the line to change; the built-in themes have none.
@Suite struct ContrastCheckCommandTests {
    @Test func pairsBelowAAAreWarningsAtTheColourToChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-contrast-\(UUID().uuidString)/sunny").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            extends = "default"
            description = "Sunny."

            [styles.body]
            backgroundColor = "yellow"

            [styles."customColor.danger"]
            foregroundColor = "white"
            backgroundColor = "#FF3B30"

            """.write(toFile: folder + "/theme.toml", atomically: true, encoding: .utf8)
        let check = try RunwayProcess.run(["theme", "check", folder])
        #expect(check.status == 0)
        // White on red is the danger value's own choice: at its foreground. The default theme's
        // link blue fails on this theme's yellow: at the yellow, which this theme chose.
        #expect(check.stderr.contains("\(folder)/theme.toml:8:1: warning: in light, customColor.danger has a contrast of 3.55:1 (#FFFFFF on #FF3B30); WCAG AA asks 4.5:1\n"), "\(check.stderr)")
        #expect(check.stderr.contains("\(folder)/theme.toml:5:1: warning: in light, link has a contrast of 3.68:1 (#0066CC on #FFCC00); WCAG AA asks 4.5:1\n"))
        #expect(check.stderr.contains("\(folder)/theme.toml:5:1: warning: in dark, body has a contrast of 1.30:1 (#F5F5F7 on #FFD60A); WCAG AA asks 4.5:1\n"))
        #expect(check.stderr.contains("checked theme sunny: 0 errors, 9 warnings"))
        #expect(try RunwayProcess.run(["theme", "check", folder, "--strict"]).status == 1)
    }

    @Test(arguments: ["default", "menlo", "times", "important"])
    func builtInThemesHaveNoPairBelowAA(theme: String) throws {
        let check = try RunwayProcess.run(["theme", "check", theme, "--strict"])
        #expect(check.status == 0 && !check.stderr.contains("contrast"), "\(check.stderr)")
    }
}
