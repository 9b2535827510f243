import Foundation

/// A whole file's bytes, read with `open`, `fstat` and `read`. Foundation's
/// `FileManager.contents(atPath:)` leaks a 4 KiB buffer for every empty file it reads (found by
/// `make fuzz TARGET=state`), which a server rebuilding for hours would feel; this reads any size.
public enum FileContents {
    /// The bytes of the file at `path` (a link followed), or `nil` when it cannot be read or is
    /// not a regular file. Opened without waiting: a FIFO put where a cache file belongs blocked
    /// the build in `open`, deaf to Ctrl-C (a regular file's reads ignore `O_NONBLOCK`).
    public static func read(_ path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
        var count = 0
        while true {
            // An array, not `repeatElement`: its generic iteration, a byte at a time, was most of
            // reading 10,000 small templates in a debug build.
            if count == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: max(4096, count))) }
            let read = bytes.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress! + count, $0.count - count) }
            if read < 0 && errno == EINTR { continue }
            if read < 0 { return nil }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
