import SiteOutput
import Testing

@Suite struct OutputPathTests {
    @Test(arguments: ["index.html", "posts/a/index.html", "tags/français/index.html", ".well-known/security.txt", "a b/c"])
    func pathsInsideTheFolderAreAccepted(_ path: String) {
        #expect(OutputPath(path)?.value == path)
    }

    @Test(arguments: [
        ("", "it is empty"), ("/etc/passwd", "it starts with /"), ("../index.html", "it has a '..' segment, which would lead outside its folder"),
        ("a/../../b", "it has a '..' segment, which would lead outside its folder"), ("./a", "it has a '.' segment, which would lead outside its folder"),
        ("a//b", "it has an empty segment (//)"), ("a/", "it has an empty segment (//)"), ("a\\b", "it has a backslash"),
        ("a\nb", "it has a control character (U+A)"), ("a/.runway-1234-x", "its segment '.runway-1234-x' starts with .runway-, which Runway keeps for its own files"),
    ])
    func pathsThatCouldLeaveTheFolderAreRefusedWithAReason(_ path: String, _ reason: String) {
        #expect(OutputPath(path) == nil)
        #expect(OutputPath.problem(with: path) == reason)
    }

    @Test func ancestorsAreTheFoldersAboveTopFirst() throws {
        let path = try #require(OutputPath("a/b/c.html"))
        #expect(path.ancestors.map(\.value) == ["a", "a/b"])
        #expect(path.parent?.value == "a/b")
        #expect(path.name == "c.html")
        #expect(OutputPath("top.html")?.ancestors == [])
    }
}

@Suite struct OutputPathIdentityTests {
    /// `café` composed (NFC) and decomposed (NFD) are two files to the file system: two paths.
    @Test func pathsAreComparedByteByByte() throws {
        let composed = try #require(OutputPath("caf\u{E9}/index.html"))
        let decomposed = try #require(OutputPath("cafe\u{301}/index.html"))
        #expect(composed.value == decomposed.value, "Swift's String calls them equal")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect([composed: 1, decomposed: 2][composed] == 1)
    }

    /// Paths sort and compare as their UTF-8 bytes do (a prefix first), whatever their length or
    /// script: the order of the manifest and the journal.
    @Test func pathsSortByTheirBytes() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "index.html", "é", "e\u{301}", "z", "日本", "-", "a.b", "Z", "aa"]
        var paths: [OutputPath] = []
        for _ in 0..<600 {
            let segments = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            paths.append(try #require(OutputPath(segments.joined(separator: "/"))))
        }
        for (a, b) in zip(paths, paths.shuffled(using: &generator)) {
            #expect((a < b) == Array(a.value.utf8).lexicographicallyPrecedes(Array(b.value.utf8)), "\(a) \(b)")
            #expect((a == b) == (Array(a.value.utf8) == Array(b.value.utf8)), "\(a) \(b)")
            #expect(a == a && !(a < a))
        }
        #expect(paths.sorted().map { Array($0.value.utf8) } == paths.map { Array($0.value.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(try #require(OutputPath("a")) < #require(OutputPath("a/b")) && #require(OutputPath("a/b")) < #require(OutputPath("ab")))
    }
}
