import RunwayText
import Foundation
import SiteOutput

/// Putting a build's changes in the output folder as one transaction: every changed file rendered
/// (or copied) beside its place, then all renamed in and the files nothing makes any more removed;
/// on any error, nothing at all.
extension SiteBuild {
    struct Published {
        /// Relative to the output folder, sorted.
        var written: [String] = []
        var removed: [String] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Renders `jobs`, copies `copies` and removes `removals` in `output`, all or nothing. When
    /// `writing` is false (the build already failed) the jobs are only rendered, for their errors.
    func publish(_ jobs: [OutputJob], copies: [StaticCopy], removals: [OutputPath], into output: OutputFolder, writing: Bool,
                 rendering inputs: RenderInputs) -> Published {
        guard writing else { return Published(diagnostics: render(jobs, inputs, into: nil)) }
        guard !jobs.isEmpty || !copies.isEmpty || !removals.isEmpty else { return Published() }
        let transaction: OutputTransaction
        do throws(Diagnostic) {
            transaction = try output.begin(writes: jobs.map { ($0.path, $0.key.value) } + copies.map { ($0.path, $0.key.value) },
                                           removals: removals)
        } catch {
            return Published(diagnostics: [error])
        }
        var diagnostics = render(jobs, inputs, into: transaction)
        if diagnostics.isEmpty {
            for copy in copies {
                do throws(Diagnostic) {
                    try transaction.copy(from: copy.source, to: copy.path)
                } catch {
                    diagnostics.append(error)
                    break
                }
            }
        }
        guard diagnostics.isEmpty else {
            transaction.rollback()
            return Published(diagnostics: diagnostics)
        }
        do throws(Diagnostic) {
            output.record(try transaction.commit())
        } catch {
            return Published(diagnostics: [error])
        }
        return Published(written: (jobs.map(\.path.value) + copies.map(\.path.value)).sorted(), removed: removals.map(\.value))
    }
}
