/// A 64-bit FNV-1a hash, the same in every process (Swift's `Hasher` is seeded per process), for
/// telling whether a file or a rendered page's inputs changed since the last build: the key an
/// output folder's manifest keeps for each file.
public struct ContentHash: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The hash so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of nothing.
    public init() {}

    /// The hash of `bytes`.
    public init(_ bytes: some Sequence<UInt8>) {
        add(bytes)
    }

    /// Adds `bytes` to the hash.
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        // Called from other modules, this is not specialized: contiguous bytes (arrays, `Data`,
        // native strings' UTF-8) go to the loop over a buffer, which is, instead of one generic
        // iterator step per byte (a third of a rebuild's time went there).
        if bytes.withContiguousStorageIfAvailable({ add(UnsafeRawBufferPointer($0)) }) != nil { return }
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }

    /// Adds the bytes of a buffer.
    public mutating func add(_ buffer: UnsafeRawBufferPointer) {
        var value = self.value
        for byte in buffer {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        self.value = value
    }

    /// Adds a string and a separator, so that `("ab", "c")` and `("a", "bc")` differ.
    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        value = (value ^ 0xff) &* 0x0000_0100_0000_01b3
    }

    /// Adds another hash's value.
    public mutating func add(_ hash: ContentHash) {
        add(String(hash.value, radix: 16))
    }

    public var description: String { String(value, radix: 16) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = UInt64(text, radix: 16) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a hash: \(text)"))
        }
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
