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
}
