import RunwayText
import Formatting
import Foundation
import SiteContent
import SiteOutput
import Templating

/// The files a build generates beside its pages and lists: feeds, stylesheets, the sitemap and
/// robots.txt, and the aliases' redirect pages with `_redirects`.
extension SiteBuild {
    /// The feeds (the site's in each language, each section's and term's), the stylesheets of the
    /// themes the pages use, the sitemap and robots.txt. `jobs`: the pages', lists' and homes'
    /// planned so far (`homes` among them).
    func generatedFiles(jobs: [OutputJob], homes: [OutputJob], published: [PageRecord], newest: [PageRecord], lists: SiteLists,
                        reader: PageReader, contexts: TemplateContexts, configuration: SiteConfiguration, theme: Theme,
                        statics: [String: String]) -> [OutputJob] {
        var texts: [(String, String)] = []
        // With `[feeds] full`, a page's content, read (and its URLs made to work in a feed) once
        // however many feeds it is in.
        let contents = FeedContents { page in
            FileContents.read(page.source).flatMap { reader.read(page.file, bytes: $0).body?.html }
                .map { Feeds.resolvingRelativeURLs(in: contexts.contentURLs.rewrite($0, of: page), of: page.url) }
        }
        // The pages, lists and files, for links in feeds under a base path.
        let served = ServedPaths(jobs.map(\.path) + statics.keys.compactMap(OutputPath.init))
        func feeds(title: String, home: String, language: String) -> Feeds {
            Feeds(title: title, baseURL: configuration.baseURL, home: home, language: language, author: configuration.author, settings: configuration.feeds,
                  contentURLs: contexts.contentURLs, served: served, content: contents.html(of:))
        }
        for language in configuration.languages {
            // A page that sends its readers elsewhere is in no feed, as in no sitemap.
            let pages = newest.filter { $0.language == language.code && $0.metadata.redirectTo == nil }
            let site = feeds(title: language.title, home: language.prefix + "/", language: language.code)
            texts.append((String((language.prefix + "/index.xml").dropFirst()), site.rss(pages)))
            texts.append((String((language.prefix + "/atom.xml").dropFirst()), site.atom(pages)))
        }
        // An Atom feed for each section and each tag: its pages, newest first.
        for list in lists.lists where list.hasFeed {
            let feed = feeds(title: list.language.title + " – " + list.title, home: list.url, language: list.language.code)
            texts.append((String((list.url + "atom.xml").dropFirst()), feed.atom(list.pages.filter { $0.metadata.redirectTo == nil }.sorted(by: SiteLists.newestFirst))))
        }
        // The stylesheets, fingerprinted or not, as pages link to them; `_headers` for the fingerprinted.
        let stylesheets = contexts.stylesheets
            ?? Stylesheets(published: published, theme: theme, themes: reader.themes, fingerprint: configuration.fingerprints)
        for sheet in stylesheets.all { texts.append((sheet.path, sheet.text)) }
        if let headers = stylesheets.headers(basePath: BasePath(baseURL: configuration.baseURL), assets: contexts.assetURLs) { texts.append(("_headers", headers)) }
        // A page that sends its readers elsewhere (`redirect_to`) is no page of the sitemap.
        let pageEntries = published.filter { $0.metadata.redirectTo == nil }.map { (url: $0.url, lastmod: $0.metadata.lastmod.flatMap(PageDate.init) ?? $0.moment) }
        // A home page's later pages (`/page/2/`), as a list's.
        let homePages = jobs.compactMap { job -> String? in
            guard case .page(_, _, _, let number) = job.kind, number > 1 else { return nil }
            return Self.url(of: job.path)
        }
        let listEntries = (lists.urls(paginate: configuration.paginate) + homes.map { Self.url(of: $0.path) } + homePages)
            .map { (url: $0, lastmod: PageDate?.none) }
        // Each page's, list's and home's versions in other languages, as their pages name them.
        var alternates: [String: [TemplateContexts.Version]] = [:]
        for job in jobs {
            switch job.kind {
            case .page(_, _, let translations, 1), .list(_, 1, let translations), .home(_, let translations, 1):
                if !translations.isEmpty { alternates[Self.url(of: job.path)] = translations }
            default: break
            }
        }
        texts.append(("sitemap.xml", Self.sitemap((pageEntries + listEntries).sorted { $0.url < $1.url }, alternates: alternates,
                                                  baseURL: configuration.baseURL)))
        texts.append(("robots.txt", "User-agent: *\nAllow: /\nSitemap: \(SiteURL.absolute("/sitemap.xml", baseURL: configuration.baseURL))\n"))
        // The pages, as the sitemap has them: a twin of each, and a list of them for machines.
        let rendered = Set(jobs.compactMap { job -> String? in
            if case .page(_, _, _, 1) = job.kind { Self.url(of: job.path) } else { nil }
        })
        let twinned = published.indices.filter { rendered.contains(published[$0].url) }
        texts.append(("llms.txt", Self.llmsText(twinned.map { published[$0] }, lists: lists, configuration: configuration,
                                                  twins: configuration.outputs.markdown)))
        var made = texts.compactMap { path, text in
            OutputPath(path).map { OutputJob(path: $0, key: ContentHash(text.utf8), kind: .text(text), claimant: "the generated \($0)") }
        }
        if configuration.outputs.markdown {
            for index in twinned {
                let page = published[index]
                guard let path = Self.twinPath(of: page.url) else { continue }
                var key = ContentHash()
                key.add(page.hash)
                key.add(page.title)
                key.add(BuildCache.signature(of: "/proc/self/exe"))
                made.append(OutputJob(path: path, key: key, kind: .twin(index), claimant: "the Markdown twin of \(page.source)", file: page.source))
            }
        }
        return made
    }

    /// Where a page's Markdown twin goes: `a/index.md` beside `a/index.html`, `a.md` for `a.html`.
    static func twinPath(of url: String) -> OutputPath? {
        guard let html = SiteURL.outputPath(ofURL: url) else { return nil }
        return OutputPath(String(html.value.dropLast(".html".count)) + ".md")
    }

    /// `llms.txt` (llmstxt.org): the site's title, its description (`[params] description`, else
    /// its tagline), and a linked list of its pages by section, each with its summary; the links
    /// lead to the pages' Markdown twins when the site has them.
    static func llmsText(_ pages: [PageRecord], lists: SiteLists, configuration: SiteConfiguration, twins: Bool) -> String {
        func line(_ text: String) -> String {
            text.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        var text = "# " + line(configuration.title) + "\n"
        var description: String?
        for key in ["description", "tagline"] where description == nil {
            if case .string(let value)? = configuration.params[key], !value.isEmpty { description = value }
        }
        if let description { text += "\n> " + line(description) + "\n" }
        let titles = Dictionary(lists.lists.map { ($0.url, $0.title) }) { first, _ in first }
        var groups: [(key: String, title: String, pages: [PageRecord])] = []
        var place: [String: Int] = [:]
        let several = configuration.languages.count > 1
        for page in pages.sorted(by: { ($0.section, $0.url) < ($1.section, $1.url) }) {
            let language = configuration.language(page.language)
            let key = page.language + "\u{0}" + page.section
            if place[key] == nil {
                let listURL = (language?.prefix ?? "") + "/" + page.section + "/"
                var title = page.section.isEmpty ? "Pages" : titles[listURL] ?? page.section
                if several { title += " (\(language?.name ?? page.language))" }
                place[key] = groups.count
                groups.append((key, title, []))
            }
            groups[place[key]!].pages.append(page)
        }
        for group in groups {
            text += "\n## " + line(group.title) + "\n\n"
            for page in group.pages {
                let path = twins ? twinPath(of: page.url).map { "/" + $0.value } ?? page.url : page.url
                let url = SiteURL.absolute(SiteURL.encoded(path), baseURL: configuration.baseURL)
                let title = page.title.replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: "[", with: "\\[")
                text += "- [" + line(title) + "](" + url + ")" + (page.summary.text.isEmpty ? "" : ": " + line(page.summary.text)) + "\n"
            }
        }
        return text
    }

    /// The aliases of `pages` (a section's `_index.md` has them as a page has): a redirect page at
    /// each old URL, and `_redirects` (as Netlify and Cloudflare Pages read it, and `runway serve`)
    /// for a real 301.
    static func aliasJobs(_ pages: [PageRecord], configuration: SiteConfiguration) -> [OutputJob] {
        var jobs: [OutputJob] = []
        var redirects = ""
        let basePath = BasePath(baseURL: configuration.baseURL)
        for page in pages {
            if let target = page.metadata.redirectTo {
                redirects += basePath.apply(to: SiteURL.encoded(page.url)) + " " + Self.redirectTarget(target, basePath: basePath) + " 301\n"
            }
            for alias in page.metadata.aliases {
                guard let (url, path) = SiteURL.alias(alias, pageURL: page.url) else { continue }
                let text = Self.redirectPage(to: page.url, baseURL: configuration.baseURL, basePath: basePath)
                jobs.append(OutputJob(path: path, key: ContentHash(text.utf8), kind: .redirect(text), claimant: "the alias \(url) of \(page.url)",
                                      file: page.source, position: page.keyPositions["aliases"]))
                redirects += basePath.apply(to: SiteURL.encoded(url)) + " " + basePath.apply(to: SiteURL.encoded(page.url)) + " 301\n"
            }
        }
        if !redirects.isEmpty, let path = OutputPath("_redirects") {
            jobs.append(OutputJob(path: path, key: ContentHash(redirects.utf8), kind: .text(redirects), claimant: "the generated _redirects"))
        }
        return jobs
    }

    /// Where a `redirect_to` leads, as `_redirects` and a redirect page write it: a URL elsewhere
    /// as it is, a path of the site under the base path.
    static func redirectTarget(_ target: String, basePath: BasePath) -> String {
        SiteURL.hasScheme(target) || target.hasPrefix("//") ? target : basePath.apply(to: SiteURL.encoded(target))
    }

    /// A page that sends the browser on to `url`: a meta refresh and a canonical link, as Hugo's
    /// alias pages are. A URL elsewhere (`redirect_to: https://…`) is written as it is.
    static func redirectPage(to url: String, baseURL: String, basePath: BasePath) -> String {
        let elsewhere = SiteURL.hasScheme(url) || url.hasPrefix("//")
        let url = elsewhere ? url : SiteURL.encoded(url)
        let absolute = xmlEscape(elsewhere ? url : SiteURL.absolute(url, baseURL: baseURL)), local = xmlEscape(elsewhere ? url : basePath.apply(to: url))
        return "<!DOCTYPE html>\n<html><head><title>\(local)</title><link rel=\"canonical\" href=\"\(absolute)\">"
            + "<meta name=\"robots\" content=\"noindex\"><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"0; url=\(local)\">"
            + "</head></html>\n"
    }
}
