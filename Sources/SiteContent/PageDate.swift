/// A date of the front matter (`2026-11-03`, `2026-11-03T09:30:00-05:00`, YAML's
/// `2026-11-03 09:30:00.5 -5`) read as a moment, for what must compare or convert dates: the order
/// of lists and feeds, RSS's and Atom's dates, the sitemap's `lastmod`. A day alone is its
/// midnight and a time without an offset is UTC, as Hugo reads them without a `timeZone`. The
/// text as written is what templates get.
///
/// Read from the text by hand, once per page: a formatter per page cost a tenth of a large build.
package struct PageDate: Comparable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package let seconds: Int64
    /// The digits of the fraction of a second, as written (`"5"` for `.5`); empty for none.
    package let fraction: String
    /// The offset from UTC as written, in minutes; `nil` for a day alone or a local time.
    package let offset: Int?
    /// Whether the text gives a time of day.
    package let hasTime: Bool
    /// The day, hour, minute and second as written (in the written offset's time).
    private let local: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)

    /// The date `text` gives, or `nil` when it does not begin with a day of the calendar
    /// (`PageMetadata.isDate`). A time that cannot be read after the day leaves the day alone.
    package init?(_ text: String) {
        guard PageMetadata.isDate(text) else { return nil }
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        let year = number(4)!, month = { index += 1; return number(2)! }(), day = { index += 1; return number(2)! }()
        // `HH:MM[:SS[.fraction]]`, then spaces, then `Z` or an offset (±H, ±HH, ±HH:MM, ±HHMM:
        // YAML writes `-5`), or nothing; anything else leaves the day alone.
        func readTime() -> (hour: Int, minute: Int, second: Int, fraction: String, offset: Int?)? {
            index = 11
            guard let hour = number(2), hour < 24, skip(UInt8(ascii: ":")), let minute = number(2), minute < 60 else { return nil }
            var second = 0, fraction = ""
            if skip(UInt8(ascii: ":")) {
                guard let value = number(2), value <= 60 else { return nil }
                second = min(value, 59)
                if skip(UInt8(ascii: ".")) {
                    let start = index
                    while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
                    guard index > start else { return nil }
                    fraction = String(decoding: bytes[start..<index], as: UTF8.self)
                }
            }
            while skip(UInt8(ascii: " ")) {}
            var offset: Int?
            if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) {
                offset = 0
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                let start = index
                while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
                let value = { (part: ArraySlice<UInt8>) in part.reduce(0) { $0 * 10 + Int($1 - 48) } }
                var hours = 0, minutes = 0
                switch index - start {
                case 1, 2:
                    hours = value(bytes[start..<index])
                    if skip(UInt8(ascii: ":")) {
                        guard let parsed = number(2) else { return nil }
                        minutes = parsed
                    }
                case 4: (hours, minutes) = (value(bytes[start..<start + 2]), value(bytes[start + 2..<start + 4]))
                default: return nil
                }
                guard hours < 24, minutes < 60 else { return nil }
                offset = sign * (hours * 60 + minutes)
            }
            guard index == bytes.count else { return nil }
            return (hour, minute, second, fraction, offset)
        }
        let time = bytes.count > 10 ? readTime() : nil
        let (hour, minute, second) = time.map { ($0.hour, $0.minute, $0.second) } ?? (0, 0, 0)
        local = (year, month, day, hour, minute, second)
        fraction = time?.fraction ?? ""
        offset = time?.offset
        hasTime = time != nil
        let days = Self.days(fromCivil: year, month, day)
        seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64((offset ?? 0) * 60)
    }

    /// Days since 1970-01-01 of a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = Int64((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day, month and year of `days` since 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        return (Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }

    /// RFC 3339, as Atom and sitemaps write it: the time in the offset written
    /// (`2026-11-03T09:30:00-05:00`), `Z` for a day alone (its midnight) or a local time.
    package var rfc3339: String {
        var text = Self.digits(local.year, 4) + "-" + Self.digits(local.month, 2) + "-" + Self.digits(local.day, 2)
        text += "T" + Self.digits(local.hour, 2) + ":" + Self.digits(local.minute, 2) + ":" + Self.digits(local.second, 2)
        if !fraction.isEmpty { text += "." + fraction }
        guard let offset, offset != 0 else { return text + "Z" }
        return text + (offset < 0 ? "-" : "+") + Self.digits(abs(offset) / 60, 2) + ":" + Self.digits(abs(offset) % 60, 2)
    }

    /// ISO 8601 as HTML's `<time datetime>` takes it: the day alone (`2026-11-03`); with a time,
    /// in the offset written (`2026-11-03T09:30:00-05:00`), or without one for a local time
    /// (`2026-11-03T09:30:00`). YAML's `2013-05-08 23:46:11 +0200` is `2013-05-08T23:46:11+02:00`.
    package var iso8601: String {
        let day = Self.digits(local.year, 4) + "-" + Self.digits(local.month, 2) + "-" + Self.digits(local.day, 2)
        guard hasTime else { return day }
        var text = day + "T" + Self.digits(local.hour, 2) + ":" + Self.digits(local.minute, 2) + ":" + Self.digits(local.second, 2)
        if !fraction.isEmpty { text += "." + fraction }
        guard let offset else { return text }
        if offset == 0 { return text + "Z" }
        return text + (offset < 0 ? "-" : "+") + Self.digits(abs(offset) / 60, 2) + ":" + Self.digits(abs(offset) % 60, 2)
    }

    /// RFC 822 as RSS writes it, in UTC: `Mon, 02 Nov 2026 04:30:00 +0000`.
    package var rfc822: String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = Int(seconds - days * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        let weekday = Int(((days % 7) + 7 + 4) % 7)  // 1970-01-01 was a Thursday.
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return names[weekday] + ", " + Self.digits(day, 2) + " " + months[month - 1] + " " + Self.digits(year, 4) + " "
            + Self.digits(inDay / 3600, 2) + ":" + Self.digits(inDay / 60 % 60, 2) + ":" + Self.digits(inDay % 60, 2) + " +0000"
    }

    /// `value` in decimal, with zeros before it up to `count` digits.
    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
    }

    /// Earlier moments first; within one second, the fractions compared as decimals.
    package static func < (a: PageDate, b: PageDate) -> Bool {
        if a.seconds != b.seconds { return a.seconds < b.seconds }
        let width = max(a.fraction.count, b.fraction.count)
        let pad = { (text: String) in text + String(repeating: "0", count: width - text.count) }
        return pad(a.fraction) < pad(b.fraction)
    }

    /// The same moment.
    package static func == (a: PageDate, b: PageDate) -> Bool {
        !(a < b) && !(b < a)
    }
}
