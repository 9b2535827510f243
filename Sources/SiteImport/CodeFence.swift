import Foundation

/// A fenced code block as Runway reads one: what Hugo's `highlight` shortcode and Jekyll's
/// `{% highlight %}` tag become.
enum CodeFence {
    /// `code` in a fence longer than any run of backticks in it, with the language hint and the
    /// options (`linenos=true`, `hl_lines="2 4-5"`), each on its own line; `code`'s first line
    /// break (after the opening tag) and last (before the closing one) are the fence's.
    static func block(language: String?, options: [(String, String)], code: String, indent: String = "") -> String {
        var code = Substring(code)
        if code.hasPrefix("\r\n") { code = code.dropFirst(2) } else if code.hasPrefix("\n") { code = code.dropFirst() }
        if code.hasSuffix("\n") { code = code.dropLast() }
        var longest = 0, run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        var info = language ?? ""
        if !options.isEmpty {
            info += (info.isEmpty ? "text " : " ") + "{" + options.map { "\($0.0)=\($0.1)" }.joined(separator: ", ") + "}"
        }
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        return fence + info + "\n" + lines.joined(separator: "\n") + "\n" + indent + fence
    }

    /// Hugo's highlight options (`linenos=table,hl_lines=8 15-17,linenostart=199`) as Runway's:
    /// the same keys, `hl_lines` quoted when it holds spaces.
    static func hugoOptions(_ text: String) -> [(String, String)] {
        text.split(separator: ",").compactMap { part in
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, !pair[0].isEmpty else { return nil }
            let value = pair[1].contains(" ") && !pair[1].hasPrefix("\"") ? "\"\(pair[1])\"" : pair[1]
            return (pair[0], value)
        }
    }
}

/// Which lines of a Markdown text are inside a fenced code block, told line by line: what the
/// import's line-based conversions leave alone.
struct FenceTracker {
    private var open: String?

    /// Whether the line (trimmed of its spaces) is a fence or inside a fenced block.
    mutating func isCode(_ trimmed: String) -> Bool {
        if let fence = open {
            if trimmed.hasPrefix(fence), trimmed.allSatisfy({ $0 == fence.first }) { open = nil }
            return true
        }
        if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
            open = String(trimmed.prefix { $0 == trimmed.first })
            return true
        }
        return false
    }
}
