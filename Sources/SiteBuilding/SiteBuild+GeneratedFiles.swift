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
            let pages = newest.filter { $0.language == language.code }
            let site = feeds(title: language.title, home: language.prefix + "/", language: language.code)
            texts.append((String((language.prefix + "/index.xml").dropFirst()), site.rss(pages)))
            texts.append((String((language.prefix + "/atom.xml").dropFirst()), site.atom(pages)))
        }
        // An Atom feed for each section and each tag: its pages, newest first.
        for list in lists.lists where list.hasFeed {
            let feed = feeds(title: list.language.title + " – " + list.title, home: list.url, language: list.language.code)
            texts.append((String((list.url + "atom.xml").dropFirst()), feed.atom(list.pages.sorted(by: SiteLists.newestFirst))))
        }
        let used = published.filter { $0.metadata.theme == nil }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
        texts.append(("theme.css", ThemeStylesheet(theme: theme).css(usedValues: used)))
        // A stylesheet for each theme pages chose for themselves.
        for name in Set(published.compactMap(\.metadata.theme)).sorted() {
            guard let own = reader.themes.theme(name) else { continue }
            let values = published.filter { $0.metadata.theme == name }.flatMap { $0.values.map { (attribute: $0.attribute, value: $0.value) } }
            texts.append(("themes/\(name).css", ThemeStylesheet(theme: own).css(usedValues: values)))
        }
        let pageEntries = published.map { (url: $0.url, lastmod: $0.metadata.lastmod.flatMap(PageDate.init) ?? $0.moment) }
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
        return texts.compactMap { path, text in
            OutputPath(path).map { OutputJob(path: $0, key: ContentHash(text.utf8), kind: .text(text), claimant: "the generated \($0)") }
        }
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
