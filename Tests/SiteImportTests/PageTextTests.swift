import RunwayText
@testable import SiteImport
import SiteContent
import Testing

/// The import's edits of front matter touch only the keys they name, and what they write reads
/// back, through Runway's own reader, as the value they meant.
@Suite struct PageTextTests {
    static let yaml = "---\n# a comment\ntitle: \"Hello\"\ntags:\n  - a\n  - b\nlayout: post\n---\nBody {{ x }}\n"
    static let toml = "+++\ntitle = \"Hello\"\ntemplate = \"page.html\"\naliases = [\n  \"/old/\",\n]\n\n[extra]\nauthor = \"Vi\"\n+++\nBody\n"

    @Test func theBodyKeepsItsLines() {
        let page = PageText(Self.yaml, path: "a.md")
        #expect(page.bodyFirstLine == 9)
        #expect(page.body == "Body {{ x }}\n")
        #expect(page.text == Self.yaml)
        #expect(PageText(Self.toml, path: "a.md").bodyFirstLine == 11)
        let plain = PageText("# Title\n", path: "b.md")
        #expect(plain.bodyFirstLine == 1 && plain.body == "# Title\n" && plain.values.isEmpty)
        #expect(PageText("\n\n---\ntitle: A\n---   \nB\n", path: "c.md").bodyFirstLine == 6, "blank lines before, spaces after the fence")
    }

    @Test func removingAKeyTakesItsValuesLines() {
        var page = PageText(Self.yaml, path: "a.md")
        page.remove("tags")
        page.remove("Layout")
        #expect(page.text == "---\n# a comment\ntitle: \"Hello\"\n---\nBody {{ x }}\n")
        var toml = PageText(Self.toml, path: "a.md")
        toml.remove("aliases")
        toml.remove("template")
        #expect(toml.text == "+++\ntitle = \"Hello\"\n\n[extra]\nauthor = \"Vi\"\n+++\nBody\n")
    }

    /// A key set is read back as its value by Runway's front matter reader, in YAML and in TOML
    /// (before any table), and a file without front matter gets some.
    @Test(arguments: [yaml, toml, "Just text.\n"])
    func aKeySetReadsBack(_ file: String) {
        var page = PageText(file, path: "a.md")
        page.set("url", to: .string("/2024/a \"quoted\"/"))
        page.set("aliases", to: .array([.string("/x/"), .string("/y/")]))
        let (metadata, diagnostics) = PageMetadata.read(FrontMatter.split(page.text).frontMatter, path: "a.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)\n\(page.text)")
        #expect(metadata.url == "/2024/a \"quoted\"/")
        #expect(metadata.aliases == ["/x/", "/y/"], "\(page.text)")
        #expect(page.text.hasSuffix(PageText(file, path: "a.md").body), "the body stays as it was")
    }
}

/// Shortcode and tag arguments as the generators split them.
@Suite struct CallArgumentsTests {
    @Test func positionalNamedAndQuoted() {
        let hugo = CallArguments(#"swift "linenos=table,hl_lines=2 3" src="/a b.png" title = 'T' `raw x`"#)
        #expect(hugo.positional == ["swift", "linenos=table,hl_lines=2 3", "raw x"])
        #expect(hugo.named == ["src": "/a b.png", "title": "T"])
        let zola = CallArguments(#"path="docs/shot.png", width=300, op="fit""#, commas: true)
        #expect(zola.named == ["path": "docs/shot.png", "width": "300", "op": "fit"] && zola.positional.isEmpty)
        #expect(CallArguments(#""""#).positional == [""])
    }
}

/// Each generator's slugs, as its documentation gives examples of them.
@Suite struct ForeignSlugTests {
    @Test func zolaAndJekyllSlugs() {
        #expect(ForeignSlug.zola("BelResume") == "belresume")
        #expect(ForeignSlug.zola("zola.386") == "zola-386")
        #expect(ForeignSlug.zola("papermod_2") == "papermod-2")
        #expect(ForeignSlug.zola("Big News") == "big-news")
        #expect(ForeignSlug.zola("Café au lait!") == "cafe-au-lait")
        #expect(ForeignSlug.jekyll("Hello, World") == "hello-world")
        #expect(JekyllSite.prettySlug("jekyll 1.0 released!") == "jekyll-1.0-released!")
        #expect(ForeignSlug.hugo("Install Guide") == "install-guide")
        #expect(ForeignSlug.hugo("Première lumière") == "première-lumière")
    }
}

/// Code blocks the import writes are read by Runway's Markdown as the code they held.
@Suite struct CodeFenceTests {
    @Test func aFenceIsLongerThanTheCodesBackticks() {
        #expect(CodeFence.block(language: "md", options: [], code: "\n```swift\nx\n```\n") == "````md\n```swift\nx\n```\n````")
        #expect(CodeFence.block(language: nil, options: [("linenos", "true")], code: "a\n") == "```text {linenos=true}\na\n```")
        #expect(CodeFence.hugoOptions("linenos=table,hl_lines=8 15-17,linenostart=199").map { "\($0.0)=\($0.1)" }
                == ["linenos=table", "hl_lines=\"8 15-17\"", "linenostart=199"])
    }
}
