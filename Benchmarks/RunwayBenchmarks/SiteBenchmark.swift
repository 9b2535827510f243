import Foundation
import SiteBuilding

/// `make bench-site`: a generated site of `pageCount` pages built by Runway (cold, again with no
/// change, and after one page changed), and by Hugo from the same content when `hugo` is installed.
enum SiteBenchmark {
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-bench-site").path
    static let hugoRoot = root + "-hugo"

    /// Writes the generated site into `root`, and the same content as a Hugo site into `hugoRoot`.
    static func generate(pageCount: Int) throws {
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root + "/content/posts", withIntermediateDirectories: true)
        try "title = \"Bench\"\nbaseURL = \"https://bench.example/\"\npaginate = 20\n"
            .write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
        let corpus = Corpus(pageCount: pageCount, attributes: true)
        for (index, page) in corpus.pages.enumerated() {
            let day = String(format: "%02d", index % 28 + 1), month = String(format: "%02d", index % 12 + 1)
            let front = "---\ntitle: \"Page \(index)\"\ndate: 2025-\(month)-\(day)\ntags: [tag\(index % 50), all]\n---\n"
            try (front + page).write(toFile: root + "/content/posts/page-\(index).md", atomically: false, encoding: .utf8)
        }
        try "# Home\n".write(toFile: root + "/content/index.md", atomically: false, encoding: .utf8)
        print("site: \(pageCount) pages, \(String(format: "%.1f", Double(corpus.byteCount) / 1_000_000)) MB of Markdown in \(root)")

        try? FileManager.default.removeItem(atPath: hugoRoot)
        try FileManager.default.createDirectory(atPath: hugoRoot + "/layouts/_default", withIntermediateDirectories: true)
        try "baseURL = 'https://bench.example/'\ntitle = 'Bench'\n[markup.goldmark.renderer]\nunsafe = false\n"
            .write(toFile: hugoRoot + "/hugo.toml", atomically: true, encoding: .utf8)
        try "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n"
            .write(toFile: hugoRoot + "/layouts/_default/single.html", atomically: true, encoding: .utf8)
        try "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><ul>{{ range .Paginator.Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n"
            .write(toFile: hugoRoot + "/layouts/_default/list.html", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: root + "/content", toPath: hugoRoot + "/content")
        // Hugo's home page is `_index.md`: an `index.md` there makes the whole of content/ one leaf
        // bundle, whose Markdown files are resources, not pages, and Hugo renders none of them.
        try FileManager.default.moveItem(atPath: hugoRoot + "/content/index.md", toPath: hugoRoot + "/content/_index.md")
    }

    /// Cold builds are timed three times each, Runway's and Hugo's in turn, each after its previous
    /// output is removed (untimed), and the best of each is compared: on this machine's file system
    /// the time to create files depends on how many were deleted in the last minutes, which made
    /// one build of either differ from the next by a quarter.
    static func run(pageCount: Int) throws {
        try generate(pageCount: pageCount)
        let clock = ContinuousClock()
        let build = SiteBuild(site: root)
        let hugo = FileManager.default.isExecutableFile(atPath: "/usr/bin/hugo")
        var coldTimes: [Duration] = [], hugoTimes: [Duration] = []
        var cold: SiteBuild.Report?
        for _ in 0..<3 {
            if let cache = build.cachePath { try? FileManager.default.removeItem(atPath: cache) }
            try? FileManager.default.removeItem(atPath: build.destination)
            coldTimes.append(clock.measure { cold = build.run() })
            if hugo {
                try? FileManager.default.removeItem(atPath: hugoRoot + "/public")
                hugoTimes.append(try clock.measure { try runHugo() })
            }
        }
        guard let cold, let coldTime = coldTimes.min() else { return }
        var again = cold
        let againTime = clock.measure { again = build.run() }
        let edited = root + "/content/posts/page-\(pageCount / 2).md"
        try (String(contentsOfFile: edited, encoding: .utf8) + "\nOne more sentence.\n").write(toFile: edited, atomically: true, encoding: .utf8)
        var one = cold
        let oneTime = clock.measure { one = build.run() }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("runway build, cold:          \(milliseconds(coldTime)) ms, best of \(list(coldTimes)) "
            + "(parsed \(cold.parsed), wrote \(cold.written.count) files)")
        print("runway build, no change:     \(milliseconds(againTime)) ms (parsed \(again.parsed), wrote \(again.written.count))")
        print("runway build, one page:      \(milliseconds(oneTime)) ms (parsed \(one.parsed), wrote \(one.written.count)); "
            + "one-page / cold = \(String(format: "%.3f", seconds(oneTime) / seconds(coldTime))) (goal ≤ 0.2)")
        print("peak memory (this process):  \(usage.ru_maxrss / 1024) MB")

        guard let hugoTime = hugoTimes.min() else {
            print("hugo: not installed (apt-get install hugo) — no comparison")
            return
        }
        print("hugo, cold, same content:    \(milliseconds(hugoTime)) ms, best of \(list(hugoTimes)); "
            + "runway cold / hugo cold = \(String(format: "%.2f", seconds(coldTime) / seconds(hugoTime))) (goal ≤ 0.5)")
    }

    private static func runHugo() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hugo")
        process.arguments = ["--quiet", "--source", hugoRoot, "--destination", hugoRoot + "/public"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    private static func list(_ times: [Duration]) -> String {
        times.map { String(milliseconds($0)) }.joined(separator: ", ") + " ms"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ duration: Duration) -> Int { Int(seconds(duration) * 1000) }
}
