import RunwayText
import Foundation
@testable import SiteOutput
import Synchronization
import Testing

@Suite struct OutputTransactionTests {
    /// A folder with Runway's `index.html` and `old/index.html`, and a file of the user's.
    static func populated() throws -> (Scratch, OutputFolder) {
        let scratch = try Scratch()
        try scratch.write("user's", "out/keep.txt")
        let folder = try scratch.open(allowNonEmpty: true)
        try commit(folder, ["index.html": "home 1", "old/index.html": "old 1"])
        return (scratch, folder)
    }

    static let before = ["keep.txt": "user's", "index.html": "home 1", "old/index.html": "old 1"]

    @Test func untilTheCommitNothingIsSeenAndARollbackLeavesNothing() throws {
        let (scratch, folder) = try Self.populated()
        let transaction = try folder.begin(writes: [(path("index.html"), 2), (path("new/deep/index.html"), 2)], removals: [path("old/index.html")])
        try transaction.write("home 2", to: path("index.html"))
        try transaction.write("new 2", to: path("new/deep/index.html"))
        #expect(scratch.read("out/index.html") == "home 1")
        transaction.rollback()
        #expect(scratch.tree() == Self.before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.out).sorted() == ["index.html", "keep.txt", "old"],
                "no new folder, no file of Runway's own left")
    }

    @Test func aCommitPutsEverythingInPlace() throws {
        let (scratch, folder) = try Self.populated()
        let outcome = try commit(folder, ["index.html": "home 2", "new/deep/index.html": "new 2"], removing: ["old/index.html"])
        #expect(scratch.tree() == ["keep.txt": "user's", "index.html": "home 2", "new/deep/index.html": "new 2"])
        #expect(outcome.createdFolders.map(\.value) == ["new", "new/deep"])
        #expect(folder.manifest.files.keys.map(\.value).sorted() == ["index.html", "new/deep/index.html"])
        #expect(folder.holds(path("index.html"), key: UInt64("index.html".utf8.count)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.out).sorted() == ["index.html", "keep.txt", "new"])
    }

    /// A rename that fails part way through the commit (here: a folder appeared where a file goes)
    /// puts back every file already replaced: the build takes effect whole or not at all.
    @Test func aFailureWhileCommittingPutsBackWhatWasThere() throws {
        let (scratch, folder) = try Self.populated()
        let transaction = try folder.begin(writes: [(path("index.html"), 2), (path("old/index.html"), 2), (path("z/index.html"), 2)],
                                           removals: [])
        for file in transaction.writes { try transaction.write("version 2", to: file) }
        // After the plan was checked, something puts a folder with a file in it where z/index.html goes.
        try scratch.write("in the way", "out/z/index.html/inside")
        #expect {
            _ = try transaction.commit()
        } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.path == folder.root + "/z/index.html" && diagnostic?.message.hasSuffix("the previous output is back") == true
        }
        #expect(scratch.tree() == Self.before.merging(["z/index.html/inside": "in the way"]) { $1 })
        #expect(scratch.tree().keys.allSatisfy { !$0.contains(".runway-") })
    }

    /// The renames run on all processors, in chunks: a failure in the middle of a thousand (its
    /// chunk stops, the chunks after it may not start, those before it are done) still puts back
    /// every file, the new ones and those replaced, and leaves no file of Runway's own.
    @Test func aFailureAmongAThousandRenamesPutsBackEveryFile() throws {
        let scratch = try Scratch()
        let folder = try scratch.open(allowNonEmpty: true)
        let names = (0..<1_000).map { "p\($0 / 10)/f\($0).html" }
        try commit(folder, Dictionary(uniqueKeysWithValues: names.prefix(600).map { ($0, "version 1 of " + $0) }))
        let before = scratch.tree()
        let transaction = try folder.begin(writes: names.map { (path($0), 2) }, removals: [])
        for name in names { try transaction.write("version 2 of " + name, to: path(name)) }
        try scratch.write("in the way", "out/p70/f700.html/inside")
        #expect {
            _ = try transaction.commit()
        } throws: { error in
            (error as? Diagnostic)?.path == folder.root + "/p70/f700.html"
        }
        #expect(scratch.tree() == before.merging(["p70/f700.html/inside": "in the way"]) { $1 })
        #expect(scratch.tree().keys.allSatisfy { !$0.contains(".runway-") })
        // And the next change goes through whole once the way is clear.
        try FileManager.default.removeItem(atPath: scratch.out + "/p70/f700.html")
        let again = try Self.reopen(scratch, dropping: folder)
        try commit(again, Dictionary(uniqueKeysWithValues: names.map { ($0, "version 3 of " + $0) }))
        #expect(scratch.tree() == Dictionary(uniqueKeysWithValues: names.map { ($0, "version 3 of " + $0) }))
    }

    /// Operations in parallel report the failure a loop in order would have stopped at: every item
    /// before it is tried, whatever the chunks' order (run many times).
    @Test func concurrentOperationsReportTheFirstFailureInOrder() {
        for _ in 0..<50 {
            let tried = Mutex(Set<Int>())
            let failing: Set<Int> = [130, 700, 129 * 3, 999]
            let failure = ConcurrentWork.firstFailure(Array(0..<1_000)) { item in
                tried.withLock { _ = $0.insert(item) }
                return failing.contains(item) ? EIO : nil
            }
            #expect(failure?.item == 130 && failure?.errno == EIO)
            #expect(tried.withLock { $0.isSuperset(of: 0...130) })
        }
        #expect(ConcurrentWork.firstFailure(Array(0..<1_000)) { _ in nil } == nil)
    }

    /// A build stopped before its commit is undone by the next one to open the folder.
    @Test func anInterruptedTransactionIsUndoneOnTheNextOpen() throws {
        var (scratch, folder) = try Self.populated()
        try folder.saveManifest()
        let transaction = try folder.begin(writes: [(path("index.html"), 2), (path("new/index.html"), 2)], removals: [path("old/index.html")])
        try transaction.write("home 2", to: path("index.html"))
        // The process stops here: no commit, no rollback.
        _ = transaction
        folder = try Self.reopen(scratch, dropping: folder)
        #expect(scratch.tree() == Self.before)
        #expect(folder.manifest.files.keys.map(\.value).sorted() == ["index.html", "old/index.html"])
        #expect(!FileManager.default.fileExists(atPath: folder.location.state + ".journal"))
    }

    /// A build stopped after its commit record, with only some files renamed, is finished by the
    /// next one, and the manifest says what is there.
    @Test func aCommittedTransactionIsFinishedOnTheNextOpen() throws {
        var (scratch, folder) = try Self.populated()
        try folder.saveManifest()
        let transaction = try folder.begin(writes: [(path("index.html"), 2), (path("new/index.html"), 3)], removals: [path("old/index.html")])
        try transaction.write("home 2", to: path("index.html"))
        try transaction.write("new 2", to: path("new/index.html"))
        // The commit record is written and one file renamed, then the process stops.
        try folder.journal.append(transaction.commitRecord())
        #expect(rename(folder.root + "/" + OutputTransaction.sibling(of: path("index.html"), transaction: transaction.id),
                       folder.root + "/index.html") == 0)
        folder = try Self.reopen(scratch, dropping: folder)
        #expect(scratch.tree() == ["keep.txt": "user's", "index.html": "home 2", "new/index.html": "new 2"])
        #expect(folder.manifest.files.mapValues(\.key) == [path("index.html"): 2, path("new/index.html"): 3])
        #expect(folder.holds(path("new/index.html"), key: 3), "the signature is the file's")
        #expect(!scratch.tree().keys.contains { $0.contains(".runway-") })
    }

    /// A journal of several transactions (serve between two saves of the manifest): the earlier
    /// ones are only recorded, the last one is finished.
    @Test func severalCommittedTransactionsAreRecorded() throws {
        var (scratch, folder) = try Self.populated()
        try folder.saveManifest()
        try commit(folder, ["a/index.html": "a"])
        try commit(folder, ["b/index.html": "b"], removing: ["a/index.html"])
        try commit(folder, ["a/index.html": "a again"])
        folder = try Self.reopen(scratch, dropping: folder)
        #expect(scratch.tree() == Self.before.merging(["a/index.html": "a again", "b/index.html": "b"]) { $1 })
        #expect(folder.manifest.files.keys.map(\.value).sorted() == ["a/index.html", "b/index.html", "index.html", "old/index.html"])
    }

    /// A manifest or a journal that does not describe this folder (copied from another machine,
    /// or committed to a repository by someone hostile) cannot make Runway remove a file: a file
    /// is removed only while it is exactly what Runway wrote.
    @Test func aPlantedManifestOrJournalRemovesNothing() throws {
        var (scratch, folder) = try Self.populated()
        try folder.saveManifest()
        folder.close()
        let state = folder.location.state
        // The manifest claims keep.txt; the journal says a committed build removed it and wrote
        // index.html (with a signature it cannot know).
        var manifest = try String(contentsOfFile: state + ".manifest", encoding: .utf8)
        manifest += "f 0000000000000009 7:1763900000.0:1 keep.txt\n"
        try manifest.write(toFile: state + ".manifest", atomically: true, encoding: .utf8)
        try (OutputJournal.heading + "begin 00000000000000aa\nwrite 0000000000000001 index.html\nremove keep.txt\n"
             + "staged 6:1763900000.0:1 index.html\ncommit 00000000000000aa\nbegin 00000000000000bb\nwrite 0000000000000001 keep.txt\n"
             + "commit 00000000000000bb\nabort 00000000000000bb\n").write(toFile: state + ".journal", atomically: true, encoding: .utf8)
        folder = try scratch.open()
        #expect(scratch.tree() == Self.before, "nothing was removed")
        // The next build makes only index.html: old/index.html (Runway's, unchanged) goes,
        // keep.txt (not as the manifest says) stays.
        try commit(folder, ["index.html": "home 2"], removing: ["old/index.html", "keep.txt"])
        #expect(scratch.tree() == ["keep.txt": "user's", "index.html": "home 2"])
        #expect(folder.manifest.files[path("keep.txt")] == nil, "and is Runway's no more")
    }

    /// A file Runway wrote and someone edited is not removed when the build stops making it.
    @Test func anEditedFileIsNotRemoved() throws {
        let (scratch, folder) = try Self.populated()
        try "edited by hand".write(toFile: scratch.out + "/old/index.html", atomically: false, encoding: .utf8)
        try commit(folder, ["index.html": "home 2"], removing: ["old/index.html"])
        #expect(scratch.read("out/old/index.html") == "edited by hand")
        #expect(folder.manifest.files.keys.map(\.value) == ["index.html"])
    }

    @Test func aWriteThatWasNotPlannedIsRefused() throws {
        let (_, folder) = try Self.populated()
        let transaction = try folder.begin(writes: [(path("a.html"), 1)], removals: [])
        #expect(throws: Diagnostic.self) { try transaction.write("x", to: path("b.html")) }
        #expect(throws: Diagnostic.self) { _ = try transaction.commit() }
    }

    /// A transaction grown before its commit (the search index, made from the written pages):
    /// its new writes and removals commit with the rest, a rollback undoes them all, and so does
    /// the next open after a stop, from the journal; `linkFiles` shows the pages as they will be.
    @Test func aGrownTransactionCommitsOrIsUndoneWhole() throws {
        var (scratch, folder) = try Self.populated()
        try folder.saveManifest()
        let transaction = try folder.begin(writes: [(path("index.html"), 2)], removals: [])
        try transaction.write("home 2", to: path("index.html"))
        let view = scratch.root + "/view"
        try transaction.linkFiles([path("index.html"), path("old/index.html")], into: view)
        #expect(try String(contentsOfFile: view + "/index.html", encoding: .utf8) == "home 2", "the new page, not the one in place")
        #expect(try String(contentsOfFile: view + "/old/index.html", encoding: .utf8) == "old 1")
        try folder.extend(transaction, writes: [(path("search/deep/a.pf"), 5)], removals: [path("old/index.html")])
        try transaction.write("index", to: path("search/deep/a.pf"))
        // A write the transaction has already, or one over the user's file, is refused.
        #expect(throws: Diagnostic.self) { try folder.extend(transaction, writes: [(path("index.html"), 9)], removals: []) }
        #expect(throws: Diagnostic.self) { try folder.extend(transaction, writes: [(path("keep.txt"), 9)], removals: []) }
        #expect(scratch.read("out/old/index.html") == "old 1", "nothing in place before the commit")
        // The process stops here: the next open undoes all of it, the grown part too.
        folder = try Self.reopen(scratch, dropping: folder)
        #expect(scratch.tree() == Self.before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.out).sorted() == ["index.html", "keep.txt", "old"])

        let again = try folder.begin(writes: [(path("index.html"), 2)], removals: [])
        try again.write("home 2", to: path("index.html"))
        try folder.extend(again, writes: [(path("search/deep/a.pf"), 5)], removals: [path("old/index.html")])
        try again.write("index", to: path("search/deep/a.pf"))
        let outcome = try again.commit()
        folder.record(outcome)
        #expect(scratch.tree() == ["keep.txt": "user's", "index.html": "home 2", "search/deep/a.pf": "index"])
        #expect(outcome.createdFolders.map(\.value) == ["search", "search/deep"])
        folder = try Self.reopen(scratch, dropping: folder)
        #expect(folder.manifest.files.mapValues(\.key) == [path("index.html"): 2, path("search/deep/a.pf"): 5])
    }

    /// The folder is opened again as the next process would: the old one's lock released first.
    static func reopen(_ scratch: Scratch, dropping folder: OutputFolder) throws -> OutputFolder {
        folder.close()
        return try scratch.open(allowNonEmpty: false)
    }
}

@Suite struct OutputSiblingNameTests {
    /// `x` replaced and `o-x` written in one folder: the backup of one is never the new file of
    /// the other, nor is a long name's hash.
    @Test func newFilesAndBackupsNeverShareAName() throws {
        let id = "0123456789abcdef"
        let names = ["x", "o-x", "n-x", "O-x", String(repeating: "a", count: 250), String(repeating: "b", count: 250)]
        var seen = Set<String>()
        for name in names {
            for old in [false, true] {
                let sibling = OutputTransaction.sibling(of: try #require(OutputPath("f/" + name)), transaction: id, old: old)
                #expect(seen.insert(sibling).inserted, "\(sibling)")
                #expect(sibling.hasPrefix("f/.runway-" + id) && sibling.utf8.count - 2 <= 255)
            }
        }
    }

    /// A static file `old-logo.png` beside `logo.png`, both replaced in one build.
    @Test func filesWhoseNamesLookLikeBackupsAreReplacedTogether() throws {
        let scratch = try Scratch()
        let folder = try scratch.open()
        try commit(folder, ["logo.png": "1", "o-logo.png": "1", "n-logo.png": "1"])
        try commit(folder, ["logo.png": "2", "o-logo.png": "2", "n-logo.png": "2"])
        #expect(scratch.tree() == ["logo.png": "2", "o-logo.png": "2", "n-logo.png": "2"])
    }
}

/// What a review found, each a test.
@Suite struct OutputFolderEdgeTests {
    /// serve saves the manifest when rebuilds are quiet, from another thread: a save while a change
    /// is under way leaves the journal alone (before, it deleted it, and the change was lost).
    @Test func aSaveDuringAChangeWaitsForIt() throws {
        let (scratch, folder) = try OutputTransactionTests.populated()
        try folder.saveManifest()
        let transaction = try folder.begin(writes: [(path("later.html"), 1)], removals: [])
        try transaction.write("later", to: path("later.html"))
        try folder.saveManifest()
        #expect(FileManager.default.fileExists(atPath: folder.location.state + ".journal"), "the change's journal stays")
        folder.record(try transaction.commit())
        try folder.saveManifest()
        #expect(!FileManager.default.fileExists(atPath: folder.location.state + ".journal"))
        folder.close()
        #expect(try scratch.open().manifest.files[path("later.html")] != nil)
    }

    /// A file of Runway's becomes a folder of the same name, and back: as a clean build would.
    @Test func aFileBecomesAFolderAndBack() throws {
        let (scratch, folder) = try OutputTransactionTests.populated()
        try commit(folder, ["docs": "a file"])
        try commit(folder, ["docs/index.html": "a folder now"], removing: ["docs"])
        #expect(scratch.read("out/docs/index.html") == "a folder now")
        try commit(folder, ["docs": "a file again"], removing: ["docs/index.html"])
        #expect(scratch.read("out/docs") == "a file again")
        #expect(scratch.tree() == OutputTransactionTests.before.merging(["docs": "a file again"]) { $1 })
    }

    /// Where hard links fail (another file system here: /dev/shm is not /tmp), the backup is a copy.
    @Test func aBackupIsACopyWhereHardLinksFail() throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("runway-keep-\(UUID().uuidString)").path
        let backup = "/dev/shm/runway-keep-\(UUID().uuidString)"
        defer { unlink(backup) }
        try "kept".write(toFile: source, atomically: false, encoding: .utf8)
        guard link(source, backup) != 0 else { unlink(backup); return }   // one file system after all
        #expect(OutputTransaction.keep(source, as: backup) == nil)
        #expect(try String(contentsOfFile: backup, encoding: .utf8) == "kept")
    }

    /// A folder of Runway's replaced by a link to elsewhere (files moved with their times): a
    /// removal never goes through it.
    @Test func removalsDoNotGoThroughALinkedFolder() throws {
        let (scratch, folder) = try OutputTransactionTests.populated()
        try FileManager.default.moveItem(atPath: scratch.out + "/old", toPath: scratch.root + "/elsewhere")
        try FileManager.default.createSymbolicLink(atPath: scratch.out + "/old", withDestinationPath: scratch.root + "/elsewhere")
        try commit(folder, ["index.html": "home 2"], removing: ["old/index.html"])
        #expect(scratch.read("elsewhere/index.html") == "old 1")
        #expect(folder.manifest.files[path("old/index.html")] == nil)
    }

    /// A site moved as a whole (`mv`) keeps its output: the manifest's files are all there, as it says.
    @Test func aMovedSiteKeepsItsOutput() throws {
        let (scratch, folder) = try OutputTransactionTests.populated()
        try folder.saveManifest()
        folder.close()
        let moved = scratch.root + "-moved"
        try FileManager.default.moveItem(atPath: scratch.root, toPath: moved)
        let reopened = try OutputFolder(moved + "/out", options: .init(protected: []))
        #expect(reopened.manifest.files.count == 2)
        #expect(reopened.holds(path("index.html"), key: UInt64("index.html".utf8.count)))
    }

    /// After a stop that left a committed removal half done, the folder it emptied goes too.
    @Test func recoveryRemovesTheFoldersARemovalEmptied() throws {
        var (scratch, folder) = try OutputTransactionTests.populated()
        try folder.saveManifest()
        let transaction = try folder.begin(writes: [], removals: [path("old/index.html")])
        try folder.journal.append(transaction.commitRecord())
        unlink(scratch.out + "/old/index.html")
        folder.close()
        folder = try scratch.open(allowNonEmpty: true)
        #expect(!FileManager.default.fileExists(atPath: scratch.out + "/old"))
        #expect(!scratch.tree().keys.contains { $0.contains(".runway-") })
    }
}
