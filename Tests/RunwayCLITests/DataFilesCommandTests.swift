import Foundation
import Testing

/// `data/**/*.toml|yaml|json|csv` reach templates as `site.data` (issue 43, point 2): before, a
/// site's `data/` (Hugo's `site.Data`, Jekyll's `site.data`, what `runway import` moves) was
/// neither read nor said to be unread.
@Suite struct DataFilesCommandTests {
    static let templates = [
        "templates/page.html": """
            <ul>{{#site.data.team.members}}<li>{{name}}: {{role}}</li>{{/site.data.team.members}}</ul>
            {{#site.data.offices}}<p>{{name}} ({{city}})</p>{{/site.data.offices}}
            <p>v{{site.data.release.version}} {{#site.data.release.list}}[{{.}}]{{/site.data.release.list}} {{site.data.places.berlin.zone}}</p>
            {{{page.content}}}

            """,
        "templates/plain.html": "<h1>{{page.title}}</h1>{{#site.data.offices}}{{city}}{{/site.data.offices}}\n",
        "templates/list.html": "{{#items}}{{title}} {{/items}}\n",
        "templates/base.html": "{{$content}}{{/content}}\n",
        "templates/404.html": "gone\n",
    ]

    static let data = [
        "data/team.yaml": "members:\n  - name: Ada\n    role: Engines\n  - name: Grace\n    role: Compilers\n",
        "data/offices.csv": "name,city\nBerlin,DE\n\"Paris, Île\",FR\n",
        "data/release.json": #"{"version": "1.2", "list": [1, 2.5, true]}"#,
        "data/places/berlin.toml": "zone = \"Europe/Berlin\"\n",
    ]

    @Test func dataFilesAreTypedValuesUnderSiteData() throws {
        let site = try TestSite(Self.templates.merging(Self.data) { a, _ in a }.merging([
            "content/a.md": "# A\n", "content/b.md": "---\nlayout: plain.html\n---\n# B\n",
        ]) { a, _ in a })
        let build = try site.runway("build", site.root)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let page = site.read("_site/a/index.html") ?? ""
        // A YAML list of tables, a CSV file as rows keyed by its header (a quoted comma stays in its
        // field), JSON's numbers and booleans as they are, a folder's file as a table inside.
        #expect(page.contains("<ul><li>Ada: Engines</li><li>Grace: Compilers</li></ul>"), "\(page)")
        #expect(page.contains("<p>Berlin (DE)</p><p>Paris, Île (FR)</p>"))
        #expect(page.contains("<p>v1.2 [1][2.5][true] Europe/Berlin</p>"))
        #expect(try site.runway("check", site.root).status == 0)
    }

    /// A changed data file renders again the pages whose templates show it, and only those; the
    /// output is what a clean build makes.
    @Test func aChangedDataFileRebuildsThePagesThatShowIt() throws {
        let site = try TestSite(Self.templates.merging(Self.data) { a, _ in a }.merging([
            "content/a.md": "# A\n", "content/c.md": "# C\n", "content/b.md": "---\nlayout: plain.html\n---\n# B\n",
        ]) { a, _ in a })
        #expect(try site.runway("build", site.root).status == 0)
        let edits: [(file: String, text: String, wrote: Int)] = [
            // a and c show the team; b (plain.html) shows only the offices.
            ("data/team.yaml", "members:\n  - name: Ada L.\n    role: Engines\n", 2),
            ("data/offices.csv", "name,city\nRome,IT\n", 3),
            ("data/places/berlin.toml", "zone = \"CET\"\n", 2),
            // A data file no template reads: nothing is rendered again.
            ("data/unused.json", "[1, 2]", 0),
        ]
        for edit in edits {
            try site.write(edit.text, to: edit.file)
            let rebuild = try site.runway("build", site.root)
            #expect(rebuild.status == 0 && rebuild.stdout.contains("wrote \(edit.wrote) file"), "\(edit.file): \(rebuild.stdout)")
            let clean = try TestSite()
            try FileManager.default.removeItem(atPath: clean.root)
            try FileManager.default.copyItem(atPath: site.root, toPath: clean.root)
            try FileManager.default.removeItem(atPath: clean.root + "/_site")
            try? FileManager.default.removeItem(atPath: clean.root + "/.runway-cache")
            #expect(try clean.runway("build", clean.root).status == 0)
            #expect(site.tree("_site") == clean.tree("_site"), "\(edit.file): the rebuild equals a clean build")
        }
        #expect(site.read("_site/a/index.html")?.contains("<li>Ada L.: Engines</li></ul>") == true)
        #expect(site.read("_site/b/index.html")?.contains("<h1>B</h1>IT") == true)
    }

    @Test(arguments: [
        ("data/bad.csv", "a,b\n1,2\n3\n", "data/bad.csv:3:1: error: this row has 1 field, the header 2"),
        ("data/bad.csv", "a,a\n1,2\n", "data/bad.csv:1:1: error: its header (line 1) must name every column once: column 2 is 'a', a name used before"),
        ("data/bad.json", "{\n  \"a\": [1,,2]\n}", "data/bad.json:2:11: error: is not valid JSON"),
        ("data/bad.yaml", "a: [1\n", "data/bad.yaml:1:4: error: invalid YAML data file: did not find expected ',' or ']'"),
        ("data/bad.toml", "a = \n", "data/bad.toml:1:"),
        ("data/team.json", "{}", "data/team.yaml: error: gives site.data.team, where data/team.json gives its values: rename one of them"),
        ("data/team/berlin.yaml", "a: 1\n", "data/team/berlin.yaml: error: gives site.data.team.berlin, where data/team.yaml gives its values"),
        ("data/notes.txt", "x", "data/notes.txt: warning: is not read: data files are .toml, .yaml, .yml, .json or .csv"),
    ])
    func aBadDataFileIsLocated(file: String, text: String, expected: String) throws {
        let site = try TestSite(Self.templates.merging(["data/team.yaml": "members: []\n", "content/a.md": "# A\n", file: text]) { a, _ in a })
        for command in ["build", "check"] {
            let run = try site.runway(command, site.root)
            #expect(run.stderr.contains(expected), "\(command): \(run.stderr)")
            #expect(run.status == (expected.contains("warning") ? 0 : 1))
        }
        if !expected.contains("warning") { #expect(!site.exists("_site/a/index.html"), "nothing is written") }
    }

    /// A link in `data/` is followed only inside it: the site's secrets stay out of templates.
    @Test func aLinkOutOfDataIsNotRead() throws {
        let site = try TestSite(Self.templates.merging(["content/a.md": "# A\n", "secret.yaml": "token: abc\n"]) { a, _ in a })
        try FileManager.default.createDirectory(atPath: site.root + "/data", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/data/team.yaml", withDestinationPath: "../secret.yaml")
        let build = try site.runway("build", site.root)
        #expect(build.stderr.contains("data/team.yaml") && build.stderr.contains("warning"), "\(build.stderr)")
        #expect(site.read("_site/a/index.html")?.contains("abc") == false)
    }
}
