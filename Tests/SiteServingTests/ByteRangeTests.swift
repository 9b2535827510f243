@testable import SiteServing
import Testing

/// What a `Range` field selects (RFC 9110, 14.1.2 and 15.5.17), on a body of 100 bytes tagged "t".
@Suite struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-9", ByteRange.part(lower: 0, upper: 10)),
        ("bytes=90-", .part(lower: 90, upper: 100)),
        ("bytes=-10", .part(lower: 90, upper: 100)),
        ("bytes=-1000", .part(lower: 0, upper: 100)),            // more than there is: all of it
        ("bytes=95-1000", .part(lower: 95, upper: 100)),         // the last position is clipped
        ("bytes=99-99", .part(lower: 99, upper: 100)),
        ("Bytes=5-5", .part(lower: 5, upper: 6)),                // the unit is case-insensitive
        ("bytes = 5-5", .whole),                                 // no space around "=" (RFC 9110)
        ("bytes=0-99999999999999999999999", .part(lower: 0, upper: 100)),
        ("bytes=100-", .unsatisfiable),                          // wholly past the end
        ("bytes=99999999999999999999999-", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=9-0", .whole),                                   // not a range: ignored
        ("bytes=0-1,5-6", .whole),                               // several: the whole body
        ("items=0-9", .whole),
        ("bytes=-", .whole),
        ("bytes=a-b", .whole),
        ("bytes=+1-2", .whole),
        ("bytes=1", .whole),
        ("", .whole),
    ])
    func aRangeSelects(field: String, expected: ByteRange) {
        #expect(ByteRange(field: field, size: 100, tag: "\"t\"") == expected)
    }

    @Test func noFieldAnEmptyBodyOrAnotherVersionGetTheWholeBody() {
        #expect(ByteRange(field: nil, size: 100, tag: "\"t\"") == .whole)
        #expect(ByteRange(field: "bytes=0-1", size: 0, tag: "\"t\"") == .whole)
        #expect(ByteRange(field: "bytes=0-1", ifRange: "\"old\"", size: 100, tag: "\"t\"") == .whole)
        #expect(ByteRange(field: "bytes=0-1", ifRange: "Sat, 28 Nov 2026 04:00:00 GMT", size: 100, tag: "\"t\"") == .whole)
        #expect(ByteRange(field: "bytes=0-1", ifRange: " \"t\" ", size: 100, tag: "\"t\"") == .part(lower: 0, upper: 2))
    }
}
