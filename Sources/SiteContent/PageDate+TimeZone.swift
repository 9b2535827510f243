package import Foundation

extension PageDate {
    /// The date as it is in `zone`, written as front matter writes it
    /// (`2013-05-05T17:12:52-07:00`): a time with an offset is the same moment on `zone`'s clock,
    /// one without is read as `zone`'s time and gets its offset. A day alone is `nil`: it is the
    /// same day everywhere.
    package func text(in zone: TimeZone) -> String? {
        guard hasTime else { return nil }
        // A local time names the moment whose clock in `zone` reads it: the zone's offset at that
        // moment (found from the offset an hour either side takes, for the days clocks change).
        let moment: Int64
        if offset == nil {
            let guess = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
            moment = seconds - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds - guess))))
        } else {
            moment = seconds
        }
        let shift = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment)))
        let clock = moment + Int64(shift)
        let days = clock >= 0 ? clock / 86_400 : (clock - 86_399) / 86_400
        let inDay = Int(clock - days * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        let pad = { (value: Int, count: Int) in String(repeating: "0", count: max(0, count - String(value).count)) + String(value) }
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(inDay / 3600, 2) + ":" + pad(inDay / 60 % 60, 2)
            + ":" + pad(inDay % 60, 2)
        if !fraction.isEmpty { text += "." + fraction }
        let minutes = abs(shift) / 60
        return text + (shift < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
    }
}

extension PageMetadata {
    /// Its dates with a time as they are in `zone` (`PageDate.text(in:)`): `runway.toml`'s
    /// `timezone`. The date, lastmod, expiry and publish dates change; a day alone stays.
    package mutating func place(in zone: TimeZone) {
        for property in [\PageMetadata.date, \.lastmod, \.expiryDate, \.publishDate] {
            if let written = self[keyPath: property], let placed = PageDate(written)?.text(in: zone) { self[keyPath: property] = placed }
        }
    }
}
