@testable import SiteOutput
import Testing

@Suite struct OutputManifestTests {
    @Test func aManifestReadsBackAsWritten() throws {
        var manifest = OutputManifest(folder: "/srv/site out")
        manifest.folders = [try #require(OutputPath("posts")), try #require(OutputPath("posts/a b"))]
        manifest.files[try #require(OutputPath("posts/a b/index.html"))] = .init(
            key: 0x0123_4567_89ab_cdef, signature: FileSignature(size: 12, seconds: 1_763_900_000, nanoseconds: 5, inode: 77))
        manifest.files[try #require(OutputPath("theme.css"))] = .init(key: 1, signature: FileSignature(size: 0, seconds: 0, nanoseconds: 0, inode: 1))
        let text = manifest.encoded()
        #expect(text == """
            runway-manifest 1
            folder /srv/site out
            d posts
            d posts/a b
            f 0123456789abcdef 12:1763900000.5:77 posts/a b/index.html
            f 0000000000000001 0:0.0:1 theme.css

            """)
        #expect(try OutputManifest.decode(text).get() == manifest)
    }

    /// A manifest that is cut short, of another version, or names a path outside the folder is not
    /// read at all: Runway then knows nothing of the folder, and treats its files as not its own.
    @Test(arguments: [
        ("runway-manifest 1\nfolder /x\nf 0000000000000001 1:1.1:1 a", 3, "it is cut short"),
        ("runway-manifest 2\nfolder /x\n", 1, "it is not a manifest of this version"),
        ("runway-manifest 1\n", 2, "it does not name its folder"),
        ("runway-manifest 1\nfolder /x\nf 0000000000000001 1:1.1:1 ../escape\n", 3, "it has a line Runway cannot read"),
        ("runway-manifest 1\nfolder /x\nd /abs\n", 3, "it has a line Runway cannot read"),
        ("runway-manifest 1\nfolder /x\nf zz 1:1.1:1 a\n", 3, "it has a line Runway cannot read"),
        ("runway-manifest 1\nfolder /x\nf 0000000000000001 -1:1.1:1 a\n", 3, "it has a line Runway cannot read"),
        ("runway-manifest 1\nfolder /x\nf 0000000000000001 1:1.1 a\n", 3, "it has a line Runway cannot read"),
        ("runway-manifest 1\nfolder /x\nf 0000000000000001 1:1.1:18446744073709551616 a\n", 3, "it has a line Runway cannot read"),
    ])
    func aDamagedManifestIsNotRead(_ text: String, _ line: Int, _ reason: String) {
        #expect(throws: ManifestProblem(line: line, reason: reason)) { try OutputManifest.decode(text).get() }
    }
}

/// A file's signature as the manifest and the journal store it, read back over its bytes.
@Suite struct FileSignatureTextTests {
    @Test(arguments: [
        FileSignature(size: 0, seconds: 0, nanoseconds: 0, inode: 0),
        FileSignature(size: 2041, seconds: 1_763_900_000, nanoseconds: 123_456_789, inode: 1_234_567),
        // Before 1970, and the largest inode a file system can give.
        FileSignature(size: Int64.max, seconds: -86_400, nanoseconds: 999_999_999, inode: UInt64.max),
    ])
    func aSignatureReadsBackAsWritten(_ signature: FileSignature) {
        #expect(FileSignature(Substring(signature.description)) == signature)
    }

    @Test(arguments: ["", "1:2.3", "1:2.3:", ":2.3:4", "1:2:3:4", "-1:2.3:4", "1:2.3:-4", "1:2.3:4 ", "1:+2.3:4", "1:2.x:4",
                      "9223372036854775808:0.0:1", "1:9223372036854775808.0:1", "1:0.0:18446744073709551616"])
    func textThatIsNotASignatureIsRefused(_ text: String) {
        #expect(FileSignature(Substring(text)) == nil)
    }

    @Test func theDescriptionIsSizeSecondsNanosecondsInode() {
        #expect(FileSignature(size: 12, seconds: 1_763_900_000, nanoseconds: 5, inode: 77).description == "12:1763900000.5:77")
    }
}

@Suite struct OutputJournalTests {
    @Test func aJournalReadsBackItsTransactionsAndTheirState() throws {
        var first = OutputJournal.Transaction(id: "00000000000000aa")
        first.folders = [try #require(OutputPath("new"))]
        first.writes = [(try #require(OutputPath("new/index.html")), 7)]
        first.removals = [try #require(OutputPath("old/index.html"))]
        let second = OutputJournal.Transaction(id: "00000000000000bb", writes: [(try #require(OutputPath("x")), 9)])
        let text = OutputJournal.heading + OutputJournal.begin(first) + "commit 00000000000000aa\n" + OutputJournal.begin(second)
            + "commit 00000000000000bb\nabort 00000000000000bb\n"
        var committed = first
        committed.state = .committed
        var aborted = second
        aborted.state = .aborted
        #expect(OutputJournal.parse(text) == [committed, aborted])
    }

    /// A stop in the middle of a write leaves a torn last line: what came before it counts, the
    /// transaction stays open (and is undone).
    @Test func aTornLastLineLeavesItsTransactionOpen() throws {
        let text = OutputJournal.heading + "begin 00000000000000aa\nwrite 0000000000000007 a\ncommit 0000000000"
        let read = try #require(OutputJournal.parse(text))
        #expect(read.count == 1 && read[0].state == .open && read[0].writes.map(\.path.value) == ["a"])
        #expect(OutputJournal.parse("not a journal") == nil)
        #expect(OutputJournal.parse("") == [])
    }
}
