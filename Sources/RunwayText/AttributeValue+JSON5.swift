import Foundation

extension AttributeValue {
    /// The values of an extended attribute's text, read as the body of a JSON5 object
    /// (`key: 'value', other: 2`; outer braces optional), as Foundation reads Apple's Markdown
    /// attributes: `JSONDecoder` with `allowsJSON5` and `assumesTopLevelDictionary`.
    public static func objectBody(_ raw: String) throws(AttributeTextError) -> [String: AttributeValue] {
        if let long = longNumber(in: raw) {
            throw AttributeTextError(raw: raw, detail: "the number \(long.prefix(24))… is longer than \(maximumNumberLength) characters")
        }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        decoder.assumesTopLevelDictionary = true
        let values: [String: AttributeValue]
        do {
            values = try decoder.decode([String: AttributeValue].self, from: Data(raw.utf8))
        } catch {
            throw AttributeTextError(raw: raw, detail: Self.detail(of: error))
        }
        // JSON5 reads Infinity and NaN, which no JSON, CSS class or data attribute can carry.
        guard values.values.allSatisfy(\.isFinite) else {
            throw AttributeTextError(raw: raw, detail: "Infinity and NaN are not values an attribute can take")
        }
        return values
    }

    /// The longest number attribute text may hold. Foundation's JSON5 reader traps on some longer
    /// ones (21, 40, 57, 85, 101… characters, found by `make fuzz`); a `Double` holds about 17
    /// significant digits, so nothing of value is lost.
    public static let maximumNumberLength = 20

    /// The first number-like token (outside strings and comments) longer than the maximum.
    static func longNumber(in raw: String) -> Substring? {
        let text = Substring(raw)
        var index = text.startIndex
        func isTokenCharacter(_ character: Character) -> Bool {
            character.isASCII && (character.isLetter || character.isNumber || "._+-".contains(character))
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" || character == "'" {
                var cursor = text.index(after: index)
                while cursor < text.endIndex && text[cursor] != character {
                    if text[cursor] == "\\" { cursor = text.index(after: cursor) }
                    if cursor < text.endIndex { cursor = text.index(after: cursor) }
                }
                index = cursor < text.endIndex ? text.index(after: cursor) : cursor
            } else if text[index...].hasPrefix("//") {
                index = text[index...].firstIndex(of: "\n") ?? text.endIndex
            } else if text[index...].hasPrefix("/*") {
                index = text[index...].range(of: "*/")?.upperBound ?? text.endIndex
            } else if isTokenCharacter(character) {
                let end = text[index...].firstIndex { !isTokenCharacter($0) } ?? text.endIndex
                let token = text[index..<end]
                let numeric = token.first.map { $0.isNumber || ".+-".contains($0) } ?? false
                if numeric && token.count > maximumNumberLength { return token }
                index = end
            } else {
                index = text.index(after: index)
            }
        }
        return nil
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

    /// Whether every number in the value is finite.
    var isFinite: Bool {
        switch self {
        case .number(let number): number.isFinite
        case .array(let values): values.allSatisfy(\.isFinite)
        case .object(let values): values.values.allSatisfy(\.isFinite)
        default: true
        }
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
