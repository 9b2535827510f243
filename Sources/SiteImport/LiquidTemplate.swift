import Foundation
import RunwayText

/// A Jekyll HTML page's Liquid as a Runway template: what Jekyll runs when it publishes the page
/// (loops, conditions, includes, values and their filters), written in Runway's Mustache, so
/// that the page is published with what it lists. `{% for post in site.categories.release %}`
/// is `{{#taxonomies.categories.release}}`, `{% if forloop.first %}` is `{{#first()}}`,
/// `{{ post.url | relative_url }}` is `{{relURL(url)}}`, an include its file's Liquid, inlined.
/// What Mustache cannot say (comparisons, `elsif`, captures, plugins' tags, a filter without a
/// transform) is left out of the template, each a finding at its line.
struct LiquidTemplate {
    /// The page's file, for the report.
    let file: String
    /// The site's configuration values and the page's front matter.
    let context: ConversionContext
    /// The folder posts are a section of in the new site (`posts`, `news`): `site.posts`.
    let postsSection: String
    /// The text of `_includes/NAME`, or `nil` when there is none.
    let include: (String) -> String?

    private(set) var log = UnconvertedLog()
    private(set) var losses = UnconvertedLog()
    private(set) var converted: [String: Int] = [:]

    init(file: String, context: ConversionContext, postsSection: String, include: @escaping (String) -> String?) {
        self.file = file
        self.context = context
        self.postsSection = postsSection
        self.include = include
    }

    /// The template of a page whose body, from line `firstLine` of its file, is `body`: the default
    /// theme's `base.html` with the page's title (when it has one) and the translated body as its content.
    mutating func template(of body: String, firstLine: Int, titled: Bool) -> String {
        var state = State()
        translate(LiquidTokens.tokens(of: body, firstLine: firstLine), state: &state, includes: [])
        while let open = state.blocks.popLast() {
            unconverted("{% \(open.tag) %}", line: open.line, "is never closed; closed at the end of the page")
            state.emit(open.close)
        }
        return "{{<base.html}}{{$content}}\n" + (titled ? "{{>partials/title.html}}\n" : "") + state.output + "\n{{/content}}{{/base.html}}\n"
    }

    // MARK: - Translation

    /// What a name stands for where a template uses it.
    enum Binding {
        /// The item of the loop `depth` deep, over pages (`title`, `url`…) or over data (its own keys).
        case item(depth: Int, pages: Bool)
        /// Another expression (`assign author = post.author`, an include's parameter).
        case alias(String)
    }

    /// An open block: the Mustache that closes it, and what it was.
    struct Block {
        var tag: String
        var line: Int
        var close: String
        /// The section's name, to open its inverse at `else`; `nil` when the block has none.
        var name: String?
        var inverted = false
        /// Whether the block's content is left out (an `elsif` branch, a capture, a plugin's block).
        var suppressing = false
        var isLoop = false
        var bindings: [String: Binding] = [:]
    }

    struct State {
        var output = ""
        var blocks: [Block] = []
        var assigned: [String: Binding] = [:]
        var loopDepth: Int { blocks.filter(\.isLoop).count }
        var suppressed: Bool { blocks.contains(where: \.suppressing) }

        mutating func emit(_ text: String) {
            if !suppressed { output += text }
        }

        func binding(_ name: String) -> Binding? {
            for block in blocks.reversed() { if let found = block.bindings[name] { return found } }
            return assigned[name]
        }
    }

    /// A value a template writes: a name it looks up (HTML when it is trusted, `{{{ }}}`), or a
    /// text the import already knows.
    enum Value {
        case name(String, html: Bool)
        case literal(String)
    }

    private mutating func unconverted(_ what: String, line: Int, _ reason: String) {
        log.add(what, line: line, reason)
    }

    private mutating func translate(_ tokens: [LiquidTokens.Token], state: inout State, includes: [String]) {
        for token in tokens {
            switch token {
            case .text(let text):
                state.emit(Self.literal(text))
            case .output(let expression, let line):
                guard !state.suppressed else { continue }
                if let written = output(expression, line: line, state: state) { state.emit(written) }
            case .tag(let name, let arguments, let line):
                tag(name, arguments, line: line, state: &state, includes: includes)
            }
        }
    }

    private mutating func tag(_ name: String, _ arguments: String, line: Int, state: inout State, includes: [String]) {
        let written = "{% \(name) %}"
        switch name {
        case "for":
            guard !state.suppressed else { return state.blocks.append(Block(tag: name, line: line, close: "", suppressing: true, isLoop: true)) }
            let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
            guard words.count >= 3, words[1] == "in", let (path, pages) = listName(words[2], line: line, state: state) else {
                unconverted("{% for \(arguments) %}", line: line, "loops over what the import cannot name in Runway's templates; left out")
                return state.blocks.append(Block(tag: name, line: line, close: "", suppressing: true, isLoop: true))
            }
            let options = words.dropFirst(3)
            for option in options where option != "reversed" {
                losses.add("{% for … \(option) %}", line: line, "Runway's sections show every item of a list, in its order; the loop shows them all")
            }
            let section = options.contains("reversed") ? "reversed(\(path))" : path
            converted[written, default: 0] += 1
            state.emit("{{#\(section)}}")
            var block = Block(tag: name, line: line, close: "{{/\(section)}}", name: section, isLoop: true)
            block.bindings[words[0]] = .item(depth: state.loopDepth + 1, pages: pages)
            state.blocks.append(block)
        case "if", "unless":
            guard !state.suppressed else { return state.blocks.append(Block(tag: name, line: line, close: "", suppressing: true)) }
            if let (section, inverted) = condition(arguments, state: state) {
                let inverse = name == "unless" ? !inverted : inverted
                converted["{% \(name) %}", default: 0] += 1
                state.emit("{{\(inverse ? "^" : "#")\(section)}}")
                state.blocks.append(Block(tag: name, line: line, close: "{{/\(section)}}", name: section, inverted: inverse))
            } else {
                losses.add("{% \(name) \(arguments) %}", line: line,
                           "Runway's templates have no comparisons: what Liquid decides a template is given as a value; the first branch is always shown")
                state.blocks.append(Block(tag: name, line: line, close: "", name: nil))
            }
        case "elsif":
            guard var block = state.blocks.popLast(), ["if", "unless"].contains(block.tag) else { return stray(name, line: line) }
            if !state.suppressed {
                unconverted("{% elsif %}", line: line, "has no Mustache equivalent; its branches are left out")
                state.emit(block.close)
                block.close = ""
            }
            block.suppressing = true
            state.blocks.append(block)
        case "else":
            guard var block = state.blocks.popLast(), ["if", "unless", "for"].contains(block.tag) else { return stray(name, line: line) }
            if let section = block.name, !block.suppressing {
                // A loop's else is shown when the list is empty, as an inverted section shows.
                state.emit(block.close)
                block.inverted.toggle()
                state.emit("{{\(block.inverted ? "^" : "#")\(section)}}")
                block.bindings = [:]
                block.isLoop = false
            } else {
                block.suppressing = true
            }
            state.blocks.append(block)
        case "endfor", "endif", "endunless", "endcase", "endcapture", "endtablerow", "endhighlight":
            guard let block = state.blocks.popLast() else { return stray(name, line: line) }
            state.emit(block.close)
        case "include":
            guard !state.suppressed else { return }
            inline(arguments, line: line, state: &state, includes: includes)
        case "assign":
            guard !state.suppressed else { return }
            let parts = arguments.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].contains("|"), !parts[0].isEmpty else {
                return unconverted("{% assign \(arguments) %}", line: line, "computes a value Runway's templates cannot; left out, and its name with it")
            }
            converted[written, default: 0] += 1
            state.assigned[parts[0]] = .alias(parts[1])
        case "capture", "case", "tablerow", "highlight":
            if !state.suppressed { unconverted(written, line: line, "has no Mustache equivalent; left out with what it holds") }
            state.blocks.append(Block(tag: name, line: line, close: "", suppressing: true))
        default:
            if !state.suppressed {
                unconverted(written, line: line, "is a Liquid tag (or a plugin's) that Runway's templates have no equivalent of; left out")
            }
        }
    }

    private mutating func stray(_ name: String, line: Int) {
        unconverted("{% \(name) %}", line: line, "closes nothing; left out")
    }

    /// `{% include NAME key=value … %}`: the include's Liquid, translated where it is, with
    /// `include.key` standing for each value.
    private mutating func inline(_ arguments: String, line: Int, state: inout State, includes: [String]) {
        let words = LiquidTokens.words(arguments)
        guard let name = words.first, !name.contains("{{") else {
            return unconverted("{% include \(arguments) %}", line: line, "names its file by a value; left out")
        }
        guard !includes.contains(name), includes.count < 10 else {
            return unconverted("{% include \(name) %}", line: line, "includes itself; left out")
        }
        guard let text = include(name) else {
            return unconverted("{% include \(name) %}", line: line, "names no file of _includes/; left out")
        }
        converted["{% include %}", default: 0] += 1
        var block = Block(tag: "include", line: line, close: "")
        for word in words.dropFirst() {
            let pair = word.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { block.bindings["include." + pair[0]] = .alias(pair[1]) }
        }
        state.blocks.append(block)
        // The include's own lines are not the page's: what it cannot convert is said at the include.
        let tokens = LiquidTokens.tokens(of: text, firstLine: line).map { token -> LiquidTokens.Token in
            switch token {
            case .text: token
            case .output(let expression, _): .output(expression, line: line)
            case .tag(let name, let arguments, _): .tag(name, arguments, line: line)
            }
        }
        translate(tokens, state: &state, includes: includes + [name])
        while let open = state.blocks.popLast(), open.tag != "include" {
            unconverted("{% \(open.tag) %}", line: line, "is never closed in _includes/\(name); closed at its end")
            state.emit(open.close)
        }
    }

    /// `{{ expression | filter | … }}` as Mustache, or `nil` (said) when it has none.
    private mutating func output(_ expression: String, line: Int, state: State) -> String? {
        let parts = LiquidTokens.filters(expression)
        guard let subject = parts.first, let value = value(subject, state: state) else {
            unconverted("{{ \(expression) }}", line: line, "has no value Runway's templates can name; left out")
            return nil
        }
        let filters = Array(parts.dropFirst())
        switch value {
        case .literal(var text):
            for filter in filters {
                switch Self.filterName(filter) {
                case "relative_url": if !text.hasPrefix("/"), !text.contains(":") { text = "/" + text }
                case "absolute_url":
                    let base = ConversionContext.text(at: "url", in: context.site) ?? ""
                    if !text.contains("://") { text = (base.hasSuffix("/") ? String(base.dropLast()) : base) + (text.hasPrefix("/") ? text : "/" + text) }
                case "upcase": text = text.uppercased()
                case "downcase": text = text.lowercased()
                case "escape", "xml_escape", "strip": break
                default:
                    unconverted("{{ \(expression) }}", line: line, "uses the filter \(Self.filterName(filter)), which the import cannot apply; left out")
                    return nil
                }
            }
            converted["{{ value }}", default: 0] += 1
            return Self.literal(Self.escaped(text))
        case .name(let name, let html):
            var transform: String?
            var trusted = html
            for filter in filters {
                let filterName = Self.filterName(filter)
                if ["escape", "xml_escape", "strip", "strip_newlines"].contains(filterName) { continue }
                if ["date_to_xmlschema", "date"].contains(filterName), filterName == "date_to_xmlschema" || Self.isDay(filter) {
                    // Templates' dates are ISO 8601 already: the day, or the moment when the page gives its time.
                    losses.add("the filter \(filterName)", line: line, "is the date as templates have it, ISO 8601 (2026-11-03, with its time when the page gives one)")
                    continue
                }
                guard let (runway, gives) = Self.transforms[filterName], transform == nil else {
                    unconverted("{{ \(expression) }}", line: line, transform == nil
                                ? "uses the filter \(filterName), which Runway's templates have no transform for; left out"
                                : "chains filters, which Runway's transforms do not; left out")
                    return nil
                }
                if filterName.hasPrefix("date") || filterName == "truncate" {
                    losses.add("the filter \(filterName)", line: line, "is Runway's \(runway), which writes \(filterName == "truncate" ? "at most 80 characters" : "dates as November 3, 2026, in the page's language")")
                }
                transform = runway
                trusted = gives
            }
            converted["{{ value }}", default: 0] += 1
            let written = transform.map { "\($0)(\(name))" } ?? name
            return trusted ? "{{{\(written)}}}" : "{{\(written)}}"
        }
    }

    /// Liquid's filters with a Runway transform, and whether what it gives is HTML.
    static let transforms: [String: (String, Bool)] = [
        "relative_url": ("relURL", false), "absolute_url": ("absURL", false), "date": ("date", false), "date_to_string": ("date", false),
        "date_to_long_string": ("date", false), "slugify": ("slugify", false), "upcase": ("uppercased", false), "downcase": ("lowercased", false),
        "capitalize": ("capitalized", false), "markdownify": ("markdownify", true), "jsonify": ("jsonify", false), "size": ("count", false),
        "truncate": ("truncate", false),
    ]

    /// Whether a `date` filter's format is an ISO 8601 day (`date: "%Y-%m-%d"`).
    static func isDay(_ filter: String) -> Bool {
        let format = filter.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
        return format == "%Y-%m-%d" || format == "%F"
    }

    static func filterName(_ filter: String) -> String {
        String(filter.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces)
    }

    /// A condition Mustache can test: a section's name and whether it is inverted.
    private mutating func condition(_ text: String, state: State) -> (String, Bool)? {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let place = ["forloop.first": "first()", "forloop.last": "last()"]
        if words.count == 1 {
            if let known = place[words[0]] { return state.loopDepth > 0 ? (known, false) : nil }
            guard case .name(let name, _)? = value(words[0], state: state) else { return nil }
            return (name, false)
        }
        guard words.count == 3 else { return nil }
        switch (words[0], words[1], words[2]) {
        case ("forloop.index", "==", "1"), ("forloop.index0", "==", "0"), ("forloop.first", "==", "true"):
            return state.loopDepth > 0 ? ("first()", false) : nil
        case ("forloop.index", "!=", "1"), ("forloop.index0", "!=", "0"), ("forloop.index", ">", "1"), ("forloop.index0", ">", "0"):
            return state.loopDepth > 0 ? ("first()", true) : nil
        case ("forloop.rindex", "==", "1"), ("forloop.last", "==", "true"): return state.loopDepth > 0 ? ("last()", false) : nil
        case (let subject, "!=", "nil"), (let subject, "!=", "null"), (let subject, "!=", "\"\""), (let subject, "!=", "''"):
            guard case .name(let name, _)? = value(subject, state: state) else { return nil }
            return (name, false)
        case (let subject, "==", "nil"), (let subject, "==", "null"), (let subject, "==", "\"\""), (let subject, "==", "''"):
            guard case .name(let name, _)? = value(subject, state: state) else { return nil }
            return (name, true)
        default: return nil
        }
    }

    /// A list a loop can go over, and whether its items are pages.
    private mutating func listName(_ expression: String, line: Int, state: State, depth: Int = 0) -> (String, Bool)? {
        let parts = expression.split(separator: ".").map(String.init)
        if let first = parts.first, case .alias(let target)? = state.binding(first), depth < 10 {
            return listName(([target] + parts.dropFirst()).joined(separator: "."), line: line, state: state, depth: depth + 1)
        }
        guard parts.first == "site" || parts.first == "paginator" || state.binding(parts.first ?? "") != nil else { return nil }
        switch parts.first {
        case "site" where parts.count == 2 && parts[1] == "posts": return ("sections.\(postsSection)", true)
        case "site" where parts.count == 2 && parts[1] == "pages":
            losses.add("site.pages", line: line, "is Runway's pages: every page of the language, posts among them, newest first")
            return ("pages", true)
        case "site" where parts.count == 3 && parts[1] == "categories": return ("taxonomies.categories.\(parts[2])", true)
        case "site" where parts.count == 3 && parts[1] == "tags": return ("taxonomies.tags.\(parts[2])", true)
        case "paginator" where parts == ["paginator", "posts"]: return ("items", true)
        default:
            guard case .name(let name, _)? = value(expression, state: state), !name.hasPrefix("page.") else { return nil }
            return (name, false)
        }
    }

    /// What `expression` names in Runway's templates where it is used.
    private func value(_ expression: String, state: State, depth: Int = 0) -> Value? {
        if let quote = expression.first, quote == "'" || quote == "\"" {
            return expression.count >= 2 && expression.last == quote ? .literal(String(expression.dropFirst().dropLast())) : nil
        }
        if Int(expression) != nil || expression == "true" || expression == "false" { return .literal(expression) }
        guard depth < 10, !expression.contains("["), !expression.isEmpty else { return nil }
        if case .alias(let target)? = state.binding(expression) { return value(target, state: state, depth: depth + 1) }
        var parts = expression.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 2, parts[0] == "include", case .alias(let target)? = state.binding("include." + parts[1]) {
            return value(([target] + parts.dropFirst(2)).joined(separator: "."), state: state, depth: depth + 1)
        }
        guard let first = parts.first else { return nil }
        if let binding = state.binding(first) {
            switch binding {
            case .alias(let target): return value(([target] + parts.dropFirst()).joined(separator: "."), state: state, depth: depth + 1)
            case .item(let itemDepth, let pages):
                // Mustache finds a name in the innermost item first: an outer loop's item is not named.
                guard itemDepth == state.loopDepth else { return nil }
                parts.removeFirst()
                guard pages else { return .name(parts.isEmpty ? "." : parts.joined(separator: "."), html: false) }
                switch parts {
                case ["title"], ["url"], ["date"]: return .name(parts[0], html: false)
                case ["excerpt"], ["content"]: return .name("summaryHTML", html: true)
                default: return nil
                }
            }
        }
        switch first {
        case "site":
            guard parts.count >= 2 else { return nil }
            switch parts[1] {
            case "title": return .name("site.title", html: false)
            case "data": return .name(parts.joined(separator: "."), html: false)
            case "baseurl": return .literal("")
            default:
                return ConversionContext.text(at: parts.dropFirst().joined(separator: "."), in: context.site).map(Value.literal)
            }
        case "page":
            guard parts.count >= 2 else { return nil }
            if parts.count == 2, ["title", "url", "date", "description", "permalink", "lang"].contains(parts[1]) { return .name("page." + parts[1], html: false) }
            if parts == ["page", "content"] { return .name("page.content", html: true) }
            return ConversionContext.text(at: parts.dropFirst().joined(separator: "."), in: context.page).map(Value.literal)
        case "paginator":
            let names = ["page": "pagination.number", "total_pages": "pagination.total", "next_page_path": "pagination.next",
                         "previous_page_path": "pagination.previous"]
            return parts.count == 2 ? names[parts[1]].map { .name($0, html: false) } : nil
        default:
            return nil
        }
    }

    /// Text as a template holds it: `{{` written so that Mustache does not read it as a tag.
    static func literal(_ text: String) -> String {
        text.replacingOccurrences(of: "{{", with: "&#123;&#123;")
    }

    /// A known value as HTML text.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Every finding, the page's file with each.
    var findings: [ImportFinding] {
        log.findings(file: file) + losses.findings(file: file).map { ImportFinding(file: $0.file, line: $0.line, kind: .converted, message: $0.message) }
    }
}
