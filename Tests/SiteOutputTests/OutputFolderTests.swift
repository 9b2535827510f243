import RunwayText
import Foundation
@testable import SiteOutput
import Testing

/// A temporary site-like folder: the output goes in `root/out`.
struct Scratch {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-output-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    var out: String { root + "/out" }

    func write(_ text: String, _ relative: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func read(_ relative: String) -> String? {
        try? String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    /// Every file under `relative` with its text (links shown as `-> target`).
    func tree(_ relative: String = "out") -> [String: String] {
        var files: [String: String] = [:]
        let base = root + "/" + relative
        for file in (FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? [] {
            var info = stat()
            guard lstat(base + "/" + file, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
            files[file] = info.st_mode & S_IFMT == S_IFLNK
                ? "-> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: base + "/" + file)) ?? "")
                : read(relative + "/" + file)
        }
        return files
    }

    func open(_ path: String? = nil, allowNonEmpty: Bool = false) throws(Diagnostic) -> OutputFolder {
        try OutputFolder(path ?? out, options: .init(protected: [.init(root + "/site", what: "the site's own folder", isSite: true),
                                                                 .init(root + "/site/content", what: "the site's content")],
                                                     allowNonEmpty: allowNonEmpty))
    }
}

func path(_ text: String) -> OutputPath { OutputPath(text)! }

/// Writes `files` (path → text) into `folder` as one committed transaction, removing `removals`.
@discardableResult
func commit(_ folder: OutputFolder, _ files: [String: String], removing removals: [String] = []) throws -> OutputTransaction.Outcome {
    let transaction = try folder.begin(writes: files.keys.sorted().map { (path($0), UInt64($0.utf8.count)) }, removals: removals.map(path))
    for (file, text) in files { try transaction.write(text, to: path(file)) }
    let outcome = try transaction.commit()
    folder.record(outcome)
    return outcome
}

@Suite struct OutputLocationTests {
    @Test func theSiteAFolderHoldingItAndFoldersItReadsAreRefused() throws {
        let scratch = try Scratch()
        try scratch.write("title = \"x\"\n", "site/runway.toml")
        try FileManager.default.createDirectory(atPath: scratch.root + "/site/content", withIntermediateDirectories: true)
        for (output, message) in [
            (scratch.root + "/site", "is the site's own folder: Runway writes a site only into a folder of its own"),
            (scratch.root + "/site/", "is the site's own folder: Runway writes a site only into a folder of its own"),
            (scratch.root, "holds the site's own folder (\(scratch.root)/site): Runway writes a site only into a folder of its own"),
            (scratch.root + "/site/content", "is the site's content: Runway writes a site only into a folder of its own"),
            (scratch.root + "/site/content/deeper/out", "is inside the site's content (\(scratch.root)/site/content): Runway writes a site only into a folder of its own"),
            (scratch.root + "/site/runway.toml", "is a file, not a folder: choose a folder for the output"),
            ("/", "Runway will not write a site into /"),
        ] {
            #expect(throws: Diagnostic(.error, message, path: output == "/" ? "/" : output.hasSuffix("/") ? String(output.dropLast()) : output)) {
                try scratch.open(output)
            }
        }
        #expect(scratch.tree("site") == ["runway.toml": "title = \"x\"\n"], "nothing was touched")
    }

    /// `out/` as tab completion types it is `out`, and a link to a folder is written through,
    /// never replaced.
    @Test func aTrailingSlashAndALinkedFolderWork() throws {
        let scratch = try Scratch()
        let folder = try scratch.open(scratch.out + "/")
        #expect(folder.location.path == scratch.out && folder.root == SiteOutputTestsSupport.real(scratch.out))
        try commit(folder, ["index.html": "one"])
        #expect(scratch.read("out/index.html") == "one")

        try FileManager.default.createDirectory(atPath: scratch.root + "/target", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.root + "/linked", withDestinationPath: scratch.root + "/target")
        let linked = try scratch.open(scratch.root + "/linked")
        try commit(linked, ["a/index.html": "through the link"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.root + "/linked") == scratch.root + "/target", "still a link")
        #expect(scratch.read("target/a/index.html") == "through the link")
    }
}

enum SiteOutputTestsSupport {
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

@Suite struct OutputOwnershipTests {
    /// A folder with files Runway did not write is refused; with `allowNonEmpty` its files stay,
    /// and a build that would replace one of them fails before touching anything.
    @Test func aFolderRunwayDidNotWriteIsRefusedOrLeftAlone() throws {
        let scratch = try Scratch()
        try scratch.write("mine", "out/CNAME")
        try scratch.write("notes", "out/notes/todo.txt")
        #expect {
            try scratch.open()
        } throws: { error in
            let message = (error as? Diagnostic)?.message ?? ""
            return message.hasPrefix("is not empty (CNAME, notes) and Runway has no record of writing it.") && message.contains("--allow-non-empty")
        }
        let folder = try scratch.open(allowNonEmpty: true)
        try commit(folder, ["index.html": "home", "posts/index.html": "posts"])
        #expect {
            try folder.begin(writes: [(path("CNAME"), 1), (path("notes/todo.txt"), 1), (path("new.html"), 1)], removals: [])
        } throws: { error in
            (error as? Diagnostic)?.message == "the build would replace what Runway did not write: CNAME, notes/todo.txt; move them away or choose another output folder"
        }
        // The next build makes fewer files: Runway's own go, the others stay.
        try commit(folder, ["index.html": "home again"], removing: ["posts/index.html"])
        #expect(scratch.tree() == ["CNAME": "mine", "notes/todo.txt": "notes", "index.html": "home again"])
        #expect(!FileManager.default.fileExists(atPath: scratch.out + "/posts"), "the folder Runway made and emptied goes")
        try folder.saveManifest()
        folder.close()

        // Once Runway wrote into it, the folder is Runway's to open without the flag.
        let again = try scratch.open()
        #expect(again.manifest.files.keys.map(\.value) == ["index.html"])
    }

    @Test func anEmptyFolderOrANewOneIsRunways() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.out, withIntermediateDirectories: true)
        _ = try scratch.open()
        _ = try scratch.open(scratch.root + "/new/deeper")
        #expect(FileManager.default.fileExists(atPath: scratch.root + "/new/deeper"))
    }

    /// A second writer is refused while the first holds the folder, whatever path names it.
    @Test func oneWriterAtATime() throws {
        let scratch = try Scratch()
        let first = try scratch.open()
        try FileManager.default.createSymbolicLink(atPath: scratch.root + "/alias", withDestinationPath: scratch.out)
        for other in [scratch.out, scratch.root + "/alias"] {
            #expect {
                try scratch.open(other)
            } throws: { error in
                let message = (error as? Diagnostic)?.message ?? ""
                return message.hasPrefix("another Runway is writing into this folder (pid \(getpid()):") && message.hasSuffix("wait for it to finish, or stop it")
            }
        }
        first.close()
        _ = try scratch.open()
    }

    /// A write never goes through a link or into a file where a folder belongs inside the output.
    @Test func writesDoNotGoThroughLinksInsideTheFolder() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.root + "/elsewhere", withIntermediateDirectories: true)
        let folder = try scratch.open()
        try FileManager.default.createSymbolicLink(atPath: scratch.out + "/posts", withDestinationPath: scratch.root + "/elsewhere")
        try scratch.write("x", "out/file")
        #expect {
            try folder.begin(writes: [(path("posts/a/index.html"), 1), (path("file/index.html"), 1)], removals: [])
        } throws: { error in
            (error as? Diagnostic)?.message == "the build would replace what Runway did not write: file (a file where a folder belongs), "
                + "posts (a symbolic link where a folder belongs); move them away or choose another output folder"
        }
        #expect(scratch.tree("elsewhere").isEmpty)
    }

    /// Staging folders that builds of earlier versions left beside the output when killed go;
    /// folders of the user's that only look alike stay.
    @Test func leftoverStagingFoldersOfDeadBuildsGo() throws {
        let scratch = try Scratch()
        let largest = Int32((try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines))!
        let dead = try #require(stride(from: largest, to: largest - 10_000, by: -1).first { kill($0, 0) != 0 && errno == ESRCH })
        try scratch.write("stale", "out.building-\(dead)/posts/index.html")
        try scratch.write("alive", "out.building-\(getpid())/index.html")
        try scratch.write("a backup", "out.previous-\(dead)/index.html")
        try scratch.write("dated", "out.building-20240101/index.html")
        try scratch.write("signed", "out.building-+\(dead)/index.html")
        try scratch.write("linked", "out.building-\(dead - 1)/index.html")
        try FileManager.default.createSymbolicLink(atPath: scratch.root + "/out.building-\(dead - 1)/link", withDestinationPath: "/etc")
        _ = try scratch.open()
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/out.building-\(dead)"))
        #expect(scratch.read("out.building-\(getpid())/index.html") == "alive")
        #expect(scratch.read("out.previous-\(dead)/index.html") == "a backup")
        #expect(scratch.read("out.building-20240101/index.html") == "dated", "not a process id")
        #expect(scratch.read("out.building-+\(dead)/index.html") == "signed")
        #expect(scratch.read("out.building-\(dead - 1)/index.html") == "linked", "a folder with a link is not Runway's staging")
    }
}

@Suite struct OutputLockReleaseTests {
    /// A child process forked while the folder is held (here: forked, and stopped before it can
    /// exec) has a copy of the locked descriptor: closing releases the lock all the same.
    @Test func closingReleasesTheLockEvenWithAForkedCopy() throws {
        let scratch = try Scratch()
        let folder = try scratch.open()
        let child = fork()
        if child == 0 {
            // The child: keeps the inherited descriptors while the parent reopens.
            raise(SIGSTOP)
            _exit(0)
        }
        defer {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        folder.close()
        _ = try scratch.open()
    }
}
