import Foundation
import SiteOutput
import Testing

/// The hash of a file's bytes keys every output: the fast path over contiguous bytes must give
/// what the byte-by-byte path gives, for every kind of sequence a caller passes.
@Suite struct ContentHashTests {
    @Test(arguments: [0, 1, 7, 8, 255, 4096, 100_003])
    func contiguousBytesHashAsAnySequenceDoes(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let general = ContentHash(AnySequence(bytes))       // no contiguous storage: byte by byte
        #expect(ContentHash(bytes) == general)
        #expect(ContentHash(Data(bytes)) == general)
        #expect(ContentHash(bytes[...]) == general)
        #expect(bytes.withUnsafeBytes { buffer in var hash = ContentHash(); hash.add(buffer); return hash } == general)
    }

    /// FNV-1a's published test vectors, so that the hash of a file is the same in every version.
    @Test func knownValues() {
        #expect(ContentHash([UInt8]()).value == 0xcbf2_9ce4_8422_2325)
        #expect(ContentHash(Array("a".utf8)).value == 0xaf63_dc4c_8601_ec8c)
        #expect(ContentHash(Array("foobar".utf8)).value == 0x8594_4171_f739_67e8)
    }

    @Test func stringsAreSeparated() {
        var ab = ContentHash(), a = ContentHash()
        ab.add("ab"); ab.add("c")
        a.add("a"); a.add("bc")
        #expect(ab != a)
    }
}
