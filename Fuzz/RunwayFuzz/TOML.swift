import RunwayText
import Formatting
import SiteBuilding
import SiteContent

/// `make fuzz TARGET=toml`: arbitrary bytes as the TOML of `runway.toml` and of a `theme.toml`.
/// Every input must come out as a table or a located diagnostic; a table is then read as a site
/// configuration and as a theme file, whose problems are diagnostics too. An abort inside toml++
/// (its assertions are live in the fuzz build), a trap or an ASan report is a finding. Seeds:
/// `Fuzz/seeds/toml/`. TOMLKit frees none of the tables it parses (see Fuzz/leak-suppressions.txt),
/// so memory grows with the run: about 1.2 GB after 15 minutes, against libFuzzer's 2 GB limit.
enum TOMLTarget {
    /// One input, through `TOMLSource` and the two readers of its table.
    static func exercise(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        let source: TOMLSource
        do throws(Diagnostic) {
            source = try TOMLSource(path: "runway.toml", text: text)
        } catch {
            precondition(error.severity == .error && error.position != nil, "a TOML error must be located: \(error)")
            return
        }
        _ = SiteConfiguration.read(source)
        _ = ThemeFile.read(name: "fuzz", source: source)
    }
}
