import CMimalloc
import Foundation

// `make bench`: throughput of each stage on a generated corpus and on real text (the Node.js API docs,
// Benchmarks/fetch_corpus.sh), next to cmark-gfm's own parse and render of the same text. Each figure
// is the best of several passes; each stage runs alone in a child process (this program again, in
// single-stage mode), whose peak memory (max RSS, from wait4) is printed next to its time.
//
// RunwayBenchmarks [--corpus FOLDER]            every stage, each in a process of its own
// RunwayBenchmarks [--corpus FOLDER] <stage>    one stage in this process, for a profiler (perf):
//     parse, render, end-to-end, cmark, attributes, themed, real-parse, real-render, real-end-to-end,
//     real-cmark (and baseline, real-baseline: the corpus only)
// RunwayBenchmarks site [pages]                 `make bench-site`: a generated site and one of real text,
//                                               on disk and in /dev/shm, against Hugo
// RunwayBenchmarks site real [FOLDER]           only the real-text site, in FOLDER (default /dev/shm)
// RunwayBenchmarks generate [pages]             only writes the generated site (and its Hugo twin), for
//                                               `make bench-serve`
// RunwayBenchmarks generate real [FOLDER]       only writes the real-text site (and its twin) into FOLDER
// The real-text corpus is a folder of .md files: --corpus FOLDER, else RUNWAY_BENCH_CORPUS, else
// .build/corpus/nodejs-doc.

// Builds and stages run with the runway command's allocator, mimalloc, linked in place of glibc's
// malloc here too: what is measured is what the command does.
_ = mi_version()

var arguments = Array(CommandLine.arguments.dropFirst())
let corpusFolder: String = {
    guard let index = arguments.firstIndex(of: "--corpus") else {
        return ProcessInfo.processInfo.environment["RUNWAY_BENCH_CORPUS"] ?? RealCorpus.defaultFolder
    }
    guard index + 1 < arguments.count else {
        FileHandle.standardError.write(Data("--corpus needs a folder\n".utf8))
        exit(2)
    }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}()
/// `--measure <stage>`: the child's mode; prints one Measurement line for the parent.
let forParent = arguments.first == "--measure"
if forParent { arguments.removeFirst() }

let only = arguments.first
if only == "generate", arguments.dropFirst().first == "real" {
    _ = try SiteBenchmark.real(corpus: corpusFolder, in: arguments.dropFirst(2).first ?? FileManager.default.temporaryDirectory.path,
                               place: "")
    exit(0)
}
if only == "generate" {
    _ = try SiteBenchmark.generated(pageCount: arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000,
                                    in: FileManager.default.temporaryDirectory.path, place: "on disk")
    exit(0)
}
if only == "site", arguments.dropFirst().first == "real" {
    let folder = arguments.dropFirst(2).first ?? "/dev/shm"
    let real = try SiteBenchmark.real(corpus: corpusFolder, in: folder, place: folder)
    try real.run()
    real.remove()
    exit(0)
}
if only == "site" {
    try SiteBenchmark.runAll(pageCount: arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000, corpus: corpusFolder)
    exit(0)
}

func line(_ name: String, _ measurement: Measurement, peak: Double? = nil) -> String {
    let padded = name.padding(toLength: max(34, name.count), withPad: " ", startingAt: 0)
    return "\(padded) \(String(format: "%8.1f", measurement.rate)) MB/s  \(String(format: "%7.1f", measurement.seconds * 1000)) ms"
        + (peak.map { "  peak \(String(format: "%6.1f", $0)) MB" } ?? "")
}

if let only {
    guard let stage = Stage(rawValue: only) else {
        let names = Stage.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("unknown stage '\(only)'; stages: \(names); or site, generate\n".utf8))
        exit(2)
    }
    do {
        let measurement = try stage.measure(realCorpus: corpusFolder)
        if forParent {
            print(measurement.line)
        } else {
            print("\(stage.usesRealCorpus ? "real text" : "corpus"): \(String(format: "%.2f", measurement.megabytes)) MB, best of \(passes) passes")
            print(line(stage.title, measurement))
        }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

// Every stage, each in a child process.
/// A stage's measurement and its process's peak memory in MB, or why it failed.
func run(_ stage: Stage) -> Result<(Measurement, Double), ChildFailure> {
    let child = ChildProcess.runSelf(["--measure", "--corpus", corpusFolder, stage.rawValue])
    if let failure = child.failure { return .failure(ChildFailure(description: failure)) }
    guard let measurement = Measurement(line: child.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        return .failure(ChildFailure(description: "unreadable output: \(child.output)"))
    }
    return .success((measurement, child.peakMegabytes))
}

struct ChildFailure: Error, CustomStringConvertible { let description: String }

func report(_ stage: Stage, _ result: Result<(Measurement, Double), ChildFailure>) {
    switch result {
    case .success(let (measurement, peak)): print(line(stage.title, measurement, peak: peak))
    case .failure(let failure): print("\(stage.title.padding(toLength: 34, withPad: " ", startingAt: 0)) failed: \(failure)")
    }
}

func peakText(_ result: Result<(Measurement, Double), ChildFailure>) -> String {
    switch result {
    case .success(let (_, peak)): "peak \(String(format: "%.1f", peak)) MB"
    case .failure(let failure): "failed: \(failure)"
    }
}

func ratio(_ endToEnd: Result<(Measurement, Double), ChildFailure>, _ cmark: Result<(Measurement, Double), ChildFailure>) -> String {
    guard case .success(let (plain, _)) = endToEnd, case .success(let (reference, _)) = cmark else { return "n/a" }
    return String(format: "%.2f", reference.seconds / plain.seconds)
}

let generated = Dictionary(uniqueKeysWithValues: [Stage.baseline, .parse, .render, .endToEnd, .cmark, .attributes, .themed].map { ($0, run($0)) })
let corpusBytes = (try? generated[.parse]!.get().0.bytes) ?? Corpus(pageCount: 3000).byteCount
print("""
    corpus: 3000 pages, \(String(format: "%.2f", Double(corpusBytes) / 1_000_000)) MB, best of \(passes) passes; \
    peak memory: each stage alone in a process (one that only builds the corpus: \(peakText(generated[.baseline]!)))
    """)
for stage in [Stage.parse, .render, .endToEnd, .cmark] { report(stage, generated[stage]!) }
if case .success(let (attributed, attributedPeak)) = generated[.attributes]!, case .success(let (plain, _)) = generated[.endToEnd]! {
    print("""
        end to end, attributes in most sentences \(String(format: "%8.1f", attributed.rate)) MB/s  \
        (\(String(format: "%.2f", attributed.megabytes)) MB; \(String(format: "%.0f", 100 * (1 - attributed.rate / plain.rate)))% slower than plain, goal ≤ 20%)  \
        peak \(String(format: "%.1f", attributedPeak)) MB
        """)
    if case .success(let (themed, themedPeak)) = generated[.themed]! {
        print("""
            end to end, attributes, default theme    \(String(format: "%8.1f", themed.rate)) MB/s  \
            (\(String(format: "%.0f", 100 * (1 - themed.rate / attributed.rate)))% slower than unthemed, goal ≤ 25%)  \
            peak \(String(format: "%.1f", themedPeak)) MB
            """)
    } else {
        report(.themed, generated[.themed]!)
    }
} else {
    report(.attributes, generated[.attributes]!)
    report(.themed, generated[.themed]!)
}
let runs = (try? generated[.parse]!.get().0.runs).map(String.init) ?? "n/a"
print("end to end / cmark-gfm: \(ratio(generated[.endToEnd]!, generated[.cmark]!)) (goal ≥ 0.50); runs: \(runs)")

// Real text: the same stages on each file of the real corpus.
print("")
do {
    // The corpus is read here only after the children ran: a child's peak starts at this process's
    // (ChildProcess), which stays below a child's own.
    guard RealCorpus.isPresent(in: corpusFolder) else { throw RealCorpus.Failure.missing(corpusFolder) }
    let stages = [Stage.realBaseline, .realParse, .realRender, .realEndToEnd, .realCmark]
    let results = Dictionary(uniqueKeysWithValues: stages.map { ($0, run($0)) })
    let real = try RealCorpus(folder: corpusFolder)
    print("""
        real text: \(real.package ?? real.folder), \(real.pages.count) files parsed one by one, \
        \(String(format: "%.2f", Double(real.byteCount) / 1_000_000)) MB, sha256 \(real.sha256 ?? "not recorded"), \
        best of \(passes) passes; peak memory: each stage alone in a process (one that only reads the \
        corpus: \(peakText(results[.realBaseline]!)))
        """)
    for stage in stages.dropFirst() { report(stage, results[stage]!) }
    let realRuns = (try? results[.realParse]!.get().0.runs).map(String.init) ?? "n/a"
    print("end to end / cmark-gfm, real text: \(ratio(results[.realEndToEnd]!, results[.realCmark]!)) (goal ≥ 0.50); runs: \(realRuns)")
} catch {
    print("\(error)")
}

// Code-heavy: the real corpus's fenced blocks, highlighted or not (issue 16, point 6).
print("")
if RealCorpus.isPresent(in: corpusFolder), let real = try? RealCorpus(folder: corpusFolder) {
    let code = CodeCorpus(real)
    let stages = [Stage.codePlain, .codeHighlighted, .codeCached]
    let results = Dictionary(uniqueKeysWithValues: stages.map { ($0, run($0)) })
    print("code-heavy: the \(code.blockCount) fenced blocks with a language of the real text, \(code.pages.count) pages, "
        + "\(String(format: "%.2f", Double(code.pages.reduce(0) { $0 + $1.utf8.count }) / 1_000_000)) MB, best of \(passes) passes")
    for stage in stages { report(stage, results[stage]!) }
    if case .success(let (plain, _)) = results[.codePlain]!, case .success(let (cold, _)) = results[.codeHighlighted]!,
       case .success(let (cached, _)) = results[.codeCached]! {
        print("highlighted cold / plain: \(String(format: "%.2f", cold.seconds / plain.seconds)); "
            + "cached / plain: \(String(format: "%.2f", cached.seconds / plain.seconds)), "
            + "blocks sent to the tokenizer when cached: \(cached.runs)")
    }
}
