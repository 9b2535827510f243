import Foundation
import RunwayText
import SiteContent
import SiteOutput

/// Another generator's configuration values, read with its rules: Hugo's keys in any case
/// (`baseURL`, `baseurl`), nested tables by dotted paths.
struct ForeignValues {
    var values: [String: AttributeValue]

    init(_ values: [String: AttributeValue]) {
        self.values = values
    }

    /// The value at a dotted path (`markup.goldmark.renderer.unsafe`), each key in any case.
    subscript(path: String) -> AttributeValue? {
        var current: AttributeValue = .object(values)
        for key in path.split(separator: ".").map(String.init) {
            guard case .object(let fields) = current,
                  let next = fields[key] ?? fields.first(where: { $0.key.lowercased() == key.lowercased() })?.value else { return nil }
            current = next
        }
        return current
    }

    func string(_ path: String) -> String? {
        if case .string(let text)? = self[path] { return text }
        return nil
    }

    func int(_ path: String) -> Int? {
        if case .integer(let number)? = self[path] { return number }
        return nil
    }

    func bool(_ path: String) -> Bool? {
        if case .bool(let flag)? = self[path] { return flag }
        return nil
    }

    func table(_ path: String) -> [String: AttributeValue] {
        if case .object(let fields)? = self[path] { return fields }
        return [:]
    }

    func list(_ path: String) -> [AttributeValue] {
        switch self[path] {
        case .array(let items)?: items
        case let value?: [value]
        case nil: []
        }
    }

    /// Values merged: `other`'s over these, tables merged key by key.
    static func merged(_ base: [String: AttributeValue], _ other: [String: AttributeValue]) -> [String: AttributeValue] {
        var result = base
        for (key, value) in other {
            if case .object(let inner)? = result[key], case .object(let more) = value {
                result[key] = .object(merged(inner, more))
            } else {
                result[key] = value
            }
        }
        return result
    }
}

/// The files of the source site, read where they are and never changed.
struct SourceTree {
    /// The source site's folder.
    let root: String

    /// The files under `folder` (relative to the site), relative to it; links that lead out of the
    /// site, and version control's folders, are not followed.
    func files(under folder: String) -> [String] {
        SitePaths.list(under: SitePaths.join(root, folder), inside: root).files.filter { file in
            !file.split(separator: "/").contains { $0.hasPrefix(".") }
        }.sorted()
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: SitePaths.join(root, relative))
    }

    func isFolder(_ relative: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: SitePaths.join(root, relative), isDirectory: &folder) && folder.boolValue
    }

    /// A file's text, or a diagnostic (not there, not UTF-8, binary).
    func text(_ relative: String) throws(Diagnostic) -> String {
        try SourceText.read(SitePaths.join(root, relative), pipes: false, kind: "text").text
    }

    /// The page at `relative`, its front matter apart; `nil`, with its problem, when it cannot be read.
    func page(_ relative: String, diagnostics: inout [Diagnostic]) -> PageText? {
        do throws(Diagnostic) {
            return PageText(try text(relative), path: SitePaths.join(root, relative))
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// A configuration file's values, with its problems.
    func values(_ relative: String) -> (values: [String: AttributeValue]?, diagnostics: [Diagnostic]) {
        guard let format = DataFile.Format(fileName: relative) else { return (nil, []) }
        do throws(Diagnostic) {
            return DataFile.read(try text(relative), format: format, path: SitePaths.join(root, relative))
        } catch {
            return (nil, [error])
        }
    }
}

/// Another generator's slugs and paths, as each makes URLs of names.
enum ForeignSlug {
    /// Hugo's path of a file name or a title (`urlize`, with paths made lower case as Hugo does by
    /// default): spaces become `-`, what a path cannot hold is dropped, letters are lower case.
    static func hugo(_ text: String, lowercase: Bool = true) -> String {
        var result = ""
        for character in text {
            if character == " " {
                result.append("-")
            } else if character.isLetter || character.isNumber || "-_./".contains(character) {
                result.append(character)
            } else if "+~".contains(character) {
                result.append(character)
            }
        }
        return lowercase ? result.lowercased() : result
    }

    /// Zola's slug (`slugify.paths = "on"`, its default): lower case ASCII, every run of other
    /// characters one `-`, none at either end.
    static func zola(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                pendingDash = true
            }
        }
        return result.lowercased()
    }

    /// Jekyll's slug (`slugify`, its default mode): lower case, every run of characters other
    /// than letters and digits one `-`, none at either end.
    static func jekyll(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                pendingDash = true
            }
        }
        return result
    }
}
