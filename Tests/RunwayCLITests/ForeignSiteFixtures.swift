import Foundation
import RunwayTestSupport

/// Sites of our own in the shape of the ones `runway import` was tried on (a Hugo theme's example
/// site, Zola's documentation, jekyllrb.com): each generator's configuration, file names, front
/// matter and shortcodes or Liquid, and layouts of one line, for the generator itself to build
/// when a test compares its URLs with the imported site's (`PAGE` marks a content page).
enum ForeignSiteFixtures {
    static let hugo: [String: String] = [
        "hugo.toml": """
            baseURL = "https://example.org/blog/"
            title = "Field Notes"
            defaultContentLanguage = "en"
            paginate = 3
            timeZone = "Europe/Paris"

            [params]
            author = "Ada"
            tagline = "Notes from the field"

            [taxonomies]
            tag = "tags"
            category = "categories"
            series = "series"

            [permalinks]
            posts = "/:year/:month/:slug/"

            [markup.goldmark.renderer]
            unsafe = true

            [[menus.main]]
            name = "About"
            url = "about"
            weight = 1

            [[menus.main]]
            name = "Posts"
            pageRef = "/posts"
            weight = 2

            [languages.en]
            languageName = "English"
            weight = 1

            [languages.fr]
            languageName = "Français"
            title = "Notes de terrain"
            weight = 2
            [languages.fr.params]
            tagline = "Des notes"

            [languages.fa]
            languageName = "فارسی"
            languageDirection = "rtl"
            weight = 3

            """,
        "layouts/_default/single.html": "PAGE {{ .Title }}\n{{ .Content }}\n",
        "layouts/_default/list.html": "LIST {{ .Title }}\n",
        "layouts/index.html": "HOME\n",
        // A site's own shortcodes: `notice` has no Runway form; `details` is Hugo's own since 0.140
        // (Debian's Hugo is older).
        "layouts/shortcodes/notice.html": "<aside>{{ .Inner }}</aside>\n",
        "layouts/shortcodes/details.html": "<details><summary>{{ .Get \"summary\" }}</summary>{{ .Inner | markdownify }}</details>\n",
        // A theme's (PaperMod's): a file and its caption.
        "layouts/shortcodes/video.html": "<video src=\"{{ .Get \"src\" }}\" controls></video>\n",
        "content/_index.md": "---\ntitle: Home\n---\nWelcome to the notes.\n",
        "content/about.md": "---\ntitle: About\nlayout: about\ndescription: Who writes here\nauthor: Ada\n---\nI write notes. Site by {{< param \"author\" >}}.\n",
        "content/posts/_index.md": "---\ntitle: Posts\n---\nAll the posts.\n",
        "content/posts/first-light.md": """
            ---
            title: "First light"
            date: 2024-03-02T10:00:00+01:00
            tags: [astronomy, night]
            categories: [Observing]
            series: [Winter]
            ---
            The telescope arrived.

            {{< figure src="/images/moon.jpg" alt="The moon" caption="The moon at dawn" >}}

            {{< highlight swift "linenos=table,hl_lines=2 3" >}}
            let moon = Moon()
            moon.rise()
            moon.set()
            {{< /highlight >}}

            {{< youtube dQw4w9WgXcQ >}}

            {{< video src="/media/clip(1).mp4" caption="A clip: Ada's (first)" >}}

            See [the trip]({{< ref "posts/night-trip/index.md" >}}) and {{< notice >}}mind the cold{{< /notice >}}.

            {{< details summary="More" >}}
            Hidden *text*.
            {{< /details >}}

            ```markdown
            {{</* figure src="x.png" */>}}
            ```

            """,
        "content/posts/first-light.fr.md": "---\ntitle: \"Première lumière\"\ndate: 2024-03-02T10:00:00+01:00\n---\nLe télescope est arrivé.\n",
        "content/posts/Second Look.md": "---\ntitle: Second Look\ndate: 2024-04-10\nslug: second-look-again\n---\nAgain.\n",
        "content/posts/night-trip/index.md": "---\ntitle: Night trip\ndate: 2024-05-01\n---\n![sky](sky.png)\n",
        "content/posts/night-trip/sky.png": "PNG\n",
        "content/posts/draft-idea.md": "---\ntitle: Draft idea\ndate: 2024-01-01\ndraft: true\n---\nNot yet.\n",
        "content/docs/Install Guide.md": "---\ntitle: Install guide\n---\nInstall it.\n",
        "content/docs/fixed.md": "---\ntitle: Fixed\nurl: /fixed-place/\n---\nHere.\n",
        "content/about.fa.md": "---\ntitle: درباره\n---\nمن یادداشت می‌نویسم.\n",
        "static/images/moon.jpg": "JPEG\n",
        "static/favicon.ico": "ICO\n",
        "data/authors/ada.yaml": "name: Ada\nrole: Engines\n",
    ]

    static let jekyll: [String: String] = [
        "_data/navigation.yml": "- title: Docs\n  url: /docs/\n",
        "_config.yml": """
            title: Release Notes
            url: https://example.com
            baseurl: ""
            timezone: America/Los_Angeles
            repository: https://git.example.com/notes
            permalink: date
            collections:
              docs:
                output: true
                permalink: /:collection/:path/
            defaults:
              - scope:
                  path: ""
                values:
                  layout: default

            """,
        "_layouts/default.html": "PAGE {{ page.title }}\n{{ content }}\n",
        "_includes/note.html": "<div class=\"note\">{{ include.text }}</div>\n",
        "index.html": "---\nlayout: default\n---\n{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
        // HTML pages whose Liquid lists a data file's items and a category's posts, as jekyllrb.com's showcase and releases do.
        "_data/people.yml": "- name: Ada\n  site: https://ada.example/\n- name: Bo\n  site: https://bo.example/\n",
        "people.html": "---\ntitle: People\npermalink: /people/\n---\n<ul>{% for person in site.data.people reversed -%}\n  <li><a href=\"{{ person.site }}\">{{ person.name }}</a></li>\n  {% endfor -%}\n</ul>\n",
        "releases.html": """
            ---
            title: Releases
            permalink: /news/releases/
            ---
            {% for post in site.categories.release -%}
              {% if forloop.index == 1 %}{% include newest.html %}{% else -%}
              <p class="older"><a href="{{ post.url | relative_url }}">{{ post.title }}</a>{% assign length = post.title | size %}</p>
              {%- endif %}
            {% endfor -%}

            """,
        "_includes/newest.html": "<h2 class=\"newest\"><a href=\"{{ post.url | relative_url }}\">{{ post.title }}</a></h2>",
        "_posts/2024-01-07-third-post.md": "---\ntitle: Third post\ncategory: release\n---\nThird.\n",
        "about.md": "---\ntitle: About\npermalink: /about/\n---\nWe publish notes. Code at {{ site.repository }}.\n",
        "contact.markdown": "---\ntitle: Contact\n---\nWrite to us.\n",
        "assets/style.css": "body { margin: 0; }\n",
        "_posts/2024-01-05-hello-world.markdown": """
            ---
            title: "Hello, World"
            date: 2024-01-05 02:30:00 +0100
            categories: news updates
            ---
            First post. Read [the setup]({% link _docs/setup.md %}) and [the next one]({% post_url 2024-01-06-second-post %}).

            {% highlight ruby linenos %}
            puts "hello"
            {% endhighlight %}

            {% raw %}Liquid writes {{ page.title }}.{% endraw %}

            {% include note.html text="careful" %}

            ![logo]({{ '/assets/logo.png' | relative_url }})
            {: .note}

            """,
        "_posts/2024-01-06-second-post.md": "---\ntitle: Second post\ncategory: release\ntags: alpha beta\n---\nSecond.\n",
        "_drafts/unfinished.md": "---\ntitle: Unfinished\n---\nLater.\n",
        "_docs/setup.md": "---\ntitle: Setup\n---\nSet it up.\n",
        "_docs/setup/advanced.md": "---\ntitle: Advanced setup\n---\nMore.\n",
        "_docs/guide.md": "---\ntitle: Guide\nredirect_from: /help/\n---\nThe guide.\n",
        "_docs/history.md": """
            ---
            title: History
            ---
            * TOC
            {:toc}

            See [the first](#v1-0-0).

            ## 1.1.0 / 2024-02-01 ##
            {: #v1-1-0}

            Faster.

            1.0.0 / 2024-01-01
            ------------------
            {: #v1-0-0}

            First.
            {: .lead}

            <div class="note" markdown="1">
            **Upgrade** first.
            </div>

            {: .note .warning}
            Mind the
            gap.

            See [the site](https://jekyllrb.com){:target="_blank"}.

            Read this.
            {: .note .info}

            """,
    ]

    static let zola: [String: String] = [
        "config.toml": """
            base_url = "https://example.net"
            title = "Engine docs"
            default_language = "en"
            taxonomies = [{ name = "theme-tags" }]

            [markdown]
            highlight_code = true

            [languages.de]
            title = "Motor-Doku"

            [extra]
            author = "Vi"

            """,
        "templates/index.html": "{{ section.title }}\n",
        "sass/site.scss": "body { margin: 0; }\n",
        "content/_index.md": "+++\ntitle = \"Engine\"\n+++\nThe engine.\n",
        "content/docs/_index.md": "+++\ntitle = \"Docs\"\nsort_by = \"weight\"\n+++\n",
        "content/docs/getting-started.md": """
            +++
            title = "Getting started"
            weight = 1
            template = "docs-page.html"
            +++
            Read [the overview](@/docs/overview.md#install) first.

            ```jinja
            {{/* resize_image(path="a.png", width=100) */}}
            ```

            {{ youtube(id="abc123") }}

            {{ resize_image(path="docs/shot.png", width=300) }}

            """,
        "content/docs/overview.md": """
            +++
            title = "Overview"
            weight = 2
            +++
            ## Install

            It installs. See [the metadata](#get-image-metadata), [what's new](#what-s-new) and [the second](#what-s-new-1).

            ## get_image_metadata

            ## What's new?

            ## What's new?

            ```md
            ## In_code
            ```

            """,
        "content/docs/overview.de.md": "+++\ntitle = \"Überblick\"\n+++\nEs installiert.\n",
        "content/themes/_index.md": "\n+++\ntitle = \"Themes\"\n+++\n",
        "content/themes/BelResume/index.md": "\n+++\ntitle = \"BelResume\"\ndate = 2025-04-30T17:15:25+05:30\n\n[taxonomies]\ntheme-tags = [\"resume\"]\n+++        \n# BelResume\n",
        "content/themes/BelResume/screenshot.png": "PNG\n",
        "content/themes/zola.386/index.md": "+++\ntitle = \"zola.386\"\n+++\n386.\n",
        "content/blog/2023-07-01-Big News.md": "+++\ntitle = \"Big news\"\n+++\nNews.\n",
        "content/moved.md": "+++\ntitle = \"Moved\"\npath = \"elsewhere/moved\"\n+++\nHere.\n",
        "static/logo.svg": "<svg/>\n",
    ]

    /// Writes `files` under a new folder, and returns it.
    static func write(_ files: [String: String], name: String) throws -> String {
        let root = TemporaryFolder.path(name)
        try FileTree.write(files, under: root)
        return root
    }

    /// A Hugo section with sections inside it (as a theme's example site has `posts/papermod/`),
    /// paginated by three: Hugo lists a subsection among the section's pages, dated by its newest
    /// page (`guides`, newest of all) or placed by its weight (`notes`, first); its list layout
    /// writes each item's URL (`ITEM /posts/p4/`).
    static let hugoSections: [String: String] = {
        var files = [
            "hugo.toml": "baseURL = \"https://example.org/\"\ntitle = \"Sections\"\npaginate = 3\n",
            "layouts/_default/list.html": "LIST {{ .Title }}\n{{ range (.Paginate .Pages).Pages }}ITEM {{ .RelPermalink }}\n{{ end }}",
            "layouts/_default/single.html": "PAGE {{ .Title }}\n",
            "layouts/index.html": "HOME\n",
            "content/posts/_index.md": "---\ntitle: Posts\n---\n",
            "content/posts/guides/_index.md": "---\ntitle: Guides\n---\nHow to do things.\n",
            "content/posts/guides/a.md": "---\ntitle: Guide A\ndate: 2024-03-01T10:00:00Z\n---\nA.\n",
            "content/posts/notes/_index.md": "---\ntitle: Notes\nweight: 1\n---\n",
            "content/posts/notes/n.md": "---\ntitle: Note\ndate: 2023-05-01T10:00:00Z\n---\nN.\n",
        ]
        for day in 1...4 { files["content/posts/p\(day).md"] = "---\ntitle: Post \(day)\ndate: 2024-01-0\(day)T10:00:00Z\n---\nText.\n" }
        return files
    }()

    /// The URL of each HTML file under `folder` (`/a/` for `a/index.html`) whose text starts
    /// with `marker`.
    static func urls(under folder: String, marked marker: String? = nil) -> Set<String> {
        Set(FileTree.read(folder).compactMap { file, data -> String? in
            guard file.hasSuffix(".html") else { return nil }
            if let marker, !(String(data: data, encoding: .utf8) ?? "").hasPrefix(marker) { return nil }
            return "/" + (file.hasSuffix("index.html") ? String(file.dropLast("index.html".count)) : file)
        })
    }
}
