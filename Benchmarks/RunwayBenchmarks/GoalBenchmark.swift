import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SiteBuilding

/// Issue 40's goals that the other lines do not show (points 4 and 5): what the default theme's
/// templates cost a page in processor time, and the peak memory of a cold build beside Hugo's.
extension SiteBenchmark {
    /// The templates' processor time per page, by difference: cold builds without highlighting
    /// with the default theme (`withTheme`, measured by the caller's lines) and with site
    /// templates of one line each (`{{{page.content}}}` for pages, lists and the home), best of
    /// three; what the theme's head, menu, table of contents, tags, neighbours and related pages
    /// cost, divided by the pages rendered.
    func measureTemplates(clock: ContinuousClock, withTheme: (time: Duration, cpu: Double), pages: Int) throws {
        let templates = root + "/templates"
        defer { try? FileManager.default.removeItem(atPath: templates) }
        for name in ["page.html", "list.html", "home.html"] { try write("{{{page.content}}}", to: templates + "/" + name) }
        guard let minimal = try coldBuilds(clock: clock), pages > 0 else { return }
        let perPage = (withTheme.cpu - minimal.cpu) / Double(pages) * 1_000_000
        print("  templates: one-line templates, cold, no highlighting: \(Self.milliseconds(minimal.time)) ms, processor \(Int(minimal.cpu * 1000)) ms; "
            + "the default theme's \(Int(withTheme.cpu * 1000)) ms: its templates ≈ \(Int(perPage.rounded())) µs of processor time a page "
            + "(goal ≤ 20 µs)")
    }

    /// Peak memory (`/usr/bin/time -f %M`) of a cold `runway build` (the release binary beside
    /// this program, with highlighting) and of a cold `hugo` build of the same content with the twin
    /// theme, each in a folder of its own.
    func measureMemory() throws {
        let runway = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
            .deletingLastPathComponent().appendingPathComponent("runway").path
        guard FileManager.default.isExecutableFile(atPath: runway), FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            print("  peak memory: needs \(runway) (make bench-site builds it) and /usr/bin/time (Debian's time)")
            return
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("runway-bench-memory-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let ours = try Self.peakKilobytes([runway, "build", root, "--output", output])
        var line = "  peak memory, cold: runway \(ours / 1024) MB"
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/hugo") {
            try? FileManager.default.removeItem(atPath: output)
            let hugo = try Self.peakKilobytes(["/usr/bin/hugo", "--quiet", "--source", hugoRoot, "--destination", output,
                                               "--layoutDir", hugoRoot + "/layouts"])
            line += ", hugo \(hugo / 1024) MB; runway / hugo = \(String(format: "%.2f", Double(ours) / Double(hugo))) (goal ≤ 0.5)"
        }
        print(line)
    }

    /// The peak resident memory of `command` in KB, as `/usr/bin/time -f %M` reports it.
    private static func peakKilobytes(_ command: [String]) throws -> Int {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("runway-bench-time-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report] + command
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
              let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(command.joined(separator: " ")) failed (status \(process.terminationStatus))"])
        }
        return kilobytes
    }
}
