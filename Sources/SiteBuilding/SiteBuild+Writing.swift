import AttributedText
import Foundation
import Synchronization

/// Putting a build in place: a staging folder swapped in, or changed files replaced one by one.
extension SiteBuild {
    /// A first build (or one after the inputs changed): the static files join the staged pages, and
    /// the staging folder takes the output's place.
    func finish(_ staging: OutputFolder, statics: [String: String]) throws(Diagnostic) {
        do throws(Diagnostic) {
            for (file, source) in statics.sorted(by: { $0.key < $1.key }) { try staging.copy(source, to: file) }
            try staging.commit()
        } catch {
            staging.discard()
            throw error
        }
    }

    /// A later build: changed files replaced in place, static files copied when they changed, and
    /// files nothing makes any more removed. Returns the static files copied and the files removed.
    func update(previous: BuildCache, next: BuildCache, statics: [String: String], rendered: [(path: String, contents: String)],
                        destination: String) throws(Diagnostic) -> (copied: [String], removed: [String]) {
        let output = OutputUpdate(destination: destination)
        var copied: [String] = []
        for (file, signature) in next.statics.sorted(by: { $0.key < $1.key })
        where previous.statics[file] != signature || access(destination + "/" + file, F_OK) != 0 {
            try output.copy(statics[file]!, to: file)
            copied.append(file)
        }
        let failures = Mutex([Diagnostic?](repeating: nil, count: rendered.count))
        DispatchQueue.concurrentPerform(iterations: rendered.count) { index in
            do throws(Diagnostic) {
                try output.write(rendered[index].contents, to: rendered[index].path)
            } catch {
                failures.withLock { $0[index] = error }
            }
        }
        if let failure = failures.withLock({ $0.compactMap { $0 }.first }) { throw failure }
        let gone = Set(previous.outputs.keys).union(previous.statics.keys)
            .subtracting(next.outputs.keys).subtracting(next.statics.keys).sorted()
        for file in gone { output.remove(file) }
        return (copied, gone)
    }
}
