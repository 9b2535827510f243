import Hummingbird
import Synchronization

/// Bodies of recently served files, ready to send (pages with the live-reload script already in),
/// by resolved path. An entry serves only while its file has the size and modification time it was
/// read with, so a rebuilt file is read again on its next request.
final class ResponseCache: Sendable {
    struct Entry: Sendable {
        let signature: String
        let body: ByteBuffer
    }

    /// Entries kept before the cache starts afresh; files larger than `largest` are never kept
    /// (`SiteResponder` streams them from disk, pages with the live-reload script aside).
    static let capacity = 4096
    static let largest = 1 << 20

    private let entries = Mutex<[String: Entry]>([:])

    func body(for path: String, signature: String) -> ByteBuffer? {
        entries.withLock { $0[path] }.flatMap { $0.signature == signature ? $0.body : nil }
    }

    func store(_ body: ByteBuffer, for path: String, signature: String) {
        guard body.readableBytes <= Self.largest else { return }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[path] = Entry(signature: signature, body: body)
        }
    }
}
