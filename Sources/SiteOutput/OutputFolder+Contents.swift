public import RunwayText
import Foundation

extension OutputFolder {
    /// Makes the files Runway keeps in this folder exactly those under `source` (a folder of
    /// regular files, such as a build made elsewhere), as one transaction: new and changed files
    /// copied in, files Runway wrote that `source` lacks removed, other files left alone.
    /// Returns the files written and removed.
    public func replaceContents(withFilesIn source: String) throws(Diagnostic) -> (written: [OutputPath], removed: [OutputPath]) {
        var files: [(path: OutputPath, key: UInt64)] = []
        for relative in ((FileManager.default.enumerator(atPath: source)?.allObjects as? [String]) ?? []).sorted() {
            guard FileSignature.of(source + "/" + relative) != nil, let bytes = FileContents.read(source + "/" + relative) else { continue }
            guard let path = OutputPath(relative) else {
                throw Diagnostic(.error, "cannot be copied into the output: \(OutputPath.problem(with: relative) ?? "")", path: source + "/" + relative)
            }
            files.append((path, ContentHash(bytes).value))
        }
        let changed = zip(files, current(files, lookingAtFiles: true)).filter { !$0.1 }.map(\.0)
        let kept = Set(files.map(\.path))
        let removals = manifest.files.keys.filter { !kept.contains($0) }.sorted()
        guard !changed.isEmpty || !removals.isEmpty else { return ([], []) }
        let transaction = try begin(writes: changed, removals: removals)
        do throws(Diagnostic) {
            for file in changed { try transaction.copy(from: source + "/" + file.path.value, to: file.path) }
        } catch {
            transaction.rollback()
            throw error
        }
        record(try transaction.commit())
        return (changed.map(\.path), removals)
    }
}
