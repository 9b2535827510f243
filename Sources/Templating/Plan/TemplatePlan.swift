import RunwayText

/// A template compiled once, when its set is made: the steps a render takes, with every name
/// already split into its path and every transform already known. Rendering walks the steps; it
/// never reads the template's text again.
///
/// The plan keeps Mustache as Runway's templates have always been read (swift-mustache 2.1, whose
/// output the tests compare with it byte for byte): the same standalone lines, indentation of
/// partials, parents and blocks, escaping and lookups through the context stack.
struct TemplatePlan: Sendable {
    var steps: [PlanStep]
}

/// One step of a plan.
indirect enum PlanStep: Sendable {
    /// Text written as it is.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}`, `{{&name}}` (as it is), where in HTML it is written.
    case value(ValueReference, escaped: Bool, context: ValueContext)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when `inverted`.
    case section(ValueReference, inverted: Bool, body: TemplatePlan, site: TagSite)
    /// `{{>name}}`, or a parent `{{<name}}…{{/name}}` with the blocks it gives (`blocks`). A
    /// partial alone on its line is indented as its tag is (`indentation`); a parent always is.
    case partial(name: String, indentation: String?, blocks: [String: TemplatePlan]?, site: TagSite)
    /// `{{$name}}…{{/name}}` where a template shows a block: what a template that extends it gives
    /// for `name`, else `defaultPlan`.
    case block(name: String, defaultPlan: TemplatePlan, indentation: String, site: TagSite)
    /// `{{% CONTENT_TYPE: … }}`: how the rest of this list of steps escapes text.
    case escaping(TemplateEscaping)
    /// A block a parent tag gives (`{{<base.html}}{{$content}}…{{/content}}{{/base.html}}`): only
    /// while parsing, gathered into the parent's `blocks`.
    case blockDefinition(name: String, plan: TemplatePlan)
}

/// Where a tag is, for an error that rendering finds at it (a limit passed): its line and column
/// are counted only then.
struct TagSite: Sendable {
    let source: TemplateSource
    let offset: Int

    var position: SourcePosition { source.position(of: offset) }

    func diagnostic(_ message: String) -> Diagnostic {
        Diagnostic(.error, "template error: \(message)", path: source.file, position: position)
    }
}

/// A template's text as its plan was read from, for the positions of its tags.
final class TemplateSource: Sendable {
    let file: String
    let bytes: [UInt8]
    /// Where each line starts.
    private let lineStarts: [Int]

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The line and column (in characters, as the template check counts them) of a byte offset.
    func position(of offset: Int) -> SourcePosition {
        // The last line that starts at or before the offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low], end = max(start, min(offset, bytes.count))
        return SourcePosition(line: low + 1, column: String(decoding: bytes[start..<end], as: UTF8.self).count + 1)
    }
}

/// How text written with `{{ }}` is escaped: Runway's HTML escaping (the default), the engine's
/// own (`HTML`, by character) or none (`TEXT`).
enum TemplateEscaping: Sendable {
    case runway, html, text

    /// The escaping a `{{% CONTENT_TYPE: NAME }}` names.
    init?(name: String) {
        switch name {
        case "RUNWAY_HTML": self = .runway
        case "HTML": self = .html
        case "TEXT": self = .text
        default: return nil
        }
    }
}

/// A value a tag names: its path, where the lookup starts, and the transforms applied to it.
struct ValueReference: Sendable {
    enum Start: Sendable {
        /// `{{.}}`: the value on top of the stack.
        case top
        /// `{{.a.b}}`: a path from the top of the stack only.
        case topOnly
        /// `{{a.b}}`: the first value down the stack that has `a`, then its `b`.
        case stack
        /// `{{first()}}`: the place in the list being shown (`first`, `last`, `index`, `even`, `odd`).
        case sequence
        /// `{{asset("js/app.js")}}`: a text written in the tag (the path's one name).
        case literal
    }

    var start: Start
    /// The names of the path (`["page", "title"]`); none for `{{.}}`.
    var path: [String]
    /// Applied in this order: the innermost first (`b` then `a` in `a(b(x))`).
    var transforms: [TemplateTransform]

    /// The reference a tag's name and transforms (outermost first) make.
    init(name: String, transforms: [String]) {
        if name.first == "\"" {
            start = .literal
            path = [String(name.dropFirst())]
            self.transforms = transforms.reversed().map { TemplateTransform(name: $0) ?? .unknown }
            return
        }
        if name == "." {
            start = .top
        } else if name.isEmpty && !transforms.isEmpty {
            start = .sequence
        } else if name.first == "." {
            start = .topOnly
        } else {
            start = .stack
        }
        path = start == .top || start == .sequence ? [] : name.split(separator: ".").map(String.init)
        self.transforms = transforms.reversed().map { TemplateTransform(name: $0) ?? .unknown }
    }
}

/// The transforms a template can apply (``TemplateFilters`` says what each does).
enum TemplateTransform: Hashable, Sendable {
    case slugify, truncate, date, relURL, absURL, markdownify, uppercased, lowercased, capitalized, empty
    case first, last, reversed, count, sorted, enumerated, equalzero, plusone, minusone, even, odd, index
    /// Any value as JSON, safe in HTML and scripts (`<`, `>`, `&`, `'` written `\u003c`…).
    case jsonify
    /// A static file's URL (`asset("js/app.js")`), fingerprinted when the site's assets are, and
    /// its Subresource Integrity (`integrity("js/app.js")`, empty when they are not).
    case asset, integrity
    /// A site image's smaller copies (`image(params.src)`): an object of `src`, `width`, `height`,
    /// `sizes`, `srcset` and `type` (the first format's), and `sources` (each format's `type` and
    /// `srcset`); nothing when the site makes none of it (no `[images]`, an image from elsewhere).
    case image
    /// A site image's copy in a box of its own (`fill_600x400(params.src)`, `fit_…`, `resize_600`),
    /// in each format of `[images]`: an object of `src`, `width`, `height` and `type` (the last
    /// format's, the one most browsers show), and `sources` (each format's `type` and `src`).
    case box(TemplateImageBox)
    /// A name no transform has: the value becomes nothing (the check refuses such templates).
    case unknown

    /// The transforms without a box, by name (Mustache's own, on lists and numbers and in
    /// loops, among them).
    static let names: [String: TemplateTransform] = [
        "slugify": .slugify, "truncate": .truncate, "date": .date, "relURL": .relURL, "absURL": .absURL, "markdownify": .markdownify,
        "uppercased": .uppercased, "lowercased": .lowercased, "capitalized": .capitalized, "empty": .empty,
        "first": .first, "last": .last, "reversed": .reversed, "count": .count, "sorted": .sorted, "enumerated": .enumerated,
        "equalzero": .equalzero, "plusone": .plusone, "minusone": .minusone, "even": .even, "odd": .odd, "index": .index,
        "jsonify": .jsonify, "asset": .asset, "integrity": .integrity, "image": .image,
    ]

    /// The transform a tag names (`slugify`, `fill_600x400`), or `nil` for a name no transform has.
    init?(name: String) {
        if let known = Self.names[name] {
            self = known
        } else if let box = TemplateImageBox(name: name) {
            self = .box(box)
        } else {
            return nil
        }
    }
}
