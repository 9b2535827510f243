import Foundation
import RunwayText
import SiteBuilding

/// Components and render hooks in `make bench-site` (issue 41, point 5): cold builds without
/// highlighting, best of three each, beside the same build of the site as it is (measured here
/// too, so that the processor times compare).
///
/// - a component declared with its template, which no page calls: what a site pays for having one;
/// - that component called on every tenth page (a line appended, taken back after);
/// - render hooks for every link and heading (`render/link.html`, `render/heading.html`), and the
///   processor time of the build beside the site's without them.
extension SiteBenchmark {
    static let componentDeclaration = """

        [components.talk]
        description = "A talk: a link inline, a figure on its own."
        [components.talk.parameters]
        id = { type = "string", required = true }
        start = { type = "integer", default = 0 }

        """
    static let componentTemplate = #"{{#block}}<figure class="talk" data-id="{{params.id}}">{{{content}}}</figure>{{/block}}"#
        + #"{{^block}}<a class="talk" href="/talks/{{params.id}}/?t={{params.start}}">{{{content}}}</a>{{/block}}"#
    static let hooks = [
        "render/link.html": #"<a data-hooked href="{{destination}}"{{#title}} title="{{title}}"{{/title}}>{{{content}}}</a>"#,
        "render/heading.html": #"<h{{level}} data-hooked id="{{id}}">{{{content}}}</h{{level}}>"#,
    ]

    func measureComponents(clock: ContinuousClock) throws {
        let configuration = root + "/runway.toml"
        let templates = root + "/templates"
        let plain = try String(contentsOfFile: configuration, encoding: .utf8)
        let pages = try FileManager.default.subpathsOfDirectory(atPath: root + "/content").filter { $0.hasSuffix(".md") }.sorted()
        let called = stride(from: 0, to: pages.count, by: 10).map { root + "/content/" + pages[$0] }
        var originals: [String: String] = [:]
        defer {
            try? plain.write(toFile: configuration, atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(atPath: templates)
            for (file, text) in originals { try? text.write(toFile: file, atomically: true, encoding: .utf8) }
        }
        guard let without = try coldBuilds(clock: clock) else { return }
        try (plain + Self.componentDeclaration).write(toFile: configuration, atomically: true, encoding: .utf8)
        try write(Self.componentTemplate, to: templates + "/components/talk.html")
        guard let declared = try coldBuilds(clock: clock) else { return }

        for (index, file) in called.enumerated() {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            originals[file] = text
            try (text + "\nWatch ^[the talk](talk: {id: 't\(index)', start: 30}).\n\n^[The whole talk](talk: {id: 'w\(index)'})\n")
                .write(toFile: file, atomically: true, encoding: .utf8)
        }
        guard let calling = try coldBuilds(clock: clock) else { return }
        for (file, text) in originals { try text.write(toFile: file, atomically: true, encoding: .utf8) }
        originals = [:]

        try? FileManager.default.removeItem(atPath: templates + "/components")
        try plain.write(toFile: configuration, atomically: true, encoding: .utf8)
        for (name, text) in Self.hooks { try write(text, to: templates + "/" + name) }
        guard let hooked = try coldBuilds(clock: clock) else { return }
        let elements = try hookedElements()

        let ratio = { (time: Duration) in String(format: "%.2f", Self.seconds(time) / Self.seconds(without.time)) }
        print("  without components or hooks, cold, no highlighting: \(Self.milliseconds(without.time)) ms")
        print("  a component declared, no call, cold, no highlighting: \(Self.milliseconds(declared.time)) ms; "
            + "/ the site without = \(ratio(declared.time)) (goal: 1.00 within noise)")
        print("  a component on every tenth page (\(called.count) pages, two calls each), cold: \(Self.milliseconds(calling.time)) ms; "
            + "/ without = \(ratio(calling.time))")
        let processor = { (build: (time: Duration, cpu: Double)) in "processor \(Int(build.cpu * 1000)) ms" }
        print("  link and heading hooks (\(elements) elements hooked), cold: \(Self.milliseconds(hooked.time)) ms; / without = \(ratio(hooked.time)); "
            + "\(processor(hooked)), without \(processor(without))")
    }

    /// Three cold builds without highlighting: the best time, and the processor time of that build;
    /// `nil` (said) when the build fails.
    func coldBuilds(clock: ContinuousClock) throws -> (time: Duration, cpu: Double)? {
        var build = SiteBuild(site: root)
        build.highlighter = nil
        var best: (time: Duration, cpu: Double)?
        for _ in 0..<3 {
            for file in [build.cachePath, build.tokenCachePath].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: file) }
            try? FileManager.default.removeItem(atPath: build.destination)
            var report: SiteBuild.Report?
            let before = CPUTime(RUSAGE_SELF)
            let time = clock.measure { report = build.run() }
            let cpu = CPUTime(RUSAGE_SELF) - before
            guard report?.succeeded == true else {
                print("  components: the build failed (\(report?.diagnostics.first { $0.severity == .error }?.description ?? "")) — no figures")
                return nil
            }
            if best == nil || time < best!.time { best = (time, cpu.user + cpu.system) }
        }
        return best
    }

    /// How many elements of the output the hooks wrote (`data-hooked`).
    private func hookedElements() throws -> Int {
        let output = SiteBuild(site: root).destination
        var count = 0
        for file in try FileManager.default.subpathsOfDirectory(atPath: output) where file.hasSuffix(".html") {
            count += ((try? String(contentsOfFile: output + "/" + file, encoding: .utf8)) ?? "").components(separatedBy: "data-hooked").count - 1
        }
        return count
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
