import Foundation
import Synchronization

/// Emoji by their shortcodes, from Debian's `python3-emoji` (the `emoji` package's `EMOJI_DATA`):
/// GitHub's and Slack's aliases (`tada`, `+1`, `white_check_mark`) and the Unicode names in
/// English (`party_popper`), without their colons. Read from the package by the Python it is
/// installed for, once per process and Python.
public struct EmojiTable: Sendable {
    /// Each shortcode's emoji.
    public let emoji: [String: String]
    /// The version of the `emoji` package the table is from (`2.2.0`).
    public let version: String

    /// A table of these emoji, from that version.
    public init(emoji: [String: String], version: String) {
        self.emoji = emoji
        self.version = version
    }

    /// Why no table could be read: the Python, and what it said.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, in a sentence a site's author can act on.
        public var description: String
    }

    /// The table `python` reads from its `emoji` package (Debian's `python3-emoji`); the same
    /// table for the same Python after the first call.
    public static func load(python: String) throws(Failure) -> EmojiTable {
        if let known = loaded.withLock({ $0[python] }) { return known }
        let table = try read(python: python)
        loaded.withLock { $0[python] = table }
        return table
    }

    private static let loaded = Mutex<[String: EmojiTable]>([:])

    /// The Python program that writes the table as JSON: aliases first, so that an alias an
    /// English name repeats keeps its emoji.
    static let program = """
        import json, sys
        import emoji
        table = {}
        for kind in ("alias", "en"):
            for character, data in emoji.EMOJI_DATA.items():
                names = data.get(kind, [])
                for name in ([names] if isinstance(names, str) else names):
                    if name.startswith(":") and name.endswith(":") and len(name) > 2:
                        table.setdefault(name[1:-1], character)
        json.dump({"version": getattr(emoji, "__version__", ""), "emoji": table}, sys.stdout)
        """

    private static func read(python: String) throws(Failure) -> EmojiTable {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", program]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(python) (\(error.localizedDescription)) to read the emoji table; install Debian's python3-emoji")
        }
        // Read both pipes to their end before waiting, so that neither fills up.
        let errorData = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() }
            drained.signal()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        let said = String(decoding: errorData.withLock { $0 }, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let last = said.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw Failure(description: "\(python) cannot read the emoji table (\(last)); install Debian's python3-emoji (apt-get install python3-emoji)")
        }
        struct Answer: Decodable {
            var version: String
            var emoji: [String: String]
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data), !answer.emoji.isEmpty else {
            throw Failure(description: "\(python) gave no emoji table; install Debian's python3-emoji (apt-get install python3-emoji)")
        }
        return EmojiTable(emoji: answer.emoji, version: answer.version)
    }
}
