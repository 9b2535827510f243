public import ArgumentParser
import RunwayText
import Foundation

/// The `runway` command: a static site generator whose rendering model is attributed text.
public struct Runway: AsyncParsableCommand {
    /// Runway's version, as `runway --version` prints it.
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "runway",
        abstract: "A static site generator whose Markdown carries typed, themable attributes.",
        version: version,
        subcommands: [New.self, Build.self, Serve.self, Watch.self, Check.self, Import.self, ThemeCommand.self, Render.self, Runs.self]
    )

    public init() {}

    /// Runs the command line; usage errors exit with status 2, as DESIGN §5 says.
    public static func runMain(_ arguments: [String]? = nil) async -> Never {
        do {
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch let diagnostic as Diagnostic {
            Terminal.report([diagnostic])
            Foundation.exit(1)
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Where diagnostics and output go.
enum Terminal {
    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
    }

    /// One closing line on standard error: what was checked, how many problems of each kind, and
    /// how many files were skipped, by reason (each has its warning).
    static func summarize(_ diagnostics: [Diagnostic], checked: String) {
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count - errors
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var line = "checked \(checked): \(plural(errors, "error")), \(plural(warnings, "warning"))"
        let skipped = skippedFiles(diagnostics)
        if !skipped.isEmpty {
            line += "; skipped \(plural(skipped.reduce(0) { $0 + $1.count }, "file")): "
                + skipped.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The files the diagnostics say were skipped (`skipped: …` warnings), counted by reason,
    /// the most first.
    static func skippedFiles(_ diagnostics: [Diagnostic]) -> [(reason: String, count: Int)] {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics where diagnostic.message.hasPrefix("skipped: ") {
            let said = diagnostic.message.dropFirst("skipped: ".count)
            let reason = said.hasPrefix("a symbolic link") ? "links out of their folder or to nothing"
                : said.hasPrefix("version control") ? "of version control"
                : said.hasPrefix("this page is in the language") ? "in a language runway.toml does not declare"
                : "not pages (nor files of a page's folder)"
            counts[reason, default: 0] += 1
        }
        return counts.map { (reason: $0.key, count: $0.value) }.sorted { ($0.count, $1.reason) > ($1.count, $0.reason) }
    }

    /// Calls `body` with a function that writes to standard output through a buffer: many small
    /// pieces cost few writes, and the whole output is never held.
    static func stream(_ body: (_ write: (String) -> Void) throws -> Void) rethrows {
        var buffer = ""
        buffer.reserveCapacity(1 << 16)
        defer { print(buffer) }
        try body { piece in
            buffer += piece
            if buffer.utf8.count >= 1 << 16 {
                print(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Writes `text` to standard output from the string's own storage (pages can be large).
    static func print(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var rest = UnsafeRawBufferPointer(bytes)
            while !rest.isEmpty {
                let written = write(1, rest.baseAddress, rest.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
        }
    }
}
