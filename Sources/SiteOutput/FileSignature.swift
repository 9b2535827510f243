import Foundation

/// What identifies the version of a file Runway wrote: its size, modification time and inode. A
/// file whose signature is not the one Runway recorded has changed since (or was replaced), so a
/// build writes it again instead of trusting it.
public struct FileSignature: Hashable, Sendable, CustomStringConvertible {
    public var size: Int64
    public var seconds: Int64
    public var nanoseconds: Int64
    public var inode: UInt64

    init(_ info: stat) {
        size = Int64(info.st_size)
        seconds = Int64(info.st_mtim.tv_sec)
        nanoseconds = Int64(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }

    public init(size: Int64, seconds: Int64, nanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.inode = inode
    }

    /// The signature of the regular file at `path` (a link is not followed), or `nil`.
    public static func of(_ path: String) -> FileSignature? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileSignature(info)
    }

    /// The signature of the file `path` leads to (through links), or `nil` when it is not a
    /// regular file: what a content file's record keeps, so that an unchanged file is not read again.
    public static func following(_ path: String) -> FileSignature? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileSignature(info)
    }

    /// The modification time, in seconds since 1970.
    public var modified: Double { Double(seconds) + Double(nanoseconds) / 1e9 }

    /// `size:seconds.nanoseconds:inode`, as the manifest stores it.
    public var description: String { "\(size):\(seconds).\(nanoseconds):\(inode)" }

    init?(_ text: Substring) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let time = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard time.count == 2, let size = Int64(parts[0]), let seconds = Int64(time[0]), let nanoseconds = Int64(time[1]),
              let inode = UInt64(parts[2]), size >= 0
        else { return nil }
        self.init(size: size, seconds: seconds, nanoseconds: nanoseconds, inode: inode)
    }
}

/// The system's words for an error number: `No such file or directory`.
func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
}
