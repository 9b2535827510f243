import Synchronization

/// Everything a template sees, defined once: builds, `theme check` and theme previews all make
/// these, so a member added here is there for every template, and the compiler points at every
/// place that must give it a value. Members are written as themes read them (`page.title`,
/// `pagination.next`); `docs/content/themes.md` lists them.
package struct TemplateContext: Sendable {
    package var site: SiteContext
    package var page: PageContext
    /// The pages of the page's language, newest first (`pages`, and `otherPages` without this
    /// one), and grouped by term and by section (`taxonomies`, `sections`); empty unless the
    /// template reads them.
    package var pages: TemplateListing
    /// A list page's items, and its place in the list's pages; on a home page whose template
    /// reads them, its share of its language's pages (`/page/2/`…).
    package var items: [PageEntry]
    package var pagination: Pagination?
    /// In a component's template (`components/NAME.html`): the call it renders (`params`,
    /// `content`, `block`); else `nil`.
    package var component: ComponentValues?
    /// In a render hook's template (`render/NAME.html`): the element it renders (`content`,
    /// `text`, `html` and the element's own values); else `nil`.
    package var hook: HookValues?

    package init(site: SiteContext, page: PageContext, pages: TemplateListing = .empty, items: [PageEntry] = [],
                 pagination: Pagination? = nil, component: ComponentValues? = nil, hook: HookValues? = nil) {
        self.site = site
        self.page = page
        self.pages = pages
        self.items = items
        self.pagination = pagination
        self.component = component
        self.hook = hook
    }

    /// The members that show `pages`.
    static let listingMembers = ["pages", "otherPages", "taxonomies", "sections"]
    /// The members that show a list's share of its pages: on a home page, its language's pages.
    static let itemMembers = ["items", "pagination"]
}

/// The site in one language: `site.title`, `site.home`, `site.languages`, `site.params` (the
/// theme's `[params]` under `runway.toml`'s), `site.menus.NAME` (each entry's `name`, `url`,
/// `weight`, and `current` on the page it leads to), `site.data.NAME` (the data files), `site.environment`, `site.search`…
package struct SiteContext: TemplateRepresentable {
    package let title: String
    package let baseURL: String
    /// The language's code.
    package let language: String
    /// Which way the language's text runs: `ltr` or `rtl` (`<html dir>`).
    package let direction: String
    package let theme: String
    package let languages: [LanguageLink]
    /// The language's home page URL (`/`, `/fr/`).
    package let home: String
    package let params: [String: TemplateValue]
    /// Each menu's entries, in order.
    package let menus: [String: [MenuEntry]]
    /// The site's data files (`site.data.team` for `data/team.yaml`), an object.
    package let data: TemplateValue
    /// The environment the site is built for (`production`, `development`…).
    package let environment: String
    /// Whether the site has search (`[search] enabled`): its pages' index is at `/pagefind/`.
    package let search: Bool

    package init(title: String, baseURL: String, language: String, direction: String = "ltr", theme: String, languages: [LanguageLink],
                 home: String, params: [String: TemplateValue] = [:], menus: [String: [MenuEntry]] = [:], data: TemplateValue = .object([]),
                 environment: String = "production", search: Bool = false) {
        self.title = title
        self.baseURL = baseURL
        self.language = language
        self.direction = direction
        self.theme = theme
        self.languages = languages
        self.home = home
        self.params = params
        self.menus = menus
        self.data = data
        self.environment = environment
        self.search = search
    }

    package var templateValue: TemplateValue { templateValue(current: "") }

    /// The site as the page at `current` sees it: its menus' entry for that page is `current`.
    package func templateValue(current: String) -> TemplateValue {
        .object([("title", .text(title)), ("baseURL", .text(baseURL)), ("language", .text(language)), ("direction", .text(direction)),
                 ("theme", .text(theme)),
                 ("languages", .list(languages.map(\.templateValue))), ("home", .text(home)),
                 ("params", .object(params.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
                 ("menus", .object(menus.sorted { $0.key < $1.key }.map { menu in
                     (menu.key, .list(menu.value.map { $0.templateValue(current: $0.url == current) }))
                 })), ("data", data), ("environment", .text(environment)), ("search", .bool(search))])
    }
}

/// An entry of a menu: `name`, `url`, `weight`, `current`.
package struct MenuEntry: Sendable, Equatable {
    package var name: String
    package var url: String
    package var weight: Int

    package init(name: String, url: String, weight: Int) {
        self.name = name
        self.url = url
        self.weight = weight
    }

    func templateValue(current: Bool) -> TemplateValue {
        .object([("name", .text(name)), ("url", .text(url)), ("weight", .integer(weight)), ("current", .bool(current))])
    }
}

/// A language of the site, for a language menu: `code`, `name`, `url`.
package struct LanguageLink: TemplateRepresentable {
    package var code: String
    package var name: String
    package var url: String

    package init(code: String, name: String, url: String) {
        self.code = code
        self.name = name
        self.url = url
    }

    package var templateValue: TemplateValue {
        .object([("code", .text(code)), ("name", .text(name)), ("url", .text(url))])
    }
}

/// The page being rendered (a content page, a list page, the 404 page).
package struct PageContext: TemplateRepresentable {
    package var title: String
    /// The rendered body, trusted HTML.
    package var content: String
    /// The body's leading title heading (its first block, when that is a top-level heading), and
    /// the body after it: for a theme that puts something between them (`page.titleHTML`,
    /// `page.contentAfterTitle`; without such a heading, empty and the whole body).
    package var titleHTML: String
    package var contentAfterTitle: String
    package var url: String
    package var permalink: String
    package var date: String
    /// When it last changed (its `lastmod`), or empty.
    package var lastmod: String
    package var tags: [String]
    /// What lists show of the page: its front matter's `summary`, else its text before
    /// `<!--more-->`, else its first paragraph; as plain text and as HTML.
    package var summary: String
    package var summaryHTML: String
    /// Its front matter's `description`, or empty.
    package var description: String
    /// Who wrote it (`authors`, or `author`).
    package var authors: [String]
    /// Its words (each CJK character one), and minutes to read them.
    package var wordCount: Int
    package var readingTime: Int
    package var lang: String
    package var section: String
    package var translations: [TranslationLink]
    package var stylesheet: String
    /// A list page's Atom feed (a section's or a tag's), or empty.
    package var feed: String
    package var params: [String: TemplateValue]
    /// The headings below the title (`page.toc`, `page.tocHTML`, `page.hasTOC`).
    package var toc: TableOfContents
    /// Its terms of each taxonomy, as links to their lists (`page.terms.tags`: `name`, `url`).
    package var terms: [String: [TermLink]]
    /// The taxonomies it has terms of, in the site's order, each with its title and its terms
    /// (`page.taxonomies`: `name`, `title`, `terms`): for a theme that shows them all.
    package var taxonomies: [TaxonomyTerms]
    /// The pages before and after it in its section's order (`page.previous`, `page.next`: `title`,
    /// `url`…), when it has them.
    package var previous: PageEntry?
    package var next: PageEntry?
    /// The pages of its language that share the most of its terms (`page.related`: `title`,
    /// `url`…), most related first; empty unless its template shows them.
    package var related: [PageEntry] = []
    /// Its stylesheet's Subresource Integrity (`sha384-…`) when stylesheets are fingerprinted,
    /// for `<link integrity>`; else empty.
    package var stylesheetIntegrity = ""
    /// The absolute URL of the image that stands for it where it is shared (`og:image`): its
    /// front matter's `image`, else the first image it shows, else the site's `[params] image`;
    /// empty when there is none.
    package var image = ""

    package init(title: String, content: String = "", titleHTML: String = "", contentAfterTitle: String? = nil, url: String, permalink: String, date: String = "", lastmod: String = "", tags: [String] = [],
                 summary: String = "", summaryHTML: String = "", description: String = "", authors: [String] = [], wordCount: Int = 0, readingTime: Int = 0, lang: String, section: String = "", translations: [TranslationLink] = [],
                 stylesheet: String, feed: String = "", params: [String: TemplateValue] = [:], toc: TableOfContents = TableOfContents(),
                 terms: [String: [TermLink]] = [:], taxonomies: [TaxonomyTerms] = [], previous: PageEntry? = nil, next: PageEntry? = nil) {
        self.title = title
        self.content = content
        self.titleHTML = titleHTML
        self.contentAfterTitle = contentAfterTitle ?? content
        self.url = url
        self.permalink = permalink
        self.date = date
        self.lastmod = lastmod
        self.tags = tags
        self.summary = summary
        self.summaryHTML = summaryHTML
        self.description = description
        self.authors = authors
        self.wordCount = wordCount
        self.readingTime = readingTime
        self.lang = lang
        self.section = section
        self.translations = translations
        self.stylesheet = stylesheet
        self.feed = feed
        self.params = params
        self.toc = toc
        self.terms = terms
        self.taxonomies = taxonomies
        self.previous = previous
        self.next = next
    }

    package var templateValue: TemplateValue {
        .object([
            ("previous", previous?.templateValue ?? .text("")), ("next", next?.templateValue ?? .text("")),
            ("related", .list(related.map(\.templateValue))), ("image", .text(image)),
            ("terms", .object(terms.sorted { $0.key < $1.key }.map { ($0.key, .list($0.value.map(\.templateValue))) })),
            ("taxonomies", .list(taxonomies.map(\.templateValue))),
            ("toc", .list(toc.entries.map(\.templateValue))), ("tocHTML", .html(toc.html)), ("hasTOC", .bool(toc.isWorthShowing)),
            ("title", .text(title)), ("content", .html(content)), ("titleHTML", .html(titleHTML)),
            ("contentAfterTitle", .html(contentAfterTitle)), ("url", .text(url)), ("permalink", .text(permalink)),
            ("date", .text(date)), ("lastmod", .text(lastmod)), ("tags", .list(tags.map(TemplateValue.text))), ("summary", .text(summary)),
            ("summaryHTML", .html(summaryHTML)), ("description", .text(description)), ("authors", .list(authors.map(TemplateValue.text))),
            ("wordCount", .integer(wordCount)), ("readingTime", .integer(readingTime)), ("lang", .text(lang)),
            ("section", .text(section)), ("translations", .list(translations.map(\.templateValue))), ("stylesheet", .text(stylesheet)),
            ("stylesheetIntegrity", .text(stylesheetIntegrity)),
            ("feed", .text(feed)),
            ("params", .object(params.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
        ])
    }
}

/// A taxonomy a page has terms of: its plural `name` (`categories`), its `title` in the page's
/// language (the string table's word for it, else the name capitalized), and the page's `terms`.
package struct TaxonomyTerms: TemplateRepresentable, Equatable {
    package var name: String
    package var title: String
    package var terms: [TermLink]

    package init(name: String, title: String, terms: [TermLink]) {
        self.name = name
        self.title = title
        self.terms = terms
    }

    package var templateValue: TemplateValue {
        .object([("name", .text(name)), ("title", .text(title)), ("terms", .list(terms.map(\.templateValue)))])
    }
}

/// A term of a taxonomy, and its list page: `name`, `url`.
package struct TermLink: TemplateRepresentable, Equatable {
    package var name: String
    package var url: String

    package init(name: String, url: String) {
        self.name = name
        self.url = url
    }

    package var templateValue: TemplateValue {
        .object([("name", .text(name)), ("url", .text(url))])
    }
}

/// A version of the page in one language: `lang`, `name`, `url`, `current`, `permalink`.
package struct TranslationLink: TemplateRepresentable {
    package var lang: String
    package var name: String
    package var url: String
    package var current: Bool
    package var permalink: String

    package init(lang: String, name: String, url: String, current: Bool, permalink: String) {
        self.lang = lang
        self.name = name
        self.url = url
        self.current = current
        self.permalink = permalink
    }

    package var templateValue: TemplateValue {
        .object([("lang", .text(lang)), ("name", .text(name)), ("url", .text(url)), ("current", .bool(current)),
                 ("permalink", .text(permalink))])
    }
}

/// A page as an item of a list: `title`, `url`, `date`, `summary` (plain text), `summaryHTML`,
/// `readingTime` (minutes) and `params` (its front matter's); `isSection` when the item is a
/// subsection of the section listed (dated by its newest page, without a reading time). What a
/// list shows of a page is its key too: when this changes, the lists the page is in are
/// rendered again.
package struct PageEntry: TemplateRepresentable {
    package var title: String
    package var url: String
    package var date: String
    package var summary: String
    package var summaryHTML: String
    package var readingTime: Int
    package var isSection = false
    /// The page's front matter, an image a template asks copies of from the site's root
    /// (`cover: trip.jpg` of `/posts/walk/` is `/posts/walk/trip.jpg`).
    package var params: [String: TemplateValue] = [:]
    /// The copies of the images its `params` name, as a key (their names hold their hashes): a
    /// changed cover renders the lists showing it again. Templates do not see it.
    package var imagesKey = ""

    package init(title: String, url: String, date: String, summary: String, summaryHTML: String, readingTime: Int) {
        self.title = title
        self.url = url
        self.date = date
        self.summary = summary
        self.summaryHTML = summaryHTML
        self.readingTime = readingTime
    }

    package var templateValue: TemplateValue {
        .object([("title", .text(title)), ("url", .text(url)), ("date", .text(date)), ("summary", .text(summary)),
                 ("summaryHTML", .html(summaryHTML)), ("readingTime", .integer(readingTime)),
                 ("isSection", .bool(isSection)), ("params", .object(params.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))])
    }
}

/// A list page's place among the list's pages: `number`, `total`, the URLs of the `previous`
/// and `next` pages (empty at the ends), and `isPaginated` (more than one page).
package struct Pagination: TemplateRepresentable {
    package var number: Int
    package var total: Int
    package var previous: String
    package var next: String

    package init(number: Int, total: Int, previous: String, next: String) {
        self.number = number
        self.total = total
        self.previous = previous
        self.next = next
    }

    package var templateValue: TemplateValue {
        .object([("number", .integer(number)), ("total", .integer(total)), ("previous", .text(previous)), ("next", .text(next)),
                 ("isPaginated", .bool(total > 1))])
    }
}

/// A language's pages as `pages` shows them, made into template values once however many
/// pages read it; and the same pages grouped, as `taxonomies` (by each taxonomy's terms) and
/// `sections` (by the section they are in) show them.
package final class TemplateListing: Sendable {
    package let entries: [PageEntry]
    /// Each taxonomy's terms, in order, with the positions of their pages in `entries`.
    package let terms: [(taxonomy: String, terms: [(term: String, members: [Int])])]
    /// Each section, in order, with the positions of its pages in `entries`.
    package let sections: [(section: String, members: [Int])]
    private let made = Mutex<[TemplateValue]?>(nil)

    package init(_ entries: [PageEntry], terms: [(taxonomy: String, terms: [(term: String, members: [Int])])] = [],
                 sections: [(section: String, members: [Int])] = []) {
        self.entries = entries
        self.terms = terms
        self.sections = sections
    }

    /// `taxonomies`: an object of each taxonomy, an object of each of its terms, the term's pages
    /// as in `pages` (`taxonomies.categories.release`, Hugo's `.Site.Taxonomies`, Jekyll's `site.categories`).
    func taxonomiesValue() -> TemplateValue {
        let values = values()
        return .object(terms.map { taxonomy in
            (taxonomy.taxonomy, .object(taxonomy.terms.map { ($0.term, .list($0.members.map { values[$0] })) }))
        })
    }

    /// `sections`: an object of each section, its pages as in `pages` (`sections.posts`).
    func sectionsValue() -> TemplateValue {
        let values = values()
        return .object(sections.map { ($0.section, .list($0.members.map { values[$0] })) })
    }

    package static let empty = TemplateListing([])

    /// The entries as templates see them (`pages`).
    func values() -> [TemplateValue] {
        guard !entries.isEmpty else { return [] }
        return made.withLock { made in
            if let made { return made }
            let values = entries.map(\.templateValue)
            made = values
            return values
        }
    }

    /// The entries but the one at `url` (`otherPages`).
    func values(excluding url: String) -> [TemplateValue] {
        zip(entries, values()).compactMap { $0.url != url ? $1 : nil }
    }
}
