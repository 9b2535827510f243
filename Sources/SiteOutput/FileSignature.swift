import Foundation

/// What identifies the version of a file Runway wrote: its size, modification time and inode. A
/// file whose signature is not the one Runway recorded has changed since (or was replaced), so a
/// build writes it again instead of trusting it.
public struct FileSignature: Hashable, Sendable, CustomStringConvertible {
    /// The file's size in bytes.
    public var size: Int64
    /// Its modification time: seconds since 1970.
    public var seconds: Int64
    /// Its modification time: the nanoseconds past those seconds.
    public var nanoseconds: Int64
    /// Its inode number.
    public var inode: UInt64

    init(_ info: stat) {
        size = Int64(info.st_size)
        seconds = Int64(info.st_mtim.tv_sec)
        nanoseconds = Int64(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }

    /// A signature of these figures.
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
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the description to `text`.
    func write(to text: inout String) {
        text += String(size)
        text += ":"
        text += String(seconds)
        text += "."
        text += String(nanoseconds)
        text += ":"
        text += String(inode)
    }

    init?(_ text: Substring) {
        guard let signature = text.utf8.withContiguousStorageIfAvailable({ Self(utf8: $0[...]) }) ?? Self(utf8: Array(text.utf8)[...]) else {
            return nil
        }
        self = signature
    }

    /// Reads `size:seconds.nanoseconds:inode` from its UTF-8 bytes: the manifest holds one per
    /// file, and is read at the start of every build.
    init?<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
        var rest = bytes[...]
        /// The decimal number before `end` (or before the end of the text when `end` is nil),
        /// with its sign (a leading `-`, only when `signed`).
        func number(until end: UInt8?, signed: Bool) -> (negative: Bool, magnitude: UInt64)? {
            var negative = false
            if signed, rest.first == UInt8(ascii: "-") {
                negative = true
                rest.removeFirst()
            }
            var value: UInt64 = 0, digits = 0
            while let byte = rest.first, byte != end {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = tens.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                value = sum
                digits += 1
                rest.removeFirst()
            }
            guard digits > 0 else { return nil }
            if end != nil {
                guard rest.first == end else { return nil }
                rest.removeFirst()
            }
            return (negative, value)
        }
        /// A number that fits an `Int64`.
        func signed(_ number: (negative: Bool, magnitude: UInt64)?) -> Int64? {
            guard let number, number.magnitude <= UInt64(Int64.max) else { return nil }
            return number.negative ? -Int64(number.magnitude) : Int64(number.magnitude)
        }
        guard let size = signed(number(until: UInt8(ascii: ":"), signed: false)),
              let seconds = signed(number(until: UInt8(ascii: "."), signed: true)),
              let nanoseconds = signed(number(until: UInt8(ascii: ":"), signed: true)),
              let inode = number(until: nil, signed: false)?.magnitude
        else { return nil }
        self.init(size: size, seconds: seconds, nanoseconds: nanoseconds, inode: inode)
    }
}

/// The system's words for an error number: `No such file or directory`.
func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
}
