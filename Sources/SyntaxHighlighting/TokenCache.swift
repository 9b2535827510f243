import RunwayText
import Foundation
import SiteOutput
import Synchronization

/// The tokens of code blocks already highlighted, by a hash of their language and code, so that a
/// block tokenized once is never tokenized again: in memory for the life of the process (`serve`),
/// and in a file beside the build cache between `runway build`s. A file that cannot be read is
/// ignored; it only makes the blocks be tokenized again. A build that reads every page writes only
/// the blocks it used, so that the file does not keep every version of every block for ever.
public final class TokenCache: Sendable {
    /// Bumped when the file's form, ``SyntaxCategory`` or the mapping of Pygments' types changes.
    static let format = 1
    private struct State {
        var blocks: [Key: [SyntaxToken]] = [:]
        var added = 0
        /// The blocks looked up or stored since the file was attached.
        var used: Set<Key> = []
        var loaded: Set<String> = []
        var attached: String?

        /// The tokens of `key`, noted as used.
        mutating func found(_ key: Key) -> [SyntaxToken]? {
            guard let tokens = blocks[key] else { return nil }
            used.insert(key)
            return tokens
        }
    }
    private let state = Mutex(State())
    /// Held while a file is read, so that a thread that misses a block waits for the file.
    private let loading = Mutex(())

    struct Key: Hashable {
        var hash: UInt64
        var length: Int
    }

    /// An empty cache.
    public init() {}

    static func key(language: String, code: String) -> Key {
        var hash = ContentHash()
        hash.add(language)
        hash.add(code)
        return Key(hash: hash.value, length: code.utf8.count)
    }

    func tokens(for key: Key) -> [SyntaxToken]? {
        if let known = state.withLock({ $0.found(key) }) { return known }
        guard let file = state.withLock({ $0.attached }) else { return nil }
        // Reads the file, or waits while another thread reads it: a block missing until then may
        // be in it.
        load(file)
        return state.withLock { $0.found(key) }
    }

    /// Makes `path` the cache's file: read the first time a block is not found in memory (a build
    /// that highlights nothing does not read it), and where ``saveAttached()`` writes.
    public func attach(_ path: String) {
        state.withLock {
            $0.attached = path
            $0.used = []
        }
    }

    /// Writes the blocks to the attached file, if any (see ``save(_:keepingOnlyUsed:)``).
    public func saveAttached(keepingOnlyUsed: Bool = false) {
        guard let path = state.withLock({ $0.attached }) else { return }
        save(path, keepingOnlyUsed: keepingOnlyUsed)
    }

    func store(_ tokens: [SyntaxToken], for key: Key) {
        state.withLock {
            if $0.blocks.updateValue(tokens, forKey: key) == nil { $0.added += 1 }
            $0.used.insert(key)
        }
    }

    /// How many blocks the cache holds.
    public var count: Int { state.withLock { $0.blocks.count } }

    /// Adds the blocks of the file at `path`, once per path for the life of the cache (a missing or
    /// unreadable file adds none), and returns once they are in memory, also when another thread
    /// is reading them.
    public func load(_ path: String) {
        loading.withLock { _ in
            guard state.withLock({ $0.loaded.insert(path).inserted }),
                  let data = FileManager.default.contents(atPath: path), let blocks = Self.blocks(in: [UInt8](data))
            else { return }
            state.withLock { $0.blocks.merge(blocks) { own, _ in own } }
        }
    }

    /// Writes the blocks to `path` (atomically) when blocks were added since the last save: every
    /// block, or with `keepingOnlyUsed` (a build that read every page) only those looked up or
    /// stored since the file was attached, dropping the others from memory too.
    public func save(_ path: String, keepingOnlyUsed: Bool = false) {
        let blocks: [Key: [SyntaxToken]]? = state.withLock { state in
            if keepingOnlyUsed && state.used.count < state.blocks.count {
                state.blocks = state.blocks.filter { state.used.contains($0.key) }
                state.added += 1
            }
            guard state.added > 0 else { return nil }
            state.added = 0
            return state.blocks
        }
        guard let blocks else { return }
        let indexes = Dictionary(uniqueKeysWithValues: SyntaxCategory.allCases.enumerated().map { ($1, $0) })
        var text = Self.heading
        for (key, tokens) in blocks.sorted(by: { $0.key.hash < $1.key.hash }) {
            text += "\(Int64(bitPattern: key.hash)) \(key.length)"
            for token in tokens { text += " \(token.category.flatMap { indexes[$0] } ?? -1) \(token.length)" }
            text += "\n"
        }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    static let heading = "runway-tokens \(format)\n"

    /// The blocks of a file's bytes, or `nil` when it is not a cache of this form: a heading line,
    /// then a line per block of numbers: its hash, its length, and each token's category (its
    /// index in ``SyntaxCategory``, -1 for plain code) and length. A block without tokens is one
    /// in a language the tokenizer does not know.
    static func blocks(in bytes: [UInt8]) -> [Key: [SyntaxToken]]? {
        let heading = Array(Self.heading.utf8)
        guard bytes.starts(with: heading) else { return nil }
        let categories = SyntaxCategory.allCases
        var blocks: [Key: [SyntaxToken]] = [:]
        for line in bytes[heading.count...].split(separator: UInt8(ascii: "\n")) {
            var numbers: [Int] = []
            for word in line.split(separator: UInt8(ascii: " ")) {
                guard let number = Int(String(decoding: word, as: UTF8.self)) else { return nil }
                numbers.append(number)
            }
            guard numbers.count >= 2, numbers.count % 2 == 0, numbers[1] >= 0 else { return nil }
            let hash = UInt64(bitPattern: Int64(numbers[0])), length = numbers[1]
            var tokens: [SyntaxToken] = []
            tokens.reserveCapacity(numbers.count / 2 - 1)
            var total = 0
            for index in stride(from: 2, to: numbers.count, by: 2) {
                let category = numbers[index], tokenLength = numbers[index + 1]
                guard category >= -1, category < categories.count, tokenLength > 0, tokenLength <= length - total else { return nil }
                tokens.append(SyntaxToken(category < 0 ? nil : categories[category], length: tokenLength))
                total += tokenLength
            }
            guard tokens.isEmpty || total == length else { return nil }
            blocks[Key(hash: hash, length: length)] = tokens
        }
        return blocks
    }
}
