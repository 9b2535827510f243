import Foundation
import HTMLRendering
import ImageProcessing
import RunwayText
import SiteOutput
@testable import SiteBuilding
@testable import SiteContent
import Testing

/// Issue 40, point 3: what a change rebuilds is one set of pure functions (`RebuildPlan`), tested
/// here as tables: the paths a watcher names, the plan from the cache and the settings, and which
/// changes of a page's record leave the rest of the site as it was.
@Suite struct RebuildPlanTests {
    @Test(arguments: [
        (["/s/content/a.md"], ["content/a.md"]),
        (["/s/content/posts/b.markdown", "/s/content/a.md"], ["content/posts/b.markdown", "content/a.md"]),
        (["/s/content/./posts/../a.md"], ["content/a.md"]),
        ([], []),
        // Anything else has every file looked at again.
        (["/s/content/a.md", "/s/runway.toml"], nil),
        (["/s/templates/page.html"], nil),
        (["/s/content/trip/photo.jpg"], nil),
        (["/s/content/posts"], nil),
        (["/s/content/../static/a.md"], nil),
        (["/elsewhere/content/a.md"], nil),
        (["/s/contents/a.md"], nil),
    ] as [([String], [String]?)])
    func aWatchersPathsAreContentFilesOrAnything(paths: [String], files: [String]?) {
        #expect(RebuildPlan.contentFiles(Set(paths), site: "/s") == files.map(Set.init))
    }

    @Test func aSiteNamedRelativelyHasItsContentFilesFound() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(RebuildPlan.contentFiles([cwd + "/site/content/a.md"], site: "site") == ["content/a.md"])
        #expect(RebuildPlan.contentFiles(["site/content/a.md"], site: "site") == ["content/a.md"])
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var changed: Set<String>?
        var cached: (version: String, destination: String)?
        var trust = true
        var fullFeeds = false
        var search = false
        var plan: RebuildPlan
    }

    static let rows: [Row] = [
        Row(testDescription: "no cache", changed: ["content/a.md"], cached: nil, plan: .everything),
        Row(testDescription: "a cache of another version", changed: ["content/a.md"], cached: ("old", "/out"), plan: .everything),
        Row(testDescription: "a cache of another output folder", changed: ["content/a.md"], cached: ("v", "/other"), plan: .everything),
        Row(testDescription: "nothing known of the change", changed: nil, cached: ("v", "/out"), plan: .survey(changed: nil)),
        Row(testDescription: "an output folder not held", changed: ["content/a.md"], cached: ("v", "/out"), trust: false,
            plan: .survey(changed: ["content/a.md"])),
        Row(testDescription: "feeds of whole pages", changed: ["content/a.md"], cached: ("v", "/out"), fullFeeds: true,
            plan: .survey(changed: ["content/a.md"])),
        Row(testDescription: "a search index", changed: ["content/a.md"], cached: ("v", "/out"), search: true,
            plan: .survey(changed: ["content/a.md"])),
        Row(testDescription: "pages' text under serve", changed: ["content/a.md", "content/b.md"], cached: ("v", "/out"),
            plan: .quick(["content/a.md", "content/b.md"])),
        Row(testDescription: "a save without a change", changed: [], cached: ("v", "/out"), plan: .quick([])),
    ]

    @Test(arguments: rows)
    func thePlanFollowsTheCacheAndTheSettings(row: Row) {
        let plan = RebuildPlan.plan(changed: row.changed, cachedVersion: row.cached.map { ContentHash($0.version.utf8) },
                                    cachedDestination: row.cached?.destination, version: ContentHash("v".utf8), destination: "/out",
                                    trustOutputs: row.trust, feedsShowWholePages: row.fullFeeds, searchIndexed: row.search)
        #expect(plan == row.plan)
    }

    /// A record of `content/posts/a.md` with these parts, the others as in every row.
    static func record(file: String = "content/posts/a.md", hash: String = "1", url: String = "/posts/a/", title: String = "A",
                       metadata: PageMetadata = PageMetadata(), language: String = "en", translationKey: String = "a",
                       section: String = "posts", values: [PageRecord.SpanValue] = [], links: [PageRecord.PageLink] = [], anchors: [String] = ["intro"],
                       summary: String = "S", words: Int = 100, images: [String] = [], firstImage: String? = nil,
                       diagnostics: [Diagnostic] = [], hookNames: [String] = [], keyPositions: [String: SourcePosition] = [:],
                       imageCopies: [String: String] = [:], templateImages: [TemplateImage] = []) -> PageRecord {
        PageRecord(file: file, source: "/s/" + file, hash: ContentHash(hash.utf8), url: url, title: title, metadata: metadata,
                   language: language, translationKey: translationKey, section: section, values: values, links: links, anchors: anchors,
                   summary: PageSummary(html: "<p>\(summary)</p>\n", text: summary), length: PageLength(words: words, cjkCharacters: 0),
                   images: images, firstImage: firstImage, diagnostics: diagnostics, hookNames: hookNames, keyPositions: keyPositions,
                   imageCopies: imageCopies, templateImages: templateImages)
    }

    static let cover = TemplateImage(source: "c.jpg", box: ImageVariants.Box(mode: .fill, width: 20, height: 10), width: 20, height: 10,
                                     sizes: "", formats: [.init(type: "image/webp", candidates: [.init(url: "/posts/a/c-fill.1.webp", width: 20)])])

    static var tagged: PageMetadata {
        var metadata = PageMetadata()
        metadata.tags = ["swift"]
        return metadata
    }

    /// Each change of a record and whether other pages still see the page as they did.
    static let changes: [(String, PageRecord, Bool)] = [
        ("the same record", record(), true),
        ("only its text (another hash)", record(hash: "2"), true),
        ("a link of its own, a warning, a hook", record(hash: "2", links: [PageRecord.PageLink(destination: "/b/", position: nil)],
                                                        diagnostics: [Diagnostic(.warning, "w", path: "/s/content/posts/a.md")],
                                                        hookNames: ["link"]), true),
        ("a few more words, the same reading time", record(words: 110), true),
        ("an image of its own without copies", record(images: ["/s/content/posts/a/b.png"], firstImage: "b.png"), true),
        ("its URL", record(url: "/posts/b/"), false),
        ("its title", record(title: "B"), false),
        ("its front matter", record(metadata: tagged), false),
        ("its language", record(language: "fr"), false),
        ("its translation key", record(translationKey: "b"), false),
        ("its section", record(section: "notes"), false),
        ("its custom values", record(values: [PageRecord.SpanValue(attribute: "customColor", value: .string("danger"))]), false),
        ("a heading id", record(anchors: ["intro", "part"]), false),
        ("its summary", record(summary: "T"), false),
        ("its reading time", record(words: 900), false),
        ("where its front matter's keys are", record(keyPositions: ["aliases": SourcePosition(line: 3, column: 1)]), false),
        ("an image copy to publish", record(imageCopies: ["posts/a/b-480w.1.webp": "1-480w.webp"]), false),
        ("a cover's copies its lists show", record(templateImages: [cover]), false),
        ("a section's index", record(file: "content/posts/_index.md", translationKey: "posts/_index"), false),
        ("a link to a content file, which its summary's links are written by", record(links: [PageRecord.PageLink(destination: "../c.md", position: nil)]), false),
    ]

    /// A record with the same link to a content file as `record(links:)` makes, elsewhere in its text.
    static let linkedChanges: [(String, PageRecord, Bool)] = [
        ("the same link to a content file, moved", record(hash: "2", links: [PageRecord.PageLink(destination: "../c.md", position: SourcePosition(line: 9, column: 1))]), true),
        ("the same link twice", record(links: [PageRecord.PageLink(destination: "../c.md", position: nil), PageRecord.PageLink(destination: "../c.md", position: nil)]), true),
        ("a link elsewhere besides", record(links: [PageRecord.PageLink(destination: "../c.md", position: nil), PageRecord.PageLink(destination: "https://example.org/", position: nil)]), true),
        ("another content file", record(links: [PageRecord.PageLink(destination: "../d.md", position: nil)]), false),
        ("no link any more", record(), false),
    ]

    @Test func aRecordShowsOthersTheSameOnlyWhenNothingTheySeeChanged() {
        let old = Self.record()
        for (change, new, same) in Self.changes {
            #expect(RebuildPlan.showsOthersTheSame(new, as: old) == same, "\(change)")
            #expect(RebuildPlan.showsOthersTheSame(old, as: new) == same, "\(change), the other way")
        }
        let linked = Self.record(links: [PageRecord.PageLink(destination: "../c.md", position: SourcePosition(line: 2, column: 1))])
        for (change, new, same) in Self.linkedChanges {
            #expect(RebuildPlan.showsOthersTheSame(new, as: linked) == same, "\(change)")
        }
        // A section's `_index.md` is its list's, which shows other pages: never alone.
        let index = Self.record(file: "content/posts/_index.md", translationKey: "posts/_index")
        #expect(!RebuildPlan.showsOthersTheSame(index, as: index))
    }

    /// Every stored field of a record is either compared or named here as one only the page's own
    /// outputs show: a field added to the record and to neither list fails this test (the image
    /// copies were left out of the comparison, and a watcher's rebuild published a page naming
    /// copies it did not write).
    @Test func everyFieldOfARecordIsDecidedOn() {
        let compared: Set = ["url", "title", "metadata", "language", "translationKey", "section", "values", "anchors", "summary", "length",
                             "keyPositions", "imageCopies", "templateImages", "links"]
        // Its file and bytes, the date made from its front matter, what its own page uses, and what
        // decides whether it is read again (its links are compared by the content files they name).
        let own: Set = ["file", "source", "hash", "moment", "images", "firstImage", "diagnostics", "signature", "highlightPending",
                        "imagesKey", "hookNames"]
        let fields = Set(Mirror(reflecting: Self.record()).children.compactMap(\.label))
        #expect(fields == compared.union(own), "decide on: \(fields.subtracting(compared.union(own)).sorted()); gone: \(compared.union(own).subtracting(fields).sorted())")
    }
}
