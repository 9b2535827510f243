import Foundation

/// A deterministic generated corpus of Markdown pages: the same bytes on every run and machine.
struct Corpus {
    let pages: [String]

    var byteCount: Int { pages.reduce(0) { $0 + $1.utf8.count } }

    /// About `pageCount` × 1.7 KB of Markdown using every common construct. With `attributes`,
    /// most sentences carry an extended attribute `^[…](…)`.
    init(pageCount: Int, seed: UInt64 = 0x5EED, attributes: Bool = false) {
        var random = SplitMix64(seed: seed)
        pages = (0..<pageCount).map { index in
            Self.page(index, random: &random, attributes: attributes)
        }
    }

    private static let words = """
        runway attributed text theme render parse markdown swift static site fast pleasant typed \
        colour heading paragraph list quote table code link image emphasis strong intent value \
        scope container merge build serve watch reload browser author reader page section
        """.split(separator: " ").map(String.init)

    private static func sentence(_ random: inout SplitMix64, attributes: Bool) -> String {
        var parts: [String] = []
        for position in 0..<(6 + Int(random.next() % 10)) {
            let word = words[Int(random.next() % UInt64(words.count))]
            switch random.next() % 20 {
            case 0: parts.append("*\(word)*")
            case 1: parts.append("**\(word)**")
            case 2: parts.append("`\(word)`")
            case 3: parts.append("[\(word)](https://example.com/\(word))")
            case 4 where position > 0: parts.append("~~\(word)~~")
            default: parts.append(word)
            }
        }
        if attributes && random.next() % 4 != 0 {
            let start = Int(random.next() % UInt64(parts.count - 1))
            parts[start] = "^[" + parts[start]
            parts[start + 1] += "](customColor: 'danger')"
        }
        return parts.joined(separator: " ").capitalizedFirst + "."
    }

    private static func paragraph(_ random: inout SplitMix64, attributes: Bool) -> String {
        (0..<(2 + Int(random.next() % 4))).map { _ in sentence(&random, attributes: attributes) }
            .joined(separator: random.next() % 3 == 0 ? "\n" : " ")
    }

    private static func page(_ index: Int, random: inout SplitMix64, attributes: Bool) -> String {
        var blocks = ["# Page \(index)", paragraph(&random, attributes: attributes)]
        for section in 0..<(2 + Int(random.next() % 2)) {
            blocks.append("## Section \(section)")
            blocks.append(paragraph(&random, attributes: attributes))
            switch random.next() % 5 {
            case 0: blocks.append((1...3).map { _ in "- \(sentence(&random, attributes: attributes))" }.joined(separator: "\n"))
            case 1: blocks.append("> " + paragraph(&random, attributes: attributes))
            case 2: blocks.append("```swift\nlet page = \(index)\nprint(page * \(section))\n```")
            case 3: blocks.append("| a | b |\n|:--|--:|\n| \(index) | \(section) |\n| x | y |")
            default: blocks.append((1...3).map { "\($0). \(sentence(&random, attributes: attributes))" }.joined(separator: "\n"))
            }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}

/// A small, fast, deterministic random number generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// Real text no one here wrote: every Markdown file of a folder, read in name order, each parsed as a
/// page of its own. `make bench` uses the Node.js API documentation from Debian's nodejs-doc package,
/// which Benchmarks/fetch_corpus.sh puts in .build/corpus/nodejs-doc with a PROVENANCE file.
struct RealCorpus {
    let folder: String
    let names: [String]
    let pages: [String]
    /// The PROVENANCE file's `package:` and `sha256:` values, when the folder has one.
    let package: String?
    let sha256: String?

    var byteCount: Int { pages.reduce(0) { $0 + $1.utf8.count } }

    /// Where a corpus comes from when neither `--corpus` nor RUNWAY_BENCH_CORPUS names a folder.
    static let defaultFolder = ".build/corpus/nodejs-doc"

    static let howToGetIt = """
        get it with `sh Benchmarks/fetch_corpus.sh` (make bench runs it), which puts the Node.js API \
        docs from Debian's nodejs-doc package in \(defaultFolder); or name a folder of .md files with \
        --corpus FOLDER or RUNWAY_BENCH_CORPUS=FOLDER
        """

    enum Failure: Error, CustomStringConvertible {
        case missing(String)
        var description: String {
            switch self {
            case .missing(let folder): "real-text corpus: no .md files in \(folder); \(RealCorpus.howToGetIt)"
            }
        }
    }

    /// The folder's Markdown files' names, in byte order.
    static func names(in folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.filter { $0.hasSuffix(".md") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    static func isPresent(in folder: String) -> Bool { !names(in: folder).isEmpty }

    init(folder: String) throws {
        self.folder = folder
        names = Self.names(in: folder)
        guard !names.isEmpty else { throw Failure.missing(folder) }
        pages = try names.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
        let provenance = (try? String(contentsOfFile: folder + "/PROVENANCE", encoding: .utf8)) ?? ""
        func field(_ name: String) -> String? {
            provenance.split(separator: "\n").first { $0.hasPrefix(name + ": ") }
                .map { String($0.dropFirst(name.count + 2)) }
        }
        package = field("package").map { String($0.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces) }
        sha256 = field("sha256").map { String($0.prefix { $0 != " " }) }
    }
}

/// The code-heavy corpus of `make bench`: every fenced code block with a language in the real-text
/// corpus, each page ten of them with a sentence before each: real code in the languages of real
/// documentation (JavaScript, C, JSON, shell…).
struct CodeCorpus {
    let pages: [String]
    let blockCount: Int

    init(_ real: RealCorpus) {
        var blocks: [String] = []
        for page in real.pages {
            var current: [Substring]?
            for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
                if var open = current {
                    open.append(line)
                    if line.hasPrefix("```") {
                        blocks.append(open.joined(separator: "\n") + "\n")
                        current = nil
                    } else {
                        current = open
                    }
                } else if line.hasPrefix("```"), line.count > 3 {
                    current = [line]
                }
            }
        }
        blockCount = blocks.count
        pages = stride(from: 0, to: blocks.count, by: 10).map { start in
            blocks[start..<min(start + 10, blocks.count)].map { "Some code:\n\n" + $0 }.joined(separator: "\n")
        }
    }
}
