import Foundation

extension AttributeValue {
    /// The values of an extended attribute's text, read as the body of a JSON5 object
    /// (`key: 'value', other: 2`; outer braces optional), as Foundation reads Apple's Markdown
    /// attributes: `JSONDecoder` with `allowsJSON5` and `assumesTopLevelDictionary`.
    public static func objectBody(_ raw: String) throws(AttributeTextError) -> [String: AttributeValue] {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        decoder.assumesTopLevelDictionary = true
        do {
            return try decoder.decode([String: AttributeValue].self, from: Data(raw.utf8))
        } catch {
            throw AttributeTextError(raw: raw, detail: Self.detail(of: error))
        }
    }

    /// The most specific thing Foundation says about why the text is not JSON5.
    private static func detail(of error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else {
            return "it is not a JSON5 object body"
        }
        if let underlying = context.underlyingError as NSError?,
           let description = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
            return description
        }
        return context.debugDescription
    }

    /// The value as JSON text, for messages.
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}

/// Attribute text that is not a JSON5 object body.
public struct AttributeTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The attribute text as written.
    public var raw: String
    /// What the JSON5 reader objected to.
    public var detail: String

    public var description: String {
        let reason = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
        return "invalid attribute text \(raw.debugDescription): expected a JSON5 object body such as key: 'value' (\(reason))"
    }
}
