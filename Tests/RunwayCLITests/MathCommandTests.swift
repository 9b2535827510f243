import Foundation
import Testing

/// Issue 42, point 2: `[markdown] math = true` writes `$…$`, `$$…$$` and fenced `math` blocks as
/// MathML at build time (KaTeX, Debian's `katex`); a dollar that is not math stays text; a formula
/// KaTeX refuses is a located warning and its TeX is shown as code. Without the setting the output
/// is what it was; a display formula in Chromium is taller than a line of text.
@Suite struct MathCommandTests {
    static let page = """
        ---
        title: Formulas
        ---
        Euler: $e^{i\\pi} + 1 = 0$, and it costs $5 and $10. A thin space: $\\int_0^1 x\\,dx$.

        $$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$

        A bad one: $\\frac{a}{b$ here.

        ```math
        \\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}
        ```

        """
    static let files = ["templates/page.html": "{{{page.content}}}", "content/formulas.md": page]

    @Test func formulasAreMathMLAndABadOneIsLocated() throws {
        let site = try TestSite(Self.files, configuration: "[markdown]\nmath = true\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("\(site.root)/content/formulas.md:8:12: warning: KaTeX cannot set this formula (KaTeX parse error: "),
                "\(build.stderr)")
        #expect(build.stderr.components(separatedBy: "warning:").count == 2, "one warning: \(build.stderr)")
        let html = try #require(site.read("_site/formulas/index.html"))
        // Inline: MathML in the line, the TeX as written in its annotation (the \, reached KaTeX).
        #expect(html.contains(#"<p>Euler: <span class="rw-math--inline"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>e</mi>"#),
                "\(html)")
        #expect(html.contains(#"<annotation encoding="application/x-tex">\int_0^1 x\,dx</annotation>"#), "\(html)")
        #expect(html.contains("and it costs $5 and $10. A thin space: "), "dollars that are not math stay text")
        // Display: a block formula, limits above and below.
        #expect(html.contains(#"<p><span class="rw-math--display"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics><mrow><munderover>"#),
                "\(html)")
        #expect(html.contains(#"<mtable"#), "the fenced block's matrix: \(html)")
        #expect(html.contains(#"<p>A bad one: <code class="rw-math--inline">\frac{a}{b</code> here.</p>"#), "\(html)")
    }

    /// A formula written with spaces inside its dollars, as KaTeX's auto-render in the browser
    /// takes it (Hugo themes' demo sites do): text, and a warning at its place saying how to write
    /// it; `--strict` fails.
    @Test func aFormulaWithSpacesInsideItsDollarsIsAWarning() throws {
        let page = "---\ntitle: Golden\n---\nThe ratio $ \\varphi = \\dfrac{1+\\sqrt5}{2} $, at $5 and $ 10.\n"
        let site = try TestSite(["templates/page.html": "{{{page.content}}}", "content/golden.md": page], configuration: "[markdown]\nmath = true\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0)
        #expect(build.stderr == "\(site.root)/content/golden.md:4:11: warning: '$ \\varphi = \\dfrac{1+\\sqrt5}{2} $' is text, not a formula: "
                + "a formula's dollars hold no space inside them (so that '$5 and $10' stays text); write $\\varphi = \\dfrac{1+\\sqrt5}{2}$ to set it\n",
                "\(build.stderr)")
        #expect(try #require(site.read("_site/golden/index.html")).contains("The ratio $ \\varphi = \\dfrac{1+\\sqrt5}{2} $, at $5 and $ 10."))
        #expect(try site.runway("build", site.root, "--strict").status == 1)
        // Without math, dollars are text and nothing is said.
        let off = try TestSite(["templates/page.html": "{{{page.content}}}", "content/golden.md": page])
        let plain = try off.runway("build", off.root)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
    }

    /// Off, dollars are text as before; on, a site whose pages have no dollar is written byte for
    /// byte as off.
    @Test func withoutFormulasOrTheSettingNothingChanges() throws {
        let off = try TestSite(Self.files)
        #expect(try off.runway("build", off.root).status == 0)
        #expect(off.read("_site/formulas/index.html")?.contains("<p>Euler: $e^{i\\pi} + 1 = 0$, and it costs") == true)
        let plain = Self.files.merging(["content/formulas.md": "---\ntitle: Words\n---\nNo formula, *emphasis* and `code`.\n"]) { $1 }
        let without = try TestSite(plain)
        let with = try TestSite(plain, configuration: "[markdown]\nmath = true\n")
        #expect(try without.runway("build", without.root).status == 0)
        #expect(try with.runway("build", with.root).status == 0)
        let (a, b) = (without.tree("_site"), with.tree("_site"))
        #expect(!a.isEmpty && a == b)
    }

    /// A display formula in Chromium: a box taller than a line of the paragraph's text.
    @Test(.timeLimit(.minutes(5))) func aDisplayFormulaIsRenderedAsMathML() throws {
        let site = try TestSite(["content/formulas.md": Self.page], configuration: "[markdown]\nmath = true\n")
        #expect(try site.runway("build", site.root).status == 0)
        let server = try LiveReloadBrowserTests.Server.staticFiles(site.root + "/_site")
        defer { _ = server.stop() }
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open(server.url.appendingPathComponent("formulas/"))
        let sizes = try #require(try browser.execute("""
            const display = document.querySelector('.rw-math--display math');
            const line = parseFloat(getComputedStyle(document.querySelector('main p') ?? document.body).lineHeight) || 16;
            const inline = document.querySelector('.rw-math--inline math');
            return [display.getBoundingClientRect().height, line, display.getBoundingClientRect().width,
                    display instanceof MathMLElement ? 1 : 0, inline.getBoundingClientRect().height];
            """) as? [Double])
        #expect(sizes[3] == 1, "the browser parsed <math> as MathML")
        #expect(sizes[0] > sizes[1] && sizes[0] > sizes[4] && sizes[2] > 0,
                "a display sum with a fraction is taller than a line and than an inline formula: \(sizes)")
    }
}
