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
        /// The errors.
        var diagnostics: [Diagnostic] = []
        /// What rendering said besides: the deferred pages' highlighting (`Rendered.highlighted`).
        var rendered = Rendered()
        /// Whether the build was stopped (`SiteBuild.stop`) before its commit: nothing changed.
        var stopped = false
    }

    /// Renders `jobs`, copies `copies` and removes `removals` in `output`, all or nothing. When
    /// `writing` is false (the build already failed) the jobs are only rendered, for their errors.
    /// Under `strict`, a warning of the deferred pages' code (``PageBodies``) fails it too
    /// (`run` says it as an error). With `search`, the pages are indexed once written, and the
    /// index is part of the same transaction (`index(_:into:output:)`).
    func publish(_ jobs: [OutputJob], copies: [StaticCopy], removals: [OutputPath], into output: OutputFolder, writing: Bool,
                 rendering inputs: RenderInputs, search: SearchIndexing? = nil) -> Published {
        // Without writing (the build failed, or nothing changed in the output), the jobs are
        // rendered for their errors, and the deferred pages' code for its warnings.
        guard writing, !jobs.isEmpty || !copies.isEmpty || !removals.isEmpty || search != nil else {
            let rendered = render(jobs, inputs, into: nil)
            return Published(diagnostics: rendered.errors, rendered: rendered, stopped: stop.isRequested)
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
        let failed = { !diagnostics.isEmpty || strict && !rendered.highlightWarnings.isEmpty }
        if !failed() {
            for copy in copies where !stop.isRequested {
                do throws(Diagnostic) {
                    try transaction.copy(from: copy.source, to: copy.path)
                } catch {
                    diagnostics.append(error)
                    break
                }
            }
        }
        var searched: (written: [String], removed: [String]) = ([], [])
        if let search, !failed(), !stop.isRequested {
            do throws(Diagnostic) {
                searched = try index(search, into: transaction, output: output)
            } catch {
                diagnostics.append(error)
            }
        }
        // A stop requested from here on finds the commit begun: it finishes.
        guard !failed(), !stop.isRequested else {
            transaction.rollback()
            return Published(diagnostics: diagnostics, rendered: rendered, stopped: stop.isRequested)
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
            return Published(diagnostics: [error], rendered: rendered)
        }
        return Published(written: (jobs.map(\.path.value) + copies.map(\.path.value) + searched.written).sorted(),
                         removed: (removals.map(\.value) + searched.removed).sorted(), rendered: rendered)
    }
}
