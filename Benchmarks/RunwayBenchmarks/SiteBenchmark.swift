import RunwayText
import Foundation
import SyntaxHighlighting
import SiteBuilding

/// `make bench-site`: a site built by Runway (cold, again with no change, and after one page
/// changed), and by Hugo from the same content when `hugo` is installed. Two sites: a generated one
/// of `pageCount` pages, and one of real text (the real corpus cut at its headings, a page per
/// section); each in two places: on disk (the temporary folder) and in memory (`/dev/shm`). On this
/// machine's disk, creating files soon after thousands were deleted stays slow for minutes, which
/// hides the generator's own cost; in memory it does not.
struct SiteBenchmark {
    /// What the figures are called.
    let name: String
    /// The Runway site; its Hugo twin is beside it (`-hugo`).
    let root: String
    var hugoRoot: String { root + "-hugo" }

    /// The folders the benchmark sites go in: the temporary folder (disk), and `/dev/shm` (memory)
    /// when there is one.
    static var places: [(name: String, folder: String)] {
        var places = [(name: "on disk", folder: FileManager.default.temporaryDirectory.path)]
        if FileManager.default.fileExists(atPath: "/dev/shm") { places.append((name: "in memory", folder: "/dev/shm")) }
        return places
    }

    /// The generated site of `pageCount` pages in `folder`, and its Hugo twin.
    static func generated(pageCount: Int, in folder: String, place: String) throws -> SiteBenchmark {
        let site = SiteBenchmark(name: "generated, \(pageCount) pages, \(place)", root: folder + "/runway-bench-site")
        try site.prepare()
        let corpus = Corpus(pageCount: pageCount, attributes: true)
        for (index, page) in corpus.pages.enumerated() {
            let day = String(format: "%02d", index % 28 + 1), month = String(format: "%02d", index % 12 + 1)
            let front = "---\ntitle: \"Page \(index)\"\ndate: 2025-\(month)-\(day)\ntags: [tag\(index % 50), all]\n---\n"
            try (front + page).write(toFile: site.root + "/content/posts/page-\(index).md", atomically: false, encoding: .utf8)
        }
        try site.finish(summary: "\(pageCount) pages, \(String(format: "%.1f", Double(corpus.byteCount) / 1_000_000)) MB of Markdown")
        return site
    }

    /// A site of real text in `folder`: each file of the real corpus (`corpus`) cut before each of
    /// its headings, a page per piece, in a section per file; and its Hugo twin.
    static func real(corpus: String, in folder: String, place: String) throws -> SiteBenchmark {
        let real = try RealCorpus(folder: corpus)
        let site = SiteBenchmark(name: "real text, \(place)", root: folder + "/runway-bench-real-site")
        try site.prepare()
        var count = 0, bytes = 0
        for (name, text) in zip(real.names, real.pages) {
            let section = (name as NSString).deletingPathExtension.filter { $0.isLetter || $0.isNumber }
            try FileManager.default.createDirectory(atPath: site.root + "/content/" + section, withIntermediateDirectories: true)
            for (index, piece) in sections(of: text).enumerated() {
                let title = piece.title.replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "\\", with: "/")
                let day = String(format: "%02d", count % 28 + 1), month = String(format: "%02d", count % 12 + 1)
                let front = "---\ntitle: \"\(title)\"\ndate: 2024-\(month)-\(day)\ntags: [\(section)]\n---\n"
                try (front + piece.text).write(toFile: site.root + "/content/\(section)/part-\(index).md", atomically: false, encoding: .utf8)
                count += 1
                bytes += piece.text.utf8.count
            }
        }
        try site.finish(summary: "\(count) pages, \(String(format: "%.1f", Double(bytes) / 1_000_000)) MB of Markdown from \(corpus)")
        return site
    }

    /// A Markdown text cut before each ATX heading outside code fences, each piece with its
    /// heading's text as title.
    static func sections(of text: String) -> [(title: String, text: String)] {
        var pieces: [(title: String, text: String)] = []
        var current: [Substring] = []
        var title = "Introduction"
        var fence: Substring?
        func flush() {
            let joined = current.joined(separator: "\n")
            if !joined.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { pieces.append((title, joined + "\n")) }
            current = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
            } else if line.hasPrefix("#"), let space = line.firstIndex(of: " "), line[..<space].allSatisfy({ $0 == "#" }), line[..<space].count <= 6 {
                flush()
                title = String(line[space...].trimmingCharacters(in: .whitespaces).prefix(80))
                if title.isEmpty { title = "Section" }
            }
            current.append(line)
        }
        flush()
        return pieces
    }

    /// An empty site with its configuration, and an empty Hugo twin with its own.
    private func prepare() throws {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: hugoRoot)
        try FileManager.default.createDirectory(atPath: root + "/content/posts", withIntermediateDirectories: true)
        try "title = \"Bench\"\nbaseURL = \"https://bench.example/\"\npaginate = 20\n"
            .write(toFile: root + "/runway.toml", atomically: true, encoding: .utf8)
    }

    /// The home page, then the Hugo twin from the same content.
    private func finish(summary: String) throws {
        try "# Home\n".write(toFile: root + "/content/index.md", atomically: false, encoding: .utf8)
        print("\(name): \(summary) in \(root)")
        try FileManager.default.createDirectory(atPath: hugoRoot, withIntermediateDirectories: true)
        try "baseURL = 'https://bench.example/'\ntitle = 'Bench'\npaginate = 20\n[markup.goldmark.renderer]\nunsafe = false\n"
            .write(toFile: hugoRoot + "/hugo.toml", atomically: true, encoding: .utf8)
        try HugoLayouts.write(HugoLayouts.port, into: hugoRoot + "/layouts")
        try HugoLayouts.write(HugoLayouts.minimal, into: hugoRoot + "/layouts-minimal")
        try FileManager.default.copyItem(atPath: root + "/content", toPath: hugoRoot + "/content")
        // Hugo's home page is `_index.md`: an `index.md` there makes the whole of content/ one leaf
        // bundle, whose Markdown files are resources, not pages, and Hugo renders none of them.
        try FileManager.default.moveItem(atPath: hugoRoot + "/content/index.md", toPath: hugoRoot + "/content/_index.md")
    }

    /// Cold builds are timed three times each, Runway's and Hugo's in turn, each after its previous
    /// output is removed (untimed), and the best of each is compared: on this machine's disk the
    /// time to create files depends on how many were deleted in the last minutes, which made one
    /// build of either differ from the next by a quarter. The one-page rebuild is timed three
    /// times too, each after another edit of the same page.
    func run() throws {
        let clock = ContinuousClock()
        var build = SiteBuild(site: root)
        let hugo = FileManager.default.isExecutableFile(atPath: "/usr/bin/hugo")
        var coldTimes: [Duration] = [], hugoTimes: [Duration] = [], minimalHugoTimes: [Duration] = []
        var plainTimes: [Duration] = [], plainCPU: [CPUTime] = []
        var coldCPU: [CPUTime] = [], hugoCPU: [CPUTime] = []
        var cold: SiteBuild.Report?
        for _ in 0..<3 {
            // Cold with highlighting too: no tokens cached, new Pygments processes (theirs count
            // in the wall time, not in this process's CPU).
            for file in [build.cachePath, build.tokenCachePath].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: file) }
            build.highlighter = CodeHighlighter(tokenizer: PygmentsTokenizer(), cache: TokenCache())
            try? FileManager.default.removeItem(atPath: build.destination)
            let before = CPUTime(RUSAGE_SELF)
            coldTimes.append(clock.measure { cold = build.run() })
            coldCPU.append(CPUTime(RUSAGE_SELF) - before)
            // The same build without highlighting, to tell what it costs.
            var plain = build
            plain.highlighter = nil
            for file in [build.cachePath, build.tokenCachePath].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: file) }
            try? FileManager.default.removeItem(atPath: build.destination)
            let plainBefore = CPUTime(RUSAGE_SELF)
            plainTimes.append(clock.measure { _ = plain.run() })
            plainCPU.append(CPUTime(RUSAGE_SELF) - plainBefore)
            if hugo {
                try? FileManager.default.removeItem(atPath: hugoRoot + "/public")
                let before = CPUTime(RUSAGE_CHILDREN)
                hugoTimes.append(try clock.measure { try runHugo(layouts: "layouts") })
                hugoCPU.append(CPUTime(RUSAGE_CHILDREN) - before)
                try? FileManager.default.removeItem(atPath: hugoRoot + "/public")
                minimalHugoTimes.append(try clock.measure { try runHugo(layouts: "layouts-minimal") })
            }
        }
        guard let cold, let coldTime = coldTimes.min() else { return }
        guard cold.succeeded else {
            print("runway build failed: \(cold.diagnostics.filter { $0.severity == .error }.prefix(3))")
            return
        }
        // The build that stays is the last highlighted one: its tokens are cached for the rebuilds.
        try? FileManager.default.removeItem(atPath: build.destination)
        for file in [build.cachePath, build.tokenCachePath].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: file) }
        _ = build.run()
        let requestsBefore = build.highlighter?.tokenizer.requestCount ?? 0
        var again = cold
        let againTime = clock.measure { again = build.run() }
        let pages = try FileManager.default.subpathsOfDirectory(atPath: root + "/content").filter { $0.hasSuffix(".md") }.sorted()
        let edited = root + "/content/" + pages[pages.count / 2]
        var one = cold
        var oneTimes: [Duration] = []
        for round in 0..<3 {
            try (String(contentsOfFile: edited, encoding: .utf8) + "\nOne more sentence (\(round)).\n")
                .write(toFile: edited, atomically: true, encoding: .utf8)
            oneTimes.append(clock.measure { one = build.run() })
        }
        let oneTime = oneTimes.min()!
        let rebuildRequests = (build.highlighter?.tokenizer.requestCount ?? 0) - requestsBefore
        print("  runway build, cold:          \(Self.milliseconds(coldTime)) ms, best of \(Self.list(coldTimes)) "
            + "(parsed \(cold.parsed), wrote \(cold.written.count) files); CPU \(coldCPU[coldTimes.firstIndex(of: coldTime)!])")
        if let plainTime = plainTimes.min() {
            print("  runway build, cold, no highlighting: \(Self.milliseconds(plainTime)) ms, best of \(Self.list(plainTimes)); "
                + "CPU \(plainCPU[plainTimes.firstIndex(of: plainTime)!]); "
                + "highlighted / not = \(String(format: "%.2f", Self.seconds(coldTime) / Self.seconds(plainTime)))")
        }
        print("  runway build, no change:     \(Self.milliseconds(againTime)) ms (parsed \(again.parsed), wrote \(again.written.count))")
        print("  runway build, one page:      \(Self.milliseconds(oneTime)) ms, best of \(Self.list(oneTimes)) (parsed \(one.parsed), "
            + "wrote \(one.written.count)); one-page / cold = \(String(format: "%.3f", Self.seconds(oneTime) / Self.seconds(coldTime))) (goal ≤ 0.1); "
            + "blocks sent to the tokenizer by the rebuilds: \(rebuildRequests)")
        try measureSearch(clock: clock, plainCold: coldTime, plainOne: oneTime, edited: edited)
        try measureComponents(clock: clock)
        if let plainTime = plainTimes.min() {
            let plain = plainCPU[plainTimes.firstIndex(of: plainTime)!]
            try measureTemplates(clock: clock, withTheme: (plainTime, plain.user + plain.system), pages: cold.pageCount)
        }
        try measureMemory()
        guard let hugoTime = hugoTimes.min() else {
            print("  hugo: not installed (apt-get install hugo) — no comparison")
            return
        }
        print("  hugo, cold, same content and the default theme's features: \(Self.milliseconds(hugoTime)) ms, best of \(Self.list(hugoTimes)); "
            + "CPU \(hugoCPU[hugoTimes.firstIndex(of: hugoTime)!])")
        // Both highlight code (Hugo's Chroma is on by default): this is the highlighting goal too.
        print("  runway cold / hugo cold, both highlighting code = \(String(format: "%.2f", Self.seconds(coldTime) / Self.seconds(hugoTime))) "
            + "(goal ≤ 0.5, then ≤ 0.25)")
        if let minimal = minimalHugoTimes.min() {
            print("  hugo, cold, title and content only (HugoLayouts.minimal): \(Self.milliseconds(minimal)) ms, best of \(Self.list(minimalHugoTimes)); "
                + "runway / that = \(String(format: "%.2f", Self.seconds(coldTime) / Self.seconds(minimal)))")
        }
    }

    /// The same builds with `[search] enabled = true` (Pagefind, as `make deps` installs it): cold,
    /// no change and one page, best of three each, beside the same builds without search: the
    /// difference is the search step (the pages linked for Pagefind, Pagefind, its bundle written).
    private func measureSearch(clock: ContinuousClock, plainCold: Duration, plainOne: Duration, edited: String) throws {
        let configuration = root + "/runway.toml"
        let plain = try String(contentsOfFile: configuration, encoding: .utf8)
        try (plain + "[search]\nenabled = true\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        defer { try? plain.write(toFile: configuration, atomically: true, encoding: .utf8) }
        var build = SiteBuild(site: root)
        var colds: [Duration] = [], ones: [Duration] = []
        var report: SiteBuild.Report?
        for _ in 0..<3 {
            for file in [build.cachePath, build.tokenCachePath].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: file) }
            build.highlighter = CodeHighlighter(tokenizer: PygmentsTokenizer(), cache: TokenCache())
            try? FileManager.default.removeItem(atPath: build.destination)
            colds.append(clock.measure { report = build.run() })
            guard report?.succeeded == true else {
                print("  search: the build failed (\(report?.diagnostics.first.map(\.message) ?? "")) — no search figures")
                return
            }
        }
        let bundle = (report?.written ?? []).filter { $0.hasPrefix("pagefind/") }.count
        var again = report
        let unchanged = clock.measure { again = build.run() }
        var one = report
        for round in 0..<3 {
            try (String(contentsOfFile: edited, encoding: .utf8) + "\nA searched sentence (\(round)).\n")
                .write(toFile: edited, atomically: true, encoding: .utf8)
            ones.append(clock.measure { one = build.run() })
        }
        let (cold, oneTime) = (colds.min()!, ones.min()!)
        print("  with search, cold:           \(Self.milliseconds(cold)) ms, best of \(Self.list(colds)) (bundle of \(bundle) files); "
            + "the search step: \(Self.milliseconds(cold - plainCold)) ms")
        print("  with search, no change:      \(Self.milliseconds(unchanged)) ms (wrote \(again?.written.count ?? 0))")
        print("  with search, one page:       \(Self.milliseconds(oneTime)) ms, best of \(Self.list(ones)) (wrote \(one?.written.count ?? 0)); "
            + "the search step: \(Self.milliseconds(oneTime - plainOne)) ms")
    }

    /// Every site in every place, one after the other; the sites are removed after they are measured.
    static func runAll(pageCount: Int, corpus: String) throws {
        for place in places {
            let generated = try generated(pageCount: pageCount, in: place.folder, place: place.name)
            try generated.run()
            generated.remove()
            if RealCorpus.isPresent(in: corpus) {
                let real = try real(corpus: corpus, in: place.folder, place: place.name)
                try real.run()
                real.remove()
            } else {
                print("real text: no corpus in \(corpus); \(RealCorpus.howToGetIt)")
            }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("peak memory (this process):  \(usage.ru_maxrss / 1024) MB")
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: hugoRoot)
    }

    /// Hugo builds the twin with the layouts in its folder `layouts` (see `HugoLayouts`).
    private func runHugo(layouts: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hugo")
        process.arguments = ["--quiet", "--source", hugoRoot, "--destination", hugoRoot + "/public", "--layoutDir", hugoRoot + "/" + layouts]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "hugo failed on \(hugoRoot) with \(layouts) (status \(process.terminationStatus))"])
        }
    }

    private static func list(_ times: [Duration]) -> String {
        times.map { String(milliseconds($0)) }.joined(separator: ", ") + " ms"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ duration: Duration) -> Int { Int(seconds(duration) * 1000) }
}

/// The processor time a process (or its finished children) spent, in user code and in the kernel:
/// on disk, a cold build's time goes mostly to the kernel creating files (ext4 looking past
/// recently deleted inodes), for Runway and Hugo alike.
struct CPUTime: CustomStringConvertible {
    var user: Double
    var system: Double

    init(user: Double, system: Double) {
        self.user = user
        self.system = system
    }

    init(_ who: __rusage_who) {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        self.init(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    static func - (after: CPUTime, before: CPUTime) -> CPUTime {
        CPUTime(user: after.user - before.user, system: after.system - before.system)
    }

    var description: String { "user \(Int(user * 1000)) ms, kernel \(Int(system * 1000)) ms" }
}
