import AttributedText
import Foundation
import PathKit
@testable import SiteBuilding
import Stencil
@testable import Templating
import Testing

/// Runway parses each template once and renders `extends`, `block` and `include` with its own tags;
/// what they render is held to what Stencil's own tags render from the same files.
@Suite struct ParsedTemplatesTests {
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-templates-\(UUID().uuidString)").path
        for (name, text) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    static let files = [
        "base.html": """
            <title>{% block title %}Base{% endblock %}</title>
            {% block content %}base content{% endblock %}
            again: {{ block.title }}
            {% include "partials/footer.html" %}{% include "partials/footer.html" footer %}{% include other %}
            """,
        "middle.html": """
            {% extends "base.html" %}{% block title %}Middle · {{ block.super }}{% endblock %}\
            {% block content %}<main>{% block inner %}inner default{% endblock %}</main>{% endblock %}
            """,
        "page.html": """
            {% extends "middle.html" %}{% block inner %}{{ page.title }} / {{ block.super }}\
            {% for tag in page.tags %}[{{ tag }}]{% endfor %}{% endblock %}
            """,
        "alone.html": "{% for n in numbers %}{% include \"partials/number.html\" %}{% endfor %}",
        "partials/footer.html": "<footer>{{ site.title }}{% if note %} {{ note }}{% endif %}</footer>\n",
        "partials/other.html": "<aside>{{ page.title|uppercase }}</aside>",
        "partials/number.html": "({{ n }})",
    ]

    static var context: [String: Any] {
        [
            "site": ["title": "Site"], "page": ["title": "Hello", "tags": ["a", "b"]],
            "footer": ["note": "from the include's context"], "other": "partials/other.html", "numbers": [1, 2, 3],
        ]
    }

    @Test func rendersWhatStencilsOwnTagsRender() throws {
        let root = try Self.folder(Self.files)
        let stencil = Environment(loader: FileSystemLoader(paths: [Path(root)]))
        let templates = TemplateSet(folders: [root])
        for name in ["page.html", "middle.html", "base.html", "alone.html"] {
            let expected = try stencil.renderTemplate(name: name, context: Self.context)
            // Twice: the second render uses the nodes the first one parsed.
            #expect(try templates.render(name, engineValues: Self.context) == expected)
            #expect(try templates.render(name, engineValues: Self.context) == expected)
        }
        let page = try templates.render("page.html", engineValues: Self.context)
        #expect(page.contains("<title>Middle · Base</title>"))
        #expect(page.contains("<main>Hello / inner default[a][b]</main>"))
        #expect(page.contains("again: Middle · Base"))
        #expect(page.contains("<footer>Site</footer>\n<footer>Site from the include's context</footer>\n<aside>HELLO</aside>"))
    }

    /// Plain paths through `TemplateObject`s take Runway's short way; everything else Stencil's.
    @Test func variablesRenderAsStencilRendersThem() throws {
        let root = try Self.folder([
            "v.html": """
                {{ page.title }}|{{ page.missing }}|{{ nothing.at.all }}|{{ page.count }}|{{ page.tags }}|{{ page.tags.0 }}\
                |{{ page.tags.count }}|{{ page.author.name }}|{{ page.author.name.more }}|{{ page.number }}|{{ page.flag }}\
                |{{ page.title|uppercase }}|{{ page.title if page.flag else "no" }}|{{ "lit" }}|{{ 3 }}|{{ true }}|{{ inf }}\
                |{{ _under }}|{{ site.title }}|{{ page.author }}|{% for tag in page.tags %}{{ tag }}{{ forloop.counter }}{% endfor %}
                """,
            "for.html": """
                {% for tag in page.tags %}{{ forloop.counter }}{{ tag }}{% if forloop.first %}F{% endif %}\
                {% if forloop.last %}L{% endif %}{{ forloop.length }}{{ forloop.counter0 }}{% endfor %}|\
                {% for a in people %}{{ a.name }}{% empty %}none{% endfor %}|{% for x in page.none %}x{% empty %}E{% endfor %}|\
                {% for x in nothing %}x{% empty %}M{% endfor %}|\
                {% for a in people %}{% for t in page.tags %}{{ a.name }}{{ t }}{{ forloop.counter }}{% endfor %}{% endfor %}|\
                {% for k in site %}{{ k }}{% endfor %}|{% for n in numbers %}{{ n }}{% endfor %}|\
                {% for t in page.tags %}{{ t }}{% break %}{% endfor %}|{% for t in page.tags %}{% include "partials/number.html" %}{% endfor %}|\
                {% outer: for t in page.tags %}{% for u in page.tags %}{% if forloop.outer.first %}o{% endif %}{% endfor %}{% endfor %}|\
                {% for page in people %}{{ page.name }}{% endfor %}{{ page.title }}|{% for t in page.tags where t == "b" %}{{ t }}{% endfor %}|\
                {% for p in people %}{% if p.name %}{{ p.name }}{% else %}-{% endif %}{% endfor %}
                """,
            "partials/number.html": "({{ n }}{{ t }})",
            "if.html": """
                {% for name in names %}{% if name %}T{% else %}F{% endif %}\
                {% if page.author.name %}a{% elif page.title %}b{% else %}c{% endif %}{% endfor %}
                {% if page.title %}1{% endif %}{% if page.empty %}2{% endif %}{% if page.missing %}3{% endif %}\
                {% if page.flag %}4{% elif page.yes %}5{% endif %}{% if page.tags %}6{% endif %}{% if page.none %}7{% endif %}\
                {% if page.number %}8{% endif %}{% if page.zero %}9{% endif %}{% if site %}10{% endif %}{% if site.title %}11{% endif %}\
                {% if page.author %}12{% endif %}{% if page.author.name %}13{% endif %}{% if page.author.missing.deeper %}14{% endif %}\
                {% if not page.flag %}15{% endif %}{% if page.title == "x" or page.yes %}16{% endif %}{% if page.number > 3 %}17{% endif %}\
                {% if nothing %}18{% elif also.nothing %}19{% elif page.yes %}20{% else %}21{% endif %}\
                {% if page.flag %}22{% else %}{% if page.yes %}23{% endif %}{% endif %}{% ifnot page.flag %}24{% endif %}
                """,
        ])
        let context: [String: Any] = [
            "page": TemplateObject([
                "title": "Hello & <b>", "tags": ["a", "b"], "author": TemplateObject(["name": "Ann"]), "number": 7, "flag": false,
                "empty": "", "yes": true, "zero": 0, "none": [String](),
            ]),
            "site": ["title": "a dictionary"], "_under": "underscored", "inf": "a variable named inf",
            "names": ["title", ""],
            "people": [TemplateObject(["name": "Ann"]), TemplateObject(["name": "Bo"]), TemplateObject([:])], "numbers": [1, 2],
        ]
        let stencil = Environment(loader: FileSystemLoader(paths: [Path(root)]))
        let expected = try stencil.renderTemplate(name: "v.html", context: context)
        #expect(try TemplateSet(folders: [root]).render("v.html", engineValues: context) == expected)
        let conditions = try stencil.renderTemplate(name: "if.html", context: context)
        #expect(try TemplateSet(folders: [root]).render("if.html", engineValues: context) == conditions)
        let loops = try stencil.renderTemplate(name: "for.html", context: context)
        #expect(try TemplateSet(folders: [root]).render("for.html", engineValues: context) == loops)
        #expect(loops.hasPrefix("1aF202bL21|AnnBo|E|M|Anna1Annb2Boa1Bob2a1b2|title|12|a|(a)(b)|oo|AnnBoHello & <b>|b|AnnBo-"), "\(loops)")
        #expect(conditions == "TaFa\n156810111213151617202324", "\(conditions)")
        #expect(expected.hasPrefix("Hello & <b>|||9|[\"a\", \"b\"]|a|2|Ann||7|false|HELLO & <B>|no|lit|3|true|inf|underscored|a dictionary|"))
    }

    @Test func anErrorInAParentPointsAtTheParentsLine() throws {
        let root = try Self.folder([
            "base.html": "<html>\n\n<body>{{ page.title|nofilter }}</body>\n",
            "page.html": "{% extends \"base.html\" %}\n{% block content %}x{% endblock %}\n",
            "unclosed.html": "a\n{% for x in page.tags %}\n{% for y in x %}{% endfor %}\n",
            "stray.html": "{% if page %}\n\n{% break %}{% endif %}\n",
        ])
        let templates = TemplateSet(folders: [root])
        #expect(throws: Diagnostic.self) { try templates.render("page.html", engineValues: Self.context) }
        do {
            _ = try templates.render("page.html", engineValues: Self.context)
        } catch {
            #expect(error.description.hasPrefix("\(root)/base.html:3:"), "\(error)")
            #expect(error.message.contains("Unknown filter 'nofilter'"))
        }
        let stencil = Environment(loader: FileSystemLoader(paths: [Path(root)]))
        for (name, line) in [("unclosed.html", 2), ("stray.html", 3)] {
            var expected = ""
            do { _ = try stencil.renderTemplate(name: name, context: Self.context) } catch { expected = "\(error)" }
            do {
                _ = try templates.render(name, engineValues: Self.context)
                Issue.record("\(name) rendered")
            } catch {
                #expect(error.description.hasPrefix("\(root)/\(name):\(line):"), "\(error)")
                #expect(error.message == "template error: " + expected)
            }
        }
    }
}
