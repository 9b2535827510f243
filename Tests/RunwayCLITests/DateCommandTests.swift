import Foundation
import Testing

/// Issue 15, point 6 and the sitemap's part of 13: dates from file names, `lastmod` and
/// `expiryDate`, and `--drafts`, `--future` and `--expired` apart.
@Suite struct DateCommandTests {
    @Test func aFileNamedForItsDateGivesTheDateAndARestfulURL() throws {
        let site = try TestSite([
            "content/posts/2026-11-03-hello-world.md": "Hello.\n",
            "content/posts/2026-10-01-dated-twice.md": "---\ndate: 2026-09-30\nlastmod: 2026-11-20\n---\nBoth.\n",
        ])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try #require(site.read("_site/posts/hello-world/index.html"))
        #expect(page.contains("<h1>Hello World</h1>") && page.contains(#"<time datetime="2026-11-03">November 3, 2026</time>"#))
        let sitemap = try #require(site.read("_site/sitemap.xml"))
        #expect(sitemap.contains("<loc>https://t.example/posts/hello-world/</loc><lastmod>2026-11-03</lastmod>"))
        #expect(sitemap.contains("<loc>https://t.example/posts/dated-twice/</loc><lastmod>2026-11-20</lastmod>"), "lastmod wins: \(sitemap)")
        let atom = try #require(site.read("_site/atom.xml"))
        #expect(atom.contains("<published>2026-09-30T00:00:00Z</published><updated>2026-11-20T00:00:00Z</updated>"))
        #expect(atom.contains("<updated>2026-11-20T00:00:00Z</updated>\n<author>"), "the feed changed when its latest entry did")
    }

    @Test func draftsFutureAndExpiredPagesEachHaveTheirOption() throws {
        let site = try TestSite([
            "content/draft.md": "---\ndraft: true\n---\nD.\n", "content/future.md": "---\ndate: 2999-01-01\n---\nF.\n",
            "content/expired.md": "---\nexpiryDate: 2001-01-01\n---\nE.\n", "content/now.md": "N.\n",
        ])
        for (option, page) in [("--drafts", "draft"), ("--future", "future"), ("--expired", "expired")] {
            let build = try site.runway("build", option, site.root)
            #expect(build.status == 0)
            let pages = ["draft", "future", "expired"].filter { site.exists("_site/\($0)/index.html") }
            #expect(pages == [page], "\(option) adds \(page) only")
            #expect(site.exists("_site/now/index.html"))
        }
        // `check` takes the same options: a draft's problems are said, and a link to it is no
        // broken link, only when drafts are in.
        try site.write("---\ndraft: true\n---\nD links [nowhere](nope.md).\n", to: "content/draft.md")
        try site.write("N links [the draft](draft.md).\n", to: "content/now.md")
        let published = try site.runway("check", site.root)
        #expect(published.status == 0 && published.stderr.contains("now.md:1:10: warning: broken link: draft.md names content/draft.md, which the site does not publish"))
        #expect(!published.stderr.contains("nope.md"), "\(published.stderr)")
        let drafts = try site.runway("check", "--drafts", site.root)
        #expect(drafts.status == 0 && drafts.stderr.contains("draft.md:4:10: warning: broken link: nope.md names content/nope.md"), "\(drafts.stderr)")
        #expect(!drafts.stderr.contains("now.md"), "\(drafts.stderr)")
        // A draft's warnings are said only with --drafts: a --strict build of the published site
        // does not fail on them.
        try site.write("---\ndraft: true\n---\nD is ^[odd](customColor: 'bogus').\n", to: "content/draft.md")
        try site.write("N.\n", to: "content/now.md")
        let strict = try site.runway("build", "--strict", site.root)
        #expect(strict.status == 0 && !strict.stderr.contains("draft.md"), "\(strict.stderr)")
        let strictDrafts = try site.runway("build", "--strict", "--drafts", site.root)
        #expect(strictDrafts.status == 1 && strictDrafts.stderr.contains("\(site.root)/content/draft.md:4:"), "\(strictDrafts.stderr)")
        let bad = try TestSite(["content/a.md": "---\nexpiryDate: soon\n---\nA.\n"])
        let check = try bad.runway("check", bad.root)
        #expect(check.status == 1 && check.stderr.contains("\(bad.root)/content/a.md:2:1: error: 'expiryDate' must be a date such as 2026-11-03"))
    }

    /// Front matter keys are read in any case, as Hugo reads them: a page moved from Hugo with
    /// `Draft: true` or `expirydate` stays unpublished (before, both were published, even with
    /// `--strict`). Hugo's `publishDate` keeps a page out until its day and dates a page without
    /// `date`.
    @Test func hugosKeysInAnyCaseAndPublishDate() throws {
        let site = try TestSite(["content/secret.md": "---\nTitle: Secret\nDraft: true\n---\nS.\n",
                                 "content/gone.md": "---\nexpirydate: 2020-01-01\n---\nE.\n",
                                 "content/later.md": "---\npublishDate: 2999-01-01\n---\nL.\n",
                                 "content/old.md": "---\npublishdate: 2020-01-02\nSlug: aged\n---\nO.\n",
                                 "content/now.md": "N.\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stdout.contains("built 2 pages"), "\(build.stderr) \(build.stdout)")
        #expect(!site.exists("_site/secret") && !site.exists("_site/gone") && !site.exists("_site/later"))
        #expect(site.read("_site/aged/index.html")?.contains(#"<time datetime="2020-01-02">"#) == true, "Slug read, publishdate its date")
        #expect(try site.runway("build", "--drafts", "--future", "--expired", site.root).status == 0)
        #expect(site.read("_site/secret/index.html")?.contains("<title>Secret · T</title>") == true, "Title read")
        #expect(site.exists("_site/gone/index.html") && site.exists("_site/later/index.html"))
        try site.write("---\ndraft: false\nDraft: true\n---\nS.\n", to: "content/secret.md")
        let check = try site.runway("check", site.root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("secret.md:3:1: error: 'Draft' is 'draft' written again (keys are read in any case)"), "\(check.stderr)")
    }

    /// TOML front matter's dates written as TOML dates (Hugo's own spelling) decide as quoted ones
    /// do: before, they were dropped, and a future page and an expired one were published, and a
    /// dated permalink lost its year. A YAML date and time keeps its day in its own offset, orders
    /// the day's pages by its time, and Atom shows its moment. Front matter never closed is an
    /// error: before, its `draft: true` was published as a paragraph.
    @Test func tomlDatesYAMLTimesAndUnclosedFrontMatter() throws {
        let site = try TestSite([
            "content/posts/future.md": "+++\ntitle = \"Future\"\ndate = 2999-01-01\n+++\nF.\n",
            "content/posts/gone.md": "+++\ntitle = \"Gone\"\ndate = 2020-01-01\nexpiryDate = 2021-01-01\n+++\nG.\n",
            "content/posts/dated.md": "+++\ntitle = \"Dated\"\ndate = 2025-06-01T10:00:00Z\n+++\nD.\n",
            "content/posts/morning.md": "---\ntitle: Morning\ndate: 2025-06-01T08:00:00Z\n---\nM.\n",
            "content/posts/nye.md": "---\ntitle: Eve\ndate: 2024-12-31T23:30:00-05:00\n---\nE.\n",
        ], configuration: "[permalinks]\nposts = \"/:year/:month/:day/:slug/\"\n")
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        #expect(!site.exists("_site/2999") && !site.exists("_site/posts/future") && !site.exists("_site/2020"), "\(site.tree("_site").keys.sorted())")
        #expect(site.exists("_site/2025/06/01/dated/index.html") && site.exists("_site/2024/12/31/nye/index.html"))
        let list = try #require(site.read("_site/posts/index.html"))
        let (dated, morning) = (try #require(list.range(of: "/2025/06/01/dated/")), try #require(list.range(of: "/2025/06/01/morning/")))
        #expect(dated.lowerBound < morning.lowerBound, "ten o'clock is newer than eight")
        let atom = try #require(site.read("_site/atom.xml"))
        #expect(atom.contains("<published>2025-06-01T10:00:00Z</published>") && atom.contains("<published>2024-12-31T23:30:00-05:00</published>"), "\(atom)")

        try site.write("---\ntitle: Secret\ndraft: true\n\nNot yet.\n", to: "content/secret.md")
        let unclosed = try site.runway("build", site.root)
        #expect(unclosed.status == 1)
        #expect(unclosed.stderr.hasPrefix("\(site.root)/content/secret.md:1:1: error: the front matter opened by '---' is never closed"), "\(unclosed.stderr)")
        #expect(!site.exists("_site/secret"))
    }

    /// Dates are moments: feeds and lists order pages by them whatever their offsets (they compared
    /// the texts: Tokyo's 01:00 of the 10th came after 20:00 UTC on the 9th), RSS gives the time in
    /// UTC (it gave the written day's midnight), Atom a time without an offset in UTC (it gave
    /// midnight), and the sitemap the time with its offset (the written day alone is another day in UTC).
    @Test func datesAreMomentsInFeedsListsAndTheSitemap() throws {
        let site = try TestSite([
            "content/posts/tokyo.md": "---\ntitle: Tokyo\ndate: 2026-11-10T01:00:00+09:00\n---\nT.\n",
            "content/posts/utc.md": "---\ntitle: UTC\ndate: 2026-11-09T20:00:00Z\n---\nU.\n",
            "content/posts/evening.md": "+++\ntitle = \"Evening\"\ndate = 2026-11-01T23:30:00-05:00\n+++\nE.\n",
            "content/posts/local.md": "---\ntitle: Local\ndate: 2026-11-06T10:00:00\n---\nL.\n",
        ])
        let build = try site.runway("build", site.root)
        #expect(build.status == 0, "\(build.stderr)")
        let rss = try #require(site.read("_site/index.xml")), atom = try #require(site.read("_site/atom.xml"))
        let list = try #require(site.read("_site/posts/index.html")), sitemap = try #require(site.read("_site/sitemap.xml"))
        for (name, text, first, second) in [("rss", rss, "<title>UTC</title>", "<title>Tokyo</title>"),
                                            ("atom", atom, "<title>UTC</title>", "<title>Tokyo</title>"),
                                            ("list", list, "/posts/utc/", "/posts/tokyo/")] {
            let (a, b) = (try #require(text.range(of: first), "\(name)"), try #require(text.range(of: second), "\(name)"))
            #expect(a.lowerBound < b.lowerBound, "\(name): 20:00 UTC is newer than 16:00 UTC: \(text)")
        }
        #expect(rss.contains("<title>Evening</title><link>https://t.example/posts/evening/</link><guid>https://t.example/posts/evening/</guid><pubDate>Mon, 02 Nov 2026 04:30:00 +0000</pubDate>"), "\(rss)")
        #expect(rss.contains("<pubDate>Mon, 09 Nov 2026 16:00:00 +0000</pubDate>") && rss.contains("<pubDate>Fri, 06 Nov 2026 10:00:00 +0000</pubDate>"))
        #expect(atom.contains("<published>2026-11-06T10:00:00Z</published>") && atom.contains("<updated>2026-11-09T20:00:00Z</updated>\n"), "\(atom)")
        #expect(sitemap.contains("<loc>https://t.example/posts/evening/</loc><lastmod>2026-11-01T23:30:00-05:00</lastmod>"), "\(sitemap)")
    }

    /// A day no calendar has is an error at its key, in YAML (whose timestamps a calendar would
    /// roll over to the next month) as in a quoted string; a leap day is a day.
    @Test(arguments: ["date: 2026-02-30", "date: 2026-13-01", "date: 2026-00-10", "date: 2025-02-29", "date: \"2026-04-31\"",
                      "lastmod: 2026-02-30T10:00:00Z"])
    func aDayNoCalendarHasIsAnError(_ line: String) throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n\(line)\n---\nA.\n", "content/leap.md": "---\ndate: 2024-02-29\n---\nL.\n"])
        let check = try site.runway("check", site.root)
        let key = String(line.prefix { $0 != ":" })
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("\(site.root)/content/a.md:3:1: error: '\(key)' must be a date such as 2026-11-03"), "\(check.stderr)")
        #expect(!check.stderr.contains("leap.md"), "\(check.stderr)")
    }
    /// Issue 39, point 10: a time that is not one after a good day was taken for the day alone
    /// (the page's `<time datetime>` carried the text while its feeds said midnight), and the year
    /// 0000 showed as year 1. Each is an error at its key.
    @Test(arguments: [("date: 2026-01-01T25:00:00Z", "'date' has a day, but \"T25:00:00Z\" is not a time of day"),
                      ("date: \"2026-01-01T23:61:61Z\"", "'date' has a day, but \"T23:61:61Z\" is not a time of day"),
                      ("lastmod: \"2026-01-01T10:00:00+99:00\"", "'lastmod' has a day, but \"T10:00:00+99:00\" is not a time of day"),
                      ("date: \"2026-01-01 noon\"", "'date' has a day, but \" noon\" is not a time of day"),
                      ("date: 0000-01-01", "'date' must be a date from the year 0001, not \"0000-01-01\"")])
    func aTimeThatIsNotOneIsAnError(_ line: String, _ message: String) throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n\(line)\n---\nA.\n"])
        let check = try site.runway("check", site.root)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("\(site.root)/content/a.md:3:1: error: \(message)"), "\(check.stderr)")
    }

    /// Templates get dates in ISO 8601, as `<time datetime>` takes them, whatever the front
    /// matter wrote (YAML's `2013-05-08 23:46:11 +0200` was repeated, an error of the W3C checker's
    /// on every page).
    @Test func templatesGetDatesInISO8601() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ndate: 2013-05-08 23:46:11 +0200\nlastmod: 2013-05-09\n---\nA.\n",
                                 "content/b.md": "---\ntitle: B\ndate: \"2013-05-07 09:30\"\n---\nB.\n",
                                 "templates/page.html": "{{page.date}}|{{page.lastmod}}|{{date(page.date)}}\n"])
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.read("_site/a/index.html") == "2013-05-08T23:46:11+02:00|2013-05-09|May 8, 2013\n")
        #expect(site.read("_site/b/index.html") == "2013-05-07T09:30:00||May 7, 2013\n")
    }

    /// A `draft` that is not true or false is an error, never a published page; `tags` must be
    /// words (a number is one, `tags: solo` is one tag).
    @Test(arguments: [("draft: maybe", "'draft' must be true or false"), ("draft: 1", "'draft' must be true or false"),
                      ("tags: 3.5", "'tags' must be a list of words"), ("tags: [a, {x: 1}]", "'tags' must be a list of words")])
    func aDraftOrTagsThatCannotBeReadAreErrors(_ line: String, _ message: String) throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n\(line)\n---\nA.\n"])
        let build = try site.runway("build", site.root)
        #expect(build.status == 1 && !site.exists("_site/a/index.html"), "\(build.stderr)")
        #expect(build.stderr.contains("\(site.root)/content/a.md:3:1: error: \(message)"), "\(build.stderr)")
    }

    @Test func aTagMayBeANumberOrOneWord() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ntags: [swift, 2026]\n---\nA.\n", "content/b.md": "---\ntitle: B\ntags: solo\n---\nB.\n"])
        #expect(try site.runway("build", site.root).status == 0)
        #expect(site.exists("_site/tags/2026/index.html") && site.exists("_site/tags/swift/index.html") && site.exists("_site/tags/solo/index.html"))
    }
}
