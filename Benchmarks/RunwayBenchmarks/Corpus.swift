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
