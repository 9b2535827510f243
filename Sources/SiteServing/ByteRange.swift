import Foundation

/// What a request's `Range` field asks of a body of `size` bytes (RFC 9110, 14.2), as `runway
/// serve` answers it: one range of bytes is sent as a partial response (a video's player seeks
/// with them, and Safari plays no video without); a range wholly past the end cannot be
/// satisfied; anything else (another unit, several ranges, a field that does not parse, an
/// empty body, an `If-Range` that names another version) gets the whole body, as the RFC allows.
enum ByteRange: Equatable {
    /// The whole body, with `200 OK`.
    case whole
    /// The bytes `lower..<upper`, with `206 Partial Content`.
    case part(lower: Int, upper: Int)
    /// Nothing, with `416 Range Not Satisfiable`.
    case unsatisfiable

    /// The range `field` (the `Range` field's value, `nil` when there is none) selects from a body
    /// of `size` bytes whose entity tag is `tag`; `ifRange` is the `If-Range` field's value.
    init(field: String?, ifRange: String? = nil, size: Int, tag: String) {
        self = .whole
        guard let field, size > 0 else { return }
        // If-Range holds the tag of the version the client has part of (a date names none of ours).
        if let ifRange, ifRange.trimmingCharacters(in: .whitespaces) != tag { return }
        let trimmed = field.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return }
        let spec = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        guard first.allSatisfy(\.isASCIIDigit), last.allSatisfy(\.isASCIIDigit), !(first.isEmpty && last.isEmpty) else { return }
        // Digits beyond an Int's range are a position past any file: read as the largest.
        let number = { (digits: Substring) in Int(digits) ?? Int.max }
        if first.isEmpty {
            // `-N`: the last N bytes (all of a shorter body); the last 0 bytes are none.
            let count = number(last)
            self = count == 0 ? .unsatisfiable : .part(lower: size - min(count, size), upper: size)
            return
        }
        let lower = number(first)
        if !last.isEmpty && number(last) < lower { return }
        guard lower < size else {
            self = .unsatisfiable
            return
        }
        let upper = last.isEmpty ? size : min(number(last), size - 1) + 1
        self = .part(lower: lower, upper: upper)
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
