/// The record of what Runway wrote into one output folder: each file with the key of the inputs
/// it was made from and its signature when written, and each folder Runway created. Runway
/// replaces and removes only what this lists, so files it did not write stay.
///
/// Stored as text, a line each, beside the build cache (`.runway-cache/NAME.manifest`):
///
///     runway-manifest 1
///     folder /home/me/site/_site
///     d posts
///     f 9f3c0a1b2c3d4e5f 2041:1763900000.123456789:1234567 posts/index.html
public struct OutputManifest: Sendable, Equatable {
    /// One file Runway wrote.
    public struct Entry: Hashable, Sendable {
        /// The key of the inputs the file was made from (a build compares it with the key it computes).
        public var key: UInt64
        /// The file as Runway left it.
        public var signature: FileSignature

        public init(key: UInt64, signature: FileSignature) {
            self.key = key
            self.signature = signature
        }
    }

    static let heading = "runway-manifest 1"

    /// The real path (symbolic links resolved) of the folder this manifest describes.
    public var folder: String
    public var files: [OutputPath: Entry] = [:]
    /// The folders Runway created, which it removes once they are empty.
    public var folders: Set<OutputPath> = []

    public init(folder: String) {
        self.folder = folder
    }

    /// The manifest in its stored form.
    func encoded() -> String {
        var text = Self.heading + "\nfolder " + folder + "\n"
        for folder in folders.sorted() { text += "d " + folder.value + "\n" }
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            text += "f " + hex(entry.key) + " " + entry.signature.description + " " + path.value + "\n"
        }
        return text
    }

    /// Reads the stored form; a problem is said with its line.
    static func decode(_ text: String) -> Result<OutputManifest, ManifestProblem> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { return .failure(ManifestProblem(line: lines.count, reason: "it is cut short")) }
        lines.removeLast()
        guard lines.first == Substring(heading) else { return .failure(ManifestProblem(line: 1, reason: "it is not a manifest of this version")) }
        guard lines.count >= 2, lines[1].hasPrefix("folder /") else { return .failure(ManifestProblem(line: 2, reason: "it does not name its folder")) }
        var manifest = OutputManifest(folder: String(lines[1].dropFirst("folder ".count)))
        for (index, line) in lines.enumerated().dropFirst(2) {
            let problem = ManifestProblem(line: index + 1, reason: "it has a line Runway cannot read")
            if line.hasPrefix("d ") {
                guard let path = OutputPath(String(line.dropFirst(2))) else { return .failure(problem) }
                manifest.folders.insert(path)
                continue
            }
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0] == "f", let key = UInt64(fields[1], radix: 16),
                  let signature = FileSignature(fields[2]), let path = OutputPath(String(fields[3]))
            else { return .failure(problem) }
            manifest.files[path] = Entry(key: key, signature: signature)
        }
        return .success(manifest)
    }
}

/// Why a stored manifest could not be read.
struct ManifestProblem: Error, Equatable {
    var line: Int
    var reason: String
}

/// Sixteen hexadecimal digits.
func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
