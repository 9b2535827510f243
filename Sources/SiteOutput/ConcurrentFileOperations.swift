import Foundation
import Synchronization

/// File operations of one kind over many paths (the renames of a commit, the folders of a build),
/// on every processor. Each is a system call that touches one path, so their order does not
/// matter to the file system, and the journal's undo and redo look at each path by itself.
enum ConcurrentFileOperations {
    /// How many operations a task does: enough to pay for handing it out.
    static let chunk = 128

    /// Runs `operation` on each of `items`, in chunks on all processors, and returns the failure
    /// (the item and its `errno`) of the first item in `items`' order that failed: the one a loop
    /// in order would have stopped at, since every item before it is tried. After a failure, a
    /// chunk that starts after it is skipped: the caller undoes what was done, which it must be
    /// able to do whatever was.
    static func firstFailure<Item: Sendable>(_ items: [Item], _ operation: @Sendable (Item) -> Int32?) -> (item: Item, errno: Int32)? {
        guard !items.isEmpty else { return nil }
        let failures = Mutex<[(index: Int, errno: Int32)]>([])
        // The lowest index that failed so far (`Int.max`: none).
        let firstFailed = Atomic<Int>(.max)
        DispatchQueue.concurrentPerform(iterations: (items.count + chunk - 1) / chunk) { part in
            for index in part * chunk..<min(items.count, (part + 1) * chunk) {
                guard index < firstFailed.load(ordering: .relaxed) else { return }
                guard let problem = operation(items[index]) else { continue }
                failures.withLock { $0.append((index, problem)) }
                var known = firstFailed.load(ordering: .relaxed)
                while index < known {
                    let (exchanged, original) = firstFailed.compareExchange(expected: known, desired: index, ordering: .relaxed)
                    if exchanged { break }
                    known = original
                }
                return
            }
        }
        return failures.withLock { $0.min { $0.index < $1.index } }.map { (items[$0.index], $0.errno) }
    }
}
