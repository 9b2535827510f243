public import RunwayText

/// How large a pipe table may be. cmark-gfm (Debian's 0.29.0.gfm.6) gives every row as many cells
/// as the header, whatever the row holds: a 12 KB table of 2,000 columns and 2,000 one-word rows
/// took 1.9 GB, and one of 60 KB was killed for want of memory (CVE-2023-37463, fixed upstream by
/// the same kind of cap). Its size is bounded before cmark-gfm sees the text.
enum TableLimit {
    /// The most cells (columns × rows) a table may have: a 25-column table of 20,000 rows.
    static let cells = 500_000

    /// The error for the first table that may have more than ``cells`` cells, at its delimiter
    /// row; `nil` when none can. Counted from above: a delimiter row's columns (`|---|:--:|`) times
    /// the lines up to the next blank one, the table's own and any that end it sooner, in block
    /// quotes and list items too.
    static func problem(in markdown: String, path: String) -> Diagnostic? {
        var lines: [(line: Int, columns: Int)] = []   // delimiter rows: line index, columns
        var blank: [Bool] = []
        let bytes = markdown.utf8
        var found: Diagnostic?
        bytes.withContiguousStorageIfAvailable { buffer in
            var start = 0
            while start < buffer.count {
                var end = start
                while end < buffer.count && buffer[end] != UInt8(ascii: "\n") { end += 1 }
                let (columns, isBlank) = delimiterColumns(buffer[start..<end])
                if columns > 0 { lines.append((blank.count, columns)) }
                blank.append(isBlank)
                start = end + 1
            }
        } ?? {
            // Not contiguous (a bridged string): the same over a copy.
            var copy = markdown
            copy.makeContiguousUTF8()
            found = problem(in: copy, path: path)
        }()
        if found != nil { return found }
        for (line, columns) in lines where columns > 1 {
            var rows = 1
            var next = line + 1
            while next < blank.count && !blank[next] && columns * rows <= cells { rows += 1; next += 1 }
            if columns * rows > cells {
                return Diagnostic(.error, "a table of \(columns) columns and \(rows > cells / columns ? "more than \(cells / columns)" : "\(rows)") rows is too large "
                                  + "(at most \(cells) cells): split it into smaller tables", path: path,
                                  position: SourcePosition(line: line + 1, column: 1))
            }
        }
        return nil
    }

    /// The number of columns of a line that can be a table's delimiter row (only `|`, `-`, `:` and
    /// white space after any `>` markers and indentation, with a `-` and a `|`), else 0; and
    /// whether the line is blank.
    static func delimiterColumns(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> (columns: Int, blank: Bool) {
        var index = line.startIndex
        while index < line.endIndex, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "\r")].contains(line[index]) {
            index += 1
        }
        guard index < line.endIndex else { return (0, true) }
        var (pipes, dash, cells, inCell) = (0, false, 0, false)
        while index < line.endIndex {
            switch line[index] {
            case UInt8(ascii: "|"):
                pipes += 1
                inCell = false
            case UInt8(ascii: "-"), UInt8(ascii: ":"):
                if line[index] == UInt8(ascii: "-") { dash = true }
                if !inCell { cells += 1; inCell = true }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                return (0, false)
            }
            index += 1
        }
        return (pipes > 0 && dash ? cells : 0, false)
    }
}
