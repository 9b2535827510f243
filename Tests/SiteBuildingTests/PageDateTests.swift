import SiteContent
import Testing

/// A front matter date read as a moment: RSS's and Atom's forms of it, and its order.
@Suite struct PageDateTests {
    @Test(arguments: [
        // text, Atom (RFC 3339), RSS (RFC 822, UTC)
        ("2026-11-01", "2026-11-01T00:00:00Z", "Sun, 01 Nov 2026 00:00:00 +0000"),
        ("2026-11-01T23:30:00-05:00", "2026-11-01T23:30:00-05:00", "Mon, 02 Nov 2026 04:30:00 +0000"),
        ("2026-11-10T01:00:00+09:00", "2026-11-10T01:00:00+09:00", "Mon, 09 Nov 2026 16:00:00 +0000"),
        ("2026-11-06T10:00:00", "2026-11-06T10:00:00Z", "Fri, 06 Nov 2026 10:00:00 +0000"),    // local: UTC
        ("2026-11-06 10:00", "2026-11-06T10:00:00Z", "Fri, 06 Nov 2026 10:00:00 +0000"),
        ("2001-12-14 21:59:43.10 -5", "2001-12-14T21:59:43.10-05:00", "Sat, 15 Dec 2001 02:59:43 +0000"),  // YAML's own example
        ("2024-02-29t12:00:00z", "2024-02-29T12:00:00Z", "Thu, 29 Feb 2024 12:00:00 +0000"),
        ("2000-03-01T00:30:00+0100", "2000-03-01T00:30:00+01:00", "Tue, 29 Feb 2000 23:30:00 +0000"),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z", "Wed, 31 Dec 1969 23:59:59 +0000"),
        ("2026-11-06Tnoon", "2026-11-06T00:00:00Z", "Fri, 06 Nov 2026 00:00:00 +0000"),    // a time not read: the day
        ("2026-11-06T25:00:00Z", "2026-11-06T00:00:00Z", "Fri, 06 Nov 2026 00:00:00 +0000"),
    ])
    func aDateIsReadAsAMoment(text: String, atom: String, rss: String) throws {
        let date = try #require(PageDate(text))
        #expect(date.rfc3339 == atom)
        #expect(date.rfc822 == rss)
    }

    @Test func notADayIsNoDate() {
        #expect(PageDate("2026-02-30") == nil)
        #expect(PageDate("soon") == nil)
        #expect(PageDate("") == nil)
    }

    /// Moments compare, not texts: Tokyo's early morning of the 10th came before 20:00 UTC on the 9th.
    @Test func momentsCompareWhateverTheirOffsets() throws {
        let tokyo = try #require(PageDate("2026-11-10T01:00:00+09:00")), utc = try #require(PageDate("2026-11-09T20:00:00Z"))
        #expect(tokyo < utc)
        #expect(try #require(PageDate("2026-11-09T16:00:00Z")) == tokyo)
        #expect(try #require(PageDate("2026-11-09T20:00:00.5Z")) > utc)
        #expect(try #require(PageDate("2026-11-09T20:00:00.05Z")) < #require(PageDate("2026-11-09T20:00:00.5Z")))
        #expect(try #require(PageDate("2026-11-09")) < utc)
    }
}
