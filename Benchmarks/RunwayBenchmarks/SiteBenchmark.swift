import Foundation
import SiteBuilding

/// `make bench-site`: a generated site of `pageCount` pages built by Runway (cold, then again with
/// no change), and by Hugo from the same content when `hugo` is installed.
enum SiteBenchmark {
    static func run(pageCount: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runway-bench-site").path
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

        let clock = ContinuousClock()
        let cold = clock.measure { _ = SiteBuild(site: root).run() }
        let again = clock.measure { _ = SiteBuild(site: root).run() }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("runway build, cold:          \(milliseconds(cold)) ms")
        print("runway build, no change:     \(milliseconds(again)) ms (no incremental cache yet: a full build)")
        print("peak memory (this process):  \(usage.ru_maxrss / 1024) MB")

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/hugo") else {
            print("hugo: not installed (apt-get install hugo) — no comparison")
            return
        }
        let hugoRoot = root + "-hugo"
        try? FileManager.default.removeItem(atPath: hugoRoot)
        try FileManager.default.createDirectory(atPath: hugoRoot + "/layouts/_default", withIntermediateDirectories: true)
        try "baseURL = 'https://bench.example/'\ntitle = 'Bench'\n[markup.goldmark.renderer]\nunsafe = false\n"
            .write(toFile: hugoRoot + "/hugo.toml", atomically: true, encoding: .utf8)
        try "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n"
            .write(toFile: hugoRoot + "/layouts/_default/single.html", atomically: true, encoding: .utf8)
        try "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><ul>{{ range .Paginator.Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n"
            .write(toFile: hugoRoot + "/layouts/_default/list.html", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: root + "/content", toPath: hugoRoot + "/content")
        let hugo = try clock.measure {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/hugo")
            process.arguments = ["--quiet", "--source", hugoRoot, "--destination", hugoRoot + "/public"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        print("hugo, cold, same content:    \(milliseconds(hugo)) ms; runway / hugo = \(String(format: "%.2f", seconds(cold) / seconds(hugo))) (goal ≤ 0.5)")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ duration: Duration) -> Int { Int(seconds(duration) * 1000) }
}
