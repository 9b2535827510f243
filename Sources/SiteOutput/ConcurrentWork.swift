import Foundation
import Synchronization

/// Work over many items on every processor, handed out in chunks: the checks of a build's outputs,
/// its plan's keys, a commit's renames. The one place a build splits a loop across processors.
package enum ConcurrentWork {
    /// Calls `body` with consecutive ranges of `0..<count`, each at most `chunk` long (enough to pay
    /// for handing it out), on all processors.
    package static func forEachChunk(of count: Int, chunk: Int, _ body: @Sendable (Range<Int>) -> Void) {
        DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { part in
            body(part * chunk..<min(count, (part + 1) * chunk))
        }
    }

    /// `make` of each of `items`, in `items`' order.
    package static func map<Item: Sendable, Made: Sendable>(_ items: [Item], chunk: Int = 64, _ make: @Sendable (Item) -> Made) -> [Made] {
        let made = Mutex([Made?](repeating: nil, count: items.count))
        forEachChunk(of: items.count, chunk: chunk) { range in
            let results = range.map { make(items[$0]) }
            made.withLock { $0.replaceSubrange(range, with: results) }
        }
        return made.withLock { $0 }.map { $0! }
    }

    /// Runs `operation` on each of `items` (file operations of one kind: each a system call that
    /// touches one path, so their order does not matter to the file system, and the journal's undo
    /// and redo look at each path by itself) and returns the failure (the item and its `errno`) of
    /// the first item in `items`' order that failed: the one a loop in order would have stopped at,
    /// since every item before it is tried. After a failure, a chunk that starts after it is
    /// skipped: the caller undoes what was done, which it must be able to do whatever was.
    package static func firstFailure<Item: Sendable>(_ items: [Item], chunk: Int = 128,
                                                     _ operation: @Sendable (Item) -> Int32?) -> (item: Item, errno: Int32)? {
        guard !items.isEmpty else { return nil }
        let failures = Mutex<[(index: Int, errno: Int32)]>([])
        // The lowest index that failed so far (`Int.max`: none).
        let firstFailed = Atomic<Int>(.max)
        forEachChunk(of: items.count, chunk: chunk) { range in
            for index in range {
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
