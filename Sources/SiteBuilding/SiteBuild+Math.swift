import MathConversion
import RunwayText
import SiteContent
import SiteOutput
import Synchronization

/// `[markdown] math = true`: formulas written as MathML by KaTeX (Debian's `katex`), one worker
/// per process, kept across `serve`'s rebuilds with the MathML it wrote.
extension SiteBuild {
    /// The converter, or an error at the setting, `position` of `runway.toml`, when KaTeX cannot run.
    func mathConverter(at position: SourcePosition?) -> Result<KaTeXConverter, Diagnostic> {
        let file = SitePaths.join(site, SiteConfiguration.fileName)
        guard let node = KaTeXConverter.defaultNode() else {
            return .failure(Diagnostic(.error, "math = true needs node and Debian's katex (apt-get install katex), and there is no node on the PATH",
                                       path: file, position: position))
        }
        let converter = Self.converters.withLock { known in
            if let made = known[node] { return made }
            let made = KaTeXConverter(node: node)
            known[node] = made
            return made
        }
        do throws(KaTeXConverter.Failure) {
            try converter.check()
        } catch {
            return .failure(Diagnostic(.error, "math = true: \(error.description)", path: file, position: position))
        }
        return .success(converter)
    }

    private static let converters = Mutex<[String: KaTeXConverter]>([:])
}
