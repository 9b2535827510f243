public import RunwayText
import Foundation
import SiteOutput
import Synchronization

/// The tokens of code blocks already highlighted, by a hash of their language and code, so that a
/// block tokenized once is never tokenized again: in memory for the life of the process (`serve`),
/// and in a file beside the build cache between `runway build`s. A file that cannot be read is
/// ignored; it only makes the blocks be tokenized again.
public final class TokenCache: Sendable {
    /// Bumped when the file's form, ``SyntaxCategory`` or the mapping of Pygments' types changes.
    static let format = 1
    private struct State {
        var blocks: [Key: [SyntaxToken]] = [:]
        var added = 0
        var loaded: Set<String> = []
        var attached: String?
    }
    private let state = Mutex(State())

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
        if let known = state.withLock({ $0.blocks[key] }) { return known }
        guard let file = state.withLock({ state in state.attached.flatMap { state.loaded.contains($0) ? nil : $0 } }) else { return nil }
        load(file)
        return state.withLock { $0.blocks[key] }
    }

    /// Makes `path` the cache's file: read the first time a block is not found in memory (a build
    /// that highlights nothing does not read it), and where ``saveAttached()`` writes.
    public func attach(_ path: String) {
        state.withLock { $0.attached = path }
    }

    /// Writes the blocks to the attached file, if any, when some were added (see ``save(_:)``).
    public func saveAttached() {
        guard let path = state.withLock({ $0.attached }) else { return }
        save(path)
    }

    func store(_ tokens: [SyntaxToken], for key: Key) {
        state.withLock {
            if $0.blocks.updateValue(tokens, forKey: key) == nil { $0.added += 1 }
        }
    }

    /// How many blocks the cache holds.
    public var count: Int { state.withLock { $0.blocks.count } }

    /// Adds the blocks of the file at `path`, once per path for the life of the cache; a missing or
    /// unreadable file adds none.
    public func load(_ path: String) {
        guard state.withLock({ $0.loaded.insert(path).inserted }),
              let data = FileManager.default.contents(atPath: path),
              let file = try? JSONDecoder().decode(File.self, from: data), file.format == Self.format
        else { return }
        let categories = SyntaxCategory.allCases
        var blocks: [Key: [SyntaxToken]] = [:]
        for block in file.blocks {
            guard block.tokens.count % 2 == 0, block.length >= 0 else { return }
            var tokens: [SyntaxToken] = []
            tokens.reserveCapacity(block.tokens.count / 2)
            var total = 0
            for index in stride(from: 0, to: block.tokens.count, by: 2) {
                let category = block.tokens[index], length = block.tokens[index + 1]
                guard category >= -1, category < categories.count, length > 0, length <= block.length - total else { return }
                tokens.append(SyntaxToken(category < 0 ? nil : categories[category], length: length))
                total += length
            }
            // No tokens: a language the tokenizer does not know.
            guard tokens.isEmpty || total == block.length else { return }
            blocks[Key(hash: block.hash, length: block.length)] = tokens
        }
        state.withLock { $0.blocks.merge(blocks) { own, _ in own } }
    }

    /// Writes every block to `path` (atomically) when blocks were added since the last save.
    public func save(_ path: String) {
        let blocks: [Key: [SyntaxToken]]? = state.withLock { state in
            guard state.added > 0 else { return nil }
            state.added = 0
            return state.blocks
        }
        guard let blocks else { return }
        let categories = Dictionary(uniqueKeysWithValues: SyntaxCategory.allCases.enumerated().map { ($1, $0) })
        let file = File(format: Self.format, blocks: blocks.map { key, tokens in
            File.Block(hash: key.hash, length: key.length,
                       tokens: tokens.flatMap { [$0.category.flatMap { categories[$0] } ?? -1, $0.length] })
        }.sorted { $0.hash < $1.hash })
        guard let data = try? JSONEncoder().encode(file) else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The file's form: each block's hash, length and tokens as (category index or -1, length) pairs.
    private struct File: Codable {
        var format: Int
        var blocks: [Block]
        struct Block: Codable {
            var hash: UInt64
            var length: Int
            var tokens: [Int]
        }
    }
}
