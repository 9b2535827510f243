import Foundation
import SiteBuilding
import Testing

/// A rebuild takes an unchanged content file from the cache without reading it when the file's
/// size, modification time and inode are what its record says, and the file was last modified
/// well before the build that made the record began reading; otherwise it reads and hashes it.
@Suite struct SourceSignatureTests {
    /// Sets a file's modification time (and access time) to `seconds` since 1970, to the nanosecond.
    static func setModified(_ path: String, seconds: Int, nanoseconds: Int = 0) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// Rewrites a file in place (same inode), keeping its size.
    static func rewriteInPlace(_ path: String, _ text: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    static func modified(_ path: String) throws -> timespec {
        var info = stat()
        #expect(stat(path, &info) == 0)
        return info.st_mtim
    }

    @Test func anOldUntouchedFileIsNotReadAgainButATouchedOneIs() throws {
        let root = try SiteBuildTests.site(pages: ["a.md": "# Alpha\n", "b.md": "# Bravo\n"])
        for page in ["a.md", "b.md"] { try Self.setModified(root + "/content/" + page, seconds: 946_684_800) }   // 2000-01-01
        #expect(SiteBuild(site: root).run().parsed == 2)
        #expect(SiteBuild(site: root).run().parsed == 0)
        // Same bytes, a new time: read and hashed again, and found unchanged.
        try Self.setModified(root + "/content/a.md", seconds: 946_684_900)
        let touched = SiteBuild(site: root).run()
        #expect(touched.parsed == 0 && touched.written.isEmpty)
        // New bytes: read, parsed and written.
        try "# Alpha, again\n".write(toFile: root + "/content/a.md", atomically: true, encoding: .utf8)
        let edited = SiteBuild(site: root).run()
        #expect(edited.parsed == 1 && edited.written.contains("a/index.html"))
    }

    /// An edit that keeps the size, the inode and even the modification time is still seen when
    /// that time is close to when the last build began reading: the file system's timestamps may
    /// be too coarse to tell the two apart, so such a file is always read.
    @Test func anEditHiddenInTimestampGranularityIsStillSeen() throws {
        let root = try SiteBuildTests.site(pages: ["a.md": "# Alpha\n"])
        let path = root + "/content/a.md"
        let now = Int(Date().timeIntervalSince1970)
        try Self.setModified(path, seconds: now, nanoseconds: 0)
        #expect(SiteBuild(site: root).run().parsed == 1)
        try Self.rewriteInPlace(path, "# Omega\n")
        try Self.setModified(path, seconds: now, nanoseconds: 0)
        let rebuilt = SiteBuild(site: root).run()
        #expect(rebuilt.parsed == 1, "the file was read again")
        #expect(try String(contentsOfFile: root + "/_site/a/index.html", encoding: .utf8).contains("Omega"))
    }
}
