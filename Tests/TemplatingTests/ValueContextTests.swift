import Foundation
import RunwayText
@testable import Templating
import Testing

/// Issue 39, point 8: a value is escaped for where in HTML the template writes it. Before, every
/// value was HTML-escaped alike: `href="{{page.params.link}}"` carried `javascript:` in safe mode
/// (Markdown's links are emptied), an attribute without quotes took a space as the start of another
/// attribute, and a title ending in a backslash ended the script string it was in.
@Suite struct ValueContextTests {
    static func render(_ template: String, link: String = "", title: String = "T", safe: Bool = true) throws -> String {
        var filters = TemplateFilters.standalone
        filters.safeURLs = safe
        let root = try TemplateSetTests.folder(["t.html": template])
        let templates = TemplateSet(folders: [root], filters: filters)
        #expect(templates.problems.isEmpty, "\(templates.problems)")
        var context = TemplateSetTests.context(title: title)
        context.page.params = ["link": .text(link), "n": .integer(7), "list": .list([.text("a"), .text("b<c")]),
                               "obj": .object([("k", .text("v'1")), ("n", .number(1.5)), ("on", .bool(true))])]
        return try templates.render("t.html", context: context)
    }

    /// Dangerous schemes as browsers read them (any case, spaces and controls around, tabs and line
    /// breaks inside) are not written where a URL attribute's value begins; elsewhere in it, and
    /// outside safe mode, they are.
    @Test(arguments: ["javascript:alert(1)", "JavaScript:alert(1)", "  javascript:alert(1)", "\u{1}javascript:x", "java\tscript:x",
                      "java\nscript:x", "vbscript:x", "data:text/html,<b>", "file:///etc/passwd"])
    func dangerousURLsAreNotWrittenInSafeMode(link: String) throws {
        for template in ["<a href=\"{{page.params.link}}\">", "<a href='{{{page.params.link}}}'>", "<img src={{page.params.link}}>",
                         "<a title=\"t\" HREF = \"{{relURL(page.params.link)}}\">", "<form action=\"{{absURL(page.params.link)}}\">"] {
            let safe = try Self.render(template, link: link)
            #expect(!Self.beginsWithADangerousScheme(Self.attributeValue(safe)), "\(template): \(safe)")
            let unsafe = try Self.render(template, link: link, safe: false)
            #expect(["script:", "data:", "file:"].contains { unsafe.lowercased().contains($0) }, "outside safe mode the link is written: \(unsafe)")
        }
    }

    /// The value of the one attribute of `tag` written with a value, quotes or not.
    static func attributeValue(_ tag: String) -> String {
        let value = tag.split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
        return String(value.drop { $0 == " " || $0 == "\"" || $0 == "'" }.prefix { $0 != "\"" && $0 != "'" && $0 != ">" })
    }

    /// Whether a browser would take `url` for one of the schemes safe mode does not write: it drops
    /// spaces and control characters before it, and tabs and line breaks anywhere.
    static func beginsWithADangerousScheme(_ url: String) -> Bool {
        let read = String(url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.drop { $0.value <= 0x20 }).lowercased()
        return ["javascript:", "vbscript:", "file:", "data:"].contains { read.hasPrefix($0) }
    }

    @Test func safeURLsAndURLsThatDoNotBeginTheValueAreWritten() throws {
        #expect(try Self.render("<a href=\"{{page.params.link}}\">", link: "https://x.org/?a=1&b=2") == "<a href=\"https://x.org/?a=1&amp;b=2\">")
        #expect(try Self.render("<img src=\"{{page.params.link}}\">", link: "data:image/png;base64,AAA") == "<img src=\"data:image/png;base64,AAA\">")
        #expect(try Self.render("<a href=\"/go/{{page.params.link}}\">", link: "javascript:x") == "<a href=\"/go/javascript:x\">")
        #expect(try Self.render("<a title=\"{{page.params.link}}\">", link: "javascript:x") == "<a title=\"javascript:x\">")
        #expect(try Self.render("<p>{{page.params.link}}</p>", link: "javascript:x") == "<p>javascript:x</p>")
        #expect(try Self.render("<!-- <a href=\" -->{{page.params.link}}", link: "javascript:x") == "<!-- <a href=\" -->javascript:x")
    }

    /// An attribute without quotes: what would end it is an entity.
    @Test func anUnquotedAttributeValueCannotStartAnother() throws {
        #expect(try Self.render("<p class={{page.title}}>", title: "a onmouseover=alert(1)") == "<p class=a&#32;onmouseover&#61;alert(1)>")
        #expect(try Self.render("<p class=x{{page.title}} id=y>", title: "`q\"") == "<p class=x&#96;q&quot; id=y>")
    }

    /// In a script, a value is a JSON literal in code, a string's escaped characters in a string or
    /// a comment; nothing can end the string or the element. In an event handler's value, the same,
    /// then HTML-escaped (the browser reads the entities back).
    @Test func inAScriptAValueIsALiteralOrAStringsCharacters() throws {
        let title = "Tom & \"Jerry\" </script><b>'x\\"
        let escaped = "Tom \\u0026 \\u0022Jerry\\u0022 \\u003c/script\\u003e\\u003cb\\u003e\\u0027x\\\\"
        #expect(try Self.render("<script>var a = {{page.title}}, n = {{page.params.n}};</script>", title: title)
                == "<script>var a = \"\(escaped)\", n = 7;</script>")
        #expect(try Self.render("<script>var a = \"{{page.title}}\", b = '{{page.title}}', c = `${x}{{page.title}}`;</script>", title: title)
                == "<script>var a = \"\(escaped)\", b = '\(escaped)', c = `${x}\(escaped)`;</script>")
        #expect(try Self.render("<script>// {{page.title}}\n/* {{page.title}} */ f({{page.title}})</script>", title: "a\nb")
                == "<script>// a\\u000ab\n/* a\\u000ab */ f(\"a\\u000ab\")</script>")
        #expect(try Self.render("<script type=\"application/ld+json\">{\"headline\": {{page.title}}, \"tags\": {{page.params.list}}, \"o\": {{page.params.obj}}}</script>", title: title)
                == "<script type=\"application/ld+json\">{\"headline\": \"\(escaped)\", \"tags\": [\"a\",\"b\\u003cc\"], \"o\": {\"k\":\"v\\u00271\",\"n\":1.5,\"on\":true}}</script>")
        #expect(try Self.render("<button onclick=\"f({{page.title}})\">", title: "a\"b") == "<button onclick=\"f(&quot;a\\u0022b&quot;)\">")
        // What `{{{ }}}` writes, a template asked for as it is.
        #expect(try Self.render("<script>{{{page.title}}}</script>", title: "x < y") == "<script>x < y</script>")
        // After the element, text is HTML again.
        #expect(try Self.render("<script>1</script><p>{{page.title}}</p>", title: "<") == "<script>1</script><p>&lt;</p>")
        #expect(try Self.render("<style>p{}</style>{{page.title}}", title: "<") == "<style>p{}</style>&lt;")
    }

    /// `jsonify`: any value as JSON, for an attribute (HTML-escaped) or a script (as it is).
    @Test func jsonifyWritesJSON() throws {
        #expect(try Self.render("<p data-v=\"{{jsonify(page.params.obj)}}\">") == "<p data-v=\"{&quot;k&quot;:&quot;v\\u00271&quot;,&quot;n&quot;:1.5,&quot;on&quot;:true}\">")
        #expect(try Self.render("<script>var v = {{jsonify(page.params.list)}};</script>") == "<script>var v = [\"a\",\"b\\u003cc\"];</script>")
        #expect(try Self.render("{{jsonify(page.params.n)}} {{jsonify(page.title)}}", title: "<") == "7 &quot;\\u003c&quot;")
    }

    /// Under the `TEXT` setting nothing is HTML: values are written as they are.
    @Test func theTextSettingWritesValuesAsTheyAre() throws {
        #expect(try Self.render("{{% CONTENT_TYPE: TEXT}}\n<a href=\"{{page.params.link}}\">{{page.title}}", link: "javascript:x", title: "<b>")
                == "<a href=\"javascript:x\"><b>")
    }
}
