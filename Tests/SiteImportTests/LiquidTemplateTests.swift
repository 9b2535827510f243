import RunwayText
@testable import SiteImport
import Testing

/// A Jekyll HTML page's Liquid as a Runway template: loops, conditions, includes and values in
/// Mustache, whitespace control as Liquid applies it, and what Mustache cannot say left out,
/// each a finding at its line.
@Suite struct LiquidTemplateTests {
    static func translated(_ body: String, site: [String: AttributeValue] = [:], page: [String: AttributeValue] = [:],
                           includes: [String: String] = [:]) -> (body: String, findings: [ImportFinding]) {
        let context = ConversionContext(file: "a.html", contentPath: "a.html", contentFiles: [:], page: page, site: site, unsafe: true)
        var translator = LiquidTemplate(file: "a.html", context: context, postsSection: "news") { includes[$0] }
        let template = translator.template(of: body, firstLine: 5, titled: false)
        let prefix = "{{<base.html}}{{$content}}\n", suffix = "\n{{/content}}{{/base.html}}\n"
        #expect(template.hasPrefix(prefix) && template.hasSuffix(suffix))
        return (String(template.dropFirst(prefix.count).dropLast(suffix.count)), translator.findings)
    }

    /// jekyllrb.com's news pages: a category's posts, the first in full (an include), the rest as links.
    @Test func aLoopOverACategoryWithAnIncludeForTheFirst() {
        let body = """
            {% for post in site.categories.release -%}
              {% if forloop.index == 1 -%}
                {% include item.html -%}
              {% else -%}
                <a href="{{ post.url | relative_url }}">{{ post.title }}</a>
              {% endif -%}
            {% endfor -%}

            """
        let (template, findings) = Self.translated(body, includes: ["item.html": "<h2>{{ post.title }}</h2>{{- post.content -}}"])
        #expect(template == "{{#taxonomies.categories.release}}{{#first()}}<h2>{{title}}</h2>{{{summaryHTML}}}{{/first()}}"
                + "{{^first()}}<a href=\"{{relURL(url)}}\">{{title}}</a>\n  {{/first()}}{{/taxonomies.categories.release}}")
        #expect(findings.isEmpty, "\(findings)")
    }

    /// A data file's items reversed, the site's own values written in, a plugin's tag left out and said.
    @Test func aLoopOverDataReversed() {
        let body = "<ul>{% for entry in site.data.showcase reversed %}<li><img src=\"{{ site.cdn }}/{{ entry.image }}\" alt=\"{{ entry.name }}\">"
            + "\n{% avatar user=entry.name %}</li>{% endfor %}</ul>"
        let (template, findings) = Self.translated(body, site: ["cdn": .string("https://cdn.example/a&b")])
        #expect(template == "<ul>{{#reversed(site.data.showcase)}}<li><img src=\"https://cdn.example/a&amp;b/{{image}}\" alt=\"{{name}}\">"
                + "\n</li>{{/reversed(site.data.showcase)}}</ul>")
        #expect(findings.map(\.description) == ["a.html:6: {% avatar %} is a Liquid tag (or a plugin's) that Runway's templates have no equivalent of; left out"])
    }

    /// A comparison has no Mustache: its first branch stays, said; an `elsif`'s branches go, said;
    /// a raw block's Liquid is text, which Mustache does not read as a tag.
    @Test func whatMustacheCannotSayIsSaid() {
        let body = "{% if page.layout == \"home\" %}A{% elsif x %}B{% else %}C{% endif %}\n{% raw %}{{ x }}{% endraw %} {{ page.title | upcase }}"
            + "<time datetime=\"{{ page.date | date: '%Y-%m-%d' }}\">{{ page.date | date_to_string }}</time>"
        let (template, findings) = Self.translated(body)
        #expect(template == "A\n&#123;&#123; x }} {{uppercased(page.title)}}<time datetime=\"{{page.date}}\">{{date(page.date)}}</time>")
        #expect(findings.contains { $0.kind == .unconverted && $0.line == 5 && $0.message.hasPrefix("{% elsif %} has no Mustache equivalent") })
        #expect(findings.contains { $0.kind == .converted && $0.message.hasPrefix("{% if page.layout == \"home\" %} Runway's templates have no comparisons") })
    }

    /// Names in Mustache are looked up in the innermost item first: an outer loop's item, a loop
    /// never closed, an include that includes itself are each said; `assign` and an include's
    /// parameters stand for what they name.
    @Test func scopesAndBounds() {
        let (template, findings) = Self.translated(
            "{% assign list = site.tags.swift %}{% for post in list %}{% for tag in site.data.t %}{{ post.title }}{{ tag }}{% endfor %}"
                + "{% include loop.html title=post.title %}{% endfor %}\n{% unless page.description %}none{% endunless %}{% for x in site.posts %}",
            includes: ["loop.html": "<b>{{ include.title }}</b>{% include loop.html %}"])
        #expect(template == "{{#taxonomies.tags.swift}}{{#site.data.t}}{{.}}{{/site.data.t}}<b>{{title}}</b>{{/taxonomies.tags.swift}}\n"
                + "{{^page.description}}none{{/page.description}}{{#sections.news}}{{/sections.news}}")
        let said = findings.map(\.description)
        #expect(said.contains("a.html:5: {{ post.title }} has no value Runway's templates can name; left out"), "\(said)")
        #expect(said.contains("a.html:5: {% include loop.html %} includes itself; left out"), "\(said)")
        #expect(said.contains("a.html:6: {% for %} is never closed; closed at the end of the page"), "\(said)")
    }
}
