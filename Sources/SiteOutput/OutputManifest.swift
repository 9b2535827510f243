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

        /// An entry of `key` whose file has `signature`.
        public init(key: UInt64, signature: FileSignature) {
            self.key = key
            self.signature = signature
        }
    }

    static let heading = "runway-manifest 1"

    /// The real path (symbolic links resolved) of the folder this manifest describes.
    public var folder: String
    /// Every file Runway wrote into the folder, with its key and signature.
    public var files: [OutputPath: Entry] = [:]
    /// The folders Runway created, which it removes once they are empty.
    public var folders: Set<OutputPath> = []

    /// An empty manifest of the folder `folder` (a real path).
    public init(folder: String) {
        self.folder = folder
    }

    /// The manifest in its stored form, written into one reserved string without a temporary per
    /// line (it is saved after every build that changed a file).
    func encoded() -> String {
        var text = Self.heading + "\nfolder " + folder + "\n"
        text.reserveCapacity(text.utf8.count + folders.count * 48 + files.count * 96)
        for folder in folders.sorted() {
            text += "d "
            text += folder.value
            text += "\n"
        }
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            text += "f "
            text += hex(entry.key)
            text += " "
            entry.signature.write(to: &text)
            text += " "
            text += path.value
            text += "\n"
        }
        return text
    }

    /// Reads the stored form; a problem is said with its line. Over the UTF-8 bytes, a line at a
    /// time: a 10,000-page site's manifest is read at the start of every build.
    static func decode(_ text: String) -> Result<OutputManifest, ManifestProblem> {
        let bytes = Array(text.utf8)
        guard bytes.last == UInt8(ascii: "\n") else {
            return .failure(ManifestProblem(line: bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1, reason: "it is cut short"))
        }
        var lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), first.elementsEqual(heading.utf8) else {
            return .failure(ManifestProblem(line: 1, reason: "it is not a manifest of this version"))
        }
        guard let second = lines.popFirst(), second.starts(with: "folder /".utf8) else {
            return .failure(ManifestProblem(line: 2, reason: "it does not name its folder"))
        }
        var manifest = OutputManifest(folder: String(decoding: second.dropFirst("folder ".count), as: UTF8.self))
        manifest.files.reserveCapacity(lines.count)
        for (offset, line) in lines.enumerated() {
            let problem = ManifestProblem(line: offset + 3, reason: "it has a line Runway cannot read")
            if line.starts(with: "d ".utf8) {
                guard let path = OutputPath(String(decoding: line.dropFirst(2), as: UTF8.self)) else { return .failure(problem) }
                manifest.folders.insert(path)
                continue
            }
            // f KEY SIGNATURE PATH: the path is the rest of the line (it may hold spaces).
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0].elementsEqual("f".utf8), fields[1].count == 16,
                  let key = UInt64(String(decoding: fields[1], as: UTF8.self), radix: 16),
                  let signature = FileSignature(utf8: fields[2]),
                  let path = OutputPath(String(decoding: fields[3], as: UTF8.self))
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
