public import RunwayText
import Foundation
import Synchronization
import TOMLKit

/// Finds themes by name in a list of folders (a site's `themes/`, then Runway's own) and resolves
/// `extends`: the parent's scope, constraints and styles come first, the child's add and win.
public struct ThemeLibrary: Sendable {
    /// Folders holding one `<name>/theme.toml` per theme, searched in order.
    public var folders: [String]
    /// Where Runway's own themes were looked for, when they were not found: a `runway` copied
    /// away from its themes says so.
    public var bundledLookedIn: [String] = []

    /// The name of a theme's file in its folder.
    public static let fileName = "theme.toml"

    /// A library of the themes in `folders`, the first winning.
    public init(folders: [String]) {
        self.folders = folders
    }

    /// The site's `themes/` folder, then the bundled themes.
    public static func standard(site: String? = nil) -> ThemeLibrary {
        var folders: [String] = []
        if let site { folders.append(site == "." ? "themes" : site + "/themes") }
        let bundled = BundledResources.locate("themes", containing: "default/" + fileName)
        if let found = bundled.folder { folders.append(found) }
        var library = ThemeLibrary(folders: folders)
        if bundled.folder == nil { library.bundledLookedIn = bundled.lookedIn }
        return library
    }

    /// Every theme name the folders hold, sorted.
    public var names: [String] {
        let manager = FileManager.default
        let all = folders.flatMap { folder in
            ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter {
                manager.fileExists(atPath: folder + "/" + $0 + "/" + Self.fileName)
            }
        }
        return Array(Set(all)).sorted()
    }

    /// Why `name` cannot be a theme's name (`nil` when it can): a theme is a folder of a themes
    /// folder, so its name is one segment of ASCII letters, digits, `-` and `_`, starting with a
    /// letter or a digit, which cannot lead anywhere else (`../../x`).
    public static func problem(withName name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "a theme's name cannot be empty" }
        guard name.unicodeScalars.count <= 64 else { return "a theme's name has at most 64 characters" }
        let allowed = { (scalar: Unicode.Scalar) in scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) }
        guard allowed(first), name.unicodeScalars.allSatisfy({ allowed($0) || $0 == "-" || $0 == "_" }) else {
            return "a theme's name is ASCII letters, digits, - and _, starting with a letter or a digit"
        }
        return nil
    }

    /// The path of a theme's file, if a folder has it (`nil` for a name that is not a theme's).
    public func path(of name: String) -> String? {
        guard Self.problem(withName: name) == nil else { return nil }
        return folders.map { $0 + "/" + name + "/" + Self.fileName }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The folders of a theme and of the themes it extends, the theme's own first (for templates).
    public func folders(of name: String) -> [String] {
        var result: [String] = []
        var next: String? = name
        while let current = next, let path = path(of: current), result.count < 16 {
            let folder = (path as NSString).deletingLastPathComponent
            if result.contains(folder) { break }
            result.append(folder)
            let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            next = (try? Self.parsed(path, name: current, text: text))?.file.parent
        }
        return result
    }

    /// A theme's file as read, with what reading it said and where it names its parent.
    private struct Parsed: Sendable {
        var text: String
        var file: ThemeFile
        var diagnostics: [Diagnostic]
        var extendsPosition: SourcePosition
    }

    /// The last reading of each theme file, by path: `serve` loads the theme again for every
    /// save, and parsing the default theme's TOML was a sixth of a save's rebuild. A file whose
    /// text changed is read again.
    private static let readings = Mutex<[String: Parsed]>([:])

    /// The theme file at `path`, of the theme `name`, whose text is `text`.
    private static func parsed(_ path: String, name: String, text: String) throws(Diagnostic) -> Parsed {
        if let known = readings.withLock({ $0[path] }), known.text == text, known.file.name == name { return known }
        let source = try TOMLSource(path: path, text: text)
        let (file, diagnostics) = ThemeFile.read(name: name, source: source)
        let parsed = Parsed(text: text, file: file, diagnostics: diagnostics, extendsPosition: source.position(of: ["extends"]))
        readings.withLock { $0[path] = parsed }
        return parsed
    }

    /// The bytes of a theme's file; a folder in its place or a file that cannot be read is an
    /// error at its path (before, either was read as an empty theme, and the build went on with
    /// no styles at all).
    static func read(_ path: String) throws(Diagnostic) -> Data {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw Diagnostic(.error, "is a folder, where the theme's file belongs", path: path)
        }
        // A link is followed only inside the theme's folder, as for its templates and static
        // files: a theme.toml linked to a file elsewhere published what that file said.
        if let outside = linkedOutside(path) {
            throw Diagnostic(.error, "is a symbolic link to \(outside), outside its theme's folder: a theme's file must be its own", path: path)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Diagnostic(.error, "cannot be read: \(String(cString: strerror(errno)))", path: path)
        }
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw Diagnostic(.error, "cannot be read: \(error.localizedDescription)", path: path)
        }
    }

    /// Where the file at `path` leads when that is outside the folder holding it (through a link);
    /// else `nil`.
    static func linkedOutside(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        let folder = (path as NSString).deletingLastPathComponent
        guard let realFolder = realpath(folder.isEmpty ? "." : folder, nil) else { return String(cString: real) }
        defer { free(realFolder) }
        let target = String(cString: real), limit = String(cString: realFolder)
        return target.hasPrefix(limit.hasSuffix("/") ? limit : limit + "/") ? nil : target
    }

    /// The theme `name` with its ancestors merged in, or `nil` when it cannot be had; diagnostics
    /// cover every file read. `namedAt` is where `name` is written (a site's `runway.toml`), where
    /// a theme that is not there is reported.
    public func load(_ name: String, namedAt: (path: String, position: SourcePosition)? = nil) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        var chain: [ThemeFile] = []
        var diagnostics: [Diagnostic] = []
        var next: String? = name
        var requiredBy = namedAt
        while let current = next {
            if let problem = Self.problem(withName: current) {
                diagnostics.append(Diagnostic(.error, "'\(current)' is not a theme's name: \(problem)", path: requiredBy?.path ?? current,
                                              position: requiredBy?.position))
                return (nil, diagnostics)
            }
            guard let path = path(of: current) else {
                var message = "no theme named '\(current)' (looked in \(folders.map { $0 + "/" }.joined(separator: ", ")); available: \(names.isEmpty ? "none" : names.joined(separator: ", ")))"
                if !bundledLookedIn.isEmpty { message += "; " + BundledResources.notFound("themes", lookedIn: bundledLookedIn) }
                diagnostics.append(Diagnostic(.error, message, path: requiredBy?.path ?? current, position: requiredBy?.position))
                return (nil, diagnostics)
            }
            if chain.contains(where: { $0.name == current }) {
                let cycle = (chain.map(\.name) + [current]).joined(separator: " → ")
                diagnostics.append(Diagnostic(.error, "'extends' makes a cycle: \(cycle)", path: requiredBy?.path ?? path,
                                              position: requiredBy?.position))
                return (nil, diagnostics)
            }
            let parsed: Parsed
            do throws(Diagnostic) {
                let data = try Self.read(path)
                parsed = try Self.parsed(path, name: current, text: try UTF8Text.decode(data, path: path, kind: "TOML"))
            } catch {
                return (nil, diagnostics + [error])
            }
            diagnostics += parsed.diagnostics
            chain.append(parsed.file)
            requiredBy = (path, parsed.extendsPosition)
            next = parsed.file.parent
        }
        let theme = Self.merge(chain.reversed())
        // A constraint may name an attribute another theme of the chain declares.
        for file in chain.reversed() {
            diagnostics += file.undeclaredConstraints.filter { theme.definition.scope?[$0.attribute] == nil }.map(\.warning)
        }
        return (theme, diagnostics)
    }

    /// Ancestors first.
    private static func merge(_ files: [ThemeFile]) -> Theme {
        var scope = CustomAttributeScope(name: "theme \(files.last!.name)", declarations: [])
        var constraints: [FormattingDefinition.Constraint] = []
        var styles: [StyleTarget: [String: AttributeValue]] = [:]
        var params: [String: AttributeValue] = [:]
        for file in files {
            for declaration in file.scope.declarations { scope.declare(declaration) }
            constraints += file.constraints
            for (target, values) in file.styles { styles[target, default: [:]].merge(values) { _, new in new } }
            params.merge(file.params) { _, new in new }
        }
        let last = files.last!
        let definition = FormattingDefinition(scope: scope.declarations.isEmpty ? nil : scope, constraints: constraints)
        var theme = Theme(name: last.name, parent: last.parent, summary: last.summary, definition: definition, styles: styles)
        theme.params = params
        return theme
    }
}
