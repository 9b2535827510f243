/// One key of the front matter: its name, the names other generators give it, what its value must
/// be, and where it goes in ``PageMetadata``. The table ``all`` is every key Runway reads: reading
/// the front matter and its values' place in the build cache come from it, and the guide's list
/// (docs/content/guide/front-matter.md) is checked against it, so that a new key is one row (one key touched eight places, among them a cache encoding by
/// position that nothing checked).
package struct FrontMatterKey: Sendable {
    /// The key as Runway writes it (`aliases`).
    package let name: String
    /// Other generators' names for it, read as it is: Jekyll's `redirect_from` is `aliases`.
    package let aliases: [String]
    /// What its value must be, and the property it is kept in.
    package let field: Field

    /// A value's kind and the property of ``PageMetadata`` that keeps it.
    package enum Field: @unchecked Sendable {
        /// Text (a number is written as text).
        case text(WritableKeyPath<PageMetadata, String?>)
        /// A date or a date and time, as written (checked by ``PageMetadata/dateProblem(_:)``).
        case date(WritableKeyPath<PageMetadata, String?>)
        /// `true` or `false`.
        case flag(WritableKeyPath<PageMetadata, Bool>)
        /// A whole number.
        case number(WritableKeyPath<PageMetadata, Int?>)
        /// A list of words, or one (`tags: swift` is one tag); a number is a word.
        case words(WritableKeyPath<PageMetadata, [String]>)
        /// A list of texts, or one.
        case texts(WritableKeyPath<PageMetadata, [String]>)
        /// Menus' names: one, a list, or Hugo's table of them (`menu: {main: {weight: 2}}`).
        case menus(WritableKeyPath<PageMetadata, [String]>)
    }

    init(_ name: String, aliases: [String] = [], _ field: Field) {
        self.name = name
        self.aliases = aliases
        self.field = field
    }

    /// Every key Runway reads, in the order its values are kept in the build cache.
    package static let all: [FrontMatterKey] = [
        FrontMatterKey("title", .text(\.title)),
        FrontMatterKey("date", .date(\.date)),
        FrontMatterKey("draft", .flag(\.draft)),
        FrontMatterKey("tags", .words(\.tags)),
        FrontMatterKey("slug", .text(\.slug)),
        FrontMatterKey("url", aliases: ["permalink", "path"], .text(\.url)),
        FrontMatterKey("summary", .text(\.summary)),
        FrontMatterKey("description", .text(\.description)),
        FrontMatterKey("authors", aliases: ["author"], .texts(\.authors)),
        FrontMatterKey("images", aliases: ["image"], .texts(\.images)),
        FrontMatterKey("layout", aliases: ["template"], .text(\.layout)),
        FrontMatterKey("lang", .text(\.lang)),
        FrontMatterKey("theme", .text(\.theme)),
        FrontMatterKey("weight", .number(\.weight)),
        FrontMatterKey("lastmod", aliases: ["updated", "last_modified_at"], .date(\.lastmod)),
        FrontMatterKey("expiryDate", .date(\.expiryDate)),
        FrontMatterKey("publishDate", .date(\.publishDate)),
        FrontMatterKey("aliases", aliases: ["redirect_from"], .texts(\.aliases)),
        FrontMatterKey("redirect_to", .text(\.redirectTo)),
        FrontMatterKey("menu", aliases: ["menus"], .menus(\.menus)),
        FrontMatterKey("search", aliases: ["in_search_index"], .flag(\.search)),
    ]

    /// The keys by the lower-case spelling of their names and aliases: keys are read in any case,
    /// as Hugo reads them (`Draft`, `expirydate`).
    package static let byLowercase: [String: FrontMatterKey] = {
        var table: [String: FrontMatterKey] = [:]
        for key in all {
            for name in [key.name] + key.aliases { table[name.lowercased()] = key }
        }
        return table
    }()
}

/// Front matter keys other generators give meaning to and Runway does not read, with what Runway
/// does instead: one warning per site, at the first page that has each, rather than silence.
package enum ForeignFrontMatterKey {
    /// By key (lower case), what to say.
    package static let instead: [String: String] = [
        "type": "Hugo's 'type' picks templates; in Runway, 'layout' does",
        "outputs": "Hugo's 'outputs'; Runway writes each page's HTML, and the feeds and sitemap",
        "resources": "Hugo's 'resources'; a page bundle's files are published beside its page",
        "headless": "Hugo's 'headless'; a page bundle's files are published with its page",
        "cascade": "Hugo's 'cascade'; values every page shares go in runway.toml's [params]",
        "linktitle": "Hugo's 'linkTitle'; a menu shows the page's title",
        "iscjklanguage": "Hugo's 'isCJKLanguage'; Runway counts CJK words by themselves",
        "markup": "Hugo's 'markup'; Runway reads Markdown",
        "build": "Hugo's 'build'; write 'draft: true' to leave a page out",
        "excerpt_separator": "Jekyll's 'excerpt_separator'; Runway's summary ends at <!--more-->",
        "sitemap": "Jekyll's 'sitemap'; every published page is in the sitemap",
        "sort_by": "Zola's 'sort_by'; a section lists its pages by weight, then newest first",
        "paginate_by": "Zola's 'paginate_by'; runway.toml's 'paginate' says how many a list page shows",
        "insert_anchor_links": "Zola's 'insert_anchor_links'; every heading has its anchor link",
        "transparent": "Zola's 'transparent'; a section's pages are in its list and the site's",
        "page_template": "Zola's 'page_template'; a page's own 'layout' picks its template",
        "render": "Zola's 'render'; a section without pages has no list",
        "generate_feeds": "Zola's 'generate_feeds'; every section and term has its feed",
    ]
}
