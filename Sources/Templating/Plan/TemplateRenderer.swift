import Foundation
import RunwayText
import Synchronization

/// What one render may take, each an error at the tag where it is passed (a template from a pull
/// request must not hold a build): partials and parents that each include the next twice grew a
/// page exponentially (20 levels: 3 MB and 27 s), and a block that includes its own parent
/// recursed until the stack overflowed.
package struct RenderLimits: Sendable {
    /// The most bytes one page may have.
    package var outputBytes = 64 << 20
    /// The most partials and parents one page may include, counted each time.
    package var expansions = 1_000_000
    /// The most items sections may show for one page, counted each time (a section over every
    /// page inside a section over every page, with 10,000 pages: a hundred million).
    package var items = 10_000_000
    /// The most sections, partials, parents and blocks that may be inside one another: the
    /// check's 300 levels of sections through templates, and room for blocks.
    package var depth = 400
    /// The most bytes of stack a render may take, however deep it is: a thread has 8 MiB, and a
    /// build with the address sanitizer (`make fuzz`) took more than that for 1,200 levels (a
    /// debug build, 6.5 KB a level).
    package var stackBytes = 4 << 20

    /// The limits of every build.
    package static let standard = RenderLimits()
}

/// Whether some render of a build passed one of its limits: then the build fails, and the renders
/// still going end at their next look (every page of a site may pass the same limit, each taking
/// its time to, so a build would otherwise be held for the sum).
package final class RenderBudget: Sendable {
    private let exceeded = Atomic(false)

    package init() {}

    /// Whether a render passed a limit.
    package var isExceeded: Bool { exceeded.load(ordering: .relaxed) }

    func markExceeded() { exceeded.store(true, ordering: .relaxed) }
}

/// Renders a plan over a context, into one buffer: the page's bytes are written once, where they
/// belong, not concatenated from each tag's string.
struct TemplateRenderer {
    private let plans: [String: TemplatePlan]
    private let root: RootValues
    private let limits: RenderLimits
    private let stop: (@Sendable () -> Bool)?
    private let budget: RenderBudget?
    /// The page so far.
    private(set) var output: [UInt8] = []
    /// The values sections opened, the root at the bottom.
    private var stack: [RenderValue] = [.root]
    private var expansions = 0
    private var items = 0
    private var depth = 0
    /// Where the stack was when the render began (it grows down).
    private let stackBase: UInt

    /// What a list of steps is rendered with besides the stack.
    struct Frame {
        /// The place of the item a section over a list is showing.
        var place: SequencePlace?
        /// Written before each line the steps begin (a standalone partial's, a parent's, a block's).
        var indentation: String?
        /// The blocks given by the templates that extend the one rendered (the outermost wins).
        var blocks: [String: TemplatePlan]?
        var escaping: TemplateEscaping

        static let start = Frame(place: nil, indentation: nil, blocks: nil, escaping: .runway)
    }

    init(plans: [String: TemplatePlan], root: RootValues, limits: RenderLimits = .standard, stop: (@Sendable () -> Bool)? = nil,
         budget: RenderBudget? = nil) {
        self.plans = plans
        self.root = root
        self.limits = limits
        self.stop = stop
        self.budget = budget
        stackBase = Self.stackAddress()
        output.reserveCapacity(32 << 10)
    }

    /// The address of a variable on the stack of the caller's frame, where the stack is now.
    @inline(never)
    private static func stackAddress() -> UInt {
        var marker = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// Renders `steps` after what is written.
    mutating func render(_ steps: [PlanStep], _ frame: Frame) throws(Diagnostic) {
        var frame = frame
        guard let indentation = frame.indentation, !indentation.isEmpty else {
            for step in steps { try render(step, &frame) }
            return
        }
        // Each step that writes something at the start of a line written by these steps (a line
        // break, but for a CR LF pair) is indented.
        let start = output.count
        for step in steps {
            let count = output.count
            guard count > start, output[count - 1] == 0x0A, !(count - 1 > start && output[count - 2] == 0x0D) else {
                try render(step, &frame)
                continue
            }
            output.append(contentsOf: indentation.utf8)
            let indented = output.count
            try render(step, &frame)
            if output.count == indented { output.removeSubrange(count...) }
        }
    }

    private mutating func render(_ step: PlanStep, _ frame: inout Frame) throws(Diagnostic) {
        switch step {
        case .text(let text):
            output.append(contentsOf: text.utf8)
        case .value(let reference, let escaped, let context):
            guard let value = resolve(reference, frame) else { return }
            write(value, escaped: escaped, in: context, frame.escaping)
        case .section(let reference, let inverted, let body, let site):
            try enter(site)
            defer { depth -= 1 }
            let value = resolve(reference, frame)
            if inverted {
                try renderInverted(value, body.steps, frame)
            } else {
                try renderSection(value, body.steps, frame, site: site)
            }
        case .partial(let name, let indentation, let blocks, let site):
            guard let plan = plans[name] else { return }
            try enter(site)
            defer { depth -= 1 }
            expansions += 1
            if expansions > limits.expansions {
                throw passed(site, "this page includes partials and parents more than \(limits.expansions) times, here the last (do partials include the next one more than once?)")
            }
            if expansions & 1023 == 0, shouldStop { throw Self.stopped(site) }
            var inherited = frame.blocks
            if let blocks { inherited = inherited?.merging(blocks) { outer, _ in outer } ?? blocks }
            let inner = Frame(place: nil, indentation: indentation.map { (frame.indentation ?? "") + $0 } ?? frame.indentation,
                              blocks: inherited, escaping: .runway)
            try render(plan.steps, inner)
        case .block(let name, let defaultPlan, let indentation, let site):
            try enter(site)
            defer { depth -= 1 }
            let plan = frame.blocks?[name] ?? defaultPlan
            try render(plan.steps, Frame(place: nil, indentation: (frame.indentation ?? "") + indentation, blocks: frame.blocks, escaping: frame.escaping))
        case .escaping(let escaping):
            frame.escaping = escaping
        case .blockDefinition:
            return
        }
    }

    /// A section: each item of a list, a true boolean once, any other value but empty text once
    /// with it on the stack.
    private mutating func renderSection(_ value: RenderValue?, _ body: [PlanStep], _ frame: Frame, site: TagSite) throws(Diagnostic) {
        switch value {
        case .value(.list(let values))?:
            try renderItems(values, body, frame, site: site)
        case .reversed(let values)?:
            try renderItems(values.reversed(), body, frame, site: site)
        case .value(.bool(let shown))?:
            if shown { try render(body, frame) }
        case let value? where value.renderable?.isEmpty == true:
            return
        case let value?:
            stack.append(value)
            defer { stack.removeLast() }
            try render(body, Frame(place: nil, indentation: frame.indentation, blocks: frame.blocks, escaping: frame.escaping))
        case nil:
            return
        }
    }

    private mutating func renderItems(_ values: some Collection<TemplateValue>, _ body: [PlanStep], _ frame: Frame, site: TagSite) throws(Diagnostic) {
        var place = SequencePlace(first: true, last: false, index: 0)
        let count = values.count
        for value in values {
            place.last = place.index == count - 1
            stack.append(.value(value))
            defer { stack.removeLast() }
            try render(body, Frame(place: place, indentation: frame.indentation, blocks: frame.blocks, escaping: frame.escaping))
            place.first = false
            place.index += 1
            items += 1
            if items > limits.items {
                throw passed(site, "sections show more than \(limits.items) items for this page, here the last (a section over a long list inside another?)")
            }
            if output.count > limits.outputBytes { throw tooLong(site) }
            if items & 1023 == 0, shouldStop { throw Self.stopped(site) }
        }
    }

    /// An inverted section: shown for an empty list (on the stack), a false boolean, empty text
    /// and nothing.
    private mutating func renderInverted(_ value: RenderValue?, _ body: [PlanStep], _ frame: Frame) throws(Diagnostic) {
        switch value {
        case .value(.list(let values))?, .reversed(let values)?:
            guard values.isEmpty, let value else { return }
            stack.append(value)
            defer { stack.removeLast() }
            try render(body, Frame(place: nil, indentation: frame.indentation, blocks: frame.blocks, escaping: frame.escaping))
        case .value(.bool(let shown))?:
            if !shown { try render(body, frame) }
        case let value? where value.renderable?.isEmpty == true:
            try render(body, frame)
        case .some:
            return
        case nil:
            try render(body, frame)
        }
    }

    /// One level deeper, within the limits of depth and size.
    private mutating func enter(_ site: TagSite) throws(Diagnostic) {
        depth += 1
        let used = stackBase &- Self.stackAddress()
        if depth > limits.depth || (used < UInt(Int.max) && used > UInt(limits.stackBytes)) {
            throw passed(site, "sections, partials and blocks are inside one another too deep here (at most \(limits.depth) levels, "
                         + "and \(limits.stackBytes >= 1 << 20 ? "\(limits.stackBytes >> 20) MiB" : "\(limits.stackBytes >> 10) KiB") of the stack): "
                         + "does a block include the parent that shows it?")
        }
        if output.count > limits.outputBytes { throw tooLong(site) }
    }

    /// Whether to stop: the build was stopped, or another of its renders passed a limit.
    private var shouldStop: Bool { stop?() == true || budget?.isExceeded == true }

    /// The error of a limit passed at `site`, which the build's other renders are told of.
    private func passed(_ site: TagSite, _ message: String) -> Diagnostic {
        budget?.markExceeded()
        return site.diagnostic(message)
    }

    private func tooLong(_ site: TagSite) -> Diagnostic {
        passed(site, "this page is longer than \(limits.outputBytes >> 20) MiB here (do partials include the next one more than once?)")
    }

    /// What a render that stops says.
    static let stoppedMessage = "template error: stopped while rendering"

    private static func stopped(_ site: TagSite) -> Diagnostic {
        Diagnostic(.error, stoppedMessage, path: site.source.file, position: site.position)
    }

    /// The value a reference names, transformed, or `nil`: a name looked up from the top of the
    /// stack down, in the first value that has it; then the rest of its path in that value only.
    private func resolve(_ reference: ValueReference, _ frame: Frame) -> RenderValue? {
        var value: RenderValue?
        switch reference.start {
        case .top:
            value = stack.last
        case .sequence:
            value = frame.place.map(RenderValue.place)
        case .literal:
            value = reference.path.first.map { RenderValue.value(.text($0)) }
        case .topOnly:
            value = stack.last.flatMap { descend($0, reference.path[...]) }
        case .stack:
            guard let first = reference.path.first else {
                value = stack.last
                break
            }
            for object in stack.reversed() {
                if let found = object.member(first, root: root) {
                    value = descend(found, reference.path.dropFirst())
                    break
                }
            }
        }
        guard var result = value else { return nil }
        for transform in reference.transforms {
            guard let transformed = result.transformed(transform, filters: root.filters) else { return nil }
            result = transformed
        }
        return result
    }

    private func descend(_ value: RenderValue, _ path: ArraySlice<String>) -> RenderValue? {
        var value = value
        for name in path {
            guard let member = value.member(name, root: root) else { return nil }
            value = member
        }
        return value
    }

    /// A value written where `context` says, escaped (`{{ }}`) or not (`{{{ }}}`). Under the
    /// `TEXT` setting nothing is HTML, and every value is written as it is.
    private mutating func write(_ value: RenderValue, escaped: Bool, in context: ValueContext, _ escaping: TemplateEscaping) {
        guard escaping != .text else {
            output.append(contentsOf: (value.renderable ?? value.written).utf8)
            return
        }
        var context = context, quoted = true, inAttribute = false
        if case .attribute(let inner, let isQuoted) = context { (context, quoted, inAttribute) = (inner, isQuoted, true) }
        let text: String
        switch context {
        case .url(let atStart):
            text = value.renderable ?? value.written
            // A URL's scheme as a browser reads it: spaces and control characters around it and
            // tabs and line breaks inside it do not count.
            if atStart && root.filters.filters.safeURLs && Self.isDangerousAsBrowsersRead(text) { return }
        case .script:
            guard escaped else { return output.append(contentsOf: (value.renderable ?? value.written).utf8) }
            if case .json(let json) = value { text = json } else { text = value.json }
        case .scriptString:
            guard escaped else { return output.append(contentsOf: (value.renderable ?? value.written).utf8) }
            text = RenderValue.escapedForScript(value.renderable ?? value.written)
        case .html, .attribute:
            text = value.renderable ?? value.written
        }
        if !escaped {
            output.append(contentsOf: text.utf8)
        } else if !inAttribute && (context == .script || context == .scriptString) {
            // In a `<script>` element, text is not HTML: what is safe for a script is written as it is.
            output.append(contentsOf: text.utf8)
        } else {
            write(escaping: text, escaping, unquoted: !quoted)
        }
    }

    /// Whether a URL's scheme, as a browser reads it (``asBrowsersRead(_:)``), is a dangerous one
    /// (``RunwayText/DangerousURL``). A URL whose first byte is printable and begins none of them
    /// (`/`, `h`, `#`…) is read as it is, without making the browser's reading of it first: that
    /// was a tenth of the default theme's rendering, for every link.
    static func isDangerousAsBrowsersRead(_ url: String) -> Bool {
        guard let first = url.utf8.first else { return false }
        if first > 0x20 {
            switch first | 0x20 {
            case UInt8(ascii: "j"), UInt8(ascii: "v"), UInt8(ascii: "f"), UInt8(ascii: "d"): break
            default: return false
            }
        }
        return DangerousURL.isDangerous(asBrowsersRead(url))
    }

    /// A URL as a browser reads its scheme: without the spaces and control characters around it,
    /// nor tabs and line breaks inside it.
    static func asBrowsersRead(_ url: String) -> String {
        var scalars = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// `text` written as `escaping` says; in an attribute's value without quotes, the characters
    /// that would end it (spaces, `=`, quotes, a backquote) as entities too.
    private mutating func write(escaping text: String, _ escaping: TemplateEscaping, unquoted: Bool) {
        guard unquoted else { return write(escaping: text, escaping) }
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D, 0x3D, 0x60:
                output.append(contentsOf: "&#\(byte);".utf8)
            case 0x26: output.append(contentsOf: "&amp;".utf8)
            case 0x3C: output.append(contentsOf: "&lt;".utf8)
            case 0x3E: output.append(contentsOf: "&gt;".utf8)
            case 0x22: output.append(contentsOf: "&quot;".utf8)
            case 0x27: output.append(contentsOf: "&#39;".utf8)
            default: output.append(byte)
            }
        }
    }

    /// `text` written as `escaping` says.
    private mutating func write(escaping text: String, _ escaping: TemplateEscaping) {
        switch escaping {
        case .text:
            output.append(contentsOf: text.utf8)
        case .runway:
            for byte in text.utf8 {
                switch byte {
                case 0x26: output.append(contentsOf: "&amp;".utf8)
                case 0x3C: output.append(contentsOf: "&lt;".utf8)
                case 0x3E: output.append(contentsOf: "&gt;".utf8)
                case 0x22: output.append(contentsOf: "&quot;".utf8)
                case 0x27: output.append(contentsOf: "&#39;".utf8)
                default: output.append(byte)
                }
            }
        case .html:
            // By character, as the engine's own HTML escaping went: a `<` with a combining mark
            // after it is another character, and is left.
            for character in text {
                switch character {
                case "&": output.append(contentsOf: "&amp;".utf8)
                case "<": output.append(contentsOf: "&lt;".utf8)
                case ">": output.append(contentsOf: "&gt;".utf8)
                case "\"": output.append(contentsOf: "&quot;".utf8)
                case "'": output.append(contentsOf: "&#39;".utf8)
                default: output.append(contentsOf: character.utf8)
                }
            }
        }
    }
}
