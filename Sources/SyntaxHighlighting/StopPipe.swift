import Foundation
import Synchronization

/// A pipe that nothing is written to (a socket pair, made close-on-exec at once, so that no
/// worker started meanwhile holds its other end), whose read end a worker's `poll` watches beside
/// its socket: ``raise()`` closes the other end, and every such `poll`, waiting now or later, wakes
/// at once.
///
/// How a stopped build (Ctrl-C) ends its waits for Pygments instead of waiting out their timeouts.
final class StopPipe: Sendable {
    /// The end to poll for `POLLIN` (or `POLLHUP`): it becomes ready once raised, and stays so.
    /// -1 when no pipe could be made: then nothing wakes early, and waits end at their timeouts.
    let descriptor: Int32
    private let writeEnd: Mutex<Int32>

    init() {
        var ends: [Int32] = [-1, -1]
        if socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) != 0 { ends = [-1, -1] }
        descriptor = ends[0]
        writeEnd = Mutex(ends[1])
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        writeEnd.withLock { if $0 >= 0 { close($0) } }
    }

    /// Wakes every wait on ``descriptor``, for good. Calling it again does nothing.
    func raise() {
        writeEnd.withLock { end in
            if end >= 0 { close(end) }
            end = -1
        }
    }
}
