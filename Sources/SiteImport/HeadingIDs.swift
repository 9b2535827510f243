import Foundation
import HTMLRendering
import RunwayText

/// Headings' ids as another generator gives them, written as Runway reads them
/// (`## Setup {#install}`), so that links into a page keep leading to their heading:
/// kramdown's attribute list on the line after a heading (`{: #v4-4-1}`, 421 on jekyllrb.com's
/// history page), its `{:toc}`, and its `{: .note}` on a paragraph (a callout); Zola's slugs of headings' text, where they differ from the
/// GitHub-style ids Runway makes (`get_image_metadata` is Zola's `#get-image-metadata`).
enum HeadingIDs {
    /// kramdown's attribute lists in a Jekyll page's body: `{: #id}` after a heading becomes the
    /// heading's `{#id}`; `* TOC` with `{:toc}` goes (Runway's default theme shows a page's table
    /// of contents itself); `{: .note .info}` before or after a paragraph makes it a callout
    /// (`> [!NOTE]`); any other (a class, an attribute, an id after a paragraph) stays, a
    /// finding at its line.
    static func convertKramdown(_ page: inout PageText, file: String, findings: inout [ImportFinding], converted: inout [String: Int]) {
        var lines = page.body.components(separatedBy: "\n")
        var log = UnconvertedLog()
        var fence = FenceTracker()
        var removed = Set<Int>()
        var changed = false
        for index in lines.indices {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if fence.isCode(trimmed) { continue }
            guard trimmed.hasPrefix("{:"), trimmed.hasSuffix("}") else {
                // A span's list after it on its line (`[a](b){:target="_blank"}`): reported.
                if let start = trimmed.range(of: "{:"), let end = trimmed[start.upperBound...].firstIndex(of: "}") {
                    log.add("the kramdown attribute list " + trimmed[start.lowerBound...end], line: page.bodyFirstLine + index,
                            "gives a span a class or an attribute, which Runway writes ^[text](name: value); left as it was")
                }
                continue
            }
            let inside = trimmed.dropFirst(2).dropLast().trimmingCharacters(in: .whitespaces)
            let line = page.bodyFirstLine + index
            if inside == "toc", index > 0, ["* TOC", "- TOC", "1. TOC"].contains(lines[index - 1].trimmingCharacters(in: .whitespaces)) {
                removed.formUnion([index - 1, index])
                converted["{:toc}", default: 0] += 1
                continue
            }
            if inside.hasPrefix("#"), Self.isID(inside.dropFirst()), index > 0, let heading = Self.headingLine(before: index, in: lines) {
                lines[heading] = Self.withoutClosingHashes(lines[heading]) + " {" + inside + "}"
                removed.insert(index)
                converted["{: #id} after a heading", default: 0] += 1
                continue
            }
            // `{: .note .info}` before or after a paragraph, as Jekyll's docs mark a note: a callout.
            if let callout = Self.callout(classes: inside), let paragraph = Self.paragraph(at: index, in: lines) {
                for line in paragraph { lines[line] = "> " + lines[line] }
                lines[index] = "> [!\(callout)]"
                if paragraph.lowerBound < index {
                    // After its paragraph: the marker goes first.
                    lines.insert(lines.remove(at: index), at: paragraph.lowerBound)
                }
                converted["{: .note} on a paragraph (a callout)", default: 0] += 1
                changed = true
                continue
            }
            log.add("the kramdown attribute list " + trimmed, line: line,
                    "gives a block a class, an attribute or an id, which Runway's Markdown does not (a heading's id: ## Title {#id}); left as it was")
        }
        if changed || !removed.isEmpty {
            page.body = lines.indices.filter { !removed.contains($0) }.map { lines[$0] }.joined(separator: "\n")
        }
        findings += log.findings(file: file)
    }

    /// Zola's id for each ATX heading whose GitHub-style id (Runway's) differs from it: the
    /// heading gets `{#zola-id}`, so that `page.md#zola-id` links and links from elsewhere keep
    /// working. Ids are made unique as Zola does (`-1`, `-2`…).
    static func keepZolaIDs(_ page: inout PageText, converted: inout [String: Int]) {
        var lines = page.body.components(separatedBy: "\n")
        var fence = FenceTracker()
        var zola: [String: Int] = [:]
        // Runway's ids as it will make them, those given here claimed.
        var runway = HeadingOutline.Slugs()
        var changed = false
        for index in lines.indices {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if fence.isCode(trimmed) { continue }
            guard let text = Self.atxText(lines[index]), !text.hasSuffix("}") else { continue }
            var id = ForeignSlug.zola(Self.plainText(text))
            if id.isEmpty { continue }
            let seen = zola[id, default: 0]
            zola[id] = seen + 1
            if seen > 0 { id += "-\(seen)" }
            var trial = runway
            if trial.unique(for: Self.plainText(text)) == id {
                runway = trial
            } else if Self.isID(id) {
                _ = runway.claim(id)
                lines[index] = Self.withoutClosingHashes(lines[index]) + " {#\(id)}"
                converted["Zola's heading ids", default: 0] += 1
                changed = true
            }
        }
        if changed { page.body = lines.joined(separator: "\n") }
    }

    /// The callout a kramdown class list names, as Jekyll's docs style them: `.note` (with
    /// `.info`) a note, `.note .warning` a warning, `.note .unreleased` important, `.note .tip` a tip.
    static func callout(classes: String) -> String? {
        let classes = classes.split(whereSeparator: \.isWhitespace).map(String.init)
        guard classes.first == ".note", classes.allSatisfy({ $0.hasPrefix(".") }) else { return nil }
        if classes.contains(".warning") || classes.contains(".danger") { return "WARNING" }
        if classes.contains(".unreleased") { return "IMPORTANT" }
        if classes.contains(".tip") { return "TIP" }
        return "NOTE"
    }

    /// The lines of the paragraph an attribute list on line `index` is for: the one right after
    /// it, else the one right before it; `nil` when that block is no plain paragraph (code, a
    /// heading, a list, HTML, a quote).
    static func paragraph(at index: Int, in lines: [String]) -> Range<Int>? {
        func isParagraphLine(_ line: String) -> Bool {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("```"), !trimmed.hasPrefix("~~~"), !trimmed.hasPrefix("#"), !trimmed.hasPrefix(">"),
                  !trimmed.hasPrefix("{:"), !trimmed.hasPrefix("|"), line.prefix(while: { $0 == " " }).count < 4 else { return false }
            return true
        }
        if index + 1 < lines.count, isParagraphLine(lines[index + 1]) {
            let end = lines[(index + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces).isEmpty } ?? lines.count
            return lines[(index + 1)..<end].allSatisfy(isParagraphLine) ? (index + 1)..<end : nil
        }
        if index > 0, isParagraphLine(lines[index - 1]) {
            let start = (lines[..<index].lastIndex { $0.trimmingCharacters(in: .whitespaces).isEmpty }).map { $0 + 1 } ?? 0
            return lines[start..<index].allSatisfy(isParagraphLine) ? start..<index : nil
        }
        return nil
    }

    /// Whether `text` is an id as Runway reads one after a heading: a letter, then letters,
    /// digits, `-`, `_`, `:` and `.`.
    static func isID<S: StringProtocol>(_ text: S) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_:.".unicodeScalars.contains($0) }
    }

    /// The heading that line `index` follows directly: an ATX heading's line, or a setext
    /// heading's text line (above its `===` or `---`).
    private static func headingLine(before index: Int, in lines: [String]) -> Int? {
        let previous = lines[index - 1]
        if atxText(previous) != nil { return index - 1 }
        let underline = previous.trimmingCharacters(in: .whitespaces)
        if index > 1, !underline.isEmpty, underline.allSatisfy({ $0 == "=" }) || underline.allSatisfy({ $0 == "-" }),
           !lines[index - 2].trimmingCharacters(in: .whitespaces).isEmpty {
            return index - 2
        }
        return nil
    }

    /// An ATX heading's text (`## Setup ##` is `Setup`), or `nil` for another line.
    private static func atxText(_ line: String) -> String? {
        let indent = line.prefix { $0 == " " }
        guard indent.count < 4 else { return nil }
        let rest = line.dropFirst(indent.count)
        let hashes = rest.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let after = rest.dropFirst(hashes.count)
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        return withoutClosingHashes(String(after)).trimmingCharacters(in: .whitespaces)
    }

    /// A heading line without its closing `#` sequence, which would no longer close it once an id
    /// follows.
    private static func withoutClosingHashes(_ line: String) -> String {
        var text = Substring(line)
        while text.last == " " || text.last == "\t" { text.removeLast() }
        var body = text
        while body.last == "#" { body.removeLast() }
        guard body.count < text.count, body.last == " " || body.last == "\t" else { return String(text) }
        while body.last == " " || body.last == "\t" { body.removeLast() }
        // `## #` has no text before its closing hashes: they are the heading's text then.
        guard body.drop(while: { $0 == " " }).contains(where: { $0 != "#" }) else { return String(text) }
        return String(body)
    }

    /// A heading's text as its id is made from: code spans' and emphasis's marks, and links' URLs, left out.
    private static func plainText(_ text: String) -> String {
        var plain = text.replacingOccurrences(of: #"\]\([^)]*\)"#, with: "]", options: .regularExpression)
        plain.removeAll { "`*[]".contains($0) }
        return plain
    }
}
