/// A standalone HTML page around a rendered fragment.
public struct HTMLDocument: Sendable {
    /// The page's title.
    public var title: String
    /// The page's language (`lang`).
    public var language: String
    /// Themes' CSS to embed, by theme name; the first is in force, and with more than one the page
    /// gets a switcher that remembers the reader's choice.
    public var stylesheets: [(theme: String, css: String)]
    /// The body's HTML fragment.
    public var body: String

    /// A page with one stylesheet (or none) in a `<style>` element.
    public init(title: String, language: String = "en", stylesheet: String? = nil, body: String) {
        self.init(title: title, language: language, stylesheets: stylesheet.map { [("theme", $0)] } ?? [], body: body)
    }

    /// A page with a stylesheet per theme, the first in force and the others ready to switch to.
    public init(title: String, language: String = "en", stylesheets: [(theme: String, css: String)], body: String) {
        self.title = title
        self.language = language
        self.stylesheets = stylesheets
        self.body = body
    }

    /// The whole page.
    public var html: String {
        var output = HTMLOutput(capacity: body.utf8.count + 512)
        output.write("<!DOCTYPE html>\n<html lang=\"")
        output.writeEscaped(language)
        output.write("\">\n<head>\n<meta charset=\"utf-8\">\n")
        output.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        output.writeEscaped(title)
        output.write("</title>\n")
        for (index, sheet) in stylesheets.enumerated() where !sheet.css.isEmpty || stylesheets.count > 1 {
            output.write("<style data-runway-theme=\"")
            output.writeEscaped(sheet.theme)
            output.write(index == 0 ? "\" media=\"all\">\n" : "\" media=\"not all\">\n")
            // A stylesheet cannot end the style element early.
            output.write(sheet.css.replacing("</", with: "<\\/"))
            output.write("</style>\n")
        }
        output.write("</head>\n<body>\n")
        if stylesheets.count > 1 { writeSwitcher(&output) }
        output.write("<main>\n")
        output.write(body)
        output.write("</main>\n</body>\n</html>\n")
        return output.string
    }

    /// A theme picker: turns one theme's stylesheet on and the others off, and remembers the choice.
    private func writeSwitcher(_ output: inout HTMLOutput) {
        output.write("<nav class=\"runway-theme-switcher\"><label>Theme <select id=\"runway-theme\">")
        for sheet in stylesheets {
            output.write("<option value=\"")
            output.writeEscaped(sheet.theme)
            output.write("\">")
            output.writeEscaped(sheet.theme)
            output.write("</option>")
        }
        output.write("</select></label></nav>\n")
        output.write(Self.switcherScript)
    }

    static let switcherScript = """
        <script>
        (() => {
          const select = document.getElementById("runway-theme");
          const sheets = document.querySelectorAll("style[data-runway-theme]");
          const use = (name) => {
            if (![...sheets].some((sheet) => sheet.dataset.runwayTheme === name)) return;
            sheets.forEach((sheet) => { sheet.media = sheet.dataset.runwayTheme === name ? "all" : "not all"; });
            select.value = name;
          };
          try { use(localStorage.getItem("runway-theme")); } catch (error) {}
          select.addEventListener("change", () => {
            use(select.value);
            try { localStorage.setItem("runway-theme", select.value); } catch (error) {}
          });
        })();
        </script>

        """
}
