import Foundation
import Hummingbird

/// A file of the output opened once for one response: its size, its time and every byte sent
/// are those of the one file, even when a rebuild replaces it meanwhile (a path looked up three
/// times, for the size, the tag and the body, could give a length of one file and the bytes of
/// another). Closed when the response no longer needs it.
final class OpenedFile: @unchecked Sendable {
    private let descriptor: Int32
    /// Its size in bytes, and its modification time.
    let size: Int
    let modified: timespec

    /// The regular file at `path`, or `nil` when there is none to read.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = Int(info.st_size)
        modified = info.st_mtim
    }

    deinit { close(descriptor) }

    /// Its bytes from `offset`, at most `count` of them (fewer at its end); blocking.
    func read(at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }

    /// All of it, as it was opened (a small file, read at once).
    func readAll() -> Data? {
        read(at: 0, count: size).map { Data($0) }
    }

    /// A body of its bytes `bytes` (all `size` of them by default), read a chunk at a time off the
    /// connection's threads as the connection takes them. A file that shrank meanwhile ends the
    /// connection rather than send a body shorter than announced.
    func body(_ bytes: Range<Int>? = nil, chunk: Int = 128 * 1024) -> ResponseBody {
        let bytes = bytes ?? 0..<size
        return ResponseBody(contentLength: bytes.count) { writer in
            var offset = bytes.lowerBound
            while offset < bytes.upperBound {
                let (at, want) = (offset, min(chunk, bytes.upperBound - offset))
                let bytes = await withCheckedContinuation { done in
                    DispatchQueue.global().async { done.resume(returning: self.read(at: at, count: want)) }
                }
                guard let bytes, bytes.count == want else { throw HTTPError(.internalServerError) }
                try await writer.write(ByteBuffer(bytes: bytes))
                offset += want
            }
            try await writer.finish(nil)
        }
    }
}
