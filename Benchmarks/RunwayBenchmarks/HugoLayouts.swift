import Foundation

/// Hugo layouts for the benchmark's Hugo twin, in two sets:
///
/// - `port`: Runway's default theme written for Hugo, so that both generators do the same work on
///   every page. Each page gets the same head (description and OpenGraph from the summary,
///   canonical link, feed links), heading ids with anchor links, a table of contents past three
///   headings, its date and reading time, its tags as links and its neighbours in the section;
///   each list its items with their summaries and reading times, and pagination by 20. Runway's
///   own markup (`^[…](…)`) is not Hugo's: Hugo renders it as text and links.
/// - `minimal`: a title and the content, as the benchmark had before the default theme grew (the
///   figures in the README before issue 15 compare against these).
enum HugoLayouts {
    static let port: [(path: String, text: String)] = [
        ("_default/baseof.html", #"""
<!DOCTYPE html>
<html lang="{{ site.Language.Lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title>
{{ with .Summary }}{{ $description := . | plainify | truncate 120 }}<meta name="description" content="{{ $description }}">
<meta property="og:description" content="{{ $description }}">
{{ end }}<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:url" content="{{ .Permalink }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:site_name" content="{{ site.Title }}">
<meta property="og:type" content="{{ if .Date.IsZero }}website{{ else }}article{{ end }}">
<link rel="stylesheet" href="{{ "theme.css" | relURL }}">
<link rel="alternate" type="application/rss+xml" title="{{ site.Title }}" href="{{ "index.xml" | relURL }}">
{{ with .OutputFormats.Get "rss" }}<link rel="alternate" type="application/rss+xml" title="{{ $.Title }}" href="{{ .RelPermalink }}">
{{ end }}{{ range .Translations }}<link rel="alternate" hreflang="{{ .Lang }}" href="{{ .Permalink }}">
{{ end }}</head>
<body>
<header class="site"><a class="title" href="{{ "/" | relURL }}">{{ site.Title }}</a>{{ with site.Menus.main }}<nav class="menu" aria-label="Menu">{{ range . }}<a href="{{ .URL }}"{{ if $.IsMenuCurrent "main" . }} aria-current="page"{{ end }}>{{ .Name }}</a>{{ end }}</nav>{{ end }}</header>
<main>
{{ block "main" . }}{{ end }}
</main>
<footer class="site"><a href="{{ "index.xml" | relURL }}">RSS</a></footer>
</body>
</html>
"""#),
        ("_default/single.html", #"""
{{ define "main" }}{{ if not .Date.IsZero }}<p class="meta"><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "January 2, 2006" }}</time> · {{ .ReadingTime }} min read</p>
{{ end }}{{ if ge (len .Fragments.HeadingsMap) 4 }}<nav class="toc" aria-label="Contents"><strong>Contents</strong>{{ .TableOfContents }}</nav>
{{ end }}{{ .Content }}
{{ with .GetTerms "tags" }}<p class="tags"><span class="label">Tags:</span> {{ range . }}<a class="tag" href="{{ .RelPermalink }}" rel="tag">{{ .LinkTitle }}</a> {{ end }}</p>{{ end }}
{{ if .Section }}<nav class="neighbors">{{ with .PrevInSection }}<a class="previous" rel="prev" href="{{ .RelPermalink }}"><span>Previous</span> {{ .Title }}</a>{{ end }}{{ with .NextInSection }}<a class="next" rel="next" href="{{ .RelPermalink }}"><span>Next</span> {{ .Title }}</a>{{ end }}</nav>{{ end }}
{{ end }}
"""#),
        ("_default/list.html", #"""
{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .Content }}
<ul class="list">
{{ range .Paginator.Pages }}{{ $page := . }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ if not .Date.IsZero }} <time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "January 2, 2006" }}</time>{{ end }}{{ with .Summary }}<div class="summary">{{ . }}<p class="reading-time">{{ $page.ReadingTime }} min read</p></div>{{ end }}</li>
{{ end }}</ul>
{{ with .Paginator }}{{ if gt .TotalPages 1 }}<nav class="pagination">{{ with .Prev }}<a href="{{ .URL }}">Newer</a>{{ end }} Page {{ .PageNumber }} of {{ .TotalPages }} {{ with .Next }}<a href="{{ .URL }}">Older</a>{{ end }}</nav>{{ end }}{{ end }}
{{ end }}
"""#),
        ("_default/_markup/render-heading.html", #"""
<h{{ .Level }} id="{{ .Anchor | safeURL }}">{{ .Text | safeHTML }}<a class="rw-anchor" href="#{{ .Anchor | safeURL }}" aria-hidden="true" tabindex="-1"></a></h{{ .Level }}>
"""#),
        ("404.html", #"""
{{ define "main" }}<h1>Page not found</h1>
<p>There is no page here. <a href="{{ "/" | relURL }}">Go home</a>.</p>
{{ end }}
"""#),
    ]

    static let minimal: [(path: String, text: String)] = [
        ("_default/single.html", #"""
<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>

"""#),
        ("_default/list.html", #"""
<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><ul>{{ range .Paginator.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>

"""#),
    ]

    /// Writes a set into `folder`.
    static func write(_ layouts: [(path: String, text: String)], into folder: String) throws {
        for layout in layouts {
            let path = folder + "/" + layout.path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try layout.text.write(toFile: path, atomically: false, encoding: .utf8)
        }
    }
}
