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
        /// The errors (under `strict`, the highlighting's warnings too).
        var diagnostics: [Diagnostic] = []
        /// The warnings of the code of the pages whose bodies were made as they were rendered.
        var warnings: [Diagnostic] = []
        /// What highlighting those pages' code said, by file (`Rendered.highlighted`).
        var highlighted: [String: (diagnostics: [Diagnostic], pending: Bool)] = [:]
    }

    /// Renders `jobs`, copies `copies` and removes `removals` in `output`, all or nothing. When
    /// `writing` is false (the build already failed) the jobs are only rendered, for their errors.
    /// The warnings of the deferred pages' code (`RenderInputs.deferred`) are errors under `strict`.
    func publish(_ jobs: [OutputJob], copies: [StaticCopy], removals: [OutputPath], into output: OutputFolder, writing: Bool,
                 rendering inputs: RenderInputs) -> Published {
        // Without writing (the build failed, or nothing changed in the output), the jobs are
        // rendered for their errors, and the deferred pages' code for its warnings.
        guard writing, !jobs.isEmpty || !copies.isEmpty || !removals.isEmpty else {
            let rendered = render(jobs, inputs, into: nil)
            return Published(diagnostics: rendered.errors + (strict ? rendered.highlightWarnings.map(\.promotedToError) : []),
                             warnings: strict ? [] : rendered.highlightWarnings, highlighted: rendered.highlighted)
        }
        let transaction: OutputTransaction
        do throws(Diagnostic) {
            transaction = try output.begin(writes: jobs.map { ($0.path, $0.key.value) } + copies.map { ($0.path, $0.key.value) },
                                           removals: removals)
        } catch {
            return Published(diagnostics: [error])
        }
        let rendered = render(jobs, inputs, into: transaction)
        var diagnostics = rendered.errors
        let warnings = strict ? [] : rendered.highlightWarnings
        if strict { diagnostics += rendered.highlightWarnings.map(\.promotedToError) }
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
            return Published(diagnostics: diagnostics, warnings: warnings, highlighted: rendered.highlighted)
        }
        do throws(Diagnostic) {
            var outcome = try transaction.commit()
            // An output found to show code left plain for want of the tokenizer as it was
            // rendered is noted under its key for that (`pending(_:)`): the next build with the
            // tokenizer renders it again.
            for job in jobs where rendered.pending.contains(job.path) {
                outcome.written[job.path]?.key = Self.pending(job.key).value
            }
            output.record(outcome)
        } catch {
            return Published(diagnostics: [error], warnings: warnings, highlighted: rendered.highlighted)
        }
        return Published(written: (jobs.map(\.path.value) + copies.map(\.path.value)).sorted(), removed: removals.map(\.value),
                         warnings: warnings, highlighted: rendered.highlighted)
    }
}
