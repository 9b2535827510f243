import RunwayText
import Foundation

/// The write-ahead log of the changes to one output folder (`.runway-cache/NAME.journal`): each
/// transaction appends what it will create, replace and remove before it touches anything, then
/// `commit` once every new file is written beside its place, then `abort` if putting them in place
/// failed. After an unclean stop, the next build reads it back: an unfinished transaction is undone,
/// a committed one is finished, so the folder holds what one build or the other made, never a mix.
///
///     runway-journal 1
///     begin 5d41402abc4b2a76
///     mkdir posts/new
///     write 9f3c0a1b2c3d4e5f posts/new/index.html
///     remove posts/old/index.html
///     staged 2041:1763900000.123456789:1234567 posts/new/index.html
///     commit 5d41402abc4b2a76
///
/// The `staged` lines, written with the commit, say what each new file is: after a stop, a file
/// is put back or removed only when it is exactly what the journal or the manifest says it is, so
/// a journal or a manifest that does not describe this folder (copied from elsewhere, or planted)
/// cannot make Runway remove a file it did not write.
struct OutputJournal {
    static let heading = "runway-journal 1\n"

    let path: String

    /// One transaction as the journal has it.
    struct Transaction: Equatable {
        enum State: Equatable {
            /// Begun, never committed: nothing was put in place.
            case open
            /// Committed: the new files go in place.
            case committed
            /// Committed, then putting files in place failed: what was put in place is undone.
            case aborted
        }

        var id: String
        var folders: [OutputPath] = []
        var writes: [(path: OutputPath, key: UInt64)] = []
        var removals: [OutputPath] = []
        /// What each new file was when it was written (from the commit record).
        var staged: [OutputPath: FileSignature] = [:]
        var state = State.open

        static func == (lhs: Transaction, rhs: Transaction) -> Bool {
            lhs.id == rhs.id && lhs.folders == rhs.folders && lhs.removals == rhs.removals && lhs.state == rhs.state && lhs.staged == rhs.staged
                && lhs.writes.map(\.path) == rhs.writes.map(\.path) && lhs.writes.map(\.key) == rhs.writes.map(\.key)
        }
    }

    /// The `begin` record of a transaction, with everything it will do.
    static func begin(_ transaction: Transaction) -> String {
        "begin " + transaction.id + "\n" + records(transaction)
    }

    /// What a transaction will do, as the lines after its `begin` (or more of them, for what a
    /// transaction grows by before its commit: `OutputFolder.extend`).
    static func records(_ transaction: Transaction) -> String {
        var text = ""
        for folder in transaction.folders { text += "mkdir " + folder.value + "\n" }
        for write in transaction.writes { text += "write " + hex(write.key) + " " + write.path.value + "\n" }
        for removal in transaction.removals { text += "remove " + removal.value + "\n" }
        return text
    }

    /// The commit record: what each new file is, then `commit`.
    static func commit(_ id: String, staged: [OutputPath: FileSignature]) -> String {
        var text = ""
        for (path, signature) in staged.sorted(by: { $0.key < $1.key }) { text += "staged " + signature.description + " " + path.value + "\n" }
        return text + "commit " + id + "\n"
    }

    /// Appends `records` (whole lines) at the end of the journal, creating it with its heading;
    /// with `durable`, flushed to disk before it returns (the commit record).
    func append(_ records: String, durable: Bool = false) throws(Diagnostic) {
        let file = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard file >= 0 else { throw Diagnostic(.error, "cannot write the output journal: \(reason(errno))", path: path) }
        defer { close(file) }
        var info = stat()
        let text = (fstat(file, &info) == 0 && info.st_size == 0 ? Self.heading : "") + records
        if let problem = writeAll(file, text) ?? (durable && fdatasync(file) != 0 ? errno : nil) {
            throw Diagnostic(.error, "cannot write the output journal: \(reason(problem))", path: path)
        }
    }

    /// The transactions the journal holds, in order; empty when there is none. A line that cannot
    /// be read (a torn last write) ends the reading: the transaction it was part of stays open.
    func read() -> [Transaction]? {
        guard let bytes = FileContents.read(path) else { return [] }
        return Self.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// `nil` when the text is not a journal at all.
    static func parse(_ text: String) -> [Transaction]? {
        guard text.hasPrefix(heading) else { return text.isEmpty ? [] : nil }
        var transactions: [Transaction] = []
        var lines = text.dropFirst(heading.count).split(separator: "\n", omittingEmptySubsequences: false)
        // The last line is whole only when the text ends with a newline.
        lines.removeLast()
        for line in lines {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2 else { break }
            let (word, rest) = (fields[0], String(fields[1]))
            if word == "begin" {
                guard isIdentifier(rest) else { break }
                transactions.append(Transaction(id: rest))
                continue
            }
            guard var current = transactions.popLast() else { break }
            var understood = true
            switch word {
            case "mkdir" where current.state == .open:
                if let folder = OutputPath(rest) { current.folders.append(folder) } else { understood = false }
            case "write" where current.state == .open:
                let parts = rest.split(separator: " ", maxSplits: 1)
                if parts.count == 2, parts[0].count == 16, let key = UInt64(parts[0], radix: 16), let path = OutputPath(String(parts[1])) {
                    current.writes.append((path, key))
                } else {
                    understood = false
                }
            case "remove" where current.state == .open:
                if let path = OutputPath(rest) { current.removals.append(path) } else { understood = false }
            case "staged" where current.state == .open:
                let parts = rest.split(separator: " ", maxSplits: 1)
                if parts.count == 2, let signature = FileSignature(parts[0]), let path = OutputPath(String(parts[1])) {
                    current.staged[path] = signature
                } else {
                    understood = false
                }
            case "commit" where current.state == .open && rest == current.id: current.state = .committed
            case "abort" where current.state == .committed && rest == current.id: current.state = .aborted
            default: understood = false
            }
            transactions.append(current)
            if !understood { break }
        }
        return transactions
    }

    /// Sixteen lowercase hexadecimal digits.
    static func isIdentifier(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    func remove() {
        unlink(path)
    }
}

/// Writes all of `text` to `file`; the error number when it cannot.
func writeAll(_ file: Int32, _ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { bytes in writeAll(file, UnsafeRawBufferPointer(bytes)) }
}

/// Writes all of `bytes` to `file`; the error number when it cannot.
func writeAll(_ file: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let written = write(file, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return nil
}
